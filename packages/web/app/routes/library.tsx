import type { LibrarySort } from "@inkwell/shared";
import { useEffect, useRef, useState } from "react";
import { redirect, useLocation } from "react-router";
import { apiContext } from "../api/context.ts";
import { Alert, type AlertMessage, LiveAlert, useLiveMessage } from "../components/alert.tsx";
import { ChipRow } from "../components/chip-row.tsx";
import { LibraryEntry } from "../features/lists/library-item.tsx";
import { ListLinks } from "../features/lists/list-links.tsx";
import type { ListDeletedState } from "../features/lists/list-owner-controls.tsx";
import { t } from "../i18n/index.ts";
import { useFocusAfterRemoval } from "../lib/use-focus-after-removal.ts";
import type { Route } from "./+types/library";

const SORTS: LibrarySort[] = ["recent", "added", "title"];
const isSort = (value: string | null): value is LibrarySort => SORTS.includes(value as LibrarySort);

/** The API's largest page: a Library rarely holds more, and the rest are a sort away. */
const LIBRARY_PAGE = 100;

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const user = request.headers.has("cookie") ? await api.currentUser() : null;
  if (!user) throw redirect(`/login?${new URLSearchParams({ nextUrl: "/library" })}`);
  const params = new URL(request.url).searchParams;
  const sort = isSort(params.get("sort")) ? (params.get("sort") as LibrarySort) : "recent";
  const archived = params.get("view") === "archive";
  const [library, lists] = await Promise.all([
    api.library(user.username, { sort, archived, limit: LIBRARY_PAGE, offset: 0 }),
    api.readingLists(user.username, { limit: 200, offset: 0 }),
  ]);
  return { username: user.username, sort, archived, library, lists };
}

export const meta = () => [{ title: `${t.library.title} · ${t.brand}` }];

const viewUrl = (archived: boolean, sort: LibrarySort) => {
  const params = new URLSearchParams();
  if (archived) params.set("view", "archive");
  if (sort !== "recent") params.set("sort", sort);
  const query = params.toString();
  return query ? `/library?${query}` : "/library";
};

/** The reader's Library (reader.md §2): progress per story, sorts, and its Archive. */
export default function LibraryPage({ loaderData }: Route.ComponentProps) {
  const { username, sort, archived, library, lists } = loaderData;
  // A list deleted from its page lands here: say so, with focus on the words.
  const deletedList = (useLocation().state as Partial<ListDeletedState> | null)?.deletedList;
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (deletedList) notice.current?.focus();
  }, [deletedList]);
  // Keyed by view: a new sort or view starts from the loader's items again.
  return (
    <article className="library" key={`${sort}-${archived}`}>
      <h1>{t.library.heading}</h1>
      {deletedList && (
        <Alert tone="success" ref={notice}>
          {t.lists.deleted(deletedList)}
        </Alert>
      )}
      <nav aria-label={t.library.views}>
        <ChipRow>
          <a href={viewUrl(false, sort)} aria-current={archived ? undefined : "page"}>
            {t.library.current}
          </a>
          <a href={viewUrl(true, sort)} aria-current={archived ? "page" : undefined}>
            {t.library.archive}
          </a>
        </ChipRow>
      </nav>
      <nav className="library__sorts" aria-label={t.library.sortBy}>
        <span aria-hidden="true">{t.library.sortBy}:</span>
        <ChipRow>
          {SORTS.map((option) => (
            <a
              key={option}
              href={viewUrl(archived, option)}
              aria-current={option === sort ? "true" : undefined}
            >
              {t.library.sorts[option]}
            </a>
          ))}
        </ChipRow>
      </nav>
      <LibraryStories username={username} archived={archived} first={library.stories} />
      <section className="library__lists" aria-labelledby="my-lists-heading">
        <h2 id="my-lists-heading">{t.library.myLists}</h2>
        <ListLinks lists={lists.lists} label={t.library.myLists} empty={t.library.noLists} />
      </section>
    </article>
  );
}

function LibraryStories({
  username,
  archived,
  first,
}: {
  username: string;
  archived: boolean;
  first: Route.ComponentProps["loaderData"]["library"]["stories"];
}) {
  const [items, setItems] = useState(first);
  const [message, setMessage] = useLiveMessage<AlertMessage>();
  const { scope, removing } = useFocusAfterRemoval(items, ".story-item__title a, .profile__empty");
  return (
    <div className="list-view" ref={scope}>
      <LiveAlert message={message} />
      {items.length === 0 && archived && (
        <p className="profile__empty" tabIndex={-1}>
          {t.library.emptyArchive}
        </p>
      )}
      {items.length === 0 && !archived && (
        <div className="library__empty">
          <p className="profile__empty" tabIndex={-1}>
            {t.library.empty}
          </p>
          <a className="button button--primary" href="/home">
            {t.library.findStories}
          </a>
        </div>
      )}
      {items.length > 0 && (
        <ul
          className="library__stories"
          aria-label={archived ? t.library.archive : t.library.heading}
        >
          {items.map((item) => (
            <LibraryEntry
              key={item.story.id}
              item={item}
              username={username}
              onGone={(storyId, text) => {
                removing(items.findIndex((entry) => entry.story.id === storyId));
                setItems((all) => all.filter((entry) => entry.story.id !== storyId));
                setMessage({ tone: "success", text });
              }}
              onFailed={() => setMessage({ tone: "danger", text: t.library.actionFailed })}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
