import { COIN_PACKS, type PremiumPlan, premiumCoinsGain } from "@inkwell/shared";
import { BookOpen, Coins, Palette, ShieldCheck } from "lucide";
import { useState } from "react";
import { apiContext } from "../api/context.ts";
import { Icon } from "../components/icon.tsx";
import { PremiumMembership } from "../features/premium/premium-membership.tsx";
import { PremiumPlans } from "../features/premium/premium-plans.tsx";
import { t } from "../i18n/index.ts";
import { useCurrentUser } from "../lib/current-user.ts";
import "../styles/premium.css";
import type { Route } from "./+types/premium";

export async function loader({ context }: Route.LoaderArgs) {
  return {
    status: await context
      .get(apiContext)
      .premiumStatus()
      .catch(() => null),
  };
}

export const meta = () => [{ title: `${t.premium.title} · ${t.brand}` }];

/**
 * /premium, the subscribe page (reader.md §2, §6; writer-paid-contest.md §9; decisions 023,
 * 035): what Premium gives, the plans and subscribing to one, or a member's own plan.
 * Where no checkout is set up it says subscriptions open soon instead of offering one.
 */
export default function PremiumPage({ loaderData }: Route.ComponentProps) {
  const user = useCurrentUser();
  const { status } = loaderData;
  const [subscribed, setSubscribed] = useState<PremiumPlan | null>(null);
  const subscription = status?.subscription ?? null;
  return (
    <section className="page-section premium-page" aria-labelledby="premium-heading">
      <h1 id="premium-heading">{t.premium.title}</h1>
      <p className="premium-page__lead">{t.premium.lead}</p>
      <p role="status" className="premium-page__welcome live-region">
        {subscribed && t.premium.welcome(subscribed.name)}
      </p>
      {subscription ? (
        <PremiumMembership subscription={subscription} />
      ) : status?.onSale && !user?.isPremium ? (
        <PremiumPlans plans={status.plans} onSubscribed={setSubscribed} />
      ) : (
        <div className="premium-page__status" role="note">
          <h2>{user?.isPremium ? t.premium.memberTitle : t.premium.soonTitle}</h2>
          <p>{user?.isPremium ? t.premium.memberText : t.premium.soonText}</p>
        </div>
      )}
      <h2 className="premium-page__benefits-heading">{t.premium.benefitsLabel}</h2>
      <ul className="premium-page__benefits">
        <li>
          <Icon of={BookOpen} aria-hidden="true" size={28} />
          <h3>{t.premium.picksTitle}</h3>
          <p>{t.premium.picksText}</p>
          <a href="/catalog/premiumpicks">{t.premium.seePicks}</a>
        </li>
        <li>
          <Icon of={ShieldCheck} aria-hidden="true" size={28} />
          <h3>{t.premium.adsTitle}</h3>
          <p>{t.premium.adsText}</p>
        </li>
        <li>
          <Icon of={Palette} aria-hidden="true" size={28} />
          <h3>{t.premium.themesTitle}</h3>
          <p>{t.premium.themesText}</p>
        </li>
        <li>
          <Icon of={Coins} aria-hidden="true" size={28} />
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
