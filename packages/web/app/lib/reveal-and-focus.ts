import { flushSync } from "react-dom";

const shownLinks = (container: HTMLElement | null) =>
  [...(container?.querySelectorAll<HTMLElement>("a[href]") ?? [])].filter(
    (link) => link.getClientRects().length > 0,
  );

/**
 * For a control that brings more into `container` — a "See all" or "+N more" showing what
 * CSS hid, a 'Show more' adding a fetched page — focus moves to the first link that `reveal`
 * brought into view, where reading goes on: the control may go away with it, or end up
 * after the new items, where a keyboard or screen-reader reader would not learn they came.
 * When nothing new came, focus stays where it was.
 */
export function revealAndFocus(container: HTMLElement | null, reveal: () => void) {
  const before = new Set(shownLinks(container));
  flushSync(reveal);
  const firstNew = shownLinks(container).find((link) => !before.has(link));
  firstNew?.focus();
}
