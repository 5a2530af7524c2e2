import { describe, expect, it } from "vitest";
import {
  COMMENT_TEXT_MESSAGES,
  commentAdSlots,
  commentTextProblem,
  containsOffensiveWord,
} from "./comments.ts";

describe("commentTextProblem", () => {
  it("refuses empty and whitespace-only text", () => {
    expect(commentTextProblem("")).toBe(COMMENT_TEXT_MESSAGES.empty);
    expect(commentTextProblem(" \n\t ")).toBe(COMMENT_TEXT_MESSAGES.empty);
  });

  it("refuses text of control characters only, and does not count them", () => {
    expect(commentTextProblem("\u0000")).toBe(COMMENT_TEXT_MESSAGES.empty);
    expect(commentTextProblem("\u0000\u0007 \u007f")).toBe(COMMENT_TEXT_MESSAGES.empty);
    expect(commentTextProblem(`${"a".repeat(2000)}\u0000`)).toBeNull();
  });

  it("allows up to 2,000 characters after trimming, counting an emoji as one", () => {
    expect(commentTextProblem(`  ${"a".repeat(2000)}  `)).toBeNull();
    expect(commentTextProblem("😀".repeat(2000))).toBeNull();
    expect(commentTextProblem("a".repeat(2001))).toBe(COMMENT_TEXT_MESSAGES.tooLong);
  });
});

describe("containsOffensiveWord", () => {
  const words = ["bad", "awful"];

  it("finds whole words whatever their case, accents, repeats or dots", () => {
    expect(containsOffensiveWord("That was BAD.", words)).toBe(true);
    expect(containsOffensiveWord("so baaaad", words)).toBe(true);
    expect(containsOffensiveWord("b.a.d move", words)).toBe(true);
    expect(containsOffensiveWord("áwful", words)).toBe(true);
  });

  it("leaves words that only contain one alone", () => {
    expect(containsOffensiveWord("badge of honour", words)).toBe(false);
    expect(containsOffensiveWord("Baden-Baden", words)).toBe(false);
    expect(containsOffensiveWord("", words)).toBe(false);
  });
});

describe("commentAdSlots", () => {
  it("appends one ad when there are at most 2 comment groups", () => {
    expect(commentAdSlots(0)).toEqual([0]);
    expect(commentAdSlots(1)).toEqual([1]);
    expect(commentAdSlots(2)).toEqual([2]);
  });

  it("places an ad after the 2nd group and every 10th after it", () => {
    expect(commentAdSlots(3)).toEqual([2]);
    expect(commentAdSlots(12)).toEqual([2, 12]);
    expect(commentAdSlots(31)).toEqual([2, 12, 22]);
  });
});
