import { describe, expect, it } from "vitest";
import {
  countNewParts,
  DEFAULT_COPYRIGHT_LICENCE,
  isMature,
  isNewPart,
  LANGUAGES,
  languageById,
  MATURE_RATING,
  NEW_PART_WINDOW_DAYS,
  READING_TIME_LANGUAGE_ID,
  STORY_HEADER_LIMITS,
  seesMatureContent,
  showsReadingTime,
  tagChipOrder,
} from "./story-rules.ts";

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2024, 2, 15, 12, 0, 0);

describe("constants", () => {
  it("match the spec", () => {
    expect(NEW_PART_WINDOW_DAYS).toBe(14);
    expect(MATURE_RATING).toBe(4);
    expect(DEFAULT_COPYRIGHT_LICENCE).toBe(1);
    expect(READING_TIME_LANGUAGE_ID).toBe(1);
  });

  it("cut the story header's title and author to 36, or 22 and 16 on phones", () => {
    expect(STORY_HEADER_LIMITS).toEqual([
      { minWidth: 576, title: 36, author: 36 },
      { minWidth: 0, title: 22, author: 16 },
    ]);
  });
});

describe("isNewPart", () => {
  const published = (createDate: string | number | Date) => ({ draft: false, createDate });

  it("is new when published within the last 14 days", () => {
    expect(isNewPart(published(NOW), NOW)).toBe(true);
    expect(isNewPart(published(NOW - DAY), NOW)).toBe(true);
    expect(isNewPart(published(NOW - 13 * DAY), NOW)).toBe(true);
  });

  it("counts exactly 14 days ago as new, and not a millisecond more", () => {
    expect(isNewPart(published(NOW - 14 * DAY), NOW)).toBe(true);
    expect(isNewPart(published(NOW - 14 * DAY - 1), NOW)).toBe(false);
    expect(isNewPart(published(NOW - 30 * DAY), NOW)).toBe(false);
  });

  it("is never new while a draft", () => {
    expect(isNewPart({ draft: true, createDate: NOW - DAY }, NOW)).toBe(false);
    expect(isNewPart({ draft: true, createDate: NOW }, NOW)).toBe(false);
  });

  it("accepts ISO strings and Date objects for both dates", () => {
    expect(isNewPart(published("2024-03-01T12:00:00Z"), new Date(NOW))).toBe(true);
    expect(isNewPart(published("2024-03-01T11:59:59Z"), NOW)).toBe(false);
    expect(isNewPart(published(new Date(NOW - DAY)), NOW)).toBe(true);
  });

  it("treats a future create date as new and an invalid one as not", () => {
    expect(isNewPart(published(NOW + DAY), NOW)).toBe(true);
    expect(isNewPart(published("not a date"), NOW)).toBe(false);
  });
});

describe("countNewParts", () => {
  const part = (ageDays: number, draft: boolean, isBonusPart: boolean) => ({
    draft,
    isBonusPart,
    createDate: new Date(NOW - ageDays * DAY).toISOString(),
  });

  it("counts new regular and new bonus parts separately", () => {
    const parts = [
      part(1, false, false),
      part(14, false, false),
      part(15, false, false), // too old
      part(2, true, false), // draft
      part(3, false, true),
      part(20, false, true), // too old
      part(0, true, true), // draft
    ];
    expect(countNewParts(parts, NOW)).toEqual({ numNewParts: 2, numNewBonusParts: 1 });
  });

  it("gives zeros for no parts", () => {
    expect(countNewParts([], NOW)).toEqual({ numNewParts: 0, numNewBonusParts: 0 });
  });
});

describe("isMature", () => {
  it.each([
    [4, true],
    [0, false],
    [1, false],
    [3, false],
    [5, false],
  ])("rating %d → %s", (rating, expected) => {
    expect(isMature(rating)).toBe(expected);
  });
});

describe("showsReadingTime", () => {
  it.each([
    [1, true],
    [0, false],
    [2, false],
    [23, false],
  ])("language %d → %s", (languageId, expected) => {
    expect(showsReadingTime(languageId)).toBe(expected);
  });
});

describe("LANGUAGES", () => {
  it("lists the spec's language ids", () => {
    expect(LANGUAGES).toEqual([
      { id: 1, code: "en", name: "English" },
      { id: 2, code: "fr", name: "Français" },
      { id: 3, code: "it", name: "Italiano" },
      { id: 4, code: "de", name: "Deutsch" },
      { id: 5, code: "es", name: "Español" },
      { id: 6, code: "pt", name: "Português" },
      { id: 18, code: "fil", name: "Filipino" },
      { id: 20, code: "id", name: "Bahasa Indonesia" },
      { id: 23, code: "tr", name: "Türkçe" },
    ]);
  });

  it("has unique ids and codes", () => {
    expect(new Set(LANGUAGES.map((language) => language.id)).size).toBe(LANGUAGES.length);
    expect(new Set(LANGUAGES.map((language) => language.code)).size).toBe(LANGUAGES.length);
  });
});

describe("languageById", () => {
  it("finds a language by id", () => {
    expect(languageById(1)).toEqual({ id: 1, code: "en", name: "English" });
    expect(languageById(20)).toEqual({ id: 20, code: "id", name: "Bahasa Indonesia" });
    expect(languageById(23)).toEqual({ id: 23, code: "tr", name: "Türkçe" });
  });

  it("gives undefined for an unknown id", () => {
    expect(languageById(7)).toBeUndefined();
    expect(languageById(0)).toBeUndefined();
  });
});

describe("seesMatureContent", () => {
  const today = new Date(Date.UTC(2026, 10, 21));
  it("shows mature stories to adults who keep them on", () => {
    expect(seesMatureContent({ includeMature: true, birthdate: "2008-11-21" }, today)).toBe(true);
  });
  it("hides them the day before an 18th birthday", () => {
    expect(seesMatureContent({ includeMature: true, birthdate: "2008-11-22" }, today)).toBe(false);
  });
  it("hides them from adults who turned them off, from visitors and without a birthday", () => {
    expect(seesMatureContent({ includeMature: false, birthdate: "1990-01-01" }, today)).toBe(false);
    expect(seesMatureContent(null, today)).toBe(false);
    expect(seesMatureContent({ includeMature: true, birthdate: null }, today)).toBe(false);
  });
});

describe("tagChipOrder", () => {
  const tags = (...names: string[]) => names.map((name) => ({ name }));
  const names = (list: { name: string }[]) => list.map((tag) => tag.name);

  it("puts tags shorter than 18 characters first, in the author's order, from 200 px up", () => {
    const story = tags(
      "a-very-long-tag-name",
      "romance",
      "seventeen-letters",
      "eighteen-letters-x",
      "ya",
    );
    expect(names(tagChipOrder(story, 200))).toEqual([
      "romance",
      "seventeen-letters",
      "ya",
      "a-very-long-tag-name",
      "eighteen-letters-x",
    ]);
  });

  it("prefers tags shorter than 10 characters under 200 px", () => {
    const story = tags("supernatural", "vampire", "werewolf", "ninechars", "tenletters");
    expect(names(tagChipOrder(story, 199))).toEqual([
      "vampire",
      "werewolf",
      "ninechars",
      "supernatural",
      "tenletters",
    ]);
  });

  it("keeps every tag and the author's order when all are short", () => {
    expect(names(tagChipOrder(tags("b", "a", "c"), 360))).toEqual(["b", "a", "c"]);
  });
});
