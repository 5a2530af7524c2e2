import { Modal } from "../../components/modal.tsx";
import { t } from "../../i18n/index.ts";
import { savedShape } from "./editor-commands.ts";

interface PreviewModalProps {
  open: boolean;
  title: string;
  /** The editor's HTML now, unsaved changes included. */
  html: () => string;
  onClose: () => void;
}

/** Preview: the part as readers will see it, cleaned by the same rules as a save. */
export function PreviewModal({ open, title, html, onClose }: PreviewModalProps) {
  const text = open ? savedShape(html()) : "";
  return (
    <Modal open={open} title={t.writing.previewTitle} onClose={onClose} className="modal--wide">
      <article className="preview-part">
        <h3 className="preview-part__title">{title || t.works.editor.untitled}</h3>
        <div
          className="reader__text"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised just above
          dangerouslySetInnerHTML={{ __html: text }}
        />
      </article>
    </Modal>
  );
}
