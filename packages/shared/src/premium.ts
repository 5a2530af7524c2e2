/**
 * Premium subscriptions (reader.md §1, §2 /premium; docs/decisions/035): the plans, and how
 * long a paid month lasts. The spec names Premium and Premium+ and nothing of their prices
 * or what Premium+ adds: both are ours.
 */

export const PREMIUM_PLAN_IDS = ["premium", "premium_plus"] as const;
export type PremiumPlanId = (typeof PREMIUM_PLAN_IDS)[number];

export interface PremiumPlan {
  id: PremiumPlanId;
  name: string;
  /** A month's price in US dollars, as "5.99". */
  price: string;
  /** Coins added to the wallet with each paid month (Premium+ only). */
  monthlyCoins: number;
}

export const PREMIUM_PLANS: readonly PremiumPlan[] = [
  { id: "premium", name: "Premium", price: "5.99", monthlyCoins: 0 },
  { id: "premium_plus", name: "Premium+", price: "8.99", monthlyCoins: 100 },
];

export function premiumPlanById(id: string): PremiumPlan | undefined {
  return PREMIUM_PLANS.find((plan) => plan.id === id);
}

/**
 * When a month of Premium started at `start` ends: the same day and time next month (UTC),
 * or the month's last day when it has no such day (31 January ends on 28 or 29 February).
 */
export function premiumPeriodEnd(start: number): number {
  const date = new Date(start);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(
    year,
    month,
    Math.min(date.getUTCDate(), lastDay),
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
    date.getUTCMilliseconds(),
  );
}
