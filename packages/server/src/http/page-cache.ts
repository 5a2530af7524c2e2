import {
  acceptsGzip,
  CACHE_TAGS_HEADER,
  CACHE_TTL_HEADER,
  cookieValue,
  localeFrom,
  parseReaderSettings,
  READER_SETTINGS_COOKIE,
  serializeReaderSettings,
} from "@inkwell/shared";
import { parse } from "hono/utils/cookie";
import { SESSION_COOKIE } from "../accounts/sessions.ts";

/** A rendered page kept for a moment: what a visitor's request can be answered with. */
export interface CachedPage {
  status: number;
  /** Name, value, name, value…: what node:http's writeHead takes as it is. */
  rawHeaders: string[];
  body: Buffer<ArrayBuffer>;
  expiresAt: number;
  tags: string[];
}

/**
 * The cache key of a visitor's page, or null when the request may not be answered from the
 * cache: anything but GET, and anyone signed in. A page depends on its address, the chosen
 * language and the reading page's settings, all read as the pages read them and normalised,
 * so that made-up cookies cannot fill the cache, and is kept gzipped for browsers that take
 * it, plain for the others. `target` is the path and query as sent. `country` is the
 * request's (a trusted proxy's header, normalised), when one is configured: ads differ by it.
 */
export function visitorPageKey(
  method: string | undefined,
  target: string,
  cookie: string | null | undefined,
  acceptEncoding: string | null | undefined,
  country: string | null = null,
): string | null {
  if (method !== "GET" || hasSession(cookie)) return null;
  let reading: string;
  try {
    reading = serializeReaderSettings(
      parseReaderSettings(cookieValue(cookie, READER_SETTINGS_COOKIE)),
    );
  } catch {
    // A cookie that does not decode: the page renders without the cache, as it always did.
    return null;
  }
  const encoding = acceptsGzip(acceptEncoding) ? "gzip" : "identity";
  return `${encoding} ${localeFrom(cookie)} ${reading} ${country ?? "-"} ${target}`;
}

/**
 * Whether the API will see a session: read by the parser it reads cookies with (Hono's), which
 * trims spaces around a name, so that no signed-in page can pass for a visitor's and be kept.
 */
const hasSession = (cookie: string | null | undefined): boolean =>
  cookie != null && parse(cookie, SESSION_COOKIE)[SESSION_COOKIE] !== undefined;

/**
 * Visitors' pages for a moment, so that a popular story is rendered once per moment rather
 * than once per visitor. Entries carry tags (story:ID) and a write to the story drops them
 * at once; signed-in readers never go through it.
 */
export class PageCache {
  readonly #entries = new Map<string, CachedPage>();
  readonly #byTag = new Map<string, Set<string>>();
  /** Pages rendered but not kept yet, and how often (see `keepAfter`). */
  readonly #rendered = new Map<string, number>();
  readonly #ttlMs: number;
  readonly #maxTtlMs: number;
  readonly #maxEntries: number;
  readonly #keepAfter: number;

  /**
   * `ttlMs` by default; a page may ask for longer (CACHE_TTL_HEADER), up to `maxTtlMs`.
   * A page is kept once it has been rendered `keepAfter` times (default 1) while the cache
   * remembered it: keeping every page a visitor opens once costs each render more than the
   * rare second visit saves. A page that asks to be kept longer (a list every visitor of a
   * tag shares: few addresses, costly renders) is kept from its first render.
   */
  constructor(options: {
    ttlMs: number;
    maxTtlMs?: number;
    maxEntries: number;
    keepAfter?: number;
  }) {
    this.#ttlMs = options.ttlMs;
    this.#maxTtlMs = Math.max(options.ttlMs, options.maxTtlMs ?? options.ttlMs);
    this.#maxEntries = options.maxEntries;
    this.#keepAfter = options.keepAfter ?? 1;
  }

  /** The fresh entry under `key`, to be written out as it is (see web.ts). */
  lookup(key: string, now = Date.now()): CachedPage | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.#delete(key);
      return undefined;
    }
    return entry;
  }

  get(key: string, now = Date.now()): Response | undefined {
    const entry = this.lookup(key, now);
    if (!entry) return undefined;
    return new Response(entry.body, { status: entry.status, headers: pairs(entry.rawHeaders) });
  }

  /** Stores a copy of the response when it is tagged; returns the response to send. */
  async store(key: string, response: Response, now = Date.now()): Promise<Response> {
    const tagHeader = response.headers.get(CACHE_TAGS_HEADER);
    if (!tagHeader || response.status !== 200) return response;
    const asked = Number(response.headers.get(CACHE_TTL_HEADER));
    const renders = (this.#rendered.get(key) ?? 0) + 1;
    if (renders < (asked > this.#ttlMs ? 1 : this.#keepAfter)) {
      // Remembers as many pages as it keeps, forgetting them all at once when full.
      if (this.#rendered.size >= this.#maxEntries) this.#rendered.clear();
      this.#rendered.set(key, renders);
      return response;
    }
    this.#rendered.delete(key);
    const body = Buffer.from(await response.arrayBuffer());
    const headers = [...response.headers].filter(
      ([name]) => name !== CACHE_TAGS_HEADER && name !== CACHE_TTL_HEADER,
    );
    const ttl = asked > 0 ? Math.min(asked, this.#maxTtlMs) : this.#ttlMs;
    if (this.#entries.size >= this.#maxEntries) this.#evictOldest();
    const tags = tagHeader.split(/\s*,\s*/);
    const rawHeaders = [...headers.flat(), "content-length", String(body.length)];
    this.#entries.set(key, { status: 200, rawHeaders, body, expiresAt: now + ttl, tags });
    for (const tag of tags) {
      const keys = this.#byTag.get(tag) ?? new Set<string>();
      keys.add(key);
      this.#byTag.set(tag, keys);
    }
    return new Response(body, { status: 200, headers });
  }

  invalidate(tag: string): void {
    for (const key of this.#byTag.get(tag) ?? []) this.#delete(key);
    this.#byTag.delete(tag);
  }

  get size(): number {
    return this.#entries.size;
  }

  #evictOldest(): void {
    const oldest = this.#entries.keys().next().value;
    if (oldest !== undefined) this.#delete(oldest);
  }

  #delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    for (const tag of entry.tags) this.#byTag.get(tag)?.delete(key);
  }
}

function pairs(flat: string[]): [string, string][] {
  const result: [string, string][] = [];
  for (let i = 0; i < flat.length; i += 2) result.push([flat[i] as string, flat[i + 1] as string]);
  return result;
}
