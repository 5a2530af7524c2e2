import { randomUUID } from "node:crypto";
import type { CoinPackOffer, CoinPackPurchase, WalletEntry } from "@inkwell/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../app.ts";
import { accountLimiters } from "../http/rate-limit.ts";
import { useTestApi } from "../testing/api.ts";
import { signedInUser } from "../testing/fixtures.ts";
import { type Checkout, CheckoutDeclined } from "./checkout.ts";

const t = useTestApi();
let admin: Awaited<ReturnType<typeof signedInUser>>;

const buy = (who: { cookie: string } | null, body: unknown, api = t.api) =>
  api.request("/v5/coins/purchase", {
    method: "POST",
    headers: { "content-type": "application/json", ...(who && { cookie: who.cookie }) },
    body: JSON.stringify(body),
  });

const order = (packId: string) => ({ packId, requestId: randomUUID() });

async function balanceOf(who: { id: number; cookie: string }): Promise<number> {
  const response = await t.send("GET", `/v5/users/${who.id}/wallet`, who);
  const [wallet] = (await response.json()) as WalletEntry[];
  return wallet?.amount ?? 0;
}

const purchasesOf = (userId: number) =>
  t.handle.db
    .selectFrom("coin_purchases")
    .select(["pack_id", "coins", "price", "checkout"])
    .where("user_id", "=", userId)
    .orderBy("id")
    .execute();

async function setWebPurchasing(enabled: boolean) {
  const response = await t.send("PUT", "/api/v3/internal/features/WEB_COIN_PURCHASING", admin, {
    enabled,
  });
  expect(response.status).toBe(200);
}

beforeAll(async () => {
  admin = await signedInUser(t.handle.db, { is_sysadmin: 1 });
});

describe("the Coin Shop's packs", () => {
  it("offers a visitor or a reader the standard packs with what Premium would add", async () => {
    const response = await t.get("/v5/coins/packs");
    expect(response.status).toBe(200);
    const packs = (await response.json()) as CoinPackOffer[];
    expect(packs.map((pack) => [pack.id, pack.value, pack.price, pack.featured])).toEqual([
      ["coins_9", 9, "0.99", false],
      ["coins_74", 74, "3.99", true],
      ["coins_244", 244, "8.99", false],
      ["coins_400", 400, "13.99", false],
    ]);
    expect(packs[3]).toMatchObject({
      premium_value: 533,
      illustration_url: "/images/coins/coins_400.svg",
    });
  });

  it("offers a Premium member the premium bonus packs", async () => {
    const member = await signedInUser(t.handle.db, { is_premium: 1 });
    const response = await t.send("GET", "/v5/coins/packs", member);
    const packs = (await response.json()) as CoinPackOffer[];
    expect(packs.map((pack) => pack.value)).toEqual([15, 99, 325, 533]);
    expect(packs[0]).toMatchObject({ non_premium_value: 9 });
    expect(packs[0]).not.toHaveProperty("premium_value");
  });
});

