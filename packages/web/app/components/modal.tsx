import { X } from "lucide";
import { type ReactNode, useEffect, useEffectEvent, useId, useRef, useState } from "react";
import { t } from "../i18n/index.ts";
import { registerOpen } from "../lib/open-registry.ts";
import { Icon } from "./icon.tsx";
import { ScriptButton } from "./script-button.tsx";

interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /**
   * What the modal is about, shown under its title and read with its name (its accessible
   * description): the paragraph a paragraph's comments are on.
   */
  description?: ReactNode;
  /** Extra classes: a variant such as the comments' side panel and bottom sheet. */
  className?: string;
  /**
   * Open in the server's HTML, for a page that is a modal (User not found): it shows
   * before scripts run (app.css draws it where the modal will be) and becomes modal once
   * they do. `open` must be true when it is first rendered.
   */
  openFromServer?: boolean;
  /**
   * False while the modal's action runs (accounts-safety-messaging.md §2: Escape closes it
   * unless closing is disabled): Escape does nothing and the close button is disabled, so
   * the outcome is not lost behind a closed modal. True by default.
   */
  closable?: boolean;
}

/**
 * A modal dialog on the native <dialog>: focus moves in and is trapped, Escape and the
 * close button close it, and the page behind is inert. Nothing is rendered until it first
 * opens: pages carry several modals (sign-up, verify, settings…) that most visits never
 * open, and each would cost elements in the server's HTML and in hydration. Opening one closes
 * any other modal or menu open outside it (open-registry.ts).
 */
export function Modal({
  open,
  title,
  onClose,
  children,
  description,
  className,
  openFromServer,
  closable = true,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const [used, setUsed] = useState(open);
  if (open && !used) setUsed(true);
  // The latest onClose, for the registry: callers pass a new function each render.
  const close = useEffectEvent(onClose);
  useEffect(() => {
    if (!open) return;
    return registerOpen({ element: () => ref.current, close: () => close() });
  }, [open]);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.matches(":modal")) {
      // Shown from the server's HTML but not yet modal: close it to open it as a modal.
      if (dialog.open) dialog.close();
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);
  if (!used) return null;
  return (
    <dialog
      ref={ref}
      className={className ? `modal ${className}` : "modal"}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      // Set once and never changed by React: showModal and close own the attribute after.
      open={openFromServer}
      onCancel={(event) => {
        event.preventDefault();
        if (closable) onClose();
      }}
    >
      {/* Not a <header>: in a dialog it would be a second page banner landmark. */}
      <div className="modal__header">
        <h2 id={titleId}>{title}</h2>
        <ScriptButton
          className="modal__close"
          onClick={() => {
            if (closable) onClose();
          }}
          aria-label={t.modal.close}
          aria-disabled={!closable || undefined}
        >
          <Icon of={X} aria-hidden="true" size={20} />
        </ScriptButton>
      </div>
      {open && description && (
        <div id={descriptionId} className="modal__description">
          {description}
        </div>
      )}
      {open && children}
    </dialog>
  );
}
