import { type ToggleEvent, useRef, useState } from "react";
import { useDismiss } from "./use-dismiss.ts";

/**
 * A <details> menu (it opens and closes without JavaScript) that, once the page is
 * interactive, also closes as the header's menus do: on Escape, focus going back to its
 * summary, or on a press outside it, such as on another menu's summary.
 * Spread what it returns on the <details>.
 */
export function useDismissibleDetails() {
  const ref = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  useDismiss(open, ref, (by) => {
    const details = ref.current;
    if (!details) return;
    details.open = false;
    if (by === "escape") details.querySelector("summary")?.focus();
  });
  return {
    ref,
    onToggle: (event: ToggleEvent<HTMLDetailsElement>) => setOpen(event.currentTarget.open),
  };
}

/**
 * Closes a menu on a choice made in it, focus going to its summary first: the item pressed
 * is hidden with the menu, and a modal the choice opens gives focus back, when it closes,
 * to what had it as it opened (a hidden item would leave it on the page).
 */
export function closeOnChoice(details: HTMLDetailsElement | null): void {
  if (!details) return;
  details.querySelector("summary")?.focus();
  details.open = false;
}
