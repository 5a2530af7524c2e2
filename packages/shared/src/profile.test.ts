import { describe, expect, it } from "vitest";
import {
  characterCount,
  cleanAbout,
  cleanProfileName,
  isHighlightColour,
  PROFILE_MESSAGES,
  profileTextProblems,
} from "./profile.ts";

describe("cleanProfileName", () => {
  it("keeps one line of single spaces without invisible characters", () => {
    expect(cleanProfileName("  Ada\u200b \t Lovelace\n")).toBe("Ada Lovelace");
    expect(cleanProfileName("Zoë \u202eevil")).toBe("Zoë evil");
    expect(cleanProfileName("\u0000\u200f ")).toBe("");
  });
});

describe("cleanAbout", () => {
  it("keeps paragraphs, with at most one empty line between them", () => {
    expect(cleanAbout("One.  \r\n\r\n\r\n\r\nTwo\u0007.\rThree\t!\n\n")).toBe(
      "One.\n\nTwo.\nThree !",
    );
  });
});

describe("profileTextProblems", () => {
  it("counts characters as a reader does, after cleaning", () => {
    expect(characterCount("🐉é")).toBe(2);
    expect(profileTextProblems({ name: "🐉".repeat(50) })).toEqual({});
    expect(profileTextProblems({ name: `${"n".repeat(50)}   ` })).toEqual({});
    expect(profileTextProblems({ name: "n".repeat(51) })).toEqual({
      name: PROFILE_MESSAGES.nameTooLong,
    });
    expect(profileTextProblems({ name: " \u200b " })).toEqual({ name: PROFILE_MESSAGES.nameEmpty });
    expect(profileTextProblems({ description: "a".repeat(2000) })).toEqual({});
    expect(profileTextProblems({ description: "a".repeat(2001) })).toEqual({
      description: "About is at most 2,000 characters.",
    });
  });

  it("says nothing of fields left out", () => {
    expect(profileTextProblems({})).toEqual({});
  });
});

describe("isHighlightColour", () => {
  it("takes the palette's colours only", () => {
    expect(isHighlightColour("#0f766e")).toBe(true);
    expect(isHighlightColour("#0F766E")).toBe(false);
    expect(isHighlightColour("red")).toBe(false);
    expect(isHighlightColour(null)).toBe(false);
  });
});
