import { randomUUID } from "node:crypto";
import {
  type CoinPackOffer,
  type PremiumStatus,
  premiumPeriodEnd,
  type WalletEntry,
} from "@inkwell/shared";
import { describe, expect, it } from "vitest";
import { createApi } from "../app.ts";
import { type Checkout, CheckoutDeclined, demoCheckout } from "../coins/checkout.ts";
import { useTestApi } from "../testing/api.ts";
import { signedInUser } from "../testing/fixtures.ts";
import { renewDuePremium } from "./service.ts";

const t = useTestApi();
const PATH = "/v5/premium/subscription";

const send = (
  method: "POST" | "PATCH",
  who: { cookie: string } | null,
  body: unknown,
  api = t.api,
) =>
  api.request(PATH, {
    method,
    headers: { "content-type": "application/json", ...(who && { cookie: who.cookie }) },
    body: JSON.stringify(body),
  });

const order = (plan: string) => ({ plan, requestId: randomUUID() });

async function statusOf(who: { cookie: string } | null, api = t.api): Promise<PremiumStatus> {
  const response = await api.request(PATH, { headers: who ? { cookie: who.cookie } : {} });
  expect(response.status).toBe(200);
  return (await response.json()) as PremiumStatus;
}

async function coinsOf(who: { id: number; cookie: string }): Promise<number> {
  const response = await t.send("GET", `/v5/users/${who.id}/wallet`, who);
  return ((await response.json()) as WalletEntry[])[0]?.amount ?? 0;
}

const paymentsOf = (userId: number) =>
  t.handle.db
    .selectFrom("premium_payments")
    .select(["plan", "price", "status", "period_start", "period_end"])
    .where("user_id", "=", userId)
    .orderBy("id")
    .execute();

const memberRow = (userId: number) =>
  t.handle.db
    .selectFrom("users")
    .select(["is_premium", "premium_plan", "premium_until", "premium_renews"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();

const declining: Checkout = {
  name: "declining",
  charge: async () => {
    throw new CheckoutDeclined("Your card was declined.");
  },
};

describe("the Premium plans", () => {
  it("are on sale with a checkout, and a visitor has no subscription", async () => {
    expect(await statusOf(null)).toEqual({
      plans: [
        { id: "premium", name: "Premium", price: "5.99", monthlyCoins: 0 },
        { id: "premium_plus", name: "Premium+", price: "8.99", monthlyCoins: 100 },
      ],
      onSale: true,
      subscription: null,
    });
    const closed = createApi(t.handle, { checkout: null });
    expect((await statusOf(null, closed)).onSale).toBe(false);
    const reader = await signedInUser(t.handle.db);
    const refused = await send("POST", reader, order("premium"), closed);
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as { code: string }).code).toBe("checkout_unavailable");
  });
});

describe("subscribing", () => {
  it("pays the first month, makes the reader a member until it ends, and adds Premium+'s Coins", async () => {
    const reader = await signedInUser(t.handle.db);
    const before = Date.now();
    const body = order("premium_plus");
    const response = await send("POST", reader, body);
    expect(response.status).toBe(200);
    const status = (await response.json()) as PremiumStatus;
    expect(status.subscription).toMatchObject({ plan: "premium_plus", renews: true });
    const periodEnd = Date.parse(status.subscription?.periodEnd ?? "");
    expect(periodEnd).toBeGreaterThanOrEqual(premiumPeriodEnd(before));
    expect(periodEnd).toBeLessThanOrEqual(premiumPeriodEnd(Date.now()));
    expect(await coinsOf(reader)).toBe(100);
    expect(await paymentsOf(reader.id)).toEqual([
      expect.objectContaining({ plan: "premium_plus", price: "8.99", status: "paid" }),
    ]);

    // A member now: Premium Coin packs, and no second subscription.
    const packs = (await (
      await t.send("GET", "/v5/coins/packs", reader)
    ).json()) as CoinPackOffer[];
    expect(packs[0]?.value).toBe(15);
    expect((await statusOf(reader)).subscription?.plan).toBe("premium_plus");
    const again = await send("POST", reader, order("premium"));
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      code: "already_premium",
      message: "You're already a Premium member.",
    });
    // The same request again answers what it did, and charges nothing more.
    const retried = await send("POST", reader, body);
    expect(retried.status).toBe(200);
    expect(await paymentsOf(reader.id)).toHaveLength(1);
    expect(await coinsOf(reader)).toBe(100);

    const exported = await t.send("GET", `/api/v3/users/${reader.username}/export`, reader);
    expect(((await exported.json()) as { premiumPayments: unknown[] }).premiumPayments).toEqual([
      expect.objectContaining({ plan: "premium_plus", price: "8.99", status: "paid" }),
    ]);
  });

  it("refuses bad input with a clear message and changes nothing", async () => {
    const reader = await signedInUser(t.handle.db);
    const cases: [unknown, RegExp][] = [
      [order("gold"), /plan must be one of premium, premium_plus/],
      [{ plan: "premium", requestId: "1" }, /requestId must be a UUID/],
      [{ ...order("premium"), price: "0.01" }, /price/],
    ];
    for (const [body, message] of cases) {
      const response = await send("POST", reader, body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(message);
    }
    expect((await send("POST", null, order("premium"))).status).toBe(401);
    expect((await send("PATCH", reader, { renews: "no" })).status).toBe(400);
    expect(await memberRow(reader.id)).toMatchObject({ is_premium: 0, premium_plan: null });
    expect(await paymentsOf(reader.id)).toEqual([]);
  });

  it("goes through once when a reader sends several subscriptions at the same time", async () => {
    const reader = await signedInUser(t.handle.db);
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => send("POST", reader, order("premium_plus"))),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    expect(await paymentsOf(reader.id)).toHaveLength(1);
    expect(await coinsOf(reader)).toBe(100);
  });

  it("makes nobody a member when the payment is declined", async () => {
    const reader = await signedInUser(t.handle.db);
    const api = createApi(t.handle, { checkout: declining });
    const response = await send("POST", reader, order("premium"), api);
    expect(response.status).toBe(402);
    expect(await response.json()).toEqual({
      code: "payment_declined",
      message: "Your card was declined.",
    });
    expect(await memberRow(reader.id)).toMatchObject({ is_premium: 0 });
    expect(await paymentsOf(reader.id)).toEqual([]);
    // Nothing is left pending: a later payment goes through.
    expect((await send("POST", reader, order("premium"))).status).toBe(200);
  });
});

