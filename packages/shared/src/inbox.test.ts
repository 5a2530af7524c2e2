import { describe, expect, it } from "vitest";
import { dayLabel, needsSeparator, SEPARATOR_GAP_MS } from "./inbox.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// Sunday, Mar 10, 2024 at 12:00 UTC.
const NOW = Date.UTC(2024, 2, 10, 12, 0, 0);

describe("needsSeparator", () => {
  it("puts one before the first message shown", () => {
    expect(needsSeparator(null, NOW)).toBe(true);
  });

  it("puts one between messages 6 or more hours apart, and none closer", () => {
    expect(needsSeparator(NOW, NOW + SEPARATOR_GAP_MS)).toBe(true);
    expect(needsSeparator(NOW, NOW + 7 * HOUR)).toBe(true);
    expect(needsSeparator(NOW, NOW + SEPARATOR_GAP_MS - 1)).toBe(false);
    expect(needsSeparator(NOW, NOW + 1000)).toBe(false);
  });
});

describe("dayLabel", () => {
  it("reads Today for any time of the current calendar day", () => {
    expect(dayLabel(NOW, NOW, "UTC")).toEqual({ kind: "today" });
    expect(dayLabel(Date.UTC(2024, 2, 10, 0, 0), NOW, "UTC")).toEqual({ kind: "today" });
  });

  it("reads Yesterday for the calendar day before, however few hours ago", () => {
    expect(dayLabel(Date.UTC(2024, 2, 9, 23, 59), NOW, "UTC")).toEqual({ kind: "yesterday" });
    expect(dayLabel(Date.UTC(2024, 2, 9, 0, 0), NOW, "UTC")).toEqual({ kind: "yesterday" });
  });

  it("reads the weekday from 2 to 6 days back", () => {
    // Mar 8 2024 was a Friday (5), Mar 4 a Monday (1).
    expect(dayLabel(NOW - 2 * DAY, NOW, "UTC")).toEqual({ kind: "weekday", weekday: 5 });
    expect(dayLabel(NOW - 6 * DAY, NOW, "UTC")).toEqual({ kind: "weekday", weekday: 1 });
  });

  it("reads the full date from 7 days back", () => {
    expect(dayLabel(NOW - 7 * DAY, NOW, "UTC")).toEqual({
      kind: "date",
      year: 2024,
      month: 3,
      day: 3,
    });
    expect(dayLabel(Date.UTC(2023, 11, 31, 8), NOW, "UTC")).toEqual({
      kind: "date",
      year: 2023,
      month: 12,
      day: 31,
    });
  });

  it("counts days in the reader's time zone, not the server's", () => {
    // 02:00 UTC on Mar 10 is still Mar 9 in New York: yesterday there, today in UTC.
    const early = Date.UTC(2024, 2, 10, 2, 0);
    expect(dayLabel(early, NOW, "UTC")).toEqual({ kind: "today" });
    expect(dayLabel(early, NOW, "America/New_York")).toEqual({ kind: "yesterday" });
  });

  it("reads Today for a moment slightly ahead (clock skew)", () => {
    expect(dayLabel(NOW + 60_000, NOW, "UTC")).toEqual({ kind: "today" });
  });
});
