import { randomBytes, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

/**
 * The key of a reader's unsubscribe link, made the first time they are mailed an alert. It
 * only ever turns alerts off, so it does not expire. The link names the username too: after
 * a rename, older mails' links find nobody, and the next digest carries the new name.
 */
export async function alertsKeyOf(db: Kysely<Database>, userId: number): Promise<string> {
  await db
    .updateTable("users")
    .set({ alerts_key: randomBytes(18).toString("base64url") })
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
export function unsubscribeLinks(username: string, key: string) {
  const query = new URLSearchParams({ u: username, k: key });
  return { page: `/unsubscribe?${query}`, oneClick: `/v5/alerts/unsubscribe?${query}` };
}

const sameKey = (stored: string | null, given: string) =>
  stored !== null &&
  stored.length === given.length &&
  timingSafeEqual(Buffer.from(stored), Buffer.from(given));

/** Whose link this is and whether their alerts are on; null for a link that is not theirs. */
export async function unsubscribeLink(
  db: Kysely<Database>,
  username: string,
  key: string,
): Promise<{ username: string; alerts: boolean } | null> {
  const user = await db
    .selectFrom("users")
    .select(["username", "alerts_key", "notify_alerts", "notify_alertssub"])
    .where("username_lower", "=", username.toLowerCase())
    .executeTakeFirst();
  if (!user || !sameKey(user.alerts_key, key)) return null;
  return {
    username: user.username,
    alerts: user.notify_alerts === 1 || user.notify_alertssub === 1,
  };
}

/** Turns both alert switches off for the link's owner: whose they were, or null for a bad link. */
export async function unsubscribe(
  db: Kysely<Database>,
  username: string,
  key: string,
): Promise<{ username: string; alerts: false } | null> {
  const link = await unsubscribeLink(db, username, key);
  if (!link) return null;
  await db
    .updateTable("users")
    .set({ notify_alerts: 0, notify_alertssub: 0 })
    .where("username", "=", link.username)
    .execute();
  return { username: link.username, alerts: false };
}
