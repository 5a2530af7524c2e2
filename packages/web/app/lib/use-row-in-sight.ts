import { type RefObject, useEffect } from "react";

/*
 * Chromium leaves a link that Tab reaches where it is, even half past the edge of a row that
 * scrolls sideways: the one focus lands on, with its ring, is brought wholly into sight.
 */
function bringIntoSight(event: FocusEvent) {
  if (event.target instanceof Element) {
    event.target.scrollIntoView({ block: "nearest", inline: "nearest" });
  }
}

/**
 * For a row that scrolls sideways on a phone (app.css's tab strips and chip rows): focus is
 * always seen whole, and the current item (aria-current, or the selected tab) is brought to
 * the row's middle whenever `current` names another one. Only the row scrolls, not the page.
 */
export function useRowInSight(row: RefObject<HTMLElement | null>, current?: string) {
  useEffect(() => {
    const node = row.current;
    node?.addEventListener("focusin", bringIntoSight);
    return () => node?.removeEventListener("focusin", bringIntoSight);
  }, [row]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `current` says when to look again.
  useEffect(() => {
    const strip = row.current;
    const item = strip?.querySelector<HTMLElement>(
      '[aria-current]:not([aria-current="false"]), [aria-selected="true"]',
    );
    if (!strip || !item) return;
    const [box, frame] = [item.getBoundingClientRect(), strip.getBoundingClientRect()];
    if (box.left < frame.left || box.right > frame.right) {
      strip.scrollLeft += box.left - frame.left - (frame.width - box.width) / 2;
    }
  }, [row, current]);
}
