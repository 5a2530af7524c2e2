import { type RefObject, useEffect, useEffectEvent } from "react";
import { registerOpen } from "./open-registry.ts";

/** What closed it: Escape gives focus back to what opened it, a press elsewhere does not. */
export type DismissedBy = "escape" | "outside";

/**
 * While `open`, Escape anywhere, a press outside `root` or focus moving out of it calls
 * `dismiss`: how the header's menus and the buttons' popovers close. Tabbing past a panel's
 * last link closes it, so it never covers the control focus went to (a phone's panels sit
 * over the page). Escape is heard in the capture phase and goes no
 * further, so that inside a modal it closes what is open in the dialog, not the dialog too.
 * Opening another menu, popover or modal closes it too, as a press outside would (the
 * keyboard opens one without pressing outside): open-registry.ts.
 */
export function useDismiss(
  open: boolean,
  root: RefObject<Element | null>,
  dismiss: (by: DismissedBy) => void,
) {
  // Callers pass a new function each render; the listeners and the registration stay put.
  const dismissBy = useEffectEvent(dismiss);
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent | FocusEvent) => {
      if (!root.current?.contains(event.target as Node)) dismissBy("outside");
    };
    const onEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      event.stopPropagation();
      dismissBy("escape");
    };
    document.addEventListener("pointerdown", outside);
    document.addEventListener("focusin", outside);
    document.addEventListener("keydown", onEscape, true);
    const unregister = registerOpen({
      element: () => root.current,
      close: () => dismissBy("outside"),
    });
    return () => {
      document.removeEventListener("pointerdown", outside);
      document.removeEventListener("focusin", outside);
      document.removeEventListener("keydown", onEscape, true);
      unregister();
    };
  }, [open, root]);
}
