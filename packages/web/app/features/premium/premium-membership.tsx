import { formatZonedDate, type PremiumStatus, premiumPlanById } from "@inkwell/shared";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { browserApi } from "../../api/client.ts";
import { useLiveMessage } from "../../components/alert.tsx";
import { BusyButton } from "../../components/busy-button.tsx";
import { ConfirmModal } from "../../components/confirm-modal.tsx";
import { Toast } from "../../components/toast.tsx";
import { t } from "../../i18n/index.ts";
import { useTimeZone } from "../../lib/use-time-zone.ts";

type Subscription = NonNullable<PremiumStatus["subscription"]>;

/**
 * A member's plan on /premium: when it renews or ends, and the switch between the two.
 * Cancelling asks first and keeps Premium to the end of the paid month. Premium given by
 * staff (no end) has nothing to change.
 */
export function PremiumMembership({ subscription }: { subscription: Subscription }) {
  const timeZone = useTimeZone();
  const revalidator = useRevalidator();
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useLiveMessage<string>();
  const plan = premiumPlanById(subscription.plan);

  async function setRenewal(renews: boolean) {
    setSaving(true);
    const result = await browserApi()
      .setPremiumRenewal(renews)
      .catch(() => null);
    setSaving(false);
    setConfirming(false);
    if (result?.ok) await revalidator.revalidate();
    else setError(result?.refusal.message ?? t.premium.failed);
  }

  const ends = subscription.periodEnd && formatZonedDate(subscription.periodEnd, timeZone);
  return (
    <div className="premium-page__status" role="note">
      <h2>{plan ? t.premium.planMember(plan.name) : t.premium.memberTitle}</h2>
      {ends ? (
        <>
          <p>{subscription.renews ? t.premium.renewsOn(ends) : t.premium.endsOn(ends)}</p>
          <BusyButton
            type="button"
            className="button premium-page__renewal"
            busy={saving}
            onClick={() => (subscription.renews ? setConfirming(true) : setRenewal(true))}
          >
            {subscription.renews ? t.premium.cancelRenewal : t.premium.resumeRenewal}
          </BusyButton>
        </>
      ) : (
        <p>{t.premium.memberText}</p>
      )}
      <ConfirmModal
        open={confirming}
        title={t.premium.cancelTitle}
        text={t.premium.cancelText(ends ?? "")}
        cancelLabel={t.premium.keepPremium}
        confirmLabel={t.premium.confirmCancel}
        busy={saving}
        onCancel={() => setConfirming(false)}
        onConfirm={() => setRenewal(false)}
      />
      <Toast message={error} onDismiss={() => setError(null)} />
    </div>
  );
}
