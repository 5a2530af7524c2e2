import { renderToString } from "react-dom/server";
import { type EntryContext, ServerRouter } from "react-router";

export { createLoadContext } from "./api/context.ts";

/**
 * Pages render to one string: nothing on them suspends, and a string response is the
 * cheapest thing Node can send (no stream conversions per request).
 */
export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
): Response {
  if (request.method.toUpperCase() === "HEAD") return new Response(null, { status, headers });
  const html = renderToString(<ServerRouter context={routerContext} url={request.url} />);
  headers.set("Content-Type", "text/html; charset=utf-8");
  return new Response(`<!DOCTYPE html>${html}`, { status, headers });
}
