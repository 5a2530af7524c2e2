import { type RefObject, useEffect } from "react";

/**
 * For a box whose content arrives late (a section loaded as the reader nears it): when it
 * grows or shrinks while keyboard focus sits after it on the screen, the page scrolls by as
 * much, so that the focused control stays where it was. The browser's scroll anchoring does
 * not do this: it holds the first element on the screen, which is above the box whenever
 * the box itself is on the screen, and lets everything after the box move.
 */
export function useHoldFocusInView(box: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const target = box.current;
    if (!target || typeof ResizeObserver === "undefined") return;
    let height = target.getBoundingClientRect().height;
    const observer = new ResizeObserver(() => {
      const rect = target.getBoundingClientRect();
      const change = rect.height - height;
      height = rect.height;
      const focused = document.activeElement;
      // A box starting above the screen is anchoring's case: the element it holds is then
      // after the box, and what has focus stays put with it.
      if (change === 0 || rect.top < 0 || !(focused instanceof HTMLElement)) return;
      const position = target.compareDocumentPosition(focused);
      const after =
        position & Node.DOCUMENT_POSITION_FOLLOWING &&
        !(position & Node.DOCUMENT_POSITION_CONTAINED_BY);
      if (!after) return;
      const was = focused.getBoundingClientRect().top - change;
      if (was >= 0 && was < window.innerHeight) window.scrollBy(0, change);
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [box]);
}
