import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, TokenPurpose } from "../db/schema.ts";

const HOUR = 3_600_000;
const LIFETIME: Record<TokenPurpose, number> = {
  verify_email: 7 * 24 * HOUR,
  reset_password: HOUR,
};

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** An unguessable token for a link, a cookie or a pending step (256 bits by default). */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString("base64url");

/** A single-use token for an emailed link; only its hash is stored. */
export async function issueToken(
  db: Kysely<Database>,
  userId: number,
  purpose: TokenPurpose,
  email: string | null,
  now = Date.now(),
): Promise<string> {
  const token = randomToken();
  await db
    .insertInto("account_tokens")
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      purpose,
      email,
      created_at: now,
      expires_at: now + LIFETIME[purpose],
    })
    .execute();
  return token;
}

/**
 * Uses a token once: marks it used in the same statement that checks it, so two requests
 * racing with the same link cannot both succeed.
 */
export async function consumeToken(
  db: Kysely<Database>,
  token: string,
  purpose: TokenPurpose,
  now = Date.now(),
): Promise<{ userId: number; email: string | null } | null> {
  if (token.length === 0 || token.length > 100) return null;
  const row = await db
    .updateTable("account_tokens")
    .set({ used_at: now })
    .where("token_hash", "=", hashToken(token))
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .returning(["user_id", "email"])
    .executeTakeFirst();
  return row ? { userId: Number(row.user_id), email: row.email } : null;
}

/**
 * Spends every unused token of one purpose a user holds: a reset link must not outlive the
 * password or the address it was sent for (docs/decisions/042).
 */
export async function revokeTokens(
  db: Kysely<Database>,
  userId: number,
  purpose: TokenPurpose,
  now = Date.now(),
): Promise<void> {
  await db
    .updateTable("account_tokens")
    .set({ used_at: now })
    .where("user_id", "=", userId)
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .execute();
}

/** Whose a live token is, without spending it (to check a request before acting on it). */
export async function peekToken(
  db: Kysely<Database>,
  token: string,
  purpose: TokenPurpose,
  now = Date.now(),
): Promise<number | null> {
  if (token.length === 0 || token.length > 100) return null;
  const row = await db
    .selectFrom("account_tokens")
    .select("user_id")
    .where("token_hash", "=", hashToken(token))
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return row ? Number(row.user_id) : null;
}
