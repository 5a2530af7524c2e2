/** Inbox rules shared by the API and the conversation page (accounts-safety-messaging.md §5, §9). */

/** A message body: at most this many characters, and never empty. */
export const MESSAGE_MAX_LENGTH = 2000;
/** Threads per page of the thread list. */
export const INBOX_PAGE_SIZE = 10;
/** Messages per page of a conversation, newest first. */
export const CONVERSATION_PAGE_SIZE = 20;
export const INBOX_FILTERS = ["all", "followers", "following", "unread"] as const;
export type InboxFilter = (typeof INBOX_FILTERS)[number];

/** Two messages this far apart (or more) get a date separator between them. */
export const SEPARATOR_GAP_MS = 6 * 60 * 60 * 1000;

/**
 * Whether a separator goes before a message: before the first one shown, and wherever
 * the previous one is 6 or more hours older.
 */
export function needsSeparator(previous: number | null, current: number): boolean {
  return previous === null || current - previous >= SEPARATOR_GAP_MS;
}

/** How a separator names its day; the page words it (Today, Yesterday, Tuesday, a date). */
export type DayLabel =
  | { kind: "today" }
  | { kind: "yesterday" }
  | { kind: "weekday"; weekday: number }
  | { kind: "date"; year: number; month: number; day: number };

/** The calendar day of a moment in a time zone, as a whole number of days since 1970. */
function calendarDay(time: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "numeric",
    day: "numeric",
  }).formatToParts(time);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const year = part("year");
  const month = part("month");
  const day = part("day");
  return { year, month, day, index: Date.UTC(year, month - 1, day) / 86_400_000 };
}

/**
 * The separator's day, counted in calendar days of the reader's time zone: Today,
 * Yesterday, the weekday within the last 7 days, otherwise the full date.
 */
export function dayLabel(time: number, now: number, timeZone: string): DayLabel {
  const then = calendarDay(time, timeZone);
  const daysAgo = calendarDay(now, timeZone).index - then.index;
  if (daysAgo <= 0) return { kind: "today" };
  if (daysAgo === 1) return { kind: "yesterday" };
  if (daysAgo < 7)
    return { kind: "weekday", weekday: new Date(then.index * 86_400_000).getUTCDay() };
  return { kind: "date", year: then.year, month: then.month, day: then.day };
}

/** The notices that replace the composer, and the server's refusals (§8 'Reply blocked'). */
export const INBOX_NOTICES = {
  blocked: (name: string) => `You have blocked ${name} and cannot reply to this conversation.`,
  muted: (name: string) => `You have muted ${name} and cannot reply to this conversation.`,
  cannotReply: "You can’t reply to this conversation.",
} as const;
