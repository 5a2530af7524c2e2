import { describe, expect, it } from "vitest";
import {
  latestScheduleTime,
  promisesReminder,
  untitledPartNumber,
  type WorkPart,
} from "./works.ts";

const HOUR = 60 * 60_000;

describe("promisesReminder", () => {
  // 22:00 UTC on 5 March 2024: 23:00 in Paris, 17:00 in New York.
  const now = Date.UTC(2024, 2, 5, 22);

  it("promises a reminder for a part more than a day away", () => {
    expect(promisesReminder(now + 3 * 24 * HOUR, now, "UTC")).toBe(true);
    expect(promisesReminder(now + 25 * HOUR, now, "America/New_York")).toBe(true);
  });

  it("promises none for a part going out later the same day, on the writer's clock", () => {
    // 21:00 in New York, the same evening; in UTC it would already be the 6th.
    expect(promisesReminder(now + 4 * HOUR, now, "America/New_York")).toBe(false);
  });

  it("promises none when the part is too close for the reminder job, even on another day", () => {
    // 09:00 tomorrow in Paris: not today, but the reminder's moment has passed.
    expect(promisesReminder(now + 10 * HOUR, now, "Europe/Paris")).toBe(false);
    expect(promisesReminder(now + 23 * HOUR, now, "Europe/Paris")).toBe(false);
    expect(promisesReminder(now + 23 * HOUR + 15 * 60_000, now, "Europe/Paris")).toBe(true);
  });
});

describe("latestScheduleTime", () => {
  it("is the same moment a calendar year on, 365 days in a common year", () => {
    const now = Date.parse("2026-11-28T21:15:00Z");
    expect(new Date(latestScheduleTime(now)).toISOString()).toBe("2027-11-28T21:15:00.000Z");
  });

  it("counts the leap day when the year ahead has one", () => {
    const now = Date.parse("2027-06-01T08:00:00Z");
    expect((latestScheduleTime(now) - now) / 86_400_000).toBe(366);
  });
});

describe("untitledPartNumber", () => {
  const part = (id: number, draft: boolean): WorkPart => ({
    id,
    title: `Part ${id}`,
    draft,
    scheduledPublishDatetime: null,
    createDate: null,
    modifyDate: null,
    publishedAt: null,
    unpublishedChanges: false,
    price: null,
    bonusTypeName: null,
  });
  // Published 1, draft 2, published 3, draft 4, draft 5.
  const parts = [part(1, false), part(2, true), part(3, false), part(4, true), part(5, true)];

  it("is the draft's place among the published parts once it is published", () => {
    // Two published parts come before part 4, and the draft 2 readers never see.
    expect(untitledPartNumber(parts, 4)).toBe(3);
    expect(untitledPartNumber(parts, 5)).toBe(3);
    expect(untitledPartNumber(parts, 2)).toBe(2);
  });

  it("is a published part's own place in the readers' table of contents", () => {
    expect(untitledPartNumber(parts, 1)).toBe(1);
    expect(untitledPartNumber(parts, 3)).toBe(2);
  });

  it("puts a part not listed yet after the published ones", () => {
    expect(untitledPartNumber(parts, 6)).toBe(3);
  });
});
