import { describe, expect, it } from "vitest";
import {
  blockedMessage,
  bonusTypeNumber,
  COIN_PACKS,
  coinPackById,
  coinPackOffer,
  coinsInPack,
  coinsSpentLabel,
  formatCoinBalance,
  formatCoins,
  formatPackPrice,
  fullStoryPrice,
  isPartBlocked,
  nextSaleAt,
  PAID_PART_TEXT_MAX,
  paidPartErrors,
  partPrice,
  paywallAuthorDescription,
  premiumCoinsGain,
  premiumExtra,
  SALE_COOLDOWN_DAYS,
  SALE_DAYS_MAX,
  saleAt,
  saleErrors,
  salePrice,
  wholeStoryPrice,
} from "./coins.ts";

describe("part prices (§9)", () => {
  it("prices bonus parts by type and paid story parts at 6 Coins", () => {
    expect(partPrice({ isBonusPart: true, bonusTypeName: "Exclusive Chapter" })).toBe(15);
    expect(partPrice({ isBonusPart: true, bonusTypeName: "Writer Reveal" })).toBe(8);
    expect(partPrice({ isBonusPart: true, bonusTypeName: "Story Branch" })).toBe(8);
    expect(partPrice({ isBonusPart: false, bonusTypeName: null })).toBe(6);
    expect(partPrice({ isBonusPart: true, bonusTypeName: "Something else" })).toBe(6);
  });

  it("numbers bonus types as §3 does", () => {
    expect(bonusTypeNumber("Exclusive Chapter")).toBe(0);
    expect(bonusTypeNumber("Story Branch")).toBe(1);
    expect(bonusTypeNumber("Writer Reveal")).toBe(2);
    expect(bonusTypeNumber(null)).toBeNull();
  });

  it("takes a fifth off two or more locked parts for the whole story, rounding up", () => {
    expect(wholeStoryPrice([6, 6, 6, 6, 15])).toBe(32);
    // The deal group's list price: 15 plain parts (90 Coins) cost 72 whole, 16 cost 77.
    const plain = { isBonusPart: false, bonusTypeName: null };
    expect(fullStoryPrice(Array(15).fill(plain), null)).toBe(72);
    expect(fullStoryPrice(Array(16).fill(plain), null)).toBe(77);
    expect(fullStoryPrice([{ isBonusPart: true, bonusTypeName: "Exclusive Chapter" }], null)).toBe(
      15,
    );
    expect(fullStoryPrice([], null)).toBe(0);
    // On sale, 25% off: 16 parts at 4 Coins (64) cost 52 whole, inside the deal group.
    expect(fullStoryPrice(Array(16).fill(plain), 25)).toBe(52);
    expect(wholeStoryPrice([6, 6, 6, 6, 6])).toBe(24);
    // One part left: the story costs what the part does, never less.
    expect(wholeStoryPrice([6])).toBe(6);
    expect(wholeStoryPrice([])).toBe(0);
  });
});

describe("sales (decision 052)", () => {
  it("takes the percent off each part, down to a whole Coin, never below one", () => {
    expect(salePrice(6, null)).toBe(6);
    expect(salePrice(6, 50)).toBe(3);
    expect(salePrice(6, 10)).toBe(5);
    expect(salePrice(15, 30)).toBe(10);
    expect(salePrice(8, 25)).toBe(6);
    expect(salePrice(6, 90)).toBe(1);
    expect(salePrice(1, 50)).toBe(1);
  });

  it("is on only until it ends", () => {
    const ends = Date.UTC(2026, 11, 5, 12);
    expect(saleAt({ percent: 30, endsAt: ends }, ends - 1)).toEqual({
      percent: 30,
      endsAt: "2026-12-05T12:00:00.000Z",
    });
    expect(saleAt({ percent: 30, endsAt: ends }, ends)).toBeNull();
    expect(saleAt({ percent: null, endsAt: null }, 0)).toBeNull();
    expect(saleAt({ percent: 30, endsAt: null }, 0)).toBeNull();
  });

  it("accepts 10 to 90 percent ending within 31 days, and says what is wrong otherwise", () => {
    const now = Date.UTC(2026, 10, 27);
    const day = 86_400_000;
    const at = (offset: number) => new Date(now + offset).toISOString();
    expect(saleErrors({ percent: 10, endsAt: at(1) }, now)).toEqual({});
    expect(saleErrors({ percent: 90, endsAt: at(SALE_DAYS_MAX * day) }, now)).toEqual({});
    for (const percent of [9, 91, 12.5, Number.NaN]) {
      expect(saleErrors({ percent, endsAt: at(day) }, now)).toEqual({
        percent: "Percent off must be a whole number from 10 to 90",
      });
    }
    expect(saleErrors({ percent: 20, endsAt: at(0) }, now).endsAt).toBe(
      "The sale must end in the future",
    );
    expect(saleErrors({ percent: 20, endsAt: at(SALE_DAYS_MAX * day + 1) }, now).endsAt).toBe(
      "A sale lasts at most 31 days",
    );
    expect(saleErrors({ percent: 20, endsAt: "soon" }, now).endsAt).toBe(
      "Choose the day the sale ends",
    );
  });

  it("lets a writer start the next sale 30 days after the last one began (decision 054)", () => {
    const started = Date.UTC(2026, 10, 1);
    const next = started + SALE_COOLDOWN_DAYS * 86_400_000;
    expect(SALE_COOLDOWN_DAYS).toBe(30);
    expect(nextSaleAt(null, started)).toBeNull();
    expect(nextSaleAt(started, started)).toBe(next);
    expect(nextSaleAt(started, next - 1)).toBe(next);
    expect(nextSaleAt(started, next)).toBeNull();
    // Full-length sales back to back are never held up.
    expect(SALE_COOLDOWN_DAYS).toBeLessThanOrEqual(SALE_DAYS_MAX);
  });
});

