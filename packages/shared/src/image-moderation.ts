/**
 * Image moderation (accounts-safety-messaging.md §4, §5, §8; writer-paid-contest.md §2):
 * a flagged image is shown to its owner only, who may appeal once.
 */

import { isCurationName } from "./home.ts";

/** The appeal's reason box holds at most this many characters (§9). */
export const IMAGE_APPEAL_REASON_MAX = 435;

/**
 * The account that answers appeals: its inbox conversation is where an appeal's 'OK, got
 * it' leads. Not a valid sign-up name (it is reserved), so nobody can take it.
 */
export const SUPPORT_USERNAME = "InkwellSupport";

/** Whether a name someone wants belongs to a system account: support or curation. */
export const isReservedUsername = (username: string): boolean =>
  username.toLowerCase() === SUPPORT_USERNAME.toLowerCase() || isCurationName(username);

/** What an appeal call answers with in `status`, success or not (§7). */
export type ImageAppealStatus = "submitted" | "resolved" | "error";

/** A moderator's answer to an appeal. */
export type ImageAppealDecision = "restored" | "upheld";

export const IMAGE_MODERATION_MESSAGES = {
  bannedNotice: "This image has been deemed unsafe and will only be visible to you.",
  appealed: "Thank you, we've received your appeal",
  alreadyAppealed:
    "This image has already been appealed. Once a decision has been made, we will notify you.",
  alreadyReviewed:
    "Sorry, this image has already been reviewed by our team and cannot be appealed again.",
  appealFailed:
    "Sorry, an error has occurred and we’re unable to submit your appeal. Please try again later.",
} as const;

/** The message an appeal's answer shows: §8 reads only the status of a failed call. */
export function appealOutcomeMessage(status: ImageAppealStatus, ok: boolean): string {
  if (ok) return IMAGE_MODERATION_MESSAGES.appealed;
  if (status === "submitted") return IMAGE_MODERATION_MESSAGES.alreadyAppealed;
  if (status === "resolved") return IMAGE_MODERATION_MESSAGES.alreadyReviewed;
  return IMAGE_MODERATION_MESSAGES.appealFailed;
}

/** A flagged image as moderators see it in the appeals queue. */
export interface ImageFlag {
  id: number;
  imageUrl: string;
  /** The story showing it, as its cover or in a part; null for a profile picture. */
  story: { id: number; title: string } | null;
  /** Whose image it is: their profile's name too, for a profile picture. */
  owner: { username: string; name: string };
  flaggedAt: string;
  appeal: {
    reason: string;
    status: Exclude<ImageAppealStatus, "error">;
    appealedAt: string;
    decision: ImageAppealDecision | null;
  } | null;
}

/** Part text is stored sanitised (part-html.ts), so every picture is exactly this form. */
const IMAGE_TAG = /<img src="([^"]*)"[^>]*>/g;

const unescapeAttribute = (value: string) =>
  value
    .replaceAll("&quot;", '"')
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");

/** The pictures a sanitised part text shows, by URL, in order. */
export function imageSources(html: string): string[] {
  return [...html.matchAll(IMAGE_TAG)].map((match) => unescapeAttribute(match[1] ?? ""));
}

/** A sanitised part text without the pictures at these URLs (flagged ones, for readers). */
export function withoutImages(html: string, urls: ReadonlySet<string>): string {
  if (urls.size === 0) return html;
  return html.replace(IMAGE_TAG, (tag, src: string) =>
    urls.has(unescapeAttribute(src)) ? "" : tag,
  );
}
