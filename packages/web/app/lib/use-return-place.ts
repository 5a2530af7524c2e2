import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { keep, kept } from "./tab-storage.ts";

/** Whether this page is the one the browser opened by Back or Forward, not one since. */
export function cameBack(): boolean {
  const [entry] = performance.getEntriesByType("navigation");
  const page = (url: string) => url.split("#")[0];
  return (
    entry instanceof PerformanceNavigationTiming &&
    entry.type === "back_forward" &&
    page(entry.name) === page(window.location.href)
  );
}

interface ReturnPlace {
  /** How much this tab had loaded the last time it left the page (0 if never). */
  loaded: number;
  /** Whether the page was come to by Back or Forward. */
  back: boolean;
}

interface ReturnOptions {
  /** How much the page starts with. */
  initial: number;
  /** No more will come (the end, or a failure). */
  ended?: boolean;
  /** Something else is still coming back first (the replies a reader had opened). */
  settling?: boolean;
  /** The element that scrolls (a panel), if not the page. */
  scroller?: () => Element | null;
  /** False to start afresh even on Back or Forward (a panel the reader opens themselves). */
  restore?: boolean;
}

/**
 * Where a reader was on a page that grows in the browser as they scroll (the home feed's
 * sections, a part's comments, a paragraph's in their panel), kept in this tab's session
 * storage under `key` as the page is left, with `amount`, how much it had loaded. Coming
 * Back or Forward, the browser puts the page where the reader was while what they had
 * loaded is still missing, so lands short (and a panel it opens at its top):
 * once `amount` is more than `initial` and has reached what was loaded, or `ended` says no
 * more will come, and nothing is `settling`, the reader goes where they were.
 */
export function useReturnPlace(
  key: string,
  amount: number,
  { initial, ended = false, settling = false, scroller, restore = true }: ReturnOptions,
): ReturnPlace {
  const [place, setPlace] = useState<ReturnPlace>({ loaded: 0, back: false });
  const returnTo = useRef<number | null>(null);
  const scrolling = () => scroller?.() ?? document.scrollingElement;
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, as the page opens
  useEffect(() => {
    const loaded = Number(kept(`${key}.shown`));
    const back = restore && cameBack();
    if (back && loaded > initial) returnTo.current = Number(kept(`${key}.scroll`));
    setPlace({ loaded, back });
    const leave = () => keep(`${key}.scroll`, String(scrolling()?.scrollTop ?? 0));
    window.addEventListener("pagehide", leave);
    return () => window.removeEventListener("pagehide", leave);
  }, [key]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the scroller is read as it goes
  useLayoutEffect(() => {
    if (returnTo.current === null || settling) return;
    if (amount <= initial || (amount < place.loaded && !ended)) return;
    scrolling()?.scrollTo(0, returnTo.current);
    returnTo.current = null;
  }, [amount, initial, ended, settling, place.loaded]);
  // After the effect above has read what was loaded before: effects run in order.
  useEffect(() => keep(`${key}.shown`, String(amount)), [key, amount]);
  return place;
}