describe("blocked parts (§4)", () => {
  it("blocks a paywalled part without access, and nothing else", () => {
    expect(isPartBlocked({ paywalled: true, hasAccess: false })).toBe(true);
    expect(isPartBlocked({ paywalled: true, hasAccess: true })).toBe(false);
    expect(isPartBlocked({ paywalled: false, hasAccess: false })).toBe(false);
  });

  it("says why in the paywall's words", () => {
    expect(blockedMessage({ isBonusPart: true, bonusTypeName: "Writer Reveal" })).toBe(
      "This Writer Reveal is bonus content: unlock it with Coins to read it.",
    );
    expect(blockedMessage({ isBonusPart: false, bonusTypeName: null })).toMatch(
      /^This part belongs/,
    );
  });

  it("cuts the author's description to 70 characters, on one line", () => {
    expect(paywallAuthorDescription("Short\n\nand  sweet")).toBe("Short and sweet");
    const long = paywallAuthorDescription("word ".repeat(30));
    expect(long).toHaveLength(70);
    expect(long.endsWith("…")).toBe(true);
  });
});

describe("wallet (§4, §9)", () => {
  it("shows the balance in full below 10000 and abbreviated from there", () => {
    expect(formatCoinBalance(0)).toBe("0");
    expect(formatCoinBalance(9999)).toBe("9999");
    expect(formatCoinBalance(10000)).toBe("10K");
    expect(formatCoinBalance(12_345)).toBe("12.3K");
    expect(formatCoinBalance(123_456)).toBe("123K");
  });

  it("names Coins in the singular and plural, and what was spent", () => {
    expect(formatCoins(1)).toBe("1 Coin");
    expect(formatCoins(15)).toBe("15 Coins");
    expect(coinsSpentLabel(1, false)).toBe("-1 Coin for next part");
    expect(coinsSpentLabel(24, true)).toBe("-24 Coins for story");
  });
});

describe("coin packs (§9)", () => {
  it("gives Premium members up to 66% more Coins, the upsell's figure", () => {
    expect(premiumCoinsGain()).toBe(66);
    expect(COIN_PACKS.filter((pack) => pack.featured).map((pack) => pack.value)).toEqual([74]);
  });
});

describe("paid part settings (§4, §5)", () => {
  const settings = (
    bonus_type: number | null,
    chapter_description: string,
    author_note: string,
  ) => ({
    bonus_type,
    chapter_description,
    author_note,
  });

  it("asks an Exclusive Chapter for a description and an author's note", () => {
    expect(paidPartErrors(settings(0, "", ""))).toEqual({
      chapter_description: "Part Description is required",
      author_note: "Author's Note is required for exclusive chapters",
    });
    expect(paidPartErrors(settings(0, "Mara's letter", "For you"))).toEqual({});
  });

  it("asks a Writer Reveal for a description only", () => {
    expect(paidPartErrors(settings(2, "", ""))).toEqual({
      chapter_description: "Part Description is required",
    });
    expect(paidPartErrors(settings(2, "How it began", ""))).toEqual({});
  });

  it("offers Exclusive Chapter and Writer Reveal only", () => {
    expect(paidPartErrors(settings(1, "A fork", "")).bonus_type).toBe(
      "Story Branch is not offered yet: choose Exclusive Chapter or Writer Reveal",
    );
    for (const unknown of [7, null]) {
      expect(paidPartErrors(settings(unknown, "A fork", "")).bonus_type).toBe(
        "Choose Exclusive Chapter or Writer Reveal",
      );
    }
  });

  it("holds each text to 250 characters", () => {
    const full = "x".repeat(PAID_PART_TEXT_MAX);
    expect(PAID_PART_TEXT_MAX).toBe(250);
    expect(paidPartErrors(settings(0, full, full))).toEqual({});
    expect(paidPartErrors(settings(0, `${full}x`, `${full}x`))).toEqual({
      chapter_description: "Part Description is at most 250 characters",
      author_note: "Author's Note is at most 250 characters",
    });
  });
});

describe("the Coin Shop's packs (§3, §9)", () => {
  it("adds the standard Coins, or the Premium ones for members", () => {
    const pack = coinPackById("coins_74");
    if (!pack) throw new Error("no 74-Coin pack");
    expect(coinsInPack(pack, false)).toBe(74);
    expect(coinsInPack(pack, true)).toBe(99);
    expect(coinPackById("coins_75")).toBeUndefined();
  });

  it("offers a reader without Premium the standard pack and names the Premium extra", () => {
    const [smallest] = COIN_PACKS;
    if (!smallest) throw new Error("no packs");
    const offer = coinPackOffer(smallest, false);
    expect(offer).toEqual({
      id: "coins_9",
      value: 9,
      premium_value: 15,
      price: "0.99",
      illustration_url: "/images/coins/coins_9.svg",
      featured: false,
    });
    expect(premiumExtra(offer)).toBe(6);
  });

  it("offers a Premium member the bonus pack, with no upsell", () => {
    const offers = COIN_PACKS.map((pack) => coinPackOffer(pack, true));
    expect(offers.map((offer) => offer.value)).toEqual([15, 99, 325, 533]);
    expect(offers[1]).toMatchObject({ non_premium_value: 74, featured: true, price: "3.99" });
    expect(offers.map(premiumExtra)).toEqual([null, null, null, null]);
  });

  it("shows a price with its currency sign", () => {
    expect(formatPackPrice("13.99")).toBe("$13.99");
  });
});
