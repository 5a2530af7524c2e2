import { describe, expect, it } from "vitest";
import { featuresFrom, isFeatureName, isFeatureSettingName, messagingEnded } from "./features.ts";

describe("featuresFrom", () => {
  it("fills what admins did not set with the defaults, messaging allowed and no end date", () => {
    expect(featuresFrom({})).toEqual({
      NEW_ONBOARDING_1: true,
      HFC_LIMIT_INCREASE: false,
      WEB_COIN_PURCHASING: false,
      private_message: {
        can_send_private_message: true,
        display_warning_notice: false,
        display_deprecation_notice: false,
        messaging_end_date: null,
      },
    });
  });

  it("takes the values admins set", () => {
    const features = featuresFrom(
      { NEW_ONBOARDING_1: false, can_send_private_message: false },
      { messaging_end_date: "2025-06-30" },
      Date.UTC(2025, 5, 1),
    );
    expect(features.NEW_ONBOARDING_1).toBe(false);
    expect(features.private_message.can_send_private_message).toBe(false);
    expect(featuresFrom({ HFC_LIMIT_INCREASE: true }).HFC_LIMIT_INCREASE).toBe(true);
    expect(features.private_message.messaging_end_date).toBe("2025-06-30");
  });

  it("ends messaging once the end date is over in UTC, whatever the flags say", () => {
    expect(messagingEnded("2025-06-30", Date.UTC(2025, 6, 1) - 1)).toBe(false);
    expect(messagingEnded("2025-06-30", Date.UTC(2025, 6, 1))).toBe(true);
    expect(messagingEnded("2024-12-31", Date.UTC(2025, 0, 1))).toBe(true);
    expect(messagingEnded(null, Date.UTC(2099, 0, 1))).toBe(false);
    const flags = { display_warning_notice: true };
    const at = (now: number) =>
      featuresFrom(flags, { messaging_end_date: "2025-06-30" }, now).private_message;
    expect(at(Date.UTC(2025, 6, 1) - 1)).toEqual({
      can_send_private_message: true,
      display_warning_notice: true,
      display_deprecation_notice: false,
      messaging_end_date: "2025-06-30",
    });
    expect(at(Date.UTC(2025, 6, 1))).toEqual({
      can_send_private_message: false,
      display_warning_notice: false,
      display_deprecation_notice: true,
      messaging_end_date: "2025-06-30",
    });
    // No date, no end: the flags alone decide.
    expect(
      featuresFrom(flags, {}, Date.UTC(2099, 0, 1)).private_message.can_send_private_message,
    ).toBe(true);
  });

  it("knows its flag and setting names", () => {
    expect(isFeatureName("display_warning_notice")).toBe(true);
    expect(isFeatureName("toString")).toBe(false);
    expect(isFeatureSettingName("messaging_end_date")).toBe(true);
    expect(isFeatureSettingName("display_warning_notice")).toBe(false);
  });
});
