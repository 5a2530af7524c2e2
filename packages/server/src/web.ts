import type { RequestListener } from "node:http";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { getRequestListener } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import { CACHE_TAGS_HEADER, CACHE_TTL_HEADER, pageTags } from "@inkwell/shared";
import { type Context, Hono } from "hono";
import type { Kysely } from "kysely";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import type { Database } from "./db/schema.ts";
import { onStoryChanged, onWriterChanged } from "./events.ts";
import { countryCode } from "./http/ad-audience.ts";
import type { AppEnv } from "./http/app-env.ts";
import { PageCache, visitorPageKey } from "./http/page-cache.ts";
import { pageFormProblem, wantsHtml } from "./http/request-info.ts";
import { mediaSite } from "./media/serve.ts";

export const WEB_BUILD_DIR = resolve(
  join(import.meta.dirname, "../../web"),
  process.env.WEB_BUILD_DIR ?? "build",
);

interface WebEntry {
  createLoadContext(
    fetchApi: (path: string, init?: RequestInit) => Promise<Response>,
  ): RouterContextProvider;
}

export async function loadWebBuild(buildDir = WEB_BUILD_DIR): Promise<ServerBuild> {
  return (await import(pathToFileURL(join(buildDir, "server/index.js")).href)) as ServerBuild;
}

const SECURITY_HEADERS = {
  "content-security-policy":
    "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self' 'unsafe-inline'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
};

/** What a page's calls pass on of the browser's request: where it came from, and whom for. */
const FORWARDED_HEADERS = ["origin", "sec-fetch-site", "x-forwarded-for"] as const;

/** Where the API's calls live (the spec's paths): none is a page. */
const API_PREFIXES = ["/api", "/apiv2", "/v4", "/v5", "/reading/v1"] as const;

/**
 * The API's form paths whose page answers a browser's plain form post with its own action,
 * so a refusal renders the form again with what was typed (decision 116).
 * A script's post (JSON asked for) still reaches the API.
 */
const PAGE_FORM_POSTS = ["/signup", "/signup/complete"];

/**
 * The whole site: static assets, uploaded media, the API, then every other path rendered
 * by React Router. Loaders reach the API in-process with the visitor's cookies.
 */
export interface SiteOptions {
  mediaDir: string;
  /** Where the media route reads which images are banned (media/banned-images.ts). */
  db: Kysely<Database>;
  buildDir?: string;
  /**
   * How long a visitor's page may be served from memory (10 s: a write to the story drops
   * it at once, so only counts such as reads can lag); 0 turns the cache off. A page is
   * kept from its second render on: most addresses a visitor opens nobody else asks for.
   */
  pageCacheMs?: number;
  /**
   * The trusted proxy's header naming the request's country (COUNTRY_HEADER, ad-audience.ts):
   * a page's calls pass it on, and visitors' pages are kept per country, as their ads differ.
   */
  countryHeader?: string | null;
}

/**
 * The site as a Hono app, and as the node:http listener that serves it: the listener
 * answers a visitor's request for a cached page straight from memory (no Request, no
 * routing), and hands everything else to the app.
 */
export type Site = Hono & { listener: RequestListener };

