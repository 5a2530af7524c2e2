import {
  ALERT_ITEMS_SHOWN,
  type AlertKind,
  alertKindsOf,
  seesMatureContent,
} from "@inkwell/shared";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { sendMail } from "../mail/mailer.ts";
import { type AlertEvent, gatherAlertEvents, type Window } from "./gather.ts";
import { alertsKeyOf, unsubscribeLinks } from "./unsubscribe.ts";

/** Each kind's heading in the mail, in the order the mail lists them. */
const HEADINGS: Record<AlertKind, string> = {
  messages: "Messages",
  comments: "Comments",
  profileMessages: "On your profile",
  followers: "New followers",
  libraryParts: "From your Library",
  followedStories: "From people you follow",
};

interface Recipient {
  id: number;
  username: string;
  email: string;
  kinds: ReadonlySet<AlertKind>;
  seesMature: boolean;
  /** People whose news is not passed on: muted or blocked by the reader, or blocking them. */
  silenced: ReadonlySet<number>;
}

const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** The readers among `ids` who want mail of some kind and can get it (a verified address). */
async function recipientsOf(
  db: Kysely<Database>,
  ids: readonly number[],
  today: Date,
): Promise<Map<number, Recipient>> {
  const recipients = new Map<number, Recipient>();
  for (const chunk of chunks(ids)) {
    const [users, mutes, blocks] = await Promise.all([
      db
        .selectFrom("users")
        .select([
          "id",
          "username",
          "email",
          "notify_alerts",
          "notify_alertssub",
          "notify_alertssubmask",
          "include_mature",
          "birthdate",
        ])
        .where("id", "in", chunk)
        .where("email_verified", "=", 1)
        .where("email", "is not", null)
        .execute(),
      db
        .selectFrom("user_mutes")
        .select(["muter_id as user_id", "muted_id as other_id"])
        .where("muter_id", "in", chunk)
        .execute(),
      db
        .selectFrom("user_blocks")
        .select(["blocker_id", "blocked_id"])
        .where((eb) => eb.or([eb("blocker_id", "in", chunk), eb("blocked_id", "in", chunk)]))
        .execute(),
    ]);
    const silenced = new Map<number, Set<number>>();
    const silence = (userId: number, otherId: number) => {
      const set = silenced.get(userId) ?? new Set<number>();
      set.add(otherId);
      silenced.set(userId, set);
    };
    for (const mute of mutes) silence(mute.user_id, mute.other_id);
    for (const block of blocks) {
      silence(block.blocker_id, block.blocked_id);
      silence(block.blocked_id, block.blocker_id);
    }
    for (const user of users) {
      const kinds = alertKindsOf({
        alerts: user.notify_alerts === 1,
        alertssub: user.notify_alertssub === 1,
        alertssubmask: user.notify_alertssubmask,
      });
      if (kinds.length === 0 || !user.email) continue;
      recipients.set(user.id, {
        id: user.id,
        username: user.username,
        email: user.email,
        kinds: new Set(kinds),
        seesMature: seesMatureContent(
          { includeMature: user.include_mature === 1, birthdate: user.birthdate },
          today,
        ),
        silenced: silenced.get(user.id) ?? new Set(),
      });
    }
  }
  return recipients;
}

function passesOn(event: AlertEvent, recipient: Recipient): boolean {
  return (
    recipient.kinds.has(event.kind) &&
    !recipient.silenced.has(event.actorId) &&
    (!event.mature || recipient.seesMature)
  );
}

/** One reader's digest: each kind under its heading, the first few items listed, the rest counted. */
function composeDigest(
  recipient: { username: string },
  events: readonly AlertEvent[],
  links: { baseUrl: string; unsubscribeUrl: string },
): { subject: string; text: string } {
  const { baseUrl, unsubscribeUrl } = links;
  const lines = [`Hi ${recipient.username},`, "", "Here's what's new for you on Inkwell."];
  for (const kind of Object.keys(HEADINGS) as AlertKind[]) {
    const ofKind = events.filter((event) => event.kind === kind);
    if (ofKind.length === 0) continue;
    lines.push("", HEADINGS[kind]);
    for (const event of ofKind.slice(0, ALERT_ITEMS_SHOWN)) {
      lines.push(`- ${event.line}`, `  ${baseUrl}${event.path}`);
    }
    const more = ofKind.length - ALERT_ITEMS_SHOWN;
    if (more > 0) lines.push(`- and ${more} more`);
  }
  lines.push(
    "",
    `You get these emails because of your notification settings. To change them: ${baseUrl}/settings#notifications`,
    `To stop them: ${unsubscribeUrl}`,
  );
  const [first] = events;
  const subject =
    events.length === 1 && first ? first.line : `${events.length} new things for you on Inkwell`;
  return { subject, text: lines.join("\n") };
}

/**
 * Mails every reader the news of the window they asked for, one digest each. Answers how
 * many digests were sent. The caller makes sure a window is sent once (job.ts).
 */
export async function sendAlertDigests(
  db: Kysely<Database>,
  window: Window,
  baseUrl: string,
  now = Date.now(),
): Promise<number> {
  const events = await gatherAlertEvents(db, window);
  const byRecipient = new Map<number, AlertEvent[]>();
  for (const event of events) {
    if (event.recipientId === event.actorId) continue;
    const list = byRecipient.get(event.recipientId) ?? [];
    list.push(event);
    byRecipient.set(event.recipientId, list);
  }
  const recipients = await recipientsOf(db, [...byRecipient.keys()], new Date(now));
  let sent = 0;
  for (const [recipientId, theirs] of byRecipient) {
    const recipient = recipients.get(recipientId);
    if (!recipient) continue;
    const news = theirs.filter((event) => passesOn(event, recipient));
    if (news.length === 0) continue;
    const links = unsubscribeLinks(recipient.id, await alertsKeyOf(db, recipient.id));
    const unsubscribeUrl = `${baseUrl}${links.page}`;
    const { subject, text } = composeDigest(recipient, news, { baseUrl, unsubscribeUrl });
    // RFC 8058: mail apps offer their own one-click unsubscribe, posting to this address.
    const headers = {
      "List-Unsubscribe": `<${baseUrl}${links.oneClick}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    };
    await sendMail(db, { to: recipient.email, subject, text, headers }, now);
    sent++;
  }
  return sent;
}
