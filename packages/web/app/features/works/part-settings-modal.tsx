import { useState } from "react";
import { browserApi } from "../../api/client.ts";
import { ErrorLine } from "../../components/alert.tsx";
import { BusyButton } from "../../components/busy-button.tsx";
import { Modal } from "../../components/modal.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { t } from "../../i18n/index.ts";

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
 * Preview for a published part (its bar has no room for it), unpublish, and delete after a
 * confirmation.
 */
export function PartSettingsModal(props: PartSettingsModalProps) {
  const { open, storyId, partId, title, published, onClose } = props;
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function close() {
    setConfirming(false);
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
        setConfirming(false);
        props.onUnpublished();
      },
    );
  const remove = () =>
    act(
      () => browserApi().deletePart(partId),
      () => window.location.assign(`/myworks/${storyId}`),
    );

  return (
    <Modal
      open={open}
      title={confirming ? t.works.deleteTitle : t.writing.settings}
      onClose={close}
    >
      <div className="modal__form part-settings">
        <ErrorLine text={error} />
        {confirming ? (
          <>
            <p>{t.works.deleteText(title)}</p>
            <div className="modal__actions">
              <ScriptButton className="button" onClick={() => setConfirming(false)}>
                {t.works.cancel}
              </ScriptButton>
              <BusyButton
                className="button button--danger"
                type="button"
                busy={busy}
                onClick={remove}
              >
                {t.works.deletePart}
              </BusyButton>
            </div>
          </>
        ) : (
          <>
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
                <BusyButton className="button" type="button" busy={busy} onClick={unpublish}>
                  {t.writing.unpublishPart}
                </BusyButton>
              </>
            )}
            <ScriptButton className="button button--danger" onClick={() => setConfirming(true)}>
              {t.writing.deletePart}
            </ScriptButton>
          </>
        )}
      </div>
    </Modal>
  );
}
