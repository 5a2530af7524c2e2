import {
  AUTHOR_THANKS,
  blockedMessage,
  bonusTypeNumber,
  COIN_PACKS,
  type CoinPackOffer,
  type CoinPackPurchase,
  coinPackById,
  coinPackOffer,
  coinsInPack,
  countNewParts,
  isStaffOrAdmin,
  type PaidContentMetadata,
  PRICE_ENTRY_ID,
  type PurchaseResult,
  type StorySale,
} from "@inkwell/shared";
import { type Kysely, sql } from "kysely";
import { readFeatures } from "../accounts/features.ts";
import { isPostgres } from "../db/engine.ts";
import { queryTemplate } from "../db/query-template.ts";
import type { Database } from "../db/schema.ts";
import { HttpError, notFound } from "../http/errors.ts";
import { premiumPicksOfStory } from "../premium-picks/wheel.ts";
import { isPublished, type PartRow, storySaleAt, toPartSummary } from "../stories/cards.ts";
import { ownPartsOf, publishedPartsOf, readableStory } from "../stories/service.ts";
import { isAuthorOrStaff, type MaybeViewer, type Viewer } from "../viewer.ts";
import { holdStory } from "../works/access.ts";
import {
  accessTo,
  isBlockedFor,
  lockedParts,
  type PartAccess,
  partPriceNow,
  pricedPart,
  storyPriceFor,
} from "./access.ts";
import { type Checkout, CheckoutDeclined, type CheckoutOrder } from "./checkout.ts";

const walletOf = queryTemplate((db: Kysely<Database>, userId: number) =>
  db.selectFrom("wallets").select("coins").where("user_id", "=", userId),
);

export async function coinsOf(db: Kysely<Database>, userId: number): Promise<number> {
  const [wallet] = await walletOf(db, userId);
  return wallet?.coins ?? 0;
}

/** GET /v5/users/{id}/wallet: a reader's own balance (and staff may look at anyone's). */
export async function walletFor(db: Kysely<Database>, viewer: Viewer, userId: number) {
  if (viewer.id !== userId && !isStaffOrAdmin(viewer)) {
    throw new HttpError(403, "forbidden", "You can only see your own wallet.");
  }
  return [{ id: "coins" as const, amount: await coinsOf(db, userId) }];
}

/** Charges through the checkout; a declined payment is the buyer's 402, not a failure. */
export async function charge(checkout: Checkout, order: CheckoutOrder) {
  try {
    return await checkout.charge(order);
  } catch (error) {
    if (!(error instanceof CheckoutDeclined)) throw error;
    throw new HttpError(
      402,
      "payment_declined",
      error.message || "Your payment did not go through, and nothing was charged.",
    );
  }
}

/**
 * Adds Coins to a balance with its ledger entry, inside the caller's transaction, and
 * answers the new balance.
 */
export async function credit(
  trx: Kysely<Database>,
  userId: number,
  amount: number,
  reason: "grant" | "pack" | "premium",
  now: number,
): Promise<number> {
  if (!Number.isInteger(amount) || amount <= 0) throw new Error("credit: a positive amount");
  const { coins } = await trx
    .insertInto("wallets")
    .values({ user_id: userId, coins: amount, updated_at: now })
    .onConflict((oc) =>
      oc.column("user_id").doUpdateSet({ coins: sql`wallets.coins + ${amount}`, updated_at: now }),
    )
    .returning("coins")
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("coin_transactions")
    .values({ user_id: userId, amount, reason, created_at: now })
    .execute();
  return Number(coins);
}

/**
 * Spends Coins on a story or one of its parts, with its ledger entry, inside the caller's
 * transaction: false, and nothing written, when the balance is short.
 */
export async function debit(
  trx: Kysely<Database>,
  userId: number,
  amount: number,
  target: { storyId: number; partId: number | null },
  now: number,
): Promise<boolean> {
  const debited = await trx
    .updateTable("wallets")
    .set({ coins: sql`coins - ${amount}`, updated_at: now })
    .where("user_id", "=", userId)
    .where("coins", ">=", amount)
    .executeTakeFirst();
  if (Number(debited.numUpdatedRows) !== 1) return false;
  await trx
    .insertInto("coin_transactions")
    .values({
      user_id: userId,
      amount: -amount,
      reason: target.partId === null ? "story" : "part",
      story_id: target.storyId,
      part_id: target.partId,
      created_at: now,
    })
    .execute();
  return true;
}

