import { type RefObject, useEffect } from "react";

/** What closed it: Escape gives focus back to what opened it, a press elsewhere does not. */
export type DismissedBy = "escape" | "outside";

/**
 * While `open`, Escape anywhere or a press outside `root` calls `dismiss`: how the header's
 * menus and the buttons' popovers close. Escape is heard in the capture phase and goes no
 * further, so that inside a modal it closes what is open in the dialog, not the dialog too.
 */
export function useDismiss(
  open: boolean,
  root: RefObject<Element | null>,
  dismiss: (by: DismissedBy) => void,
) {
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) dismiss("outside");
    };
    const onEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      event.stopPropagation();
      dismiss("escape");
    };
    document.addEventListener("pointerdown", outside);
    document.addEventListener("keydown", onEscape, true);
    return () => {
      document.removeEventListener("pointerdown", outside);
      document.removeEventListener("keydown", onEscape, true);
    };
  }, [open, root, dismiss]);
}
