/**
 * Comment rules shared by the API (which enforces them) and the web app (which shows them
 * before a round trip): text length, the offensive-word check, where comment ads go.
 */

import { formatCount } from "./format.ts";
import { cleanUserText } from "./text.ts";

/** Most characters a comment may have after trimming (reader.md leaves the limit open). */
export const COMMENT_MAX_LENGTH = 2000;
/** Comments come in sets of 10 (reader.md §9); a thread opens with 2 replies. */
export const COMMENTS_PAGE_SIZE = 10;
export const REPLIES_SHOWN = 2;

export const COMMENT_TEXT_MESSAGES = {
  empty: "Write something before posting.",
  tooLong: `A comment can have at most ${formatCount(COMMENT_MAX_LENGTH)} characters.`,
} as const;

/**
 * Characters as a reader counts them, of the text as kept (cleanUserText): an emoji is
 * one, not two UTF-16 units, and control characters none.
 */
export const commentLength = (text: string): number => [...cleanUserText(text, "many")].length;

/** Why the text cannot be posted, or null when it can. */
export function commentTextProblem(text: string): string | null {
  const length = commentLength(text);
  if (length === 0) return COMMENT_TEXT_MESSAGES.empty;
  if (length > COMMENT_MAX_LENGTH) return COMMENT_TEXT_MESSAGES.tooLong;
  return null;
}

/**
 * Whether the text contains one of `words` as a whole word, ignoring case and accents, and
 * seeing through repeated letters and separators inside a word ("baaad", "b.a.d").
 */
export function containsOffensiveWord(text: string, words: readonly string[]): boolean {
  const normalised = text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/(?<=\p{L})[._*-](?=\p{L})/gu, "")
    .replace(/(\p{L})\1+/gu, "$1");
  const tokens = new Set(normalised.split(/[^\p{L}\p{N}]+/u));
  return words.some((word) => tokens.has(word.replace(/(\p{L})\1+/gu, "$1")));
}

/** Ads go after the 2nd comment group and every 10th after it (reader.md §9: offset 2). */
const AD_EVERY = 10;
const AD_OFFSET = 2;

/**
 * After which comment groups (1-based, in display order) an ad slot goes: every 10th group
 * from the 2nd, or a single one after the last when there are at most 2 groups.
 */
export function commentAdSlots(groups: number): number[] {
  if (groups <= AD_OFFSET) return [groups];
  const slots: number[] = [];
  for (let after = AD_OFFSET; after <= groups; after += AD_EVERY) slots.push(after);
  return slots;
}
