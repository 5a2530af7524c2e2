import { seesMatureContent } from "@inkwell/shared";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import type { Viewer } from "../viewer.ts";
import { hashToken, randomToken } from "./tokens.ts";

export const SESSION_COOKIE = "inkwell_session";
export const SESSION_DAYS = 30;

// Only the hash of a session token is stored, so a leaked database hands out no sessions.

export async function createSession(
  db: Kysely<Database>,
  userId: number,
  now = Date.now(),
): Promise<{ token: string; expiresAt: number }> {
  const token = randomToken();
  const expiresAt = now + SESSION_DAYS * 86_400_000;
  await db
    .insertInto("sessions")
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      created_at: now,
      expires_at: expiresAt,
    })
    .execute();
  return { token, expiresAt };
}

export async function viewerForSession(
  db: Kysely<Database>,
  token: string | undefined,
  now = Date.now(),
): Promise<Viewer | null> {
  if (!token || token.length > 100) return null;
  const row = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select([
      "users.id",
      "users.username",
      "users.is_sysadmin",
      "users.is_ambassador",
      "users.is_staff",
      "users.is_premium",
      "users.include_mature",
      "users.birthdate",
      "users.timed_out_until",
      "users.country",
    ])
    .where("sessions.token_hash", "=", hashToken(token))
    .where("sessions.expires_at", ">", now)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    username: row.username,
    isSysAdmin: row.is_sysadmin === 1,
    isAmbassador: row.is_ambassador === 1,
    isStaff: row.is_staff === 1,
    isPremium: row.is_premium === 1,
    seesMature: seesMatureContent(
      { includeMature: row.include_mature === 1, birthdate: row.birthdate },
      new Date(now),
    ),
    timedOutUntil: row.timed_out_until === null ? null : Number(row.timed_out_until),
    country: row.country || null,
  };
}

export async function endSession(db: Kysely<Database>, token: string | undefined): Promise<void> {
  if (!token) return;
  await db.deleteFrom("sessions").where("token_hash", "=", hashToken(token)).execute();
}

export async function endAllSessions(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom("sessions").where("user_id", "=", userId).execute();
}
