import { describe, expect, it } from "vitest";
import { adsShown } from "./ads.ts";

describe("adsShown", () => {
  const free = { isPaid: false, imageModerated: false, adExempt: false, mature: false };

  it("skips ads on paid, image-moderated, ad-exempt and mature stories and for Premium readers", () => {
    expect(adsShown(free, { isPremium: false })).toBe(true);
    expect(adsShown(free, null)).toBe(true);
    expect(adsShown({ ...free, isPaid: true }, { isPremium: false })).toBe(false);
    expect(adsShown({ ...free, isPaid: true }, null)).toBe(false);
    expect(adsShown({ ...free, imageModerated: true }, null)).toBe(false);
    expect(adsShown({ ...free, adExempt: true }, null)).toBe(false);
    expect(adsShown({ ...free, adExempt: true }, { isPremium: false })).toBe(false);
    expect(adsShown(free, { isPremium: true })).toBe(false);
    // A mature story is not brand safe.
    expect(adsShown({ ...free, mature: true }, { isPremium: false })).toBe(false);
    expect(adsShown({ ...free, mature: true }, null)).toBe(false);
  });
});
