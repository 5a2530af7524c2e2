import type { ProfileMessage } from "@inkwell/shared";
import { type ReactNode, useState } from "react";
import { browserApi } from "../../api/client.ts";
import { Modal } from "../../components/modal.tsx";
import { t } from "../../i18n/index.ts";

const text = t.profileMessages;

interface Pending {
  message: ProfileMessage;
  onDeleted: () => void;
}

/**
 * Deleting a message asks first; a message goes with its replies, so the question says
 * so. `toast` says how it went.
 */
export function useDeleteMessage(username: string): {
  askDelete: (message: ProfileMessage, onDeleted: () => void) => void;
  toast: string | null;
  deleteModal: ReactNode;
} {
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const [toast, setToast] = useState<string | null>(null);

  async function confirm({ message, onDeleted }: Pending) {
    setBusy(true);
    const result = await browserApi()
      .deleteProfileMessage(username, message.id)
      .catch(() => null);
    setBusy(false);
    setPending(null);
    if (result?.ok) {
      onDeleted();
      setToast(text.deleted);
    } else {
      setToast(result?.refusal.message || text.deleteFailed);
    }
  }

  const isReply = pending?.message.parentId != null;
  const deleteModal = (
    <Modal
      open={pending !== null}
      title={isReply ? text.deleteReplyTitle : text.deleteTitle}
      onClose={() => setPending(null)}
    >
      {pending && (
        <div className="modal__form">
          <p>{isReply ? text.deleteReplyText : text.deleteText}</p>
          <div className="modal__actions">
            <button className="button" type="button" onClick={() => setPending(null)}>
              {text.cancel}
            </button>
            <button
              className="button button--danger"
              type="button"
              disabled={busy}
              onClick={() => void confirm(pending)}
            >
              {text.delete}
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
  return {
    askDelete: (message, onDeleted) => {
      setToast(null);
      setPending({ message, onDeleted });
    },
    toast,
    deleteModal,
  };
}
