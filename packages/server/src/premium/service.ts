import {
  PREMIUM_PLANS,
  type PremiumPlan,
  type PremiumStatus,
  premiumPeriodEnd,
  premiumPlanById,
} from "@inkwell/shared";
import { type Kysely, sql } from "kysely";
import type { Checkout } from "../coins/checkout.ts";
import { charge, credit } from "../coins/service.ts";
import type { Database } from "../db/schema.ts";
import { HttpError } from "../http/errors.ts";
import { isoOrNull } from "../stories/cards.ts";
import type { MaybeViewer, Viewer } from "../viewer.ts";

const memberOf = (db: Kysely<Database>, userId: number) =>
  db
    .selectFrom("users")
    .select(["is_premium", "premium_plan", "premium_until", "premium_renews"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();

/** GET /v5/premium/subscription: the plans, whether they are on sale, and this reader's. */
export async function premiumStatus(
  db: Kysely<Database>,
  checkout: Checkout | null,
  viewer: MaybeViewer,
): Promise<PremiumStatus> {
  const status = { plans: [...PREMIUM_PLANS], onSale: checkout !== null };
  if (!viewer?.isPremium) return { ...status, subscription: null };
  const member = await memberOf(db, viewer.id);
  // Premium given by staff has no plan of its own: it reads as Premium.
  const plan = premiumPlanById(member.premium_plan ?? "") ?? (PREMIUM_PLANS[0] as PremiumPlan);
  return {
    ...status,
    subscription: {
      plan: plan.id,
      renews: member.premium_renews === 1,
      periodEnd: isoOrNull(member.premium_until),
    },
  };
}

/**
 * Pays a month of the plan and makes the member Premium until it ends; Premium+ adds its
 * Coins. The payment is recorded as pending before the checkout runs: one pending payment
 * per reader, so a second subscribe request (another tab, a double click) is refused
 * instead of charged. A new subscription (`renewal` false) is also refused once the reader
 * is a member, checked after the pending row is in, so one that just finished counts.
 */
async function payMonth(
  db: Kysely<Database>,
  checkout: Checkout,
  userId: number,
  plan: PremiumPlan,
  { requestId, periodStart, renewal }: { requestId: string; periodStart: number; renewal: boolean },
  now: number,
): Promise<"paid" | "taken" | "member"> {
  const periodEnd = premiumPeriodEnd(periodStart);
  const pending = await db
    .insertInto("premium_payments")
    .values({
      user_id: userId,
      request_id: requestId,
      plan: plan.id,
      price: plan.price,
      status: "pending",
      checkout: checkout.name,
      period_start: periodStart,
      period_end: periodEnd,
      created_at: now,
    })
    .onConflict((oc) => oc.doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!pending) return "taken";
  if (!renewal && (await memberOf(db, userId)).is_premium === 1) {
    await db.deleteFrom("premium_payments").where("id", "=", pending.id).execute();
    return "member";
  }
  let reference: string;
  try {
    ({ reference } = await charge(checkout, {
      userId,
      item: plan.id,
      price: plan.price,
      requestId,
    }));
  } catch (error) {
    await db.deleteFrom("premium_payments").where("id", "=", pending.id).execute();
    throw error;
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("premium_payments")
      .set({ status: "paid", reference })
      .where("id", "=", pending.id)
      .execute();
    await trx
      .updateTable("users")
      .set({ is_premium: 1, premium_plan: plan.id, premium_until: periodEnd, premium_renews: 1 })
      .where("id", "=", userId)
      .execute();
    if (plan.monthlyCoins > 0) await credit(trx, userId, plan.monthlyCoins, "premium", now);
  });
  return "paid";
}

/** POST /v5/premium/subscription: subscribe to a plan, paying its first month now. */
export async function subscribe(
  db: Kysely<Database>,
  checkout: Checkout | null,
  viewer: Viewer,
  order: { plan: string; requestId: string },
  now = Date.now(),
): Promise<PremiumStatus> {
  if (!checkout) {
    throw new HttpError(503, "checkout_unavailable", "Premium can't be bought right now.");
  }
  const plan = premiumPlanById(order.plan);
  if (!plan) throw new HttpError(400, "invalid", "There is no such plan.");
  const earlier = await db
    .selectFrom("premium_payments")
    .select("status")
    .where("user_id", "=", viewer.id)
    .where("request_id", "=", order.requestId)
    .executeTakeFirst();
  if (earlier?.status === "paid")
    return premiumStatus(db, checkout, { ...viewer, isPremium: true });
  if (viewer.isPremium) {
    throw new HttpError(409, "already_premium", "You're already a Premium member.");
  }
  const paid = await payMonth(
    db,
    checkout,
    viewer.id,
    plan,
    { requestId: order.requestId, periodStart: now, renewal: false },
    now,
  );
  if (paid === "member") {
    throw new HttpError(409, "already_premium", "You're already a Premium member.");
  }
  if (paid === "taken") {
    throw new HttpError(409, "in_progress", "Your subscription is already on its way.");
  }
  return premiumStatus(db, checkout, { ...viewer, isPremium: true });
}

/** PATCH /v5/premium/subscription: cancel the renewal (Premium lasts to the month's end) or
 * turn it back on. */
export async function setRenewal(
  db: Kysely<Database>,
  checkout: Checkout | null,
  viewer: Viewer,
  renews: boolean,
): Promise<PremiumStatus> {
  const changed = await db
    .updateTable("users")
    .set({ premium_renews: renews ? (1 as const) : (0 as const) })
    .where("id", "=", viewer.id)
    .where("is_premium", "=", 1)
    .where("premium_until", "is not", null)
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) !== 1) {
    throw new HttpError(409, "not_subscribed", "You have no subscription to change.");
  }
  return premiumStatus(db, checkout, viewer);
}