describe("renewing and cancelling", () => {
  it("renews a month that has ended, once however many runners try, with Premium+'s Coins", async () => {
    const reader = await signedInUser(t.handle.db);
    await send("POST", reader, order("premium_plus"));
    const first = await memberRow(reader.id);
    const end = Number(first.premium_until);
    // Other tests' members are due too: what counts is this reader's month.
    await renewDuePremium(t.handle.db, demoCheckout, end - 1);
    expect(await paymentsOf(reader.id)).toHaveLength(1);
    await Promise.all([
      renewDuePremium(t.handle.db, demoCheckout, end + 1),
      renewDuePremium(t.handle.db, demoCheckout, end + 1),
    ]);
    expect(await memberRow(reader.id)).toMatchObject({
      is_premium: 1,
      premium_until: premiumPeriodEnd(end),
      premium_renews: 1,
    });
    const payments = await paymentsOf(reader.id);
    expect(payments).toHaveLength(2);
    expect(payments[1]).toMatchObject({ period_start: end, period_end: premiumPeriodEnd(end) });
    expect(await coinsOf(reader)).toBe(200);
  });

  it("ends Premium at the month's end once cancelled, and can be resumed before", async () => {
    const reader = await signedInUser(t.handle.db);
    await send("POST", reader, order("premium"));
    const cancelled = await send("PATCH", reader, { renews: false });
    expect(cancelled.status).toBe(200);
    expect(((await cancelled.json()) as PremiumStatus).subscription?.renews).toBe(false);
    const resumed = (await (await send("PATCH", reader, { renews: true })).json()) as PremiumStatus;
    expect(resumed.subscription?.renews).toBe(true);
    await send("PATCH", reader, { renews: false });

    const end = Number((await memberRow(reader.id)).premium_until);
    await renewDuePremium(t.handle.db, demoCheckout, end + 1);
    expect(await memberRow(reader.id)).toMatchObject({ is_premium: 0, premium_renews: 0 });
    expect(await paymentsOf(reader.id)).toHaveLength(1);
    expect((await statusOf(reader)).subscription).toBeNull();
    const notMember = await send("PATCH", reader, { renews: true });
    expect(notMember.status).toBe(409);
    expect(((await notMember.json()) as { code: string }).code).toBe("not_subscribed");
  });

  it("keeps a renewing member's Premium while no checkout is set up, and charges that month later", async () => {
    const reader = await signedInUser(t.handle.db);
    await send("POST", reader, order("premium"));
    const end = Number((await memberRow(reader.id)).premium_until);
    await renewDuePremium(t.handle.db, null, end + 1);
    expect(await memberRow(reader.id)).toMatchObject({ is_premium: 1, premium_until: end });
    await renewDuePremium(t.handle.db, demoCheckout, end + 2 * 86_400_000);
    expect(await memberRow(reader.id)).toMatchObject({
      is_premium: 1,
      premium_until: premiumPeriodEnd(end),
    });
    expect((await paymentsOf(reader.id))[1]).toMatchObject({ period_start: end, status: "paid" });
  });

  it("ends Premium when the renewal payment is declined", async () => {
    const reader = await signedInUser(t.handle.db);
    await send("POST", reader, order("premium"));
    const end = Number((await memberRow(reader.id)).premium_until);
    await renewDuePremium(t.handle.db, declining, end + 1);
    expect(await memberRow(reader.id)).toMatchObject({ is_premium: 0 });
    expect(await paymentsOf(reader.id)).toHaveLength(1);
  });

  it("leaves Premium given by staff alone: it has no end and no renewal to change", async () => {
    const member = await signedInUser(t.handle.db, { is_premium: 1 });
    expect((await statusOf(member)).subscription).toEqual({
      plan: "premium",
      renews: false,
      periodEnd: null,
    });
    expect((await send("PATCH", member, { renews: false })).status).toBe(409);
    await renewDuePremium(t.handle.db, demoCheckout, Date.now() + 400 * 86_400_000);
    expect(await memberRow(member.id)).toMatchObject({ is_premium: 1 });
  });
});
