import { describe, expect, it } from "vitest";
import { countdown, PICKS_PER_MONTH, picksFor, picksMonth, storyPicks } from "./premium-picks.ts";

describe("picksMonth", () => {
  it("names the month and ends it on the first of the next, in UTC", () => {
    const month = picksMonth(new Date("2026-11-22T10:00:00Z"));
    expect(month).toMatchObject({ id: "2026-11", name: "November 2026", year: 2026, month: 11 });
    expect(month.expiresAt.toISOString()).toBe("2026-12-01T00:00:00.000Z");
  });

  it("rolls over the year for next month", () => {
    const next = picksMonth(new Date("2026-12-31T23:59:00Z"), 1);
    expect(next).toMatchObject({ id: "2027-01", name: "January 2027" });
    expect(next.index - picksMonth(new Date("2026-12-31T23:59:00Z")).index).toBe(1);
  });
});

describe("picksFor", () => {
  const originals = Array.from({ length: 12 }, (_, i) => i);

  it("picks five a month, a new window each month, wrapping round", () => {
    expect(picksFor(originals, 0)).toEqual([0, 1, 2, 3, 4]);
    expect(picksFor(originals, 1)).toEqual([5, 6, 7, 8, 9]);
    expect(picksFor(originals, 2)).toEqual([10, 11, 0, 1, 2]);
    expect(picksFor(originals, 7)).toHaveLength(PICKS_PER_MONTH);
  });

  it("picks what there is when there are fewer Originals than a month's worth", () => {
    expect(picksFor([1, 2], 3)).toHaveLength(2);
    expect(picksFor([], 3)).toEqual([]);
  });
});

describe("storyPicks", () => {
  const originals = Array.from({ length: 12 }, (_, i) => i);
  const now = new Date("2026-11-22T10:00:00Z");

  it("says whether a story is this month's pick or next month's, with that month's bounds", () => {
    // November 2026 picks 2–6 of these twelve, December 7–11.
    expect(storyPicks(originals, 3, now)).toEqual({
      liveness: "current",
      startsAt: "2026-11-01T00:00:00.000Z",
      endsAt: "2026-12-01T00:00:00.000Z",
    });
    expect(storyPicks(originals, 8, now)).toEqual({
      liveness: "upcoming",
      startsAt: "2026-12-01T00:00:00.000Z",
      endsAt: "2027-01-01T00:00:00.000Z",
    });
  });

  it("answers null for a story in neither month, and current when in both", () => {
    expect(storyPicks(originals, 0, now)).toBeNull();
    expect(storyPicks(originals, 99, now)).toBeNull();
    expect(storyPicks([1, 2], 2, now)?.liveness).toBe("current");
  });
});

describe("countdown", () => {
  it("counts whole days, hours and minutes, and stops at zero", () => {
    const end = new Date("2026-12-01T00:00:00Z");
    expect(countdown(end, new Date("2026-11-22T10:30:30Z"))).toEqual({
      days: 8,
      hours: 13,
      minutes: 29,
    });
    expect(countdown(end, new Date("2026-12-02T00:00:00Z"))).toEqual({
      days: 0,
      hours: 0,
      minutes: 0,
    });
  });
});