/**
 * Records a whole-story purchase inside the caller's transaction: what it cost, and each part
 * it covers as readable (0 Coins each: the purchase row holds the price). Parts published
 * later are not covered, since the price did not count them (migration 048). Null, and
 * nothing written, when the reader already had every one of them.
 */
export async function unlockStory(
  trx: Kysely<Database>,
  bought: { userId: number; storyId: number; coins: number; at: number; partIds: number[] },
): Promise<{ id: number } | null> {
  if (bought.partIds.length === 0) return null;
  const covered = await trx
    .insertInto("part_unlocks")
    .values(
      bought.partIds.map((partId) => ({
        user_id: bought.userId,
        part_id: partId,
        story_id: bought.storyId,
        coins: 0,
        created_at: bought.at,
        via_story: 1 as const,
      })),
    )
    .onConflict((oc) => oc.columns(["user_id", "part_id"]).doNothing())
    .returning("part_id")
    .execute();
  if (covered.length === 0) return null;
  const row = await trx
    .insertInto("story_unlocks")
    .values({
      user_id: bought.userId,
      story_id: bought.storyId,
      coins: bought.coins,
      created_at: bought.at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: Number(row.id) };
}

/** Gives Coins (demo seeding, tests). */
export async function grantCoins(
  db: Kysely<Database>,
  userId: number,
  amount: number,
  now = Date.now(),
): Promise<void> {
  const grant = (trx: Kysely<Database>) => credit(trx, userId, amount, "grant", now);
  // Seeding calls this inside its own transaction; Kysely's do not nest.
  await (db.isTransaction ? grant(db) : db.transaction().execute(grant));
}

/** GET /v5/coins/packs: the Coin Shop's packs as this reader would buy them (§3, §6). */
export function coinPacksFor(viewer: MaybeViewer): CoinPackOffer[] {
  return COIN_PACKS.map((pack) => coinPackOffer(pack, viewer?.isPremium ?? false));
}

const purchaseOf = (db: Kysely<Database>, userId: number, requestId: string) =>
  db
    .selectFrom("coin_purchases")
    .select(["pack_id", "coins", "balance_after"])
    .where("user_id", "=", userId)
    .where("request_id", "=", requestId)
    .executeTakeFirst();

const asPackPurchase = (row: {
  pack_id: string;
  coins: number;
  balance_after: number;
}): CoinPackPurchase => ({
  packId: row.pack_id,
  coinsAdded: Number(row.coins),
  previousBalance: Number(row.balance_after) - Number(row.coins),
  balance: Number(row.balance_after),
});

/** Thrown inside the pack purchase when a request with the same key got there first. */
class AlreadyBought extends Error {}

/**
 * POST /v5/coins/purchase: buys a Coin pack (§4) while WEB_COIN_PURCHASING is on. The
 * checkout charges once per request key; the purchase row, the credit and its ledger entry
 * are one transaction, and the key is unique per buyer, so a doubled or retried request
 * adds the Coins once and answers the first purchase again.
 */
export async function purchasePack(
  db: Kysely<Database>,
  checkout: Checkout | null,
  viewer: Viewer,
  order: { packId: string; requestId: string },
  now = Date.now(),
): Promise<CoinPackPurchase> {
  if (!(await readFeatures(db)).WEB_COIN_PURCHASING) {
    throw new HttpError(403, "coin_purchasing_off", "Coins can only be bought in the app for now.");
  }
  if (!checkout) {
    throw new HttpError(503, "checkout_unavailable", "Coins can't be bought right now.");
  }
  const done = await purchaseOf(db, viewer.id, order.requestId);
  if (done) return asPackPurchase(done);
  const pack = coinPackById(order.packId);
  if (!pack) throw new HttpError(400, "invalid", "There is no such Coin pack.");
  const coins = coinsInPack(pack, viewer.isPremium);
  const { reference } = await charge(checkout, {
    userId: viewer.id,
    item: pack.id,
    price: pack.price,
    requestId: order.requestId,
  });
  try {
    const balance = await db.transaction().execute(async (trx) => {
      const balanceAfter = await credit(trx, viewer.id, coins, "pack", now);
      const bought = await trx
        .insertInto("coin_purchases")
        .values({
          user_id: viewer.id,
          request_id: order.requestId,
          pack_id: pack.id,
          coins,
          price: pack.price,
          checkout: checkout.name,
          reference,
          balance_after: balanceAfter,
          created_at: now,
        })
        .onConflict((oc) => oc.columns(["user_id", "request_id"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      // Rolls the credit back: the same request was bought meanwhile.
      if (!bought) throw new AlreadyBought();
      return balanceAfter;
    });
    return { packId: pack.id, coinsAdded: coins, previousBalance: balance - coins, balance };
  } catch (error) {
    if (!(error instanceof AlreadyBought)) throw error;
    return asPackPurchase(await purchaseOf(db, viewer.id, order.requestId).then(required));
  }
}

function required<T>(row: T | undefined): T {
  if (row === undefined) throw new Error("the purchase that won the race is gone");
  return row;
}

/** A buyer's Coin packs, newest first (the account data export). */
export function coinPurchasesOf(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom("coin_purchases")
    .select(["pack_id", "coins", "price", "checkout", "reference", "created_at"])
    .where("user_id", "=", userId)
    .orderBy("id", "desc")
    .execute();
}

/** The story and its parts as this viewer may see them, or the refusal a reader gets. */
async function readableStoryParts(db: Kysely<Database>, viewer: MaybeViewer, storyId: number) {
  const story = await readableStory(db, viewer, storyId);
  const parts = await (isAuthorOrStaff(story.user_id, viewer)
    ? ownPartsOf(db, storyId)
    : publishedPartsOf(db, storyId));
  return { story, parts, access: await accessTo(db, viewer, story, parts) };
}

/** GET /v5/story/{id}/paid-content/metadata (§3 Part with paid metadata, Story paid metadata). */
export async function paidContentMetadata(
  db: Kysely<Database>,
  viewer: MaybeViewer,
  storyId: number,
  partIds: readonly number[] | undefined,
  now = Date.now(),
): Promise<PaidContentMetadata> {
  const { story, parts, access } = await readableStoryParts(db, viewer, storyId);
  const sale = storySaleAt(story, now);
  // The listing leaves texts out; a bonus part's two are read only where there are any.
  const bonusTexts = parts.some((part) => part.is_bonus === 1)
    ? await db
        .selectFrom("parts")
        .select(["id", "author_note", "chapter_description"])
        .where("story_id", "=", storyId)
        .where("is_bonus", "=", 1)
        .execute()
    : [];
  const bonusById = new Map(bonusTexts.map((row) => [row.id, row]));
  const asked = partIds ? new Set(partIds) : null;
  const summaries = parts.map((part) => toPartSummary(part, now, isBlockedFor(access, part)));
  const published = summaries.filter((part) => !part.draft);
  const { numNewParts, numNewBonusParts } = countNewParts(published, now);
  const picks = await premiumPicksOfStory(
    db,
    { id: story.id, isPaid: story.is_paid === 1 },
    new Date(now),
  );
  return {
    story: {
      id: story.id,
      price: [{ id: PRICE_ENTRY_ID, amount: storyPriceFor(parts, access, sale) }],
      hasBonusParts: published.some((part) => part.isBonusPart),
      isPaidPreview: published.some((part) => part.isBlocked),
      numNewParts,
      numNewBonusParts,
      premium_picks: picks && {
        liveness: picks.liveness,
        starts_at: picks.startsAt,
        ends_at: picks.endsAt,
      },
    },
    parts: parts.flatMap((part, index) => {
      if (asked && !asked.has(part.id)) return [];
      const summary = summaries[index] as (typeof summaries)[number];
      const bonus = bonusById.get(part.id);
      return [
        {
          id: part.id,
          createDate: summary.createDate,
          draft: summary.draft,
          paywalled: part.paywalled === 1,
          has_access: !summary.isBlocked,
          author_message: part.paywalled === 1 ? AUTHOR_THANKS : null,
          author_note: bonus?.author_note ?? null,
          chapter_description: bonus?.chapter_description ?? null,
          paid_model:
            part.paywalled === 1 ? (summary.isBonusPart ? "paid_bonus" : "paid_story") : null,
          bonus_type: summary.isBonusPart ? bonusTypeNumber(summary.bonusTypeName) : null,
          price:
            part.paywalled === 1 ? [{ id: PRICE_ENTRY_ID, amount: partPriceNow(part, sale) }] : [],
          isBlocked: summary.isBlocked,
          blockedMessage: summary.isBlocked ? blockedMessage(pricedPart(part)) : null,
          isBonusPart: summary.isBonusPart,
          bonusTypeName: summary.bonusTypeName,
          new: summary.new,
        },
      ];
    }),
    // Everything published is readable: a whole-story purchase leaves parts added since locked.
    has_full_access: access.full || !published.some((part) => part.isBlocked),
  };
}

/** Spending refused for want of Coins: the client opens the buy-coins flow (§4). */
const notEnoughCoins = (price: number, balance: number) =>
  new HttpError(
    402,
    "insufficient_coins",
    `This costs ${price} Coins and you have ${balance}: you need ${price - balance} more.`,
  );

/** Thrown inside the purchase transaction when the reader can already read it: nothing is spent. */
class AlreadyUnlocked extends Error {
  readonly partId: number;
  constructor(partId: number) {
    super("already unlocked");
    this.partId = partId;
  }
}

/** What a purchase unlocks, and for how much, given what this reader can read now. */
function purchaseTarget(
  parts: readonly PartRow[],
  access: PartAccess,
  partId: number | undefined,
  sale: StorySale | null,
): { target: PartRow; price: number } {
  const published = parts.filter(isPublished);
  if (partId !== undefined) {
    const part = published.find((candidate) => candidate.id === partId);
    if (!part) throw notFound("Part");
    if (part.paywalled !== 1) throw new HttpError(409, "not_paid", "This part is free to read.");
    if (!isBlockedFor(access, part)) throw new AlreadyUnlocked(part.id);
    return { target: part, price: partPriceNow(part, sale) };
  }
  const [first] = lockedParts(parts, access);
  if (!first) {
    throw new HttpError(409, "nothing_locked", "You can already read every part of this story.");
  }
  return { target: first, price: storyPriceFor(parts, access, sale) };
}

/**
 * POST /v5/story/{id}/paid-content/purchase: one part (partId) or the whole story. What the
 * reader already has, the price, the unlock row and the debit are all decided in one
 * transaction that holds the buyer's wallet (SQLite runs one writer at a time; PostgreSQL
 * locks the wallet row), so concurrent purchases, a part and its whole story included,
 * never spend Coins twice for one part or below zero. Buying what the reader already has
 * spends nothing.
 */
export async function purchase(
  db: Kysely<Database>,
  viewer: Viewer,
  storyId: number,
  partId: number | undefined,
  now = Date.now(),
): Promise<PurchaseResult> {
  const story = await readableStory(db, viewer, storyId);
  try {
    const { target, price } = await db.transaction().execute(async (trx) => {
      // The story first, then the wallet: a part made free, unpublished or deleted at this
      // moment either waits for the purchase or is seen by it, never charged after.
      const held = await holdStory(trx, storyId);
      // Gone since the look-up: its writer's account closed at that moment.
      if (!held) throw notFound("Story");
      if (isPostgres(trx)) {
        await trx
          .selectFrom("wallets")
          .select("coins")
          .where("user_id", "=", viewer.id)
          .forUpdate()
          .execute();
      }
      const parts = await publishedPartsOf(trx, storyId);
      // The sale as the transaction sees it: one ending now charges the list price.
      const sale = storySaleAt(held, now);
      const access = await accessTo(trx, viewer, story, parts);
      const bought = purchaseTarget(parts, access, partId, sale);
      const { target, price } = bought;
      const balance = await coinsOf(trx, viewer.id);
      if (balance < price) throw notEnoughCoins(price, balance);
      const unlocked =
        partId !== undefined
          ? await trx
              .insertInto("part_unlocks")
              .values({
                user_id: viewer.id,
                part_id: target.id,
                story_id: storyId,
                coins: price,
                created_at: now,
              })
              .onConflict((oc) => oc.columns(["user_id", "part_id"]).doNothing())
              .returning("part_id")
              .executeTakeFirst()
          : await unlockStory(trx, {
              userId: viewer.id,
              storyId,
              coins: price,
              at: now,
              partIds: lockedParts(parts, access).map((part) => part.id),
            });
      if (!unlocked) throw new AlreadyUnlocked(target.id);
      const spent = await debit(trx, viewer.id, price, { storyId, partId: partId ?? null }, now);
      if (!spent) throw notEnoughCoins(price, await coinsOf(trx, viewer.id));
      return bought;
    });
    return { amountSpent: price, balance: await coinsOf(db, viewer.id), partId: target.id };
  } catch (error) {
    if (!(error instanceof AlreadyUnlocked)) throw error;
    return { amountSpent: 0, balance: await coinsOf(db, viewer.id), partId: error.partId };
  }
}
