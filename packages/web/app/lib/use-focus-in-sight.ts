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

/** For a row that scrolls sideways on a phone (chips, tab strips): focus is always seen whole. */
export function useFocusInSight(row: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const node = row.current;
    node?.addEventListener("focusin", bringIntoSight);
    return () => node?.removeEventListener("focusin", bringIntoSight);
  }, [row]);
}
