import { ApiRequestError } from "../api/client.ts";
import { apiContext } from "../api/context.ts";
import { Cover } from "../components/cover.tsx";
import { LIST_PAGE_SIZE, ListStoryGrid } from "../features/lists/list-pages.tsx";
import { t } from "../i18n/index.ts";
import { idFromParam, notFoundResponse, orNotFound } from "../lib/route-data.ts";
import type { Route } from "./+types/featured";
import "../styles/home.css";

/** reader.md §8: a featured list that fails to load shows empty, not as an error page. */
function unavailable(error: unknown): null {
  if (error instanceof ApiRequestError && error.status >= 500) return null;
  throw error;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = idFromParam(params.listId);
  if (id === null) throw notFoundResponse();
  const first = { limit: LIST_PAGE_SIZE, offset: 0 };
  const list = await orNotFound(context.get(apiContext).readingList(id, first).catch(unavailable));
  // Only the curation accounts' lists are featured; a reader's list lives at /list/{id}.
  if (list && !list.featured) throw notFoundResponse();
  return { list };
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  return [{ title: `${data?.list?.name ?? t.feed.featuredList} · ${t.brand}` }];
}

/** A featured reading list (reader.md §2 /featured/{listId}): the editors' pick of stories. */
export default function FeaturedListPage({ loaderData }: Route.ComponentProps) {
  const { list } = loaderData;
  if (!list) {
    return (
      <article className="reading-list">
        <header className="reading-list__header">
          <div className="reading-list__info">
            <h1>{t.feed.featuredList}</h1>
          </div>
        </header>
        <p className="profile__empty">{t.feed.featuredUnavailable}</p>
      </article>
    );
  }
  return (
    <article className="reading-list">
      <header className="reading-list__header">
        <Cover src={list.cover} title={list.name} width={112} className="reading-list__cover" />
        <div className="reading-list__info">
          <p className="featured-list__label">{t.feed.featuredList}</p>
          <h1>{list.name}</h1>
          <p>
            <a href={`/user/${list.user.username}`}>{t.lists.by(list.user.name)}</a>
          </p>
          <p className="reading-list__count">{t.lists.storiesCount(list.numStories)}</p>
        </div>
      </header>
      <ListStoryGrid key={list.id} list={list} empty={t.feed.featuredEmpty} />
    </article>
  );
}
