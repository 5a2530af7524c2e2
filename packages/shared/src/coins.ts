/**
 * Coins and paid parts (writer-paid-contest.md §3, §4, §9; docs/decisions/030): what a part
 * costs, when it is blocked, what a whole story costs, and how balances are shown.
 */
import type { CoinPackOffer } from "./api-types.ts";
import { compactCount, formatCount, truncate } from "./format.ts";

/** bonus_type's numbers, in order (§3 Paid part configuration). */
export const BONUS_TYPE_NAMES = ["Exclusive Chapter", "Story Branch", "Writer Reveal"] as const;
export type BonusTypeName = (typeof BONUS_TYPE_NAMES)[number];

/** §9: an Exclusive Chapter costs 15 Coins, a Writer Reveal 8; a Story Branch (not offered to
 * writers yet, §4) is priced as a Writer Reveal. */
export const BONUS_PART_PRICES: Readonly<Record<BonusTypeName, number>> = {
  "Exclusive Chapter": 15,
  "Story Branch": 8,
  "Writer Reveal": 8,
};

/** §3 Coin packs, §9: Coins per pack, with Premium in brackets there, and the price in USD. */
export interface CoinPack {
  id: string;
  value: number;
  premiumValue: number;
  price: string;
  featured: boolean;
}

export const COIN_PACKS: readonly CoinPack[] = [
  { id: "coins_9", value: 9, premiumValue: 15, price: "0.99", featured: false },
  { id: "coins_74", value: 74, premiumValue: 99, price: "3.99", featured: true },
  { id: "coins_244", value: 244, premiumValue: 325, price: "8.99", featured: false },
  { id: "coins_400", value: 400, premiumValue: 533, price: "13.99", featured: false },
];

export function coinPackById(id: string): CoinPack | undefined {
  return COIN_PACKS.find((pack) => pack.id === id);
}

/** The Coins a pack adds to a buyer's wallet: more for Premium members (§6). */
export function coinsInPack(pack: CoinPack, isPremium: boolean): number {
  return isPremium ? pack.premiumValue : pack.value;
}

/** A pack as the Coin Shop offers it to this buyer (§3: premium_value, or non_premium_value
 * for the premium bonus packs a Premium member sees). */
export function coinPackOffer(pack: CoinPack, isPremium: boolean): CoinPackOffer {
  const offer = {
    id: pack.id,
    value: coinsInPack(pack, isPremium),
    price: pack.price,
    illustration_url: `/images/coins/${pack.id}.svg`,
    featured: pack.featured,
  };
  return isPremium
    ? { ...offer, non_premium_value: pack.value }
    : { ...offer, premium_value: pack.premiumValue };
}

/** The Coin Shop's '+ N with Premium' for a reader without it; null for a Premium member. */
export function premiumExtra(offer: CoinPackOffer): number | null {
  return "premium_value" in offer ? offer.premium_value - offer.value : null;
}

/** A pack's price with its currency sign (§2): "$3.99". */
export function formatPackPrice(price: string): string {
  return `$${price}`;
}

/** reader.md §9: set once the reader has been shown where their Coins live. */
export const WALLET_ONBOARD_COOKIE = "seen-wallet-onboard";

/** §4: buying a pack closes the shop and opens the confirmation 500 ms later. */
export const PACK_CONFIRMATION_DELAY_MS = 500;

/** §9 'up to 66% more Coins': the best pack's gain with Premium, in whole percent, down. */
export function premiumCoinsGain(packs: readonly CoinPack[] = COIN_PACKS): number {
  return Math.max(
    ...packs.map((pack) => Math.floor(((pack.premiumValue - pack.value) / pack.value) * 100)),
  );
}

/** A paywalled part of a paid story (not a bonus part): the spec leaves it unshown; ours. */
export const PAID_STORY_PART_PRICE = 6;

/** Buying the whole story costs a fifth less than the parts still locked would, one by one. */
export const WHOLE_STORY_DISCOUNT = 0.2;

/** §9: the paywall cuts the author's description at 70 characters. */
export const PAYWALL_AUTHOR_DESCRIPTION_LIMIT = 70;

/** §9: the wallet shows its balance in full below 10000, abbreviated from there. */
export const WALLET_FULL_BELOW = 10_000;

/** §4: the author's thank-you toast comes 0.7 s after a purchase and stays 6 s. */
export const THANK_YOU_TOAST_DELAY_MS = 700;
export const THANK_YOU_TOAST_DURATION_MS = 6_000;

