import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { serveStatic } from "@hono/node-server/serve-static";
import {
  CACHE_TAGS_HEADER,
  CACHE_TTL_HEADER,
  LOCALE_COOKIE,
  parseReaderSettings,
  READER_SETTINGS_COOKIE,
  serializeReaderSettings,
} from "@inkwell/shared";
import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { SESSION_COOKIE } from "./accounts/sessions.ts";
import { onStoryChanged } from "./events.ts";
import type { AppEnv } from "./http/app-env.ts";
import { PageCache } from "./http/page-cache.ts";
import { resizedImages } from "./media/resized-images.ts";

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

/**
 * The whole site: static assets, uploaded media, the API, then every other path rendered
 * by React Router. Loaders reach the API in-process with the visitor's cookies.
 */
export interface SiteOptions {
  mediaDir: string;
  buildDir?: string;
  /** How long a visitor's page may be served from memory; 0 turns the cache off. */
  pageCacheMs?: number;
}

export function createSite(api: Hono<AppEnv>, build: ServerBuild, options: SiteOptions) {
  const site = new Hono();
  const cacheMs = options.pageCacheMs ?? 2000;
  const cache =
    cacheMs > 0 ? new PageCache({ ttlMs: cacheMs, maxTtlMs: 60_000, maxEntries: 5000 }) : null;
  if (cache) onStoryChanged((storyId) => cache.invalidate(`story:${storyId}`));
  const clientDir = join(options.buildDir ?? WEB_BUILD_DIR, "client");
  const entry = build.entry.module as unknown as WebEntry;
  const handleRequest = createRequestHandler(build, "production");

  site.use(
    "/assets/*",
    serveStatic({
      root: clientDir,
      onFound: (_path, c) => c.header("cache-control", "public, max-age=31536000, immutable"),
    }),
  );
  site.use("/media/*", resizedImages(options.mediaDir));
  site.use(
    "/media/*",
    serveStatic({
      root: options.mediaDir,
      rewriteRequestPath: (path) => path.replace(/^\/media/, ""),
      onFound: (_path, c) => c.header("cache-control", "public, max-age=86400"),
    }),
  );
  site.use("/favicon.svg", serveStatic({ root: clientDir }));
  site.route("/", api);
  site.all("/api/*", (c) => c.json({ code: "not_found", message: "No such API call" }, 404));

  site.all("*", async (c) => {
    const cookie = c.req.header("cookie");
    // What a visitor's page depends on: the address, the chosen language and the reading
    // page's settings (normalised, so a made-up cookie cannot fill the cache).
    const query = c.req.url.includes("?") ? c.req.url.slice(c.req.url.indexOf("?")) : "";
    const reading = serializeReaderSettings(
      parseReaderSettings(getCookie(c, READER_SETTINGS_COOKIE)),
    );
    const key = `${getCookie(c, LOCALE_COOKIE) ?? "en"} ${reading} ${c.req.path}${query}`;
    const visitor = c.req.method === "GET" && !cookie?.includes(`${SESSION_COOKIE}=`);
    let response = visitor ? cache?.get(key) : undefined;
    if (!response) {
      const context = entry.createLoadContext((path, init) => {
        const headers = new Headers(init?.headers);
        if (cookie) headers.set("cookie", cookie);
        return Promise.resolve(api.request(path, { ...init, headers }));
      });
      response = await handleRequest(c.req.raw, context);
      if (visitor && cache) response = await cache.store(key, response);
      else {
        response.headers.delete(CACHE_TAGS_HEADER);
        response.headers.delete(CACHE_TTL_HEADER);
      }
    }
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.headers.set(name, value);
    return response;
  });
  return site;
}
