import type { PremiumPlanId, PremiumStatus } from "@inkwell/shared";
import { json, type Requests } from "./http.ts";

export const premiumCalls = ({ get, call }: Requests) => ({
  /** The Premium plans, whether they are on sale, and this reader's subscription. */
  premiumStatus: () => get<PremiumStatus>("/v5/premium/subscription"),
  /** Subscribes to a plan; a retry with the same requestId subscribes once. */
  subscribePremium: (plan: PremiumPlanId, requestId: string) =>
    call<PremiumStatus>("/v5/premium/subscription", json("POST", { plan, requestId })),
  /** Cancels the renewal (renews false), or turns it back on. */
  setPremiumRenewal: (renews: boolean) =>
    call<PremiumStatus>("/v5/premium/subscription", json("PATCH", { renews })),
});
