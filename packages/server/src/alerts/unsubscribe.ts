import { randomBytes, timingSafeEqual } from "node:crypto";
import { ID_PATTERN, type MailList, type MailSubscriptions } from "@inkwell/shared";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

/** A key is 18 random bytes in base64url: 24 letters, digits, `-` or `_`, and nothing else. */
const KEY_BYTES = 18;
export const ALERTS_KEY_SHAPE = /^[A-Za-z0-9_-]{24}$/;

/**
 * The key of a reader's unsubscribe link, made the first time they are mailed an alert. It
 * only ever turns alerts off, so it does not expire. The link names the account by its id,
 * which a username change leaves alone: an old mail's link keeps working.
 */
export async function alertsKeyOf(db: Kysely<Database>, userId: number): Promise<string> {
  await db
    .updateTable("users")
    .set({ alerts_key: randomBytes(KEY_BYTES).toString("base64url") })
    .where("id", "=", userId)
    .where("alerts_key", "is", null)
    .execute();
  const row = await db
    .selectFrom("users")
    .select("alerts_key")
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  return row.alerts_key ?? "";
}

/** The link's page (what the mail shows), and the call mail apps post to (RFC 8058). */
export function unsubscribeLinks(userId: number, key: string, list: MailList = "alerts") {
  const query = new URLSearchParams({ u: String(userId), k: key });
  if (list === "news") query.set("list", list);
  return { page: `/unsubscribe?${query}`, oneClick: `/v5/alerts/unsubscribe?${query}` };
}

/** Compared in constant time, as bytes: two strings of one length may differ in bytes. */
function sameKey(stored: string | null, given: string): boolean {
  if (stored === null) return false;
  const [expected, actual] = [Buffer.from(stored), Buffer.from(given)];
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * The account a link names (`u` and `k` as the link carries them), when the key is theirs.
 * `u` is an id; anything else, such as a username, names nobody.
 */
async function ownerOf(db: Kysely<Database>, u: string, key: string) {
  if (!ID_PATTERN.test(u)) return null;
  const user = await db
    .selectFrom("users")
    .select([
      "id",
      "username",
      "alerts_key",
      "notify_alerts",
      "notify_alertssub",
      "notify_subscribe",
    ])
    .where("id", "=", Number(u))
    .executeTakeFirst();
  return user && sameKey(user.alerts_key, key) ? user : null;
}

/** Whose link this is and what they get by mail; null for a link that is not theirs. */
export async function unsubscribeLink(
  db: Kysely<Database>,
  u: string,
  key: string,
): Promise<MailSubscriptions | null> {
  const user = await ownerOf(db, u, key);
  if (!user) return null;
  return {
    username: user.username,
    alerts: user.notify_alerts === 1 || user.notify_alertssub === 1,
    news: user.notify_subscribe === 1,
  };
}

/**
 * Stops what the link's list names for its owner (both alert switches, or the newsletter)
 * and answers what they still get, or null for a bad link.
 */
export async function unsubscribe(
  db: Kysely<Database>,
  u: string,
  key: string,
  list: MailList,
): Promise<MailSubscriptions | null> {
  const user = await ownerOf(db, u, key);
  if (!user) return null;
  await db
    .updateTable("users")
    .set(list === "news" ? { notify_subscribe: 0 } : { notify_alerts: 0, notify_alertssub: 0 })
    .where("id", "=", user.id)
    .execute();
  return unsubscribeLink(db, u, key);
}
