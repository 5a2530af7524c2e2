import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import type { AppEnv } from "./app-env.ts";
import { badRequest } from "./errors.ts";

/** The address a request came from, for rate limits ("local" for in-process requests). */
export function clientAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "local";
  }
}

/**
 * The origin of emailed links and the sign-in callback: the app's, set at start-up
 * (public-url.ts), never the request's, so a forged Host header cannot redirect them.
 */
export function publicBaseUrl(c: Context<AppEnv>): string {
  return c.get("publicUrl");
}

/**
 * Whether readers reach the site over https, so its cookies must be Secure: the request says
 * so when served with TLS, the public origin when a proxy ended TLS and forwarded plain http.
 */
export function servedOverHttps(c: Context<AppEnv>): boolean {
  return new URL(c.req.url).protocol === "https:" || publicBaseUrl(c).startsWith("https:");
}

/** A browser's plain form post (wants a page back) rather than a script's fetch (wants JSON). */
export function wantsHtml(c: Context): boolean {
  const accept = c.req.header("accept") ?? "";
  return accept.includes("text/html") && !accept.includes("application/json");
}

/** A JSON or form-encoded body as a flat record of fields. */
export async function readFields(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header("content-type") ?? "";
  if (type.includes("application/json")) {
    const body: unknown = await c.req.json().catch(() => null);
    return body && typeof body === "object" && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : {};
  }
  const form = await c.req.parseBody().catch(() => {
    throw badRequest("The form could not be read: send it as JSON or as a valid form.");
  });
  return Object.fromEntries(Object.entries(form).filter(([, value]) => typeof value === "string"));
}
