/**
 * Email alerts (accounts-safety-messaging.md §3, the notifications form's `alertssubmask`):
 * which kinds of news a reader is mailed about, one bit each. `alerts` and `alertssub` are
 * the two groups' switches; the mask picks kinds within them.
 */
export const ALERT_KINDS = {
  comments: 1,
  followers: 2,
  messages: 4,
  profileMessages: 8,
  libraryParts: 16,
  followedStories: 32,
} as const;

export type AlertKind = keyof typeof ALERT_KINDS;

/** Activity on the reader's own stories and profile (`alerts`). */
export const ACTIVITY_ALERTS: readonly AlertKind[] = [
  "comments",
  "followers",
  "messages",
  "profileMessages",
];

/** News from stories in their Library and people they follow (`alertssub`). */
export const UPDATE_ALERTS: readonly AlertKind[] = ["libraryParts", "followedStories"];

/** Every kind on: a new account's mask. */
export const ALL_ALERTS = Object.values(ALERT_KINDS).reduce((mask, bit) => mask | bit, 0);

/** How often alerts are gathered into one email. */
export const ALERT_DIGEST_MS = 60 * 60 * 1000;

/** At most this many items of one kind are listed in a digest; the rest are counted. */
export const ALERT_ITEMS_SHOWN = 5;

export interface AlertChoices {
  alerts: boolean;
  alertssub: boolean;
  alertssubmask: number;
}

/** The kinds a reader is mailed about, both switches and the mask applied. */
export function alertKindsOf(choices: AlertChoices): AlertKind[] {
  const groups = [
    ...(choices.alerts ? ACTIVITY_ALERTS : []),
    ...(choices.alertssub ? UPDATE_ALERTS : []),
  ];
  return groups.filter((kind) => (choices.alertssubmask & ALERT_KINDS[kind]) !== 0);
}

/** The mask of a set of kinds (the form's checked boxes). */
export function alertMaskOf(kinds: Iterable<AlertKind>): number {
  let mask = 0;
  for (const kind of kinds) mask |= ALERT_KINDS[kind];
  return mask;
}

export function isAlertKind(name: string): name is AlertKind {
  return Object.hasOwn(ALERT_KINDS, name);
}

/** What an emailed unsubscribe link stops: the alert digests or the monthly newsletter. */
export const MAIL_LISTS = ["alerts", "news"] as const;
export type MailList = (typeof MAIL_LISTS)[number];

/** GET /v5/alerts/unsubscribe: whose link it is, and what they get by mail. */
export interface MailSubscriptions {
  username: string;
  /** Alerts of either group (activity, updates). */
  alerts: boolean;
  /** The monthly newsletter (`subscribe`). */
  news: boolean;
}
