import type { ProfileMessage } from "@inkwell/shared";
import { type ReactNode, useState } from "react";
import { browserApi } from "../../api/client.ts";
import { ConfirmModal } from "../../components/confirm-modal.tsx";
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
    <ConfirmModal
      open={pending !== null}
      title={isReply ? text.deleteReplyTitle : text.deleteTitle}
      text={isReply ? text.deleteReplyText : text.deleteText}
      cancelLabel={text.cancel}
      confirmLabel={text.delete}
      tone="danger"
      busy={busy}
      onCancel={() => setPending(null)}
      onConfirm={() => pending && void confirm(pending)}
    />
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
