/**
 * Safety rules both sides apply (accounts-safety-messaging.md §4, §5, §9): the blocked-tags
 * editor's tag entry, the blocked-tags cap and the mute and block list pages.
 */

/** How many tags a reader may block (the server sends it as tagLimit). */
export const BLOCKED_TAG_LIMIT = 50;

/**
 * Tags that cannot be blocked: the platform's own tags, which carry its announcements and
 * awards, so blocking them would hide what every reader is meant to see.
 */
export const UNBLOCKABLE_TAGS = ["inkwell", "inkwellawards", "featured"] as const;

/** The Muted Accounts and Blocked Accounts lists show this many people a page. */
export const SAFETY_LIST_PAGE_SIZE = 8;

/** The blocked-tags summary shows this many tags, then '+ N more'. */
export const BLOCKED_TAGS_SUMMARY_SIZE = 5;

export const BLOCKED_TAG_MESSAGES = {
  spaces: "Tags cannot contain spaces",
  empty: "Tags cannot be empty",
  unblockable: "Oops! This tag can't be blocked.",
  limit: "You have reached your blocked tags limit.",
} as const;

export type BlockedTagProblem = keyof typeof BLOCKED_TAG_MESSAGES;

export interface BlockedTagRules {
  tagLimit: number;
  unblockableTags: readonly string[];
}

/** A tag as typed, as it is stored: lowercased, '#', backslashes and outer spaces stripped. */
export const normaliseTag = (typed: string): string =>
  typed.replaceAll(/[#\\]/g, "").trim().toLowerCase();

/** Why `typed` cannot join `tags`, or null when it can (or is there already). */
export function blockedTagProblem(
  typed: string,
  tags: readonly string[],
  rules: BlockedTagRules,
): BlockedTagProblem | null {
  const tag = normaliseTag(typed);
  if (tag === "") return "empty";
  if (/\s/.test(tag)) return "spaces";
  if (rules.unblockableTags.includes(tag)) return "unblockable";
  if (tags.includes(tag)) return null;
  if (tags.length >= rules.tagLimit) return "limit";
  return null;
}

/**
 * Adds a typed tag at the front (the list reads newest first). A tag already there is not
 * added again; a refused one leaves the list as it was and says why.
 */
export function addBlockedTag(
  typed: string,
  tags: readonly string[],
  rules: BlockedTagRules,
): { tags: string[]; problem: BlockedTagProblem | null } {
  const problem = blockedTagProblem(typed, tags, rules);
  const tag = normaliseTag(typed);
  if (problem !== null || tags.includes(tag)) return { tags: [...tags], problem };
  return { tags: [tag, ...tags], problem: null };
}

/** Whether the editor's input is closed: the reader has blocked as many tags as allowed. */
export const atTagLimit = (tags: readonly string[], rules: BlockedTagRules): boolean =>
  tags.length >= rules.tagLimit;

/** The summary: the newest few tags and how many more there are. */
export function blockedTagsSummary(tags: readonly string[], size = BLOCKED_TAGS_SUMMARY_SIZE) {
  return { shown: tags.slice(0, size), more: Math.max(0, tags.length - size) };
}

/** Close Account reasons ambassadors and admins choose from (accounts-safety-messaging.md §6). */
export const CLOSE_ACCOUNT_REASONS = [
  "banned_explicit",
  "banned_self_harm",
  "copyright",
  "csem",
  "csem_image_moderation",
  "cyberbullying_harassment",
  "extremism",
  "poaching",
  "previous_account_closed",
  "sexual_messaging",
  "spam",
  "underage",
] as const;

export type CloseAccountReason = (typeof CLOSE_ACCOUNT_REASONS)[number];

/** A time-out lasts 2 days (§9). */
export const TIME_OUT_MS = 2 * 24 * 60 * 60 * 1000;
export const TIME_OUT_REASON_MAX = 500;

/** Whether a time-out ending at `until` (epoch ms, or null for none) still holds at `now`. */
export function isTimedOut(until: number | null, now: number): boolean {
  return until !== null && until > now;
}
