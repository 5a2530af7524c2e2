import { COIN_PACKS, premiumCoinsGain } from "@inkwell/shared";
import { BookOpen, Coins, Palette, ShieldCheck } from "lucide-react";
import { t } from "../i18n/index.ts";
import { useCurrentUser } from "../lib/current-user.ts";
import "../styles/premium.css";

export const meta = () => [{ title: `${t.premium.title} · ${t.brand}` }];

/**
 * /premium, the subscribe page (reader.md §2, §6; writer-paid-contest.md §9): what Premium
 * gives, and where a subscription stands. Subscriptions are not sold on the web yet
 * (docs/decisions/023), so it says so instead of offering a checkout.
 */
export default function PremiumPage() {
  const user = useCurrentUser();
  return (
    <section className="page-section premium-page" aria-labelledby="premium-heading">
      <h1 id="premium-heading">{t.premium.title}</h1>
      <p className="premium-page__lead">{t.premium.lead}</p>
      <div className="premium-page__status" role="note">
        <h2>{user?.isPremium ? t.premium.memberTitle : t.premium.soonTitle}</h2>
        <p>{user?.isPremium ? t.premium.memberText : t.premium.soonText}</p>
      </div>
      <h2 className="visually-hidden">{t.premium.benefitsLabel}</h2>
      <ul className="premium-page__benefits">
        <li>
          <BookOpen aria-hidden="true" size={28} />
          <h3>{t.premium.picksTitle}</h3>
          <p>{t.premium.picksText}</p>
          <a href="/catalog/premiumpicks">{t.premium.seePicks}</a>
        </li>
        <li>
          <ShieldCheck aria-hidden="true" size={28} />
          <h3>{t.premium.adsTitle}</h3>
          <p>{t.premium.adsText}</p>
        </li>
        <li>
          <Palette aria-hidden="true" size={28} />
          <h3>{t.premium.themesTitle}</h3>
          <p>{t.premium.themesText}</p>
        </li>
        <li>
          <Coins aria-hidden="true" size={28} />
          <h3>{t.premium.coinsTitle(premiumCoinsGain())}</h3>
          <p>{t.premium.coinsText}</p>
          <ul className="premium-page__packs" aria-label={t.premium.packsLabel}>
            {COIN_PACKS.map((pack) => (
              <li key={pack.id}>{t.premium.pack(pack.value, pack.premiumValue, pack.price)}</li>
            ))}
          </ul>
        </li>
      </ul>
    </section>
  );
}
