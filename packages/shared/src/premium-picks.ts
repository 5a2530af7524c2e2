import type { StoryCard } from "./api-types.ts";

/**
 * Premium Picks (reader.md §1, §2, §9): a rotating set of Originals each month, free to
 * Premium and Premium+ subscribers, refreshed on the first of the month.
 */
export const PICKS_PER_MONTH = 5;

/** The picks page's FAQ opens on a first visit, until this cookie is set. */
export const PICKS_FAQ_COOKIE = "seen-premium-picks-faq";

/** The countdown to the next picks updates this often (reader.md §9). */
export const PICKS_COUNTDOWN_MS = 60_000;

/** A month of picks: which month, when it ends, and its stories as the reader may see them. */
export interface PicksPeriod {
  /** `YYYY-MM`. */
  id: string;
  name: string;
  year: number;
  /** 1 to 12. */
  month: number;
  /** When the period ends: the first of the next month, 00:00 UTC (ISO). */
  expiresAt: string;
  stories: StoryCard[];
  total: number;
}

export interface PremiumPicks {
  current: PicksPeriod;
  next: PicksPeriod;
}

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** The month `at` falls in (UTC), `ahead` months later: its number, bounds and name. */
export function picksMonth(at: Date, ahead = 0) {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + ahead, 1));
  const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth() + 1;
  return {
    id: `${year}-${String(month).padStart(2, "0")}`,
    name: `${MONTH_NAMES[month - 1]} ${year}`,
    year,
    month,
    /** Months since year 0: the rotation's step. */
    index: year * 12 + (month - 1),
    expiresAt: end,
  };
}

/**
 * The month's picks from every Original (in a stable order): consecutive windows of
 * PICKS_PER_MONTH that move on each month and wrap around, so every Original comes round
 * and no month repeats the last while there are enough of them.
 */
export function picksFor<T>(originals: readonly T[], monthIndex: number): T[] {
  if (originals.length === 0) return [];
  const count = Math.min(PICKS_PER_MONTH, originals.length);
  const start = (monthIndex * PICKS_PER_MONTH) % originals.length;
  return Array.from({ length: count }, (_, i) => originals[(start + i) % originals.length] as T);
}

/**
 * Whether a story is a Premium Pick (reader.md §3 Story details premiumPicks): `current` in
 * this month's picks, `upcoming` in next month's, with the month it is picked for.
 */
export interface StoryPremiumPicks {
  liveness: "current" | "upcoming";
  /** The first of the month it is picked for, 00:00 UTC (ISO). */
  startsAt: string;
  /** The first of the month after, when it stops being a pick (ISO). */
  endsAt: string;
}

/** The story's place in this month's or next month's picks, or null when in neither. */
export function storyPicks<T>(
  originals: readonly T[],
  story: T,
  now: Date,
): StoryPremiumPicks | null {
  for (const [ahead, liveness] of [
    [0, "current"],
    [1, "upcoming"],
  ] as const) {
    const month = picksMonth(now, ahead);
    if (picksFor(originals, month.index).includes(story)) {
      return {
        liveness,
        startsAt: picksMonth(now, ahead - 1).expiresAt.toISOString(),
        endsAt: month.expiresAt.toISOString(),
      };
    }
  }
  return null;
}

/** What is left until `end`, in whole days, hours and minutes (never negative). */
export function countdown(end: Date, now: Date) {
  const minutes = Math.max(0, Math.floor((end.getTime() - now.getTime()) / 60_000));
  return {
    days: Math.floor(minutes / 1440),
    hours: Math.floor((minutes % 1440) / 60),
    minutes: minutes % 60,
  };
}
