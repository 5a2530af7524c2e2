import { type ChangeEvent, type FormEvent, useState } from "react";
import { browserApi, type Refusal } from "../../api/client.ts";
import { ErrorLine } from "../../components/alert.tsx";
import { BusyButton } from "../../components/busy-button.tsx";
import { Modal } from "../../components/modal.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { t } from "../../i18n/index.ts";
import { base64Of, fileAsDataUrl, IMAGE_ACCEPT, imageFileProblem } from "../../lib/image-files.ts";

interface ImageModalProps {
  open: boolean;
  partId: number;
  onClose: () => void;
  /** The picture is stored; `url` and `alt` go into the text, and the dialog closes. */
  onAdded: (image: { url: string; alt: string }) => void;
}

/**
 * 'Add an image': a picture and what it shows, uploaded before it goes into the text. The
 * picture is chosen as a cover is in Story Details (a labelled button over a hidden file
 * input, the choice shown). Cancel, like Close and Escape, closes it with nothing added.
 */
export function ImageModal({ open, partId, onClose, onAdded }: ImageModalProps) {
  const [picture, setPicture] = useState<string | null>(null);
  const [alt, setAlt] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function reset() {
    setPicture(null);
    setAlt("");
    setError(null);
  }

  function close() {
    reset();
    onClose();
  }

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    // Choosing the same file again must fire another change.
    event.target.value = "";
    if (!chosen) return;
    const problem = imageFileProblem(chosen);
    setError(problem);
    if (problem) return setPicture(null);
    const dataUrl = await fileAsDataUrl(chosen).catch(() => null);
    setPicture(dataUrl);
    if (!dataUrl) setError(t.covers.unreadable);
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
          <div className="cover-picker__controls">
            <input
              id="part-image-file"
              className="cover-picker__input"
              type="file"
              accept={IMAGE_ACCEPT}
              aria-describedby="part-image-hint"
              onChange={choose}
            />
            <label className="button" htmlFor="part-image-file">
              {t.writing.chooseImage}
            </label>
            <p className="field__hint" id="part-image-hint">
              {t.writing.imageHint}
            </p>
          </div>
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
