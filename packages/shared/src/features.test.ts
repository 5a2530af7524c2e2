import { describe, expect, it } from "vitest";
import { featuresFrom, isFeatureName, isFeatureSettingName } from "./features.ts";

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
    );
    expect(features.NEW_ONBOARDING_1).toBe(false);
    expect(features.private_message.can_send_private_message).toBe(false);
    expect(featuresFrom({ HFC_LIMIT_INCREASE: true }).HFC_LIMIT_INCREASE).toBe(true);
    expect(features.private_message.messaging_end_date).toBe("2025-06-30");
  });

  it("knows its flag and setting names", () => {
    expect(isFeatureName("display_warning_notice")).toBe(true);
    expect(isFeatureName("toString")).toBe(false);
    expect(isFeatureSettingName("messaging_end_date")).toBe(true);
    expect(isFeatureSettingName("display_warning_notice")).toBe(false);
  });
});
