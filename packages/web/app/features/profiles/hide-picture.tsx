import type { UserProfile } from "@inkwell/shared";
import { type ReactNode, useState } from "react";
import { browserApi } from "../../api/client.ts";
import { ConfirmModal } from "../../components/confirm-modal.tsx";
import { t } from "../../i18n/index.ts";

export type ProfilePicture = "avatar" | "background";

/**
 * Ambassadors and system admins hide a profile's picture or background the image-moderation
 * way (docs/decisions/047): after a confirmation it is flagged, hidden from all but its
 * owner, who may appeal. `onDone` hears of success.
 */
export function useHidePicture(onDone: () => void): {
  /** The moderation dropdown's items for the pictures this profile shows. */
  hideActions: (profile: UserProfile) => { label: string; onChoose: () => void }[];
  hideToast: string | null;
  hideModal: ReactNode;
} {
  const texts = t.profile.hidePicture;
  const [pending, setPending] = useState<{
    which: ProfilePicture;
    imageUrl: string;
    name: string;
  } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [toast, setToast] = useState<string | null>(null);

  function askHide(which: ProfilePicture, imageUrl: string, name: string) {
    setToast(null);
    setError(null);
    setPending({ which, imageUrl, name });
  }

  async function hide() {
    if (!pending) return;
    setBusy(true);
    const result = await browserApi()
      .flagImage(pending.imageUrl)
      .catch(() => null);
    setBusy(false);
    if (!result?.ok) {
      setError(result?.refusal.message ?? t.imageModeration.decideFailed);
      return;
    }
    setPending(null);
    setToast(texts.done);
    onDone();
  }

  const hideModal = (
    <ConfirmModal
      open={pending !== null}
      title={pending ? texts.title[pending.which] : ""}
      text={pending ? texts.text(pending.name) : ""}
      cancelLabel={texts.cancel}
      confirmLabel={pending ? texts.action[pending.which] : ""}
      tone="danger"
      busy={busy}
      error={error}
      onCancel={() => setPending(null)}
      onConfirm={() => void hide()}
    />
  );
  const hideActions = ({ avatar, backgroundUrl, name }: UserProfile) =>
    (
      [
        ["avatar", avatar],
        ["background", backgroundUrl],
      ] as const
    ).flatMap(([which, url]) =>
      url ? [{ label: texts.action[which], onChoose: () => askHide(which, url, name) }] : [],
    );
  return { hideActions, hideToast: toast, hideModal };
}
