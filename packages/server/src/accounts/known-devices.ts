import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../http/app-env.ts";
import { servedOverHttps } from "../http/request-info.ts";
import { accountKey } from "./service.ts";
import { hashToken, randomToken } from "./tokens.ts";

/** Only the log-in form's requests carry it. */
const KNOWN_DEVICE_COOKIE = "inkwell_device";
const KNOWN_DEVICE_PATH = "/login";
/** How long a browser stays known without signing in again (retention clears it after). */
export const KNOWN_DEVICE_DAYS = 365;

/**
 * What a log-in attempt for `identifier` counts against besides its address (decision 068):
 * this browser's own limit when it has signed in to that account before, else the account's,
 * which anyone's wrong guesses fill. So strangers cannot lock the owner out of a browser they
 * use, and a browser that is known gets no more guesses than an address.
 */
export async function loginLimitKey(c: Context<AppEnv>, identifier: string): Promise<string> {
  const account = `account:${identifier.trim().toLowerCase()}`;
  const token = getCookie(c, KNOWN_DEVICE_COOKIE);
  const key = accountKey(identifier);
  if (!token || token.length > 100 || key === null) return account;
  const known = await c
    .get("db")
    .selectFrom("known_devices")
    .innerJoin("users", "users.id", "known_devices.user_id")
    .select("known_devices.token_hash")
    .where("known_devices.token_hash", "=", hashToken(token))
    .where((eb) => eb.or([eb("users.username_lower", "=", key), eb("users.email_lower", "=", key)]))
    .executeTakeFirst();
  return known ? `device:${known.token_hash}` : account;
}

/** After a successful log-in: this browser is known to the account from now on. */
export async function rememberDevice(
  c: Context<AppEnv>,
  userId: number,
  now = Date.now(),
): Promise<void> {
  const db = c.get("db");
  const held = getCookie(c, KNOWN_DEVICE_COOKIE);
  if (held && held.length <= 100) {
    const kept = await db
      .updateTable("known_devices")
      .set({ last_used_at: now })
      .where("token_hash", "=", hashToken(held))
      .where("user_id", "=", userId)
      .executeTakeFirst();
    if (Number(kept.numUpdatedRows) === 1) return;
  }
  const token = randomToken();
  await db
    .insertInto("known_devices")
    .values({ token_hash: hashToken(token), user_id: userId, created_at: now, last_used_at: now })
    .execute();
  setCookie(c, KNOWN_DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: "Lax",
    secure: servedOverHttps(c),
    path: KNOWN_DEVICE_PATH,
    maxAge: KNOWN_DEVICE_DAYS * 86_400,
  });
}
