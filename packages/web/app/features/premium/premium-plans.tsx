import type { PremiumPlan, PremiumStatus } from "@inkwell/shared";
import { Check } from "lucide";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { browserApi } from "../../api/client.ts";
import { ConfirmModal } from "../../components/confirm-modal.tsx";
import { Icon } from "../../components/icon.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { t } from "../../i18n/index.ts";
import { useCurrentUser } from "../../lib/current-user.ts";
import { usePurchaseKey } from "../../lib/purchase-key.ts";
import { wallet } from "../coins/wallet-store.ts";

/**
 * The plans on /premium for readers without Premium: what each includes and its monthly
 * price. Subscribing asks for confirmation, pays the first month, and reloads the page's
 * data so the reader's Premium shows at once; visitors are asked to log in.
 */
export function PremiumPlans({
  plans,
  onSubscribed,
}: {
  plans: PremiumStatus["plans"];
  onSubscribed: (plan: PremiumPlan) => void;
}) {
  const user = useCurrentUser();
  const revalidator = useRevalidator();
  const [chosen, setChosen] = useState<PremiumPlan | null>(null);
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const purchaseKey = usePurchaseKey();

  async function pay(plan: PremiumPlan) {
    setPaying(true);
    setError(null);
    const result = await browserApi()
      .subscribePremium(plan.id, purchaseKey.keyFor(plan.id))
      .catch(() => null);
    setPaying(false);
    if (result) purchaseKey.answered();
    if (result?.ok) {
      setChosen(null);
      onSubscribed(plan);
      if (user && plan.monthlyCoins > 0) wallet.reload(user.id);
      await revalidator.revalidate();
    } else {
      setError(result?.refusal.message ?? t.premium.failed);
    }
  }

  const loginUrl = `/login?${new URLSearchParams({ nextUrl: "/premium" })}`;
  return (
    <section className="premium-plans" aria-labelledby="premium-plans-heading">
      <h2 id="premium-plans-heading">{t.premium.plansHeading}</h2>
      <ul className="premium-plans__list">
        {plans.map((plan) => {
          const includes =
            plan.monthlyCoins > 0
              ? t.premium.plusIncludes(plan.monthlyCoins)
              : t.premium.premiumIncludes;
          return (
            <li key={plan.id} className="premium-plan">
              <h3 className="premium-plan__name">{plan.name}</h3>
              <p className="premium-plan__price">{t.premium.perMonth(plan.price)}</p>
              <ul className="premium-plan__includes" aria-label={t.premium.planIncludes(plan.name)}>
                {includes.map((line) => (
                  <li key={line}>
                    <Icon of={Check} aria-hidden="true" size={18} />
                    {line}
                  </li>
                ))}
              </ul>
              {user ? (
                <ScriptButton
                  className="button button--primary"
                  onClick={() => {
                    setError(null);
                    setChosen(plan);
                  }}
                >
                  {t.premium.subscribe(plan.name)}
                </ScriptButton>
              ) : (
                <a className="button button--primary" href={loginUrl}>
                  {t.premium.logInToSubscribe}
                </a>
              )}
            </li>
          );
        })}
      </ul>
      <ConfirmModal
        open={chosen !== null}
        title={chosen ? t.premium.confirmTitle(chosen.name) : ""}
        text={chosen ? t.premium.confirmText(chosen.price) : ""}
        cancelLabel={t.premium.cancel}
        confirmLabel={paying ? t.premium.paying : t.premium.pay(chosen?.price ?? "")}
        busy={paying}
        error={error}
        onCancel={() => setChosen(null)}
        onConfirm={() => chosen && pay(chosen)}
      />
    </section>
  );
}
