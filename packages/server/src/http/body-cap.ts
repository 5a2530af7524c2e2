import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { REQUEST_TOO_LARGE } from "./errors.ts";

/** Over twice the largest body a call takes (a profile edit's two pictures, ~13.4 MB). */
const MAX_BODY_BYTES = 32 * 1024 * 1024;

/**
 * Refuses a body far past any call's or form's (413) before it is read, so no request makes
 * the server hold an unbounded body in memory. Calls that take pictures cut off sooner, in
 * their own words. GET and HEAD carry no body, and asking node's request for one builds a
 * whole web Request on every read (the story API's calls, the pages).
 */
export function bodyCap(): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    // The rest is never read: the connection ends with the answer.
    onError: (c) => c.json(REQUEST_TOO_LARGE, 413, { connection: "close" }),
  });
  return (c, next) => (c.req.method === "GET" || c.req.method === "HEAD" ? next() : limit(c, next));
}
