import { STRIP_SCROLL_THROTTLE_MS } from "@inkwell/shared";
import { useEffect, useState } from "react";

/**
 * Whether the continue-reading strip shows (reader.md §4): at the top of the page or while
 * scrolling up, not while scrolling down nor on arriving below the top. The scroll position is read at most once per
 * STRIP_SCROLL_THROTTLE_MS, and once more after the last event.
 */
export function useShownWhileScrollingUp(): boolean {
  const [shown, setShown] = useState(true);
  useEffect(() => {
    let last = window.scrollY;
    // A page opened again mid-feed (Back, a reload) is neither at the top nor scrolling up:
    // the strip would cover the place the reader came back to.
    if (last > 0) setShown(false);
    let timer: ReturnType<typeof setTimeout> | null = null;
    const read = () => {
      timer = null;
      const y = window.scrollY;
      if (y <= 0) setShown(true);
      else if (y > last) setShown(false);
      else if (y < last) setShown(true);
      last = y;
    };
    const onScroll = () => {
      if (timer === null) timer = setTimeout(read, STRIP_SCROLL_THROTTLE_MS);
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      if (timer !== null) clearTimeout(timer);
    };
  }, []);
  return shown;
}