export function createSite(api: Hono<AppEnv>, build: ServerBuild, options: SiteOptions): Site {
  const site = new Hono();
  const cacheMs = options.pageCacheMs ?? 10_000;
  const cache =
    cacheMs > 0
      ? new PageCache({ ttlMs: cacheMs, maxTtlMs: 60_000, maxEntries: 5000, keepAfter: 2 })
      : null;
  if (cache) {
    onStoryChanged((storyId, countsOnly) => {
      cache.invalidate(pageTags.story(storyId));
      if (!countsOnly) cache.invalidate(pageTags.listed(storyId));
    });
    onWriterChanged((username) => cache.invalidate(pageTags.writer(username)));
  }
  const clientDir = join(options.buildDir ?? WEB_BUILD_DIR, "client");
  const entry = build.entry.module as unknown as WebEntry;
  const handleRequest = createRequestHandler(build, "production");

  // The build wrote a brotli and a gzip copy of each text file (web/vite-plugins/precompress.ts).
  site.use(
    "/assets/*",
    serveStatic({
      root: clientDir,
      precompressed: true,
      onFound: (_path, c) => c.header("cache-control", "public, max-age=31536000, immutable"),
    }),
  );
  site.route("/", mediaSite(options.mediaDir, options.db));
  site.use("/favicon.svg", serveStatic({ root: clientDir, precompressed: true }));
  // Illustrations the web app ships (the Coin Shop's packs): named by what they show.
  site.use(
    "/images/*",
    serveStatic({
      root: clientDir,
      precompressed: true,
      onFound: (_path, c) => c.header("cache-control", "public, max-age=86400"),
    }),
  );
  site.on("POST", PAGE_FORM_POSTS, async (c, next) => {
    if (wantsHtml(c)) return renderPage(c);
    await next();
  });
  site.route("/", api);
  // The API's own paths answer JSON, even those it does not have: never the app's 404 page.
  for (const prefix of API_PREFIXES) {
    site.all(`${prefix}/*`, (c) => c.json({ code: "not_found", message: "No such API call" }, 404));
  }

  const countryHeader = options.countryHeader ?? null;
  const forwarded = countryHeader ? [...FORWARDED_HEADERS, countryHeader] : FORWARDED_HEADERS;
  /** The country a visitor's page is kept for: only what the ad rules can read, never raw text. */
  const countryOf = (value: string | string[] | undefined) =>
    countryHeader === null ? null : countryCode(typeof value === "string" ? value : undefined);
  async function renderPage(c: Context): Promise<Response> {
    const cookie = c.req.header("cookie");
    const url = c.req.url;
    const key = visitorPageKey(
      c.req.method,
      url.slice(url.indexOf("/", url.indexOf("//") + 2)),
      cookie,
      c.req.header("accept-encoding"),
      countryOf(countryHeader === null ? undefined : c.req.header(countryHeader)),
    );
    const cached = key === null ? undefined : cache?.get(key);
    if (cached) return cached;
    const context = entry.createLoadContext((path, init) => {
      const headers = new Headers(init?.headers);
      if (cookie) headers.set("cookie", cookie);
      // Where the request came from, so that the API's own same-origin check judges what a
      // page's action writes as it judges the browser's calls, and counts the same address.
      for (const name of forwarded) {
        const value = c.req.header(name);
        if (value !== undefined) headers.set(name, value);
      }
      // As the visitor's own call: their origin (links in mail a loader sends) and their
      // connection (the address rate limits count) as well as their cookies.
      return Promise.resolve(api.request(new URL(path, url), { ...init, headers }, c.env));
    });
    if (c.req.method !== "GET" && c.req.method !== "HEAD") {
      const problem = await pageFormProblem(c.req.raw);
      if (problem) return c.json(problem.toJSON(), problem.status);
    }
    const response = await handleRequest(c.req.raw, context);
    // Set before storing: a cached page is later written out with the headers it was kept with.
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.headers.set(name, value);
    const sent = key !== null && cache ? await cache.store(key, response) : response;
    // The cache's own headers never leave the server, on pages it did not keep either.
    sent.headers.delete(CACHE_TAGS_HEADER);
    sent.headers.delete(CACHE_TTL_HEADER);
    return sent;
  }
  site.all("*", renderPage);

  const app = getRequestListener(site.fetch);
  const listener: RequestListener = (request, response) => {
    // The same key as above, from the request line as sent (Hono may normalise the path:
    // such a request just misses here and is answered below).
    const key = visitorPageKey(
      request.method,
      request.url ?? "/",
      request.headers.cookie,
      request.headers["accept-encoding"],
      countryOf(countryHeader === null ? undefined : request.headers[countryHeader]),
    );
    const page = key === null ? undefined : cache?.lookup(key);
    if (!page) {
      void app(request, response);
      return;
    }
    response.writeHead(page.status, page.rawHeaders);
    response.end(page.body);
  };
  return Object.assign(site, { listener });
}
