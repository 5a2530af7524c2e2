import { describe, expect, it } from "vitest";
import {
  addBlockedTag,
  atTagLimit,
  BLOCKED_TAG_MESSAGES,
  blockedTagProblem,
  blockedTagsSummary,
  CLOSE_ACCOUNT_REASONS,
  isTimedOut,
  normaliseTag,
  TIME_OUT_MS,
} from "./safety.ts";

const rules = { tagLimit: 3, unblockableTags: ["featured"] };

describe("normaliseTag", () => {
  it("lowercases and strips '#' and backslashes", () => {
    expect(normaliseTag("#Horror")).toBe("horror");
    expect(normaliseTag("Vamp\\ires#")).toBe("vampires");
  });
});

describe("blockedTagProblem", () => {
  it("refuses empty tags, also when only '#' or backslashes were typed", () => {
    expect(blockedTagProblem("", [], rules)).toBe("empty");
    expect(blockedTagProblem("#\\", [], rules)).toBe("empty");
    expect(blockedTagProblem("   ", [], rules)).toBe("empty");
  });

  it("refuses tags with spaces inside", () => {
    expect(blockedTagProblem("slow burn", [], rules)).toBe("spaces");
  });

  it("refuses unblockable tags in any case or with a '#'", () => {
    expect(blockedTagProblem("#FEATURED", [], rules)).toBe("unblockable");
    expect(BLOCKED_TAG_MESSAGES.unblockable).toBe("Oops! This tag can't be blocked.");
  });

  it("refuses a new tag at the limit, but not one already there", () => {
    expect(blockedTagProblem("d", ["a", "b", "c"], rules)).toBe("limit");
    expect(blockedTagProblem("A", ["a", "b", "c"], rules)).toBeNull();
    expect(BLOCKED_TAG_MESSAGES.limit).toBe("You have reached your blocked tags limit.");
  });
});

describe("addBlockedTag", () => {
  it("adds the normalised tag first, newest first", () => {
    expect(addBlockedTag("#Gore", ["horror"], rules)).toEqual({
      tags: ["gore", "horror"],
      problem: null,
    });
  });

  it("ignores a duplicate whatever its case", () => {
    expect(addBlockedTag("HORROR", ["horror"], rules)).toEqual({ tags: ["horror"], problem: null });
  });

  it("leaves the list as it was when refused", () => {
    expect(addBlockedTag("featured", ["a"], rules)).toEqual({
      tags: ["a"],
      problem: "unblockable",
    });
  });
});

describe("atTagLimit and blockedTagsSummary", () => {
  it("closes the input at tagLimit and opens it again below", () => {
    expect(atTagLimit(["a", "b", "c"], rules)).toBe(true);
    expect(atTagLimit(["a", "b"], rules)).toBe(false);
  });

  it("shows the newest tags and counts the rest", () => {
    expect(blockedTagsSummary(["f", "e", "d", "c", "b", "a"], 5)).toEqual({
      shown: ["f", "e", "d", "c", "b"],
      more: 1,
    });
    expect(blockedTagsSummary(["a"], 5)).toEqual({ shown: ["a"], more: 0 });
  });
});

describe("moderation rules", () => {
  it("lists the twelve Close Account reasons of the spec", () => {
    expect(CLOSE_ACCOUNT_REASONS).toHaveLength(12);
    expect(CLOSE_ACCOUNT_REASONS).toContain("cyberbullying_harassment");
  });

  it("holds a time-out for two days, to the millisecond", () => {
    const start = Date.UTC(2026, 10, 22);
    expect(isTimedOut(start + TIME_OUT_MS, start + TIME_OUT_MS - 1)).toBe(true);
    expect(isTimedOut(start + TIME_OUT_MS, start + TIME_OUT_MS)).toBe(false);
    expect(isTimedOut(null, start)).toBe(false);
  });
});
