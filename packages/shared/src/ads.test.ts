import { describe, expect, it } from "vitest";
import { adsShown } from "./ads.ts";

describe("adsShown", () => {
  const free = { isPaid: false, imageModerated: false, adExempt: false };

  it("skips ads on paid, image-moderated and ad-exempt stories and for Premium readers", () => {
    expect(adsShown(free, { isPremium: false })).toBe(true);
    expect(adsShown(free, null)).toBe(true);
    expect(adsShown({ ...free, isPaid: true }, { isPremium: false })).toBe(false);
    expect(adsShown({ ...free, isPaid: true }, null)).toBe(false);
    expect(adsShown({ ...free, imageModerated: true }, null)).toBe(false);
    expect(adsShown({ ...free, adExempt: true }, null)).toBe(false);
    expect(adsShown({ ...free, adExempt: true }, { isPremium: false })).toBe(false);
    expect(adsShown(free, { isPremium: true })).toBe(false);
  });
});
