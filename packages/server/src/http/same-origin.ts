import type { MiddlewareHandler } from "hono";
import { HttpError } from "./errors.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request forgery protection after Go's CrossOriginProtection: a browser
 * request that changes state must be same-origin, by Sec-Fetch-Site or else by Origin.
 * Requests with neither header are not from a browser and carry no ambient cookies risk.
 */
export function sameOriginOnly(): MiddlewareHandler {
  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const site = c.req.header("sec-fetch-site");
      const origin = c.req.header("origin");
      const crossSite = site
        ? site !== "same-origin" && site !== "none"
        : origin !== undefined &&
          !sameHost(origin, c.req.header("host") ?? new URL(c.req.url).host);
      if (crossSite) {
        throw new HttpError(
          403,
          "cross_origin",
          "Cross-origin requests that change data are not allowed",
        );
      }
    }
    await next();
  };
}

function sameHost(origin: string, host: string): boolean {
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
