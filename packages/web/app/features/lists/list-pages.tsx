import type { ReadingListDetails } from "@inkwell/shared";
import { type RefObject, useRef, useState } from "react";
import { browserApi, type StoryCardData } from "../../api/client.ts";
import { ErrorLine } from "../../components/alert.tsx";
import { BusyButton } from "../../components/busy-button.tsx";
import { StoryGrid } from "../../components/story-grid.tsx";
import { t } from "../../i18n/index.ts";
import { useMoreFocus } from "../../lib/more-focus.ts";
import { useNearEnd } from "../../lib/use-near-end.ts";

/**
 * A list page renders this many stories at first and adds as many at a time: a list holds
 * up to 1,000 (MAX_LIST_STORIES), too many cards for one answer or one render on a phone.
 */
export const LIST_PAGE_SIZE = 50;
/** reader.md §9's scroll threshold, as the catalog's. */
const LOAD_MARGIN = "200px";

/**
 * A reading list's stories as far as the reader has walked them: the loader's first page,
 * then the next as the end comes within 200 px or More stories is pressed (or reached by
 * Tab). Focus then moves on to the first new story's link inside `scope` (docs/decisions/057).
 * `setStories` is for an owner's moves and removals; the next page starts after the stories
 * shown, so a removal skips none.
 */
export function useListPages(list: ReadingListDetails, scope: RefObject<HTMLElement | null>) {
  const [stories, setStories] = useState<StoryCardData[]>(list.stories);
  const [hasMore, setHasMore] = useState(list.nextUrl !== null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [said, say] = useState("");
  const end = useRef<HTMLDivElement>(null);
  const moreFocus = useMoreFocus(scope);

  async function load() {
    if (busy) return;
    setBusy(true);
    setFailed(false);
    try {
      const page = await browserApi().readingList(list.id, {
        limit: LIST_PAGE_SIZE,
        offset: stories.length,
      });
      // A story moved between pages since the last one (on another device) is shown once.
      const seen = new Set(stories.map((story) => story.id));
      const fresh = page.stories.filter((story) => !seen.has(story.id));
      const more = page.nextUrl !== null;
      moreFocus.bring(() => {
        setStories([...stories, ...fresh]);
        setHasMore(more);
      });
      say(t.lists.loaded(fresh.length, stories.length + fresh.length, more));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  // After a failure the button, not the scroll, tries again.
  useNearEnd(end, hasMore && !busy && !failed ? () => void load() : null, {
    margin: LOAD_MARGIN,
    count: stories.length,
  });

  const more = (
    <>
      <div ref={end} />
      {hasMore && (
        <p className="page-more">
          <BusyButton
            className="button"
            busy={busy}
            ref={moreFocus.ref}
            onClick={() => void load()}
          >
            {t.lists.moreStories}
          </BusyButton>
        </p>
      )}
      <ErrorLine text={failed && t.lists.moreFailed} />
      <p className="visually-hidden" role="status">
        {said}
      </p>
    </>
  );
  return { stories, setStories, more };
}

/** A list's stories as cards, for everyone but its owner (who gets the ListEditor). */
export function ListStoryGrid({ list, empty }: { list: ReadingListDetails; empty: string }) {
  const scope = useRef<HTMLDivElement>(null);
  const { stories, more } = useListPages(list, scope);
  if (stories.length === 0) return <p className="profile__empty">{empty}</p>;
  return (
    <div ref={scope}>
      <StoryGrid stories={stories} label={t.lists.storiesHeading} heading="hidden" />
      {more}
    </div>
  );
}