/** The author's thanks after a purchase (§2 the thank-you toast; §3 author_message): the same
 * words for every writer until writers can write their own. */
export const AUTHOR_THANKS = "Thank you for supporting my story!";

/** The price list's one entry (§3: entry id wp1 gives the part price). */
export const PRICE_ENTRY_ID = "wp1";

export function bonusTypeNumber(name: string | null): number | null {
  const index = BONUS_TYPE_NAMES.indexOf(name as BonusTypeName);
  return index === -1 ? null : index;
}

/** What unlocking one part costs: its bonus type's price, or a paid story part's. */
export function partPrice(part: { isBonusPart: boolean; bonusTypeName: string | null }): number {
  if (part.isBonusPart && part.bonusTypeName !== null) {
    const price = BONUS_PART_PRICES[part.bonusTypeName as BonusTypeName];
    if (price !== undefined) return price;
  }
  return PAID_STORY_PART_PRICE;
}

/**
 * A paid story's sale (reader.md §2 the catalog's 'On sale' group, docs/decisions/052): staff
 * take a whole percent off every paywalled part until a moment; buying whole then takes its
 * own discount off the sale prices.
 */
export interface StorySale {
  percent: number;
  /** When the sale ends (ISO 8601); the list prices are back from then. */
  endsAt: string;
}

/** What a system admin sends to start (or change) a story's sale. */
export interface StorySaleInput {
  percent: number;
  endsAt: string;
}

/** Whole percent off: enough to be worth a group of its own, never a giveaway. */
export const SALE_PERCENT = { min: 10, max: 90 } as const;

/** A sale ends within a month of being set, so no story is on sale for good by mistake. */
export const SALE_DAYS_MAX = 31;

/**
 * A writer starts a new sale of a story at most once in this many days, counted from the
 * last sale's start, whoever set it (docs/decisions/054): readers with the story in their
 * Library are mailed each new sale, so ending one and starting another must not mail them
 * every hour. A month, as the longest sale is: running full-length sales back to back is
 * never held up; changing the sale on is never held up either. Staff are not held to it.
 */
export const SALE_COOLDOWN_DAYS = 30;

/**
 * When a writer may start the story's next sale, if that is after `now`; null when they may
 * now. `lastStartedAt` is when its latest sale began (null: never on sale).
 */
export function nextSaleAt(lastStartedAt: number | null, now: number): number | null {
  if (lastStartedAt === null) return null;
  const next = lastStartedAt + SALE_COOLDOWN_DAYS * 86_400_000;
  return next > now ? next : null;
}

/** A part's price on sale: the percent off, down to a whole Coin, and never below 1. */
export function salePrice(listPrice: number, percent: number | null): number {
  if (percent === null) return listPrice;
  return Math.max(1, Math.floor((listPrice * (100 - percent)) / 100));
}

/** The sale a story's stored percent and end make at `now`: null when none or ended. */
export function saleAt(
  stored: { percent: number | null; endsAt: number | null },
  now: number,
): StorySale | null {
  if (stored.percent === null || stored.endsAt === null || stored.endsAt <= now) return null;
  return { percent: stored.percent, endsAt: new Date(stored.endsAt).toISOString() };
}

/**
 * What is wrong with a sale, field by field: empty when it may be set. The server refuses with
 * these; the paid story manager shows them beside the fields before sending.
 */
export function saleErrors(input: StorySaleInput, now: number): Record<string, string> {
  const errors: Record<string, string> = {};
  const { min, max } = SALE_PERCENT;
  if (!Number.isInteger(input.percent) || input.percent < min || input.percent > max) {
    errors.percent = `Percent off must be a whole number from ${formatCount(min)} to ${formatCount(max)}`;
  }
  const ends = Date.parse(input.endsAt);
  if (Number.isNaN(ends)) errors.endsAt = "Choose the day the sale ends";
  else if (ends <= now) errors.endsAt = "The sale must end in the future";
  else if (ends > now + SALE_DAYS_MAX * 86_400_000) {
    errors.endsAt = `A sale lasts at most ${formatCount(SALE_DAYS_MAX)} days`;
  }
  return errors;
}

/** reader.md §2, writer-paid-contest.md §9: the catalog's deal group, 'Stories for 74 coins or less'. */
export const DEAL_PRICE_MAX = 74;

