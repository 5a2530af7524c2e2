import { Lock } from "lucide";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { apiContext } from "../api/context.ts";
import { Cover } from "../components/cover.tsx";
import { ErrorPage } from "../components/error-page.tsx";
import { Icon } from "../components/icon.tsx";
import { ListEditor } from "../features/lists/list-editor.tsx";
import { ListOwnerControls } from "../features/lists/list-owner-controls.tsx";
import { LIST_PAGE_SIZE, ListStoryGrid } from "../features/lists/list-pages.tsx";
import { ShareLink } from "../features/lists/share-link.tsx";
import { t } from "../i18n/index.ts";
import { useCurrentUser } from "../lib/current-user.ts";
import { idFromParam, notFoundResponse, orNotFound } from "../lib/route-data.ts";
import type { Route } from "./+types/list";

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = idFromParam(params.listId);
  if (id === null) throw notFoundResponse();
  // Someone else's private list answers 404, so it is this page's 404 too.
  const first = { limit: LIST_PAGE_SIZE, offset: 0 };
  return { list: await orNotFound(context.get(apiContext).readingList(id, first)) };
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  if (!data) return [];
  return [{ title: `${data.list.name} · ${t.brand}` }];
}

/** A reading list: public unless private; its owner renames, reorders and deletes it. */
export default function ListPage({ loaderData }: Route.ComponentProps) {
  const { list } = loaderData;
  const user = useCurrentUser();
  const owner = user?.username.toLowerCase() === list.user.username.toLowerCase();
  return (
    <article className="reading-list" key={list.id}>
      <header className="reading-list__header">
        <Cover src={list.cover} title={list.name} width={112} className="reading-list__cover" />
        <div className="reading-list__info">
          <h1>
            {list.name}
            {list.isPrivate && <Icon of={Lock} aria-label={t.lists.private} size={20} />}
          </h1>
          <p>
            <a className="tap-target" href={`/user/${list.user.username}`}>
              {t.lists.by(list.user.name)}
            </a>
          </p>
          <p className="reading-list__count">{t.lists.storiesCount(list.numStories)}</p>
          <div className="reading-list__actions">{!list.isPrivate && <ShareLink />}</div>
          {owner && <ListOwnerControls list={list} />}
        </div>
      </header>
      {owner ? (
        <ListEditor key={list.stories.map((story) => story.id).join()} list={list} />
      ) : (
        <ListStoryGrid
          key={list.stories.map((story) => story.id).join()}
          list={list}
          empty={t.lists.empty}
        />
      )}
    </article>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <ErrorPage kind="notFound" />;
  return <ErrorPage kind="generic" />;
}
