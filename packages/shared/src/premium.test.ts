import { describe, expect, it } from "vitest";
import { PREMIUM_PLANS, premiumPeriodEnd, premiumPlanById } from "./premium.ts";

const at = (iso: string) => Date.parse(iso);
const iso = (millis: number) => new Date(millis).toISOString();

describe("a month of Premium", () => {
  it("ends the same day and time next month", () => {
    expect(iso(premiumPeriodEnd(at("2026-11-25T19:30:00.000Z")))).toBe("2026-12-25T19:30:00.000Z");
    expect(iso(premiumPeriodEnd(at("2026-12-15T08:00:00.000Z")))).toBe("2027-01-15T08:00:00.000Z");
  });

  it("ends on the last day of a shorter month", () => {
    expect(iso(premiumPeriodEnd(at("2027-01-31T10:00:00.000Z")))).toBe("2027-02-28T10:00:00.000Z");
    expect(iso(premiumPeriodEnd(at("2028-01-30T10:00:00.000Z")))).toBe("2028-02-29T10:00:00.000Z");
    expect(iso(premiumPeriodEnd(at("2026-08-31T00:00:00.000Z")))).toBe("2026-09-30T00:00:00.000Z");
  });
});

describe("the plans", () => {
  it("offers Premium and Premium+, which adds Coins every month", () => {
    expect(PREMIUM_PLANS.map((plan) => [plan.name, plan.price])).toEqual([
      ["Premium", "5.99"],
      ["Premium+", "8.99"],
    ]);
    expect(premiumPlanById("premium_plus")?.monthlyCoins).toBe(100);
    expect(premiumPlanById("premium")?.monthlyCoins).toBe(0);
    expect(premiumPlanById("gold")).toBeUndefined();
  });
});
