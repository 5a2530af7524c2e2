import { describe, expect, it } from "vitest";
import {
  appealOutcomeMessage,
  isReservedUsername,
  IMAGE_MODERATION_MESSAGES as M,
} from "./image-moderation.ts";

describe("appealOutcomeMessage", () => {
  it("thanks on success, whatever the status", () => {
    expect(appealOutcomeMessage("submitted", true)).toBe(M.appealed);
  });
  it("reads the status of a failed call: submitted, resolved, anything else", () => {
    expect(appealOutcomeMessage("submitted", false)).toBe(M.alreadyAppealed);
    expect(appealOutcomeMessage("resolved", false)).toBe(M.alreadyReviewed);
    expect(appealOutcomeMessage("error", false)).toBe(M.appealFailed);
  });
});

describe("isReservedUsername", () => {
  it("reserves the support account in any case", () => {
    expect(isReservedUsername("inkwellsupport")).toBe(true);
    expect(isReservedUsername("InkwellSupporter")).toBe(false);
  });
});
