import { describe, expect, it } from "vitest";
import { type AdReader, adEligibility, adsShown } from "./ads.ts";

describe("adEligibility", () => {
  const free = { isPaid: false, imageModerated: false, adExempt: false, mature: false };
  const reader = { isPremium: false, country: "GB" };
  const exemptCountries = new Set(["IR"]);
  const audience = (who: AdReader | null) => ({ reader: who, exemptCountries });

  it("names the first rule that skips the ads", () => {
    const skipped = (story: Partial<typeof free>, who: AdReader | null = reader) =>
      adEligibility({ ...free, ...story }, audience(who));
    expect(skipped({ isPaid: true })).toEqual({ eligible: false, factor: "paid_story" });
    expect(skipped({ isPaid: true }, null).factor).toBe("paid_story");
    expect(skipped({ adExempt: true })).toEqual({ eligible: false, factor: "ad_exempt_story" });
    expect(skipped({ imageModerated: true })).toEqual({
      eligible: false,
      factor: "image_moderation",
    });
    // A mature story is not brand safe.
    expect(skipped({ mature: true }, null)).toEqual({ eligible: false, factor: "brand_unsafe" });
    expect(skipped({}, { isPremium: true, country: "GB" })).toEqual({
      eligible: false,
      factor: "premium_subscription",
    });
    expect(skipped({}, { isPremium: false, country: "IR" })).toEqual({
      eligible: false,
      factor: "special_exempt_country",
    });
    // Checked in §9's order: the story's rules before the reader's.
    expect(skipped({ isPaid: true, adExempt: true, mature: true }).factor).toBe("paid_story");
    expect(skipped({ mature: true }, { isPremium: true, country: "IR" }).factor).toBe(
      "brand_unsafe",
    );
  });

  it("shows ads when every rule passes, or by default without a country to check", () => {
    expect(adEligibility(free, audience(reader))).toEqual({
      eligible: true,
      factor: "passes_all_rules",
    });
    expect(adEligibility(free, audience(null))).toEqual({ eligible: true, factor: "default" });
    expect(adEligibility(free, audience({ isPremium: false, country: null }))).toEqual({
      eligible: true,
      factor: "default",
    });
  });

  it("leaves no country out while none is configured exempt", () => {
    const none = {
      reader: { isPremium: false, country: "IR" },
      exemptCountries: new Set<string>(),
    };
    expect(adEligibility(free, none).factor).toBe("passes_all_rules");
  });
});

describe("adsShown", () => {
  it("is the decision's yes or no", () => {
    const free = { isPaid: false, imageModerated: false, adExempt: false, mature: false };
    const none = new Set<string>();
    expect(adsShown(free, { reader: null, exemptCountries: none })).toBe(true);
    expect(adsShown({ ...free, mature: true }, { reader: null, exemptCountries: none })).toBe(
      false,
    );
    expect(
      adsShown(free, { reader: { isPremium: true, country: null }, exemptCountries: none }),
    ).toBe(false);
  });
});
