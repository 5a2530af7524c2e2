import { describe, expect, it } from "vitest";
import { ageGroupOf, lastDays, sharesOf, wholePercent } from "./analytics.ts";

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
