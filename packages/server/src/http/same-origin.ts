import type { Context, MiddlewareHandler } from "hono";
import { HttpError } from "./errors.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether a browser says the request comes from another site, by Sec-Fetch-Site or else by
 * Origin. Requests with neither header are not from a browser and carry no ambient cookies.
 */
function fromAnotherSite(c: Context): boolean {
  const site = c.req.header("sec-fetch-site");
  if (site) return site !== "same-origin" && site !== "none";
  const origin = c.req.header("origin");
  return origin !== undefined && !sameHost(origin, c.req.header("host") ?? new URL(c.req.url).host);
}

/**
 * Cross-site request forgery protection after Go's CrossOriginProtection: a browser
 * request that changes state must be same-origin.
 */
export function sameOriginOnly(): MiddlewareHandler {
  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method) && fromAnotherSite(c)) {
      throw new HttpError(
        403,
        "cross_origin",
        "Cross-origin requests that change data are not allowed",
      );
    }
    await next();
  };
}

/**
 * For a GET that changes data (the spec's tracking URLs): only a page of ours fetching it
 * counts, never another site, nor a browser loading it as a picture or a page (an <img> in
 * a part's text would otherwise count every reader of the part).
 */
export function assertOwnPageFetch(c: Context): void {
  const destination = c.req.header("sec-fetch-dest");
  if (fromAnotherSite(c) || (destination !== undefined && destination !== "empty")) {
    throw new HttpError(403, "cross_origin", "Only Inkwell's own pages may send this request.");
  }
}

function sameHost(origin: string, host: string): boolean {
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
