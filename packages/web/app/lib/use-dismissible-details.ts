import { type ToggleEvent, useRef, useState } from "react";
import { useDismiss } from "./use-dismiss.ts";

/**
 * A <details> menu of the header (it opens and closes without JavaScript) that, once the
 * page is interactive, also closes as the header's other menus do: on Escape, focus going
 * back to its summary, or on a press outside it, such as on another menu's summary.
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
