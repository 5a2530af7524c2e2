import { type FormEvent, useState } from "react";
import { browserApi, type Refusal } from "../../api/client.ts";
import { ErrorLine } from "../../components/alert.tsx";
import { BusyButton } from "../../components/busy-button.tsx";
import { Modal } from "../../components/modal.tsx";
import { PictureInput, usePictureChooser } from "../../components/picture-input.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { t } from "../../i18n/index.ts";
import { base64Of } from "../../lib/image-files.ts";

interface ImageModalProps {
  open: boolean;
  partId: number;
  onClose: () => void;
  /** The picture is stored; `url` and `alt` go into the text, and the dialog closes. */
  onAdded: (image: { url: string; alt: string }) => void;
}

/**
 * 'Add an image': a picture and what it shows, uploaded before it goes into the text. The
 * picture is chosen with the picture input, as a cover is in Story Details, and sent as it
 * is (the server makes it WebP). Cancel, like Close and Escape, closes it with nothing added.
 */
export function ImageModal({ open, partId, onClose, onAdded }: ImageModalProps) {
  const [picture, setPicture] = useState<string | null>(null);
  const [alt, setAlt] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const chooser = usePictureChooser((dataUrl) => {
    setPicture(dataUrl);
    setError(null);
  });

  function reset() {
    setPicture(null);
    setAlt("");
    setError(null);
    chooser.clearProblem();
  }

  function close() {
    reset();
    onClose();
  }

  async function add(event: FormEvent) {
    event.preventDefault();
    if (!picture) return;
    setBusy(true);
    const result = await browserApi()
      .addPartImage(partId, base64Of(picture))
      .catch(() => ({ ok: false as const, refusal: {} as Refusal }));
    setBusy(false);
    if (!result.ok) return setError(result.refusal.message ?? t.works.actionFailed);
    reset();
    onAdded({ url: result.value.url, alt: alt.trim() });
  }

  return (
    <Modal open={open} title={t.writing.imageTitle} onClose={close}>
      <form className="modal__form" onSubmit={add}>
        <fieldset className="field part-image">
          <legend>{t.writing.imageFile}</legend>
          {picture && (
            <img className="part-image__preview" src={picture} alt={t.writing.imageChosen} />
          )}
          <PictureInput id="part-image-file" chooser={chooser} />
        </fieldset>
        <div className="field">
          <label htmlFor="part-image-alt">{t.writing.imageAlt}</label>
          <input
            id="part-image-alt"
            type="text"
            maxLength={250}
            value={alt}
            aria-describedby="part-image-alt-hint"
            onChange={(event) => setAlt(event.target.value)}
          />
          <p className="field__hint" id="part-image-alt-hint">
            {t.writing.imageAltHint}
          </p>
        </div>
        <ErrorLine text={error} />
        <div className="modal__actions">
          <BusyButton
            className="button button--primary"
            type="submit"
            disabled={!picture}
            busy={busy}
          >
            {busy ? t.writing.adding : t.writing.addImage}
          </BusyButton>
          <ScriptButton className="button" onClick={close} disabled={busy}>
            {t.writing.cancel}
          </ScriptButton>
        </div>
      </form>
    </Modal>
  );
}
