import { useState } from "react";
import { Modal } from "../../components/modal.tsx";
import { t } from "../../i18n/index.ts";

const APP_STORE_URL = "https://apps.apple.com/app/inkwell";
const GOOGLE_PLAY_URL = "https://play.google.com/store/apps/details?id=app.inkwell";

/**
 * The buy-coins how-to (reader.md §2, §6: Coins are bought only in the mobile app): a
 * button opening three steps, with the store links on phones (home.css hides them wider).
 */
export function HowToBuyCoins() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button" onClick={() => setOpen(true)}>
        {t.feed.howToBuyCoins}
      </button>
      <Modal open={open} title={t.feed.howToBuyCoins} onClose={() => setOpen(false)}>
        <div className="modal__form coins-howto">
          <ol className="coins-howto__steps">
            {t.feed.coinsSteps.map((step) => (
              <li key={step.heading}>
                <h3>{step.heading}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
          <nav className="coins-howto__stores" aria-label={t.feed.storesLabel}>
            <a className="button" href={APP_STORE_URL}>
              {t.feed.appStore}
            </a>
            <a className="button" href={GOOGLE_PLAY_URL}>
              {t.feed.googlePlay}
            </a>
          </nav>
          <button type="button" className="button button--primary" onClick={() => setOpen(false)}>
            {t.feed.gotIt}
          </button>
        </div>
      </Modal>
    </>
  );
}
