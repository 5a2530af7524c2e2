import { useEffect, useId, useRef, useState } from "react";
import { useDismiss } from "./use-dismiss.ts";

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
    if (open) popover.current?.focus();
  }, [open]);
  useDismiss(open, root, (by) => (by === "escape" ? close() : setOpen(false)));

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
