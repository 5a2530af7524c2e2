import { flushSync } from "react-dom";

/**
 * For a "See all" or "+N more" button that shows what CSS hid and goes away itself: focus
 * would fall to the page with it, so it moves to the first link inside `container` that
 * `reveal` brought into view, where reading goes on.
 */
export function revealAndFocus(container: HTMLElement | null, reveal: () => void) {
  const links = [...(container?.querySelectorAll<HTMLElement>("a[href]") ?? [])];
  const firstHidden = links.find((link) => link.getClientRects().length === 0);
  flushSync(reveal);
  firstHidden?.focus();
}
