import { useState } from "react";
import { Modal } from "../../components/modal.tsx";
import { t } from "../../i18n/index.ts";
import { useCurrentUser } from "../../lib/current-user.ts";

/**
 * Subscribe now, for everyone but Premium subscribers (reader.md §2). Subscriptions are not
 * sold yet: it says they open soon (docs/decisions/023).
 */
export function SubscribeNow() {
  const user = useCurrentUser();
  const [open, setOpen] = useState(false);
  if (user?.isPremium) return null;
  return (
    <>
      <button type="button" className="button button--primary" onClick={() => setOpen(true)}>
        {t.picksBanner.subscribe}
      </button>
      <Modal open={open} title={t.picksBanner.subscribe} onClose={() => setOpen(false)}>
        <div className="modal__body">
          <p>{t.picksBanner.subscribeSoon}</p>
        </div>
      </Modal>
    </>
  );
}
