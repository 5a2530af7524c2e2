/**
 * Sponsored stories (reader.md §3 Story card sponsorName, clickUrl, impressionUrl): a
 * campaign shows one story on the home feed, under its sponsor's name, for a period.
 * Staff set them up at /admin/promotions (docs/decisions/036).
 */

/** A sponsor's name as the card shows it: 'Sponsored by …'. */
export const SPONSOR_NAME_MAX = 60;

export type PromotionStatus = "scheduled" | "running" | "ended";

/** Where a campaign stands at `now`: it runs from its start (inclusive) to its end. */
export function promotionStatus(startsAt: number, endsAt: number, now: number): PromotionStatus {
  if (now >= endsAt) return "ended";
  return now >= startsAt ? "running" : "scheduled";
}

/** Clicks per impression, in whole percent to one decimal: "2.5%"; none before any impression. */
export function clickThroughRate(clicks: number, impressions: number): string | null {
  if (impressions <= 0) return null;
  return `${(Math.round((clicks / impressions) * 1000) / 10).toFixed(1)}%`;
}

/**
 * The story a staff member means by what they pasted: a story page's address (with or
 * without the site and the title after the id) or the bare number. null when it is neither.
 */
export function storyIdFrom(input: string): number | null {
  const text = input.trim();
  const match = /^(\d{1,15})$/.exec(text) ?? /(?:^|\/)story\/(\d{1,15})(?:[-/?#]|$)/.exec(text);
  const id = match ? Number(match[1]) : 0;
  return id > 0 ? id : null;
}
