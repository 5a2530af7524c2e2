import { Plus } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { t } from "../../i18n/index.ts";
import { useCurrentUser } from "../../lib/current-user.ts";
import { useInteractionGate } from "../accounts/interaction-gate.tsx";
import { AddToPanel } from "./add-to-panel.tsx";

/**
 * "Add to" and its popover (reader.md §2). Focus moves into the popover when it opens;
 * Escape, the button again or a click outside close it, and focus returns to the button.
 * The gate asks visitors to sign up and unverified readers to verify first.
 */
export function AddToButton({ storyId, large = true }: { storyId: number; large?: boolean }) {
  const user = useCurrentUser();
  const { guard, modals } = useInteractionGate();
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
      // Inside the preview modal, Escape closes the popover only, not the dialog too.
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

  return (
    <div className="add-to" ref={root}>
      <button
        ref={button}
        type="button"
        className={`button${large ? " button--large" : ""}`}
        aria-expanded={open}
        aria-haspopup="dialog"
        aria-controls={open ? popoverId : undefined}
        onClick={() => (open ? close() : guard(() => setOpen(true)))}
      >
        <Plus aria-hidden="true" size={18} />
        {t.story.addTo}
      </button>
      {open && user && (
        <div
          ref={popover}
          id={popoverId}
          className="add-to__popover"
          role="dialog"
          aria-label={t.lists.popoverTitle}
          tabIndex={-1}
        >
          <AddToPanel storyId={storyId} username={user.username} />
        </div>
      )}
      {modals}
    </div>
  );
}