describe("buying a pack", () => {
  it("is refused while WEB_COIN_PURCHASING is off, and nothing is added", async () => {
    const reader = await signedInUser(t.handle.db);
    const response = await buy(reader, order("coins_74"));
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      code: "coin_purchasing_off",
      message: "Coins can only be bought in the app for now.",
    });
    expect(await balanceOf(reader)).toBe(0);
    expect(await purchasesOf(reader.id)).toEqual([]);
  });

  it("adds the pack's Coins, more for Premium members, with a ledger entry", async () => {
    await setWebPurchasing(true);
    const reader = await signedInUser(t.handle.db);
    const response = await buy(reader, order("coins_74"));
    expect(response.status).toBe(200);
    expect((await response.json()) as CoinPackPurchase).toEqual({
      packId: "coins_74",
      coinsAdded: 74,
      previousBalance: 0,
      balance: 74,
    });
    const again = (await (await buy(reader, order("coins_9"))).json()) as CoinPackPurchase;
    expect(again).toEqual({ packId: "coins_9", coinsAdded: 9, previousBalance: 74, balance: 83 });
    expect(await balanceOf(reader)).toBe(83);
    expect(await purchasesOf(reader.id)).toEqual([
      { pack_id: "coins_74", coins: 74, price: "3.99", checkout: "demo" },
      { pack_id: "coins_9", coins: 9, price: "0.99", checkout: "demo" },
    ]);
    const ledger = await t.handle.db
      .selectFrom("coin_transactions")
      .select(["amount", "reason"])
      .where("user_id", "=", reader.id)
      .orderBy("id")
      .execute();
    expect(ledger.map((row) => [Number(row.amount), row.reason])).toEqual([
      [74, "pack"],
      [9, "pack"],
    ]);

    const member = await signedInUser(t.handle.db, { is_premium: 1 });
    const bonus = (await (await buy(member, order("coins_400"))).json()) as CoinPackPurchase;
    expect(bonus).toMatchObject({ coinsAdded: 533, balance: 533 });
  });

  it("refuses bad input with a clear message and changes nothing", async () => {
    await setWebPurchasing(true);
    const reader = await signedInUser(t.handle.db);
    const cases: [unknown, RegExp][] = [
      [order("coins_75"), /packId must be one of coins_9, coins_74, coins_244, coins_400/],
      [{ packId: "coins_9", requestId: "again" }, /requestId must be a UUID/],
      [{ packId: "coins_9" }, /requestId/],
      [{ ...order("coins_9"), coins: 5000 }, /coins/],
    ];
    for (const [body, message] of cases) {
      const response = await buy(reader, body);
      expect(response.status).toBe(400);
      const error = (await response.json()) as { code: string; message: string };
      expect(error.message).toMatch(message);
    }
    const visitor = await buy(null, order("coins_9"));
    expect(visitor.status).toBe(401);
    expect(await balanceOf(reader)).toBe(0);
    expect(await purchasesOf(reader.id)).toEqual([]);
  });

  it("buys once for a repeated request, and exactly once per request when they race", async () => {
    await setWebPurchasing(true);
    const reader = await signedInUser(t.handle.db);
    const same = order("coins_244");
    const repeats = await Promise.all(Array.from({ length: 10 }, () => buy(reader, same)));
    const answers = await Promise.all(repeats.map((r) => r.json() as Promise<CoinPackPurchase>));
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(answers[0]).toEqual({
      packId: "coins_244",
      coinsAdded: 244,
      previousBalance: 0,
      balance: 244,
    });
    expect(await balanceOf(reader)).toBe(244);

    const responses = await Promise.all(
      Array.from({ length: 20 }, () => buy(reader, order("coins_9"))),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200));
    expect(await balanceOf(reader)).toBe(244 + 20 * 9);
    expect(await purchasesOf(reader.id)).toHaveLength(21);
  });

  it("answers 503 when no checkout is set up, and adds nothing when the payment is declined", async () => {
    await setWebPurchasing(true);
    const reader = await signedInUser(t.handle.db);
    const closed = await buy(reader, order("coins_9"), createApi(t.handle, { checkout: null }));
    expect(closed.status).toBe(503);
    expect(((await closed.json()) as { code: string }).code).toBe("checkout_unavailable");

    const declining: Checkout = {
      name: "declining",
      charge: async () => {
        throw new CheckoutDeclined("Your card was declined.");
      },
    };
    const declined = await buy(
      reader,
      order("coins_9"),
      createApi(t.handle, { checkout: declining }),
    );
    expect(declined.status).toBe(402);
    expect(await declined.json()).toEqual({
      code: "payment_declined",
      message: "Your card was declined.",
    });
    expect(await balanceOf(reader)).toBe(0);
    expect(await purchasesOf(reader.id)).toEqual([]);
  });

  it("lets a buyer make 10 purchases a minute", async () => {
    await setWebPurchasing(true);
    const reader = await signedInUser(t.handle.db);
    const api = createApi(t.handle, { limits: accountLimiters() });
    for (let i = 0; i < 10; i++)
      expect((await buy(reader, order("coins_9"), api)).status).toBe(200);
    const over = await buy(reader, order("coins_9"), api);
    expect(over.status).toBe(429);
    expect(await balanceOf(reader)).toBe(90);
  });

  it("lists a buyer's packs in their data export", async () => {
    await setWebPurchasing(true);
    const reader = await signedInUser(t.handle.db);
    await buy(reader, order("coins_74"));
    const response = await t.send("GET", `/api/v3/users/${reader.username}/export`, reader);
    const data = (await response.json()) as { coinPurchases: unknown[] };
    expect(data.coinPurchases).toEqual([
      expect.objectContaining({ pack_id: "coins_74", coins: 74, price: "3.99", checkout: "demo" }),
    ]);
  });
});
