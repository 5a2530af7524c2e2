import { DAILY_READERS_DAYS } from "@inkwell/shared";

const DAY = 86_400_000;
/** The share of the demo writer's votes and threads that came in lately. */
const RECENT_SHARE = 0.4;

/**
 * When a vote or a thread that could come any time from `after` came: for a share of them,
 * some time in the days the writer's analytics chart (half a day to 29 days before `now`,
 * never before `after`), so the demo writer sees votes and comments a day there as they see
 * readers. `random` is a stream of its own: drawing from it leaves the rest of the seed as it was.
 */
export function maybeRecent(random: () => number, after: number, now: number): number {
  if (random() >= RECENT_SHARE) return after;
  const ago = DAY / 2 + random() * (DAILY_READERS_DAYS - 1.5) * DAY;
  return Math.max(after, Math.round(now - ago));
}
