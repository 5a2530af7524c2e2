import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import type { AppEnv } from "./app-env.ts";
import {
  badRequest,
  HttpError,
  MALFORMED_JSON,
  UNSUPPORTED_BODY,
  UNSUPPORTED_FIELDS,
  UNSUPPORTED_FORM,
} from "./errors.ts";

/**
 * The address a request came from, for rate limits ("local" for in-process requests).
 * Behind `trustedProxies` reverse proxies, each appending the address it was reached from
 * to X-Forwarded-For, it is the entry that many from the end: the connection is a proxy's
 * and would count every reader as one. Entries before it are the client's to make up.
 */
export function clientAddress(c: Context<AppEnv>): string {
  const hops = c.get("trustedProxies");
  if (hops > 0) {
    const forwarded = (c.req.header("x-forwarded-for") ?? "").split(",").map((a) => a.trim());
    const address = forwarded.length >= hops ? forwarded[forwarded.length - hops] : undefined;
    if (address) return address;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "local";
  }
}

/**
 * TRUSTED_PROXIES: how many reverse proxies (a TLS terminator, a load balancer) stand in
 * front of the server and append to X-Forwarded-For; 0, the default, trusts none.
 */
export function trustedProxiesFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const configured = env.TRUSTED_PROXIES ?? "";
  if (configured === "") return 0;
  if (!/^\d{1,2}$/.test(configured)) {
    throw new Error(`TRUSTED_PROXIES must be a number of proxies such as 1, not "${configured}"`);
  }
  return Number(configured);
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

const FORM_TYPE = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;
const NOT_AN_OBJECT = "The request body must be a JSON object";
const UNREADABLE_FORM = "The form could not be read";

const isJson = (type: string) => type.toLowerCase().includes("application/json");

/** A JSON body's text as its fields: none is no fields; not JSON, or not an object, a 400. */
function jsonFields(text: string): Record<string, unknown> {
  if (text.trim() === "") return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw badRequest(MALFORMED_JSON);
  }
  if (body && typeof body === "object" && !Array.isArray(body)) {
    return body as Record<string, unknown>;
  }
  throw badRequest(NOT_AN_OBJECT, { request: NOT_AN_OBJECT });
}

/** The fields of a call that takes JSON only; a body of another type is refused (415). */
export async function readJsonFields(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (text === "" || isJson(c.req.header("content-type") ?? "")) return jsonFields(text);
  throw new HttpError(415, "unsupported_media_type", UNSUPPORTED_BODY);
}

/**
 * A JSON or form-encoded body as a flat record of fields; no body is no fields. A body that
 * is not JSON though it says so, JSON that is not an object, or a body of another type is
 * refused rather than read as no fields, which would make a bad call one that changes nothing
 * it meant to and still answers 200.
 */
export async function readFields(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header("content-type") ?? "";
  if (isJson(type)) return jsonFields(await c.req.text());
  if (!FORM_TYPE.test(type)) {
    if ((await c.req.text()) === "") return {};
    throw new HttpError(415, "unsupported_media_type", UNSUPPORTED_FIELDS);
  }
  const form = await c.req.parseBody().catch(() => {
    throw badRequest(`${UNREADABLE_FORM}: send it as JSON or as a valid form.`);
  });
  return Object.fromEntries(Object.entries(form).filter(([, value]) => typeof value === "string"));
}

/**
 * Why a page's form post cannot be read, or null when it can: a page's action reads a form
 * (and only a form) itself, where an unreadable one would be a 500 page.
 */
export async function pageFormProblem(request: Request): Promise<HttpError | null> {
  if (!FORM_TYPE.test(request.headers.get("content-type") ?? "")) {
    return new HttpError(415, "unsupported_media_type", UNSUPPORTED_FORM);
  }
  try {
    await request.clone().formData();
    return null;
  } catch {
    return badRequest(`${UNREADABLE_FORM}: send it as a valid form.`);
  }
}
