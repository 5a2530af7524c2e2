import { apiContext } from "../api/context.ts";
import { Cover } from "../components/cover.tsx";
import { StoryGrid } from "../components/story-grid.tsx";
import { t } from "../i18n/index.ts";
import { idFromParam, notFoundResponse, orNotFound } from "../lib/route-data.ts";
import type { Route } from "./+types/featured";
import "../styles/home.css";

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = idFromParam(params.listId);
  if (id === null) throw notFoundResponse();
  const list = await orNotFound(context.get(apiContext).readingList(id));
  // Only the curation accounts' lists are featured; a reader's list lives at /list/{id}.
  if (!list.featured) throw notFoundResponse();
  return { list };
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  if (!data) return [];
  return [{ title: `${data.list.name} · ${t.brand}` }];
}

/** A featured reading list (reader.md §2 /featured/{listId}): the editors' pick of stories. */
export default function FeaturedListPage({ loaderData }: Route.ComponentProps) {
  const { list } = loaderData;
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
          <p className="reading-list__count">{t.lists.storiesCount(list.stories.length)}</p>
        </div>
      </header>
      {list.stories.length === 0 ? (
        <p className="profile__empty">{t.feed.featuredEmpty}</p>
      ) : (
        <StoryGrid stories={list.stories} label={t.lists.storiesHeading} heading="hidden" />
      )}
    </article>
  );
}
