import { useEffect, useId, useRef, useState } from "react";

/**
 * A button's popover: focus moves into it when it opens; Escape, the button again or a click
 * outside `root` close it, and Escape and the button return focus to the button.
 */
export function usePopover() {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const popover = useRef<HTMLDivElement>(null);
  const popoverId = useId();

  function close() {
    setOpen(false);
    button.current?.focus();
  }

  useEffect(() => {
    if (!open) return;
    popover.current?.focus();
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    // On the document: focus may be anywhere in the popover, or on the page after a click.
    const onEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      // Inside a modal, Escape closes the popover only, not the dialog too.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("pointerdown", outside);
    document.addEventListener("keydown", onEscape, true);
    return () => {
      document.removeEventListener("pointerdown", outside);
      document.removeEventListener("keydown", onEscape, true);
    };
  }, [open]);

  return {
    open,
    /** Opens it, or closes it and returns focus to the button when it is open. */
    toggle: (opener: (show: () => void) => void = (show) => show()) =>
      open ? close() : opener(() => setOpen(true)),
    close,
    root,
    button,
    popover,
    popoverId,
  };
}
