import { HowToBuyCoins } from "../features/coins/buy-coins-modal.tsx";
import { MerchNotice } from "../features/home/merch-notice.tsx";
import { t } from "../i18n/index.ts";
import "../styles/home.css";

export const meta = () => [{ title: `${t.onboarding.doneTitle} · ${t.brand}` }];

/**
 * The end of onboarding (reader.md §2): 'All done' and on to the reader's home, with the
 * buy-coins how-to and the merch notice for readers who look further.
 */
export default function StartSuccess() {
  return (
    <section className="onboarding" aria-labelledby="done-heading">
      <h1 id="done-heading">{t.onboarding.doneTitle}</h1>
      <p>{t.onboarding.doneText}</p>
      <a className="button button--primary button--large" href="/home">
        {t.onboarding.startReading}
      </a>
      <div className="onboarding__extras">
        <HowToBuyCoins />
        <MerchNotice />
      </div>
    </section>
  );
}
