import { CACHE_TAGS_HEADER, CACHE_TTL_HEADER } from "@inkwell/shared";

/** A rendered page kept for a moment: what a visitor's request can be answered with. */
interface CachedPage {
  status: number;
  headers: [string, string][];
  body: string;
  expiresAt: number;
  tags: string[];
}

/**
 * Visitors' pages for a couple of seconds, so that a popular story is rendered once per
 * moment rather than once per visitor. Entries carry tags (story:ID) and a write to the
 * story drops them at once; signed-in readers never go through it.
 */
export class PageCache {
  readonly #entries = new Map<string, CachedPage>();
  readonly #byTag = new Map<string, Set<string>>();
  readonly #ttlMs: number;
  readonly #maxTtlMs: number;
  readonly #maxEntries: number;

  /** `ttlMs` by default; a page may ask for longer (CACHE_TTL_HEADER), up to `maxTtlMs`. */
  constructor(options: { ttlMs: number; maxTtlMs?: number; maxEntries: number }) {
    this.#ttlMs = options.ttlMs;
    this.#maxTtlMs = Math.max(options.ttlMs, options.maxTtlMs ?? options.ttlMs);
    this.#maxEntries = options.maxEntries;
  }

  get(key: string, now = Date.now()): Response | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.#delete(key);
      return undefined;
    }
    return new Response(entry.body, { status: entry.status, headers: entry.headers });
  }

  /** Stores a copy of the response when it is tagged; returns the response to send. */
  async store(key: string, response: Response, now = Date.now()): Promise<Response> {
    const tagHeader = response.headers.get(CACHE_TAGS_HEADER);
    if (!tagHeader || response.status !== 200) return response;
    const body = await response.text();
    const headers = [...response.headers].filter(
      ([name]) => name !== CACHE_TAGS_HEADER && name !== CACHE_TTL_HEADER,
    );
    const asked = Number(response.headers.get(CACHE_TTL_HEADER));
    const ttl = asked > 0 ? Math.min(asked, this.#maxTtlMs) : this.#ttlMs;
    if (this.#entries.size >= this.#maxEntries) this.#evictOldest();
    const tags = tagHeader.split(/\s*,\s*/);
    this.#entries.set(key, { status: 200, headers, body, expiresAt: now + ttl, tags });
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
