import { useEffect, useRef, useState } from "react";
import { browserApi } from "../../api/client.ts";
import { ConfirmModal } from "../../components/confirm-modal.tsx";
import { Modal } from "../../components/modal.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { t } from "../../i18n/index.ts";
import { PART_CONFIRMATIONS, type PartAction } from "./part-confirmations.ts";

interface PartSettingsModalProps {
  open: boolean;
  storyId: number;
  partId: number;
  title: string;
  published: boolean;
  /** A part of a paid story: its paid settings are one step away. */
  paid: boolean;
  onPaidSettings: () => void;
  onPreview: () => void;
  onUnpublished: () => void;
  onClose: () => void;
}

/**
 * The editor's settings button: the story's details, a paid story's paid-part settings,
 * Preview for a published part (its bar has no room for it), and unpublish and delete, each
 * after the confirmation the Table of Contents asks for.
 */
export function PartSettingsModal(props: PartSettingsModalProps) {
  const { open, storyId, partId, title, published, onClose } = props;
  const [confirming, setConfirming] = useState<PartAction | null>(null);
  const ask = confirming && PART_CONFIRMATIONS[confirming];
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** The buttons that ask, so that Cancel hands focus back to the one pressed. */
  const askers = useRef<Partial<Record<PartAction, HTMLButtonElement | null>>>({});
  const cancelled = useRef<PartAction | null>(null);
  useEffect(() => {
    if (!open || confirming !== null || cancelled.current === null) return;
    askers.current[cancelled.current]?.focus();
    cancelled.current = null;
  });

  const asks = (action: PartAction) => ({
    ref: (button: HTMLButtonElement | null) => {
      askers.current[action] = button;
    },
    onClick: () => setConfirming(action),
  });

  function cancel() {
    cancelled.current = confirming;
    setConfirming(null);
    setError(null);
  }

  function close() {
    setConfirming(null);
    setError(null);
    onClose();
  }

  async function act(call: () => Promise<{ ok: boolean }>, done: () => void) {
    setBusy(true);
    const result = await call().catch(() => ({ ok: false }));
    setBusy(false);
    if (result.ok) done();
    else setError(t.works.actionFailed);
  }

  const unpublish = () =>
    act(
      () => browserApi().unpublishPart(partId),
      () => {
        setConfirming(null);
        props.onUnpublished();
      },
    );
  const remove = () =>
    act(
      () => browserApi().deletePart(partId),
      () => window.location.assign(`/myworks/${storyId}`),
    );

  return (
    <>
      <Modal open={open && !ask} title={t.writing.settings} onClose={close}>
        <div className="modal__form part-settings">
          <a className="button" href={`/myworks/${storyId}`}>
            {t.writing.storyDetails}
          </a>
          {props.paid && (
            <ScriptButton className="button" onClick={props.onPaidSettings}>
              {t.paidParts.open}
            </ScriptButton>
          )}
          {published && (
            <>
              <ScriptButton className="button" onClick={props.onPreview}>
                {t.writing.preview}
              </ScriptButton>
              <ScriptButton className="button" {...asks("unpublish")}>
                {t.writing.unpublishPart}
              </ScriptButton>
            </>
          )}
          <ScriptButton className="button button--danger" {...asks("delete")}>
            {t.writing.deletePart}
          </ScriptButton>
        </div>
      </Modal>
      {/* A dialog of its own, not the settings' content swapped: it opens as a question
          does, named and with focus in it, as the Table of Contents' does. */}
      <ConfirmModal
        open={open && ask !== null}
        title={ask?.title ?? ""}
        text={ask?.text(title) ?? ""}
        cancelLabel={t.works.cancel}
        confirmLabel={ask?.confirm ?? ""}
        tone={ask?.tone}
        busy={busy}
        error={error}
        onCancel={cancel}
        onConfirm={confirming === "delete" ? remove : unpublish}
      />
    </>
  );
}
