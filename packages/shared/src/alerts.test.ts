import { describe, expect, it } from "vitest";
import { ALL_ALERTS, alertKindsOf, alertMaskOf, isAlertKind } from "./alerts.ts";

describe("email alert choices", () => {
  it("starts with every kind on", () => {
    expect(alertKindsOf({ alerts: true, alertssub: true, alertssubmask: ALL_ALERTS })).toEqual([
      "comments",
      "followers",
      "messages",
      "profileMessages",
      "libraryParts",
      "followedStories",
    ]);
  });

  it("drops a group when its switch is off, whatever the mask", () => {
    expect(alertKindsOf({ alerts: false, alertssub: true, alertssubmask: ALL_ALERTS })).toEqual([
      "libraryParts",
      "followedStories",
    ]);
    expect(alertKindsOf({ alerts: true, alertssub: false, alertssubmask: ALL_ALERTS })).toEqual([
      "comments",
      "followers",
      "messages",
      "profileMessages",
    ]);
  });

  it("keeps only the kinds the mask names", () => {
    const mask = alertMaskOf(["followers", "libraryParts"]);
    expect(mask).toBe(2 | 16);
    expect(alertKindsOf({ alerts: true, alertssub: true, alertssubmask: mask })).toEqual([
      "followers",
      "libraryParts",
    ]);
    expect(alertKindsOf({ alerts: true, alertssub: true, alertssubmask: 0 })).toEqual([]);
  });

  it("knows its kinds by name", () => {
    expect(isAlertKind("comments")).toBe(true);
    expect(isAlertKind("votes")).toBe(false);
    expect(isAlertKind("toString")).toBe(false);
  });
});
