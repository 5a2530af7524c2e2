import { describe, expect, it } from "vitest";
import {
  ageGroupOf,
  DEMOGRAPHICS_MIN_READERS,
  groupsShown,
  lastDays,
  sharesOf,
  wholePercent,
} from "./analytics.ts";

describe("age groups", () => {
  const now = new Date("2026-11-25T12:00:00Z");

  it("counts a birthday only once it has come this year", () => {
    expect(ageGroupOf("2008-11-25", now)).toBe("18–24");
    expect(ageGroupOf("2008-11-26", now)).toBe("13–17");
    expect(ageGroupOf("2001-12-01", now)).toBe("18–24");
    expect(ageGroupOf("2001-11-01", now)).toBe("25–34");
  });

  it("puts each age in its group, and leaves out the unknown and the under-13s", () => {
    expect(ageGroupOf("1990-01-01", now)).toBe("35–44");
    expect(ageGroupOf("1950-06-30", now)).toBe("45+");
    expect(ageGroupOf("2016-01-01", now)).toBeNull();
    expect(ageGroupOf(null, now)).toBeNull();
    expect(ageGroupOf("someday", now)).toBeNull();
  });
});

describe("shares", () => {
  it("rounds to whole percentages that add up to 100, largest remainders first", () => {
    expect(sharesOf([1, 1, 1])).toEqual([34, 33, 33]);
    expect(sharesOf([1, 2])).toEqual([33, 67]);
    expect(sharesOf([5, 0, 5])).toEqual([50, 0, 50]);
    expect(sharesOf([0, 0])).toEqual([0, 0]);
  });
});

describe("groups shown", () => {
  const shown = (counts: Array<[string, number]>, most?: number) => [
    ...groupsShown(new Map(counts), most),
  ];

  it("shows nothing until the minimum is counted", () => {
    expect(DEMOGRAPHICS_MIN_READERS).toBe(10);
    expect(shown([["13–17", 1]])).toEqual([]);
    expect(
      shown([
        ["GB", 5],
        ["FR", 4],
      ]),
    ).toEqual([]);
  });

  it("folds groups below the minimum into other, listed last", () => {
    expect(
      shown([
        ["13–17", 3],
        ["18–24", 12],
        ["25–34", 0],
        ["35–44", 10],
        ["45+", 7],
      ]),
    ).toEqual([
      ["18–24", 12],
      ["35–44", 10],
      ["other", 10],
    ]);
    // Nothing small to fold: no "other".
    expect(
      shown([
        ["18–24", 10],
        ["25–34", 0],
      ]),
    ).toEqual([["18–24", 10]]);
  });

  it("folds the smallest group shown too while other would be small enough to tell", () => {
    // 45+ alone, as "other", would name its one reader's age group.
    expect(
      shown([
        ["13–17", 20],
        ["18–24", 11],
        ["25–34", 11],
        ["45+", 1],
      ]),
    ).toEqual([
      ["13–17", 20],
      ["18–24", 11],
      ["other", 12],
    ]);
    // One group left beside a small other: everything would be "other", so nothing.
    expect(
      shown([
        ["US", 12],
        ["GB", 3],
      ]),
    ).toEqual([]);
  });

  it("keeps the first `most` groups and sums the rest as other", () => {
    expect(
      shown(
        [
          ["US", 30],
          ["PH", 20],
          ["GB", 10],
        ],
        2,
      ),
    ).toEqual([
      ["US", 30],
      ["PH", 20],
      ["other", 10],
    ]);
  });
});

describe("chart days", () => {
  it("lists the last days up to today, oldest first, in UTC", () => {
    expect(lastDays(new Date("2026-03-01T23:30:00Z"), 3)).toEqual([
      "2026-02-27",
      "2026-02-28",
      "2026-03-01",
    ]);
  });
});

describe("wholePercent", () => {
  it("rounds to a whole percentage, and is 0 of nothing", () => {
    expect(wholePercent(1, 3)).toBe(33);
    expect(wholePercent(2, 3)).toBe(67);
    expect(wholePercent(5, 5)).toBe(100);
    expect(wholePercent(0, 0)).toBe(0);
  });
});
