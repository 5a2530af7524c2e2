import { ErrorLine } from "./alert.tsx";
import { BusyButton } from "./busy-button.tsx";
import { Modal } from "./modal.tsx";

interface ConfirmModalProps {
  open: boolean;
  title: string;
  /** What confirming does, in a sentence or two. */
  text: string;
  cancelLabel: string;
  confirmLabel: string;
  /** A destructive action (delete) is red; others are the primary colour. */
  tone?: "danger" | "primary";
  /** While the action runs: the confirm button is busy, and Cancel and closing disabled. */
  busy?: boolean;
  /** Why the last try failed, shown above the buttons. */
  error?: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}

/** 'Are you sure?': a question, Cancel, and the action named on its button. */
export function ConfirmModal({
  open,
  title,
  text,
  cancelLabel,
  confirmLabel,
  tone = "primary",
  busy = false,
  error = null,
  onCancel,
  onConfirm,
}: ConfirmModalProps) {
  return (
    <Modal open={open} title={title} onClose={onCancel} closable={!busy}>
      <div className="modal__form">
        <p>{text}</p>
        <ErrorLine text={error} />
        <div className="modal__actions modal__actions--fill">
          <BusyButton className="button" busy={busy} onClick={onCancel}>
            {cancelLabel}
          </BusyButton>
          <BusyButton
            className={`button button--${tone}`}
            type="button"
            busy={busy}
            onClick={onConfirm}
          >
            {confirmLabel}
          </BusyButton>
        </div>
      </div>
    </Modal>
  );
}
