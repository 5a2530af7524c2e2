import { messagingEnded } from "@inkwell/shared";
import type { Kysely } from "kysely";
import { readFeatures } from "../accounts/features.ts";
import { KNOWN_DEVICE_DAYS } from "../accounts/known-devices.ts";
import type { Database } from "../db/schema.ts";

const DAY = 86_400_000;

/**
 * How long analytics events are kept (decision 067): past the longest window anything reads
 * them over, the writer analytics' 365 days, and the data export shows what is kept.
 */
export const EVENT_DAYS = 400;

/** The analytics events' tables: one row an event, each with its time. */
const EVENT_TABLES = [
  "paywall_events",
  "story_clicks",
  "promotion_views",
  "ad_eligibility_events",
  "contest_form_views",
  "cover_adds",
] as const;

export interface Cleared {
  sessions: number;
  knownDevices: number;
  accountTokens: number;
  socialSignups: number;
  events: number;
  conversations: number;
}

/**
 * Deletes what can no longer be used or is past keeping: expired sessions, emailed links
 * and social sign-ups in progress (none of them ever works again), browsers that have not
 * signed in for KNOWN_DEVICE_DAYS (their cookie has run out), and analytics events older
 * than EVENT_DAYS, and, once user-to-user messaging has ended (the end date an admin set is
 * over), every conversation with its messages, as the inbox's notice told readers it would.
 * Answers how many rows went, by kind.
 */
export async function clearExpired(db: Kysely<Database>, now = Date.now()): Promise<Cleared> {
  const count = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);
  const expired = async (table: "sessions" | "account_tokens" | "pending_social_signups") =>
    count(await db.deleteFrom(table).where("expires_at", "<=", now).executeTakeFirst());
  const sessions = await expired("sessions");
  const accountTokens = await expired("account_tokens");
  const socialSignups = await expired("pending_social_signups");
  const knownDevices = count(
    await db
      .deleteFrom("known_devices")
      .where("last_used_at", "<=", now - KNOWN_DEVICE_DAYS * DAY)
      .executeTakeFirst(),
  );
  let events = 0;
  for (const table of EVENT_TABLES) {
    events += count(
      await db
        .deleteFrom(table)
        .where("created_at", "<", now - EVENT_DAYS * DAY)
        .executeTakeFirst(),
    );
  }
  const endDate = (await readFeatures(db, now)).private_message.messaging_end_date;
  // Messages and thread rows go with their conversation (ON DELETE CASCADE).
  const conversations = messagingEnded(endDate, now)
    ? count(await db.deleteFrom("conversations").executeTakeFirst())
    : 0;
  return { sessions, knownDevices, accountTokens, socialSignups, events, conversations };
}
