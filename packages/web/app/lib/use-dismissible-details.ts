import { useEffect, useRef } from "react";

/**
 * A <details> menu of the header (it opens and closes without JavaScript) that, once the
 * page is interactive, also closes as the header's other menus do: on Escape, focus going
 * back to its summary, or on a press outside it, such as on another menu's summary.
 */
export function useDismissibleDetails() {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const outside = (event: PointerEvent) => {
      if (!details.contains(event.target as Node)) details.open = false;
    };
    const onEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      details.open = false;
      details.querySelector("summary")?.focus();
    };
    const onToggle = () => {
      if (details.open) {
        document.addEventListener("pointerdown", outside);
        document.addEventListener("keydown", onEscape);
      } else {
        document.removeEventListener("pointerdown", outside);
        document.removeEventListener("keydown", onEscape);
      }
    };
    details.addEventListener("toggle", onToggle);
    return () => {
      details.removeEventListener("toggle", onToggle);
      details.open = false;
      onToggle();
    };
  }, []);
  return ref;
}
