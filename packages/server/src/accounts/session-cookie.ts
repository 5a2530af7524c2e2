import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../http/app-env.ts";
import { servedOverHttps } from "../http/request-info.ts";
import { endSession, SESSION_COOKIE, SESSION_DAYS } from "./sessions.ts";

/**
 * Hands the browser a new session: the one it held before ends (rotation at every
 * sign-in), and the new token goes in an httpOnly, SameSite=Lax cookie.
 */
export async function rotateSessionCookie(c: Context<AppEnv>, token: string): Promise<void> {
  await endSession(c.get("db"), getCookie(c, SESSION_COOKIE));
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "Lax",
    secure: servedOverHttps(c),
    path: "/",
    maxAge: SESSION_DAYS * 86_400,
  });
}
