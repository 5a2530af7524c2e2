import { useState } from "react";
import { failureOf, LiveAlert } from "../components/alert.tsx";
import { t } from "../i18n/index.ts";
import { useMoreFocus } from "./more-focus.ts";
import { onPlainClick } from "./plain-click.ts";

/** reader.md §9: 575 px and narrower is mobile. */
const MOBILE = "(max-width: 575px)";

export interface Page<T> {
  items: T[];
  next: string | null;
}

interface SteppedListOptions<T> {
  first: Page<T>;
  /** Items revealed per step on a phone; on wider screens every loaded item shows. */
  mobileStep: number;
  keyOf: (item: T) => string | number;
  /** Fetches the page after `loaded` items (`next` is the API's nextUrl when it gives one). */
  load: (next: string, loaded: number) => Promise<Page<T>>;
  /** Where 'Show more' goes without JavaScript: the page's next offset. */
  moreHref: string;
}

/**
 * A list that grows in place by a step (search results, a tag's stories): on a phone the
 * loaded page is revealed `mobileStep` at a time before the next page is fetched; on wider
 * screens each step is a page.
 * Duplicates (a list that shifted between pages) are dropped; a failure says so and keeps
 * what is shown. Items beyond the phone's step carry data-mobile-hidden (see app.css).
 * Each step focuses the first new item (decision 057); a step that brings nothing new leaves
 * focus on 'Show more' and says so, and the button stays until the reader moves on.
 */
export function useSteppedList<T>({
  first,
  mobileStep,
  keyOf,
  load,
  moreHref,
}: SteppedListOptions<T>) {
  const [items, setItems] = useState(first.items);
  const [next, setNext] = useState(first.next);
  const [mobileShown, setMobileShown] = useState(mobileStep);
  const [status, setStatus] = useState<"idle" | "loading" | "failed" | "none">("idle");
  // The list and its button share a parent: the new items' links appear in it.
  const moreFocus = useMoreFocus();

  async function more() {
    const mobile = window.matchMedia(MOBILE).matches;
    if (mobile && mobileShown < items.length) {
      moreFocus.bring(() => setMobileShown(mobileShown + mobileStep));
      return;
    }
    if (!next) return;
    setStatus("loading");
    try {
      const page = await load(next, items.length);
      const seen = new Set(items.map(keyOf));
      const fresh = page.items.filter((item) => !seen.has(keyOf(item)));
      // "none" keeps the button in the same render, so focus has somewhere to stay.
      moreFocus.bring(() => {
        setItems([...items, ...fresh]);
        setNext(page.next);
        setMobileShown(mobile ? mobileShown + mobileStep : items.length + fresh.length);
        setStatus(fresh.length > 0 ? "idle" : "none");
      });
    } catch {
      setStatus("failed");
    }
  }

  const hiddenOnMobile = (index: number) => (index >= mobileShown ? "" : undefined);
  const onlyMobileLeft = next === null && status !== "none";
  const button =
    next !== null || mobileShown < items.length || status === "none" ? (
      <p
        ref={moreFocus.ref}
        className={onlyMobileLeft ? "page-more page-more--mobile" : "page-more"}
      >
        <a
          className="button"
          href={moreHref}
          aria-disabled={status === "loading" || undefined}
          onClick={onPlainClick(() => {
            if (status !== "loading") void more();
          })}
        >
          {t.search.showMore}
        </a>
      </p>
    ) : null;
  const failure = (
    <LiveAlert
      message={
        status === "none"
          ? { tone: "success", text: t.search.noMore }
          : failureOf(status === "failed" && t.search.failed)
      }
    />
  );
  return { items, hiddenOnMobile, button, failure };
}
