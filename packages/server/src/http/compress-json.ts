import { gzipSync } from "node:zlib";
import { ANSWER_GZIP_LEVEL, acceptsGzip } from "@inkwell/shared";
import type { MiddlewareHandler } from "hono";

/** Below this, gzip's header and the work cost more than the bytes saved. */
const MIN_BYTES = 1024;

/**
 * JSON answers of 1 kB or more go gzipped (as pages are) to clients that take it:
 * a feed or a list is a fifth of its size on a phone's connection (docs/decisions/040). The
 * pages' own loaders call the API in-process without Accept-Encoding and skip all of it.
 */
export function compressJson(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (!acceptsGzip(c.req.header("accept-encoding")) || c.req.method === "HEAD") return;
    const answer = c.res;
    if (
      !answer.headers.get("content-type")?.startsWith("application/json") ||
      answer.headers.has("content-encoding")
    )
      return;
    const body = Buffer.from(await answer.arrayBuffer());
    const headers = new Headers(answer.headers);
    headers.append("vary", "Accept-Encoding");
    const zipped = body.byteLength >= MIN_BYTES;
    if (zipped) {
      headers.set("content-encoding", "gzip");
      headers.delete("content-length");
    }
    // Unset first: Hono would copy the old answer's headers over the new one's.
    c.res = undefined;
    c.res = new Response(zipped ? gzipSync(body, { level: ANSWER_GZIP_LEVEL }) : body, {
      status: answer.status,
      headers,
    });
  };
}
