/**
 * Writer analytics (writer-paid-contest.md §2, §3, §9): what counts as an engaged reader, the
 * windows each figure covers, and the groups the Demographics tab shows.
 */

/** §9: an engaged reader spent 5 minutes or more reading the story… */
export const ENGAGED_READER_SECONDS = 5 * 60;
/** …within the last 365 days. */
export const ENGAGED_READER_DAYS = 365;
/** §9: daily unique readers cover the last 30 days. */
export const DAILY_READERS_DAYS = 30;
/** One report of reading time counts at most this much: a page left open is not reading. */
export const READING_TIME_REPORT_MAX_SECONDS = 30 * 60;

/**
 * The paywall's analytics events (writer-paid-contest.md §7), sent by the reading page to
 * POST /v5/events: the paywall shown, and a purchase there cancelled or failed.
 */
export const PAYWALL_EVENTS = ["paywall_view", "purchase_cancelled", "purchase_failed"] as const;
export type PaywallEventName = (typeof PAYWALL_EVENTS)[number];
/**
 * Every event POST /v5/events takes: the paywall's, a followed link to a story, an ad slot's
 * decision, and the contest entry form opened.
 */
export const ANALYTICS_EVENTS = [
  ...PAYWALL_EVENTS,
  "story_click",
  "ad_eligibility",
  "contest_form_view",
] as const;
export const ANALYTICS_EVENT_MESSAGE = `name must be one of ${ANALYTICS_EVENTS.join(", ")}`;

/** The share of `part` in `whole` as a whole percentage (0 when there is no whole). */
export const wholePercent = (part: number, whole: number): number =>
  whole === 0 ? 0 : Math.round((part / whole) * 100);

export const AGE_GROUPS = ["13–17", "18–24", "25–34", "35–44", "45+"] as const;
export type AgeGroup = (typeof AGE_GROUPS)[number];

/** The age group of a reader born on `birthdate` (YYYY-MM-DD) at `now`; null if unknown. */
export function ageGroupOf(birthdate: string | null, now: Date): AgeGroup | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthdate ?? "");
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const hadBirthday =
    now.getUTCMonth() + 1 > month || (now.getUTCMonth() + 1 === month && now.getUTCDate() >= day);
  const age = now.getUTCFullYear() - year - (hadBirthday ? 0 : 1);
  if (age < 13) return null;
  if (age < 18) return "13–17";
  if (age < 25) return "18–24";
  if (age < 35) return "25–34";
  if (age < 45) return "35–44";
  return "45+";
}

/**
 * The fewest readers the Demographics tab shows as one group, and the fewest a story needs
 * before it shows any: a smaller group could be a reader the writer knows.
 */
export const DEMOGRAPHICS_MIN_READERS = 10;

/** The key of the group that holds the readers of groups too small to show alone. */
export const OTHER_GROUP = "other";

/**
 * Reader counts by group as the Demographics tab may show them, in the order given, with
 * OTHER_GROUP last: every group of fewer than DEMOGRAPHICS_MIN_READERS readers is folded
 * into OTHER_GROUP, as is every group past the first `most` shown. While OTHER_GROUP is
 * itself that small, the smallest group shown joins it: the groups missing from a fixed
 * list (the age groups) would otherwise tell whom it holds. Nothing at all when fewer
 * readers than the minimum are counted, or when OTHER_GROUP alone is left.
 */
export function groupsShown(
  counts: ReadonlyMap<string, number>,
  most = Number.POSITIVE_INFINITY,
): Map<string, number> {
  const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
  if (total < DEMOGRAPHICS_MIN_READERS) return new Map();
  const shown = [...counts].filter(([, count]) => count >= DEMOGRAPHICS_MIN_READERS).slice(0, most);
  let other = total - shown.reduce((sum, [, count]) => sum + count, 0);
  while (other > 0 && other < DEMOGRAPHICS_MIN_READERS && shown.length > 0) {
    // The last of the smallest, so that ties leave the first-listed groups.
    const smallest = shown.reduce(
      (least, [, count], index) => (count <= (shown[least]?.[1] ?? 0) ? index : least),
      0,
    );
    other += shown.splice(smallest, 1)[0]?.[1] ?? 0;
  }
  if (shown.length === 0) return new Map();
  const groups = new Map(shown);
  if (other > 0) groups.set(OTHER_GROUP, other);
  return groups;
}

/** Whole-number percentages of `counts` that add up to 100 (largest remainders first). */
export function sharesOf(counts: readonly number[]): number[] {
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total === 0) return counts.map(() => 0);
  const exact = counts.map((count) => (count * 100) / total);
  const shares = exact.map(Math.floor);
  const left = 100 - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder.slice(0, left)) shares[index] = (shares[index] ?? 0) + 1;
  return shares;
}

/** The last `days` calendar days (UTC) up to and including `now`'s, oldest first. */
export function lastDays(now: Date, days: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, index) =>
    new Date(today - (days - 1 - index) * 86_400_000).toISOString().slice(0, 10),
  );
}
