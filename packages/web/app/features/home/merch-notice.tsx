import { useState } from "react";
import { Modal } from "../../components/modal.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { t } from "../../i18n/index.ts";

/** Inkwell merch is an iOS-only beta (reader.md §2 Error pages): the button says so. */
export function MerchNotice() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <ScriptButton className="button" onClick={() => setOpen(true)}>
        {t.feed.merchTitle}
      </ScriptButton>
      <Modal open={open} title={t.feed.merchTitle} onClose={() => setOpen(false)}>
        <div className="modal__form">
          <p role="status">{t.feed.merchNotice}</p>
          <ScriptButton className="button button--primary" onClick={() => setOpen(false)}>
            {t.feed.gotIt}
          </ScriptButton>
        </div>
      </Modal>
    </>
  );
}
