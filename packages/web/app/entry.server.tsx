import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, ServerRouter } from "react-router";

export { createLoadContext } from "./api/context.ts";

export const streamTimeout = 5_000;

/**
 * Pages render completely (onAllReady) into one buffer before they are sent: no route
 * streams yet, and one buffered body is the cheapest thing Node can send. The render must
 * still go through the streaming renderer: React Router's hydration data arrives through
 * a Suspense boundary, which renderToString would leave as its fallback.
 */
export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
): Promise<Response> {
  if (request.method.toUpperCase() === "HEAD") {
    return Promise.resolve(new Response(null, { status, headers }));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let statusCode = status;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeout);
        headers.set("Content-Type", "text/html; charset=utf-8");
        resolve(new Response(Buffer.concat(chunks), { status: statusCode, headers }));
        callback();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} />,
      {
        onAllReady: () => pipe(sink),
        onShellError: reject,
        onError(error: unknown) {
          statusCode = 500;
          console.error(error);
        },
      },
    );
    const timeout = setTimeout(abort, streamTimeout + 1000);
  });
}