/**
 * What a paid story costs to unlock whole for a reader who bought none of it (every paywalled
 * part), at today's prices: a sale's percent off (null for none) comes first. What the deal
 * group compares.
 */
export function fullStoryPrice(
  paywalledParts: readonly { isBonusPart: boolean; bonusTypeName: string | null }[],
  salePercent: number | null,
): number {
  return wholeStoryPrice(paywalledParts.map((part) => salePrice(partPrice(part), salePercent)));
}

/**
 * What the whole story costs a reader: the parts still locked for them, less the discount
 * when there are two or more (with one left, the story must not undercut its own part).
 */
export function wholeStoryPrice(lockedPartPrices: readonly number[]): number {
  const sum = lockedPartPrices.reduce((total, price) => total + price, 0);
  return lockedPartPrices.length < 2 ? sum : Math.ceil(sum * (1 - WHOLE_STORY_DISCOUNT));
}

/** §4: a part is blocked when it is paywalled and the reader has no access to it. */
export function isPartBlocked(part: { paywalled: boolean; hasAccess: boolean }): boolean {
  return part.paywalled && !part.hasAccess;
}

/**
 * The wallet button's balance (§9): "9999" in full, "10K" from 10000, in at most three digits
 * ("123K"), so that a six-digit balance leaves a 320 px header on one row.
 */
export function formatCoinBalance(coins: number): string {
  return coins < WALLET_FULL_BELOW ? String(Math.max(0, Math.floor(coins))) : compactCount(coins);
}

/** "1 Coin", "15 Coins". */
export function formatCoins(coins: number): string {
  return coins === 1 ? "1 Coin" : `${coins} Coins`;
}

/** §4 the wallet's subtracting step: '-N Coin(s) for story' or '-N Coin(s) for next part'. */
export function coinsSpentLabel(coins: number, wholeStory: boolean): string {
  return `-${formatCoins(coins)} for ${wholeStory ? "story" : "next part"}`;
}

/** The paywall's line about the author, cut to §9's 70 characters. */
export function paywallAuthorDescription(description: string): string {
  return truncate(description.replace(/\s+/g, " ").trim(), PAYWALL_AUTHOR_DESCRIPTION_LIMIT);
}

/** Why a part is blocked, in the paywall's words. */
export function blockedMessage(part: { isBonusPart: boolean; bonusTypeName: string | null }) {
  return part.isBonusPart && part.bonusTypeName
    ? `This ${part.bonusTypeName} is bonus content: unlock it with Coins to read it.`
    : "This part belongs to a paid story: unlock it with Coins to keep reading.";
}

/** §9: a paid part's description and its author's note are at most 250 characters each. */
export const PAID_PART_TEXT_MAX = 250;

/** §4: the types a writer may choose for a paid part (Story Branch exists but is not offered). */
export const OFFERED_BONUS_TYPES = [0, 2] as const;

/** What the writer sets on a paid part (§3 Paid part configuration), texts already trimmed. */
export interface PaidPartSettings {
  /** null until the writer chooses one. */
  bonus_type: number | null;
  chapter_description: string;
  author_note: string;
}

/**
 * What is wrong with a paid part's settings (§4, §5), field by field: empty when they may be
 * saved. The server refuses with these; the dialog shows them inline before sending.
 */
export function paidPartErrors(settings: PaidPartSettings): Record<string, string> {
  const errors: Record<string, string> = {};
  const type = settings.bonus_type === null ? undefined : BONUS_TYPE_NAMES[settings.bonus_type];
  if (!(OFFERED_BONUS_TYPES as readonly (number | null)[]).includes(settings.bonus_type)) {
    errors.bonus_type =
      type === undefined
        ? "Choose Exclusive Chapter or Writer Reveal"
        : `${type} is not offered yet: choose Exclusive Chapter or Writer Reveal`;
  }
  if (settings.chapter_description.length > PAID_PART_TEXT_MAX) {
    errors.chapter_description = `Part Description is at most ${formatCount(PAID_PART_TEXT_MAX)} characters`;
  } else if (settings.chapter_description === "") {
    errors.chapter_description = "Part Description is required";
  }
  if (settings.author_note.length > PAID_PART_TEXT_MAX) {
    errors.author_note = `Author's Note is at most ${formatCount(PAID_PART_TEXT_MAX)} characters`;
  } else if (settings.author_note === "" && type === "Exclusive Chapter") {
    errors.author_note = "Author's Note is required for exclusive chapters";
  }
  return errors;
}
