import { type FormEvent, useState } from "react";
import { browserApi, type Refusal } from "../../api/client.ts";
import { ErrorLine } from "../../components/alert.tsx";
import { BusyButton } from "../../components/busy-button.tsx";
import { Modal } from "../../components/modal.tsx";
import { t } from "../../i18n/index.ts";
import { base64Of, fileAsDataUrl, IMAGE_ACCEPT, imageFileProblem } from "../../lib/image-files.ts";

interface ImageModalProps {
  open: boolean;
  partId: number;
  onClose: () => void;
  /** The picture is stored; `url` and `alt` go into the text. */
  onAdded: (image: { url: string; alt: string }) => void;
}

/** 'Add an image': a picture and what it shows, uploaded before it goes into the text. */
export function ImageModal({ open, partId, onClose, onAdded }: ImageModalProps) {
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function close() {
    setFile(null);
    setAlt("");
    setError(null);
    onClose();
  }

  async function add(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    setBusy(true);
    const image = base64Of(await fileAsDataUrl(file));
    const result = await browserApi()
      .addPartImage(partId, image)
      .catch(() => ({ ok: false as const, refusal: {} as Refusal }));
    setBusy(false);
    if (!result.ok) return setError(result.refusal.message ?? t.works.actionFailed);
    onAdded({ url: result.value.url, alt: alt.trim() });
    close();
  }

  return (
    <Modal open={open} title={t.writing.imageTitle} onClose={close}>
      <form className="modal__form" onSubmit={add}>
        <div className="field">
          <label htmlFor="part-image-file">{t.writing.imageFile}</label>
          <input
            id="part-image-file"
            type="file"
            accept={IMAGE_ACCEPT}
            aria-describedby="part-image-hint"
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              const problem = chosen ? imageFileProblem(chosen) : null;
              setError(problem);
              setFile(problem ? null : chosen);
            }}
          />
          <p className="field__hint" id="part-image-hint">
            {t.writing.imageHint}
          </p>
        </div>
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
          <BusyButton className="button button--primary" type="submit" disabled={!file} busy={busy}>
            {busy ? t.writing.adding : t.writing.addImage}
          </BusyButton>
        </div>
      </form>
    </Modal>
  );
}
