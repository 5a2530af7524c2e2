import { useState } from "react";
import { failureOf, LiveAlert } from "../components/alert.tsx";
import { t } from "../i18n/index.ts";
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
  const [status, setStatus] = useState<"idle" | "loading" | "failed">("idle");

  async function more() {
    const mobile = window.matchMedia(MOBILE).matches;
    if (mobile && mobileShown < items.length) {
      setMobileShown(mobileShown + mobileStep);
      return;
    }
    if (!next) return;
    setStatus("loading");
    try {
      const page = await load(next, items.length);
      const seen = new Set(items.map(keyOf));
      const merged = [...items, ...page.items.filter((item) => !seen.has(keyOf(item)))];
      setItems(merged);
      setNext(page.next);
      setMobileShown(mobile ? mobileShown + mobileStep : merged.length);
      setStatus("idle");
    } catch {
      setStatus("failed");
    }
  }

  const hiddenOnMobile = (index: number) => (index >= mobileShown ? "" : undefined);
  const onlyMobileLeft = next === null;
  const button =
    next !== null || mobileShown < items.length ? (
      <p className={onlyMobileLeft ? "page-more page-more--mobile" : "page-more"}>
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
  const failure = <LiveAlert message={failureOf(status === "failed" && t.search.failed)} />;
  return { items, hiddenOnMobile, button, failure };
}
