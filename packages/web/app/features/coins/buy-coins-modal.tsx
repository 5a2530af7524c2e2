import { useState } from "react";
import { Modal } from "../../components/modal.tsx";
import { t } from "../../i18n/index.ts";
import "../../styles/coins.css";
import { ScriptButton } from "../../components/script-button.tsx";

const APP_STORE_URL = "https://apps.apple.com/app/inkwell";
const GOOGLE_PLAY_URL = "https://play.google.com/store/apps/details?id=app.inkwell";

/**
 * The buy-coins how-to (reader.md §2, §6; writer-paid-contest.md §1: Coins are bought only in
 * the mobile app): three steps, with the store links on phones (coins.css hides them wider).
 * The paywall opens it with `notice` saying what the reader is short of.
 */
export function BuyCoinsModal({
  open,
  onClose,
  notice,
}: {
  open: boolean;
  onClose: () => void;
  notice?: string;
}) {
  return (
    <Modal open={open} title={t.coins.howToBuyCoins} onClose={onClose}>
      <div className="modal__form coins-howto">
        {notice && <p className="coins-howto__notice">{notice}</p>}
        <ol className="coins-howto__steps">
          {t.coins.coinsSteps.map((step) => (
            <li key={step.heading}>
              <h3>{step.heading}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
        <nav className="coins-howto__stores" aria-label={t.coins.storesLabel}>
          <a className="button" href={APP_STORE_URL}>
            {t.coins.appStore}
          </a>
          <a className="button" href={GOOGLE_PLAY_URL}>
            {t.coins.googlePlay}
          </a>
        </nav>
        <ScriptButton className="button button--primary" onClick={onClose}>
          {t.coins.gotIt}
        </ScriptButton>
      </div>
    </Modal>
  );
}

/** A button opening the how-to (the home feed's Coins section, the sign-up success page). */
export function HowToBuyCoins() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <ScriptButton className="button" onClick={() => setOpen(true)}>
        {t.coins.howToBuyCoins}
      </ScriptButton>
      <BuyCoinsModal open={open} onClose={() => setOpen(false)} />
    </>
  );
}
