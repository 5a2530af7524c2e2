import { CACHE_TAGS_HEADER, CACHE_TTL_HEADER, type CurrentUser, ID_DIGITS } from "@inkwell/shared";
import { data, type HeadersFunction, isRouteErrorResponse, redirect } from "react-router";
import { type ApiClient, ApiRequestError } from "../api/client.ts";

const ID_PARAM = new RegExp(`^(${ID_DIGITS})(?:-[\\w-]*)?$`);

/** `/story/123` and `/story/123-some-title` both name story 123; anything else is no id. */
export function idFromParam(param: string | undefined): number | null {
  const match = ID_PARAM.exec(param ?? "");
  return match ? Number(match[1]) : null;
}

export const notFoundResponse = () => data(null, { status: 404 });

/**
 * The address the reader is on, as a loader sees it. A loader run by a client navigation or a
 * revalidation gets React Router's data request (`/catalog/paidstories.data?groups=8`), and a
 * link or a nextUrl built from it would lead to that data, not to the page.
 */
export function pageUrl(request: Request): URL {
  const url = new URL(request.url);
  url.pathname = url.pathname.endsWith("/_.data")
    ? url.pathname.slice(0, -"_.data".length)
    : url.pathname.replace(/\.data$/, "");
  url.searchParams.delete("_routes");
  return url;
}

/**
 * The signed-in user, for a page that is only for members: a visitor is sent to log in and
 * comes back to this very address. No cookie, no call.
 */
export async function currentUserOrLogin(api: ApiClient, request: Request): Promise<CurrentUser> {
  const user = request.headers.has("cookie") ? await api.currentUser() : null;
  if (user) return user;
  const url = pageUrl(request);
  throw redirect(`/login?${new URLSearchParams({ nextUrl: url.pathname + url.search })}`);
}

/** The page's 403 for a mature story shown to someone it is hidden from. */
export const MATURE_GATE = "mature_content";

/**
 * An API 404 (or 400 for an id the API refuses) becomes the page's 404; a mature story
 * hidden from the viewer becomes a 403 that the route's ErrorBoundary shows as a gate.
 */
export async function orNotFound<T>(request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400)) {
      throw notFoundResponse();
    }
    if (error instanceof ApiRequestError && error.code === MATURE_GATE) {
      throw data({ gate: MATURE_GATE }, { status: 403 });
    }
    throw error;
  }
}

/** Whether a route error is the mature gate (see orNotFound). */
export function isMatureGate(error: unknown): boolean {
  return (
    isRouteErrorResponse(error) &&
    error.status === 403 &&
    (error.data as { gate?: string } | null)?.gate === MATURE_GATE
  );
}

/** Marks a visitor's page as cacheable for a moment under these tags (see CACHE_TAGS_HEADER). */
export const cacheTags = (...tags: string[]) => ({ [CACHE_TAGS_HEADER]: tags.join(",") });

/** Like cacheTags, for a page that may be kept longer: a list that changes slowly. */
export const cacheListFor = (ms: number, ...tags: string[]) => ({
  ...cacheTags(...tags),
  [CACHE_TTL_HEADER]: String(ms),
});

export const forwardLoaderHeaders: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;
