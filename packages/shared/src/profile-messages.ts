/**
 * Public messages on profiles, a profile's Conversations (accounts-safety-messaging.md §2,
 * §9): the text rules the API enforces and the composer shows before a round trip, and
 * the API's answers.
 */
import type { UserSummary } from "./api-types.ts";
import { formatCount } from "./format.ts";
import { MESSAGE_MAX_LENGTH } from "./inbox.ts";
import { cleanUserText } from "./text.ts";

/** A message: 1 to 2,000 characters after trimming (§9 'message 2000 characters'). */
export const PROFILE_MESSAGE_MAX_LENGTH = MESSAGE_MAX_LENGTH;
/** Messages per page of a profile's Conversations. */
export const PROFILE_MESSAGES_PAGE_SIZE = 10;
/** A message comes with its latest replies; 'View earlier replies' loads the rest. */
export const LATEST_REPLIES_SHOWN = 3;

/**
 * An announcement is the owner's own message on their own profile (it reaches their
 * followers; replies and messages on other profiles are not announcements): at most this
 * many in any 24 hours (reader.md §6, §9 'Announcements at most 3 per day').
 */
export const ANNOUNCEMENTS_PER_DAY = 3;
export const ANNOUNCEMENT_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The refusals, in the words the composer shows (and the notice that replaces it). */
export const PROFILE_MESSAGE_TEXTS = {
  empty: "Write a message before posting.",
  tooLong: `A message can have at most ${formatCount(PROFILE_MESSAGE_MAX_LENGTH)} characters.`,
  blocked: (name: string) => `You have blocked ${name} and cannot post on their profile.`,
  cannotPost: "You can’t post on this profile.",
  announcementLimit: `You can post up to ${formatCount(ANNOUNCEMENTS_PER_DAY)} announcements on your profile in 24 hours. Try again later; replies are not limited.`,
} as const;

/** The plain text a message is stored as: line breaks as \n, unsafe characters gone, trimmed. */
export function cleanMessageText(text: string): string {
  return cleanUserText(text, "many");
}

/** Characters as a reader counts them, after cleaning: an emoji is one, not two. */
export const messageTextLength = (text: string): number => [...cleanMessageText(text)].length;

/** Why the text cannot be posted, or null when it can. */
export function profileMessageProblem(text: string): string | null {
  const length = messageTextLength(text);
  if (length === 0) return PROFILE_MESSAGE_TEXTS.empty;
  if (length > PROFILE_MESSAGE_MAX_LENGTH) return PROFILE_MESSAGE_TEXTS.tooLong;
  return null;
}

/** A message on a profile, or a reply to one. The body is plain text: escape it to show it. */
export interface ProfileMessage {
  id: number;
  body: string;
  createDate: string;
  from: UserSummary;
  /** The message this replies to; null for a message on the profile. */
  parentId: number | null;
  /** Replies the viewer may see (0 for a reply). */
  numReplies: number;
  /** The latest of those replies, oldest first (empty for a reply). */
  latestReplies: ProfileMessage[];
  /** The profile's owner, the author, ambassadors and system admins may delete it. */
  canDelete: boolean;
}

/** GET /api/v3/users/{username}/messages: a page of messages, newest first. */
export interface ProfileMessagePage {
  messages: ProfileMessage[];
  /** Messages on the profile the viewer may see. */
  total: number;
  /** The next (older) page, or null at the end. */
  nextUrl: string | null;
  /** Why the signed-in viewer cannot post here (a block, a time-out), or null. */
  notice: string | null;
}

/** GET /api/v3/users/{username}/messages/{id}/replies: replies before a cursor, oldest first. */
export interface ProfileMessageReplies {
  replies: ProfileMessage[];
  total: number;
  /** The page of still earlier replies, or null when none are left. */
  nextUrl: string | null;
}
