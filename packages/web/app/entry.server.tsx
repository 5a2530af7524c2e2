import { Writable } from "node:stream";
import { gzipSync } from "node:zlib";
import { ANSWER_GZIP_LEVEL, acceptsGzip } from "@inkwell/shared";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { type EntryContext, ServerRouter } from "react-router";

export { createLoadContext } from "./api/context.ts";

export const streamTimeout = 5_000;

/**
 * Pages render completely into one body before they are sent: no route streams yet, and
 * one buffered body is the cheapest thing Node can send.
 *
 * A visitor's page (no one signed in: nothing on it waits for a lazy component) renders
 * with renderToString, about a third cheaper than the streaming renderer. React Router
 * sends its hydration data through a Suspense boundary (StreamTransfer) that reads the
 * encoded loader data chunk by chunk; the data is read here first, into the per-render
 * cache StreamTransfer looks in (react-router 8.4.0, pinned), so the boundary renders at
 * once and the HTML is the streaming renderer's, byte for byte (compared on every benched
 * route when this was written; packages/server/src/web.test.ts checks the data is there).
 */
export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
): Promise<Response> {
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.append("Vary", "Accept-Encoding");
  const gzip = acceptsGzip(request.headers.get("accept-encoding"));
  if (gzip) headers.set("Content-Encoding", "gzip");
  if (request.method.toUpperCase() === "HEAD") return new Response(null, { status, headers });
  await readHandoffData(routerContext);
  const root = routerContext.staticHandlerContext.loaderData.root as { user?: unknown } | undefined;
  if (root && root.user === null) {
    const html = renderToString(<ServerRouter context={routerContext} url={request.url} />);
    // A boundary left unresolved would leave the page without its data: stream instead.
    if (html.includes(HANDOFF_END)) {
      const page = `<!DOCTYPE html>${html}`;
      return new Response(gzip ? compress(page) : page, { status, headers });
    }
  }
  const page = await renderStreaming(request, routerContext);
  return new Response(gzip ? compress(page.body) : page.body, {
    status: page.failed ? 500 : status,
    headers,
  });
}

/** A page goes gzipped to a browser that takes it: a quarter of its bytes to the phone. */
function compress(page: string | Buffer): Buffer<ArrayBuffer> {
  // zlib's output owns a plain ArrayBuffer: what a Response body may be.
  return gzipSync(page, { level: ANSWER_GZIP_LEVEL }) as Buffer<ArrayBuffer>;
}

const HANDOFF_END = "window.__reactRouterContext.streamController.close();";

/** What StreamTransfer keeps per chunk: the promise of the read, with its outcome on it. */
type ChunkRead = Promise<void> & { result?: { done: boolean; value: string } };

/** Reads the hydration data through and files each chunk where StreamTransfer reads it. */
async function readHandoffData(context: EntryContext): Promise<void> {
  const stream = context.serverHandoffStream;
  const meta = context.renderMeta as { streamCache?: Record<number, ChunkRead> } | undefined;
  if (!stream || !meta) return;
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  const cache: Record<number, ChunkRead> = {};
  for (let identifier = 0; ; identifier++) {
    const { done, value } = await reader.read();
    const read: ChunkRead = Promise.resolve();
    read.result = { done, value: decoder.decode(value, { stream: true }) };
    cache[identifier] = read;
    if (done) break;
  }
  reader.releaseLock();
  meta.streamCache = cache;
}

/** The streaming renderer's whole page, and whether a component failed on the way. */
function renderStreaming(
  request: Request,
  routerContext: EntryContext,
): Promise<{ body: Buffer<ArrayBuffer>; failed: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let failed = false;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeout);
        resolve({ body: Buffer.concat(chunks), failed });
        callback();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} />,
      {
        onAllReady: () => pipe(sink),
        onShellError: reject,
        onError(error: unknown) {
          failed = true;
          console.error(error);
        },
      },
    );
    const timeout = setTimeout(abort, streamTimeout + 1000);
  });
}