/** Members whose paid month has ended by `now`. */
export function dueRenewals(db: Kysely<Database>, now: number) {
  return (
    db
      .selectFrom("users")
      .select(["id", "premium_plan", "premium_until", "premium_renews"])
      // A literal, as the users_premium_until index is only for is_premium = 1.
      .where("is_premium", "=", sql.lit(1))
      .where("premium_until", "<=", now)
  );
}

/**
 * The renewal job: every member whose paid month has ended is charged for the next one
 * when it renews (the request key names the member and the month, so of several runners
 * one charges), and loses Premium when it does not or the payment is declined.
 */
export async function renewDuePremium(
  db: Kysely<Database>,
  checkout: Checkout | null,
  now = Date.now(),
): Promise<void> {
  const due = await dueRenewals(db, now).execute();
  for (const member of due) {
    const until = Number(member.premium_until);
    const plan = premiumPlanById(member.premium_plan ?? "");
    // Without a checkout (a configuration gap) a renewing member keeps Premium: the month is
    // charged, from its start, once a checkout is back.
    if (member.premium_renews === 1 && plan && !checkout) continue;
    if (member.premium_renews === 1 && checkout && plan) {
      try {
        // Paid, or another runner has this month in hand.
        await payMonth(
          db,
          checkout,
          member.id,
          plan,
          { requestId: `renewal-${until}`, periodStart: until, renewal: true },
          now,
        );
        continue;
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
      }
    }
    await db
      .updateTable("users")
      .set({ is_premium: 0, premium_renews: 0 })
      .where("id", "=", member.id)
      .where("premium_until", "=", until)
      .execute();
  }
}

/** Renews and ends Premium while the server runs (within a minute of a month's end). */
export function schedulePremiumRenewals(
  db: Kysely<Database>,
  checkout: Checkout | null,
  onError: (error: unknown) => void,
): () => void {
  const timer = setInterval(() => renewDuePremium(db, checkout).catch(onError), 60_000);
  timer.unref();
  return () => clearInterval(timer);
}

/** A member's payments, newest first (the account data export). */
export function premiumPaymentsOf(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom("premium_payments")
    .select(["plan", "price", "status", "checkout", "reference", "period_start", "period_end"])
    .where("user_id", "=", userId)
    .orderBy("id", "desc")
    .execute();
}
