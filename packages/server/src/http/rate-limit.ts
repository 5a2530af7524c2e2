import { ACCOUNT_MESSAGES } from "@inkwell/shared";
import { HttpError } from "./errors.ts";

/**
 * Where attempts are counted: fixed windows per key. One process counts in its own memory;
 * the processes of a cluster all count in the primary's (cluster/primary.ts), so a limit
 * holds however the connections are spread.
 */
export interface CounterStore {
  /** Counts one attempt for each key and returns each key's count in its current window. */
  increment(keys: string[], windowMs: number, now: number): number[] | Promise<number[]>;
}

interface Window {
  count: number;
  resetsAt: number;
}

export class MemoryCounters implements CounterStore {
  readonly #windows = new Map<string, Window>();

  increment(keys: string[], windowMs: number, now: number): number[] {
    const counts = keys.map((key) => {
      let window = this.#windows.get(key);
      if (!window || window.resetsAt <= now) {
        window = { count: 0, resetsAt: now + windowMs };
        this.#windows.set(key, window);
      }
      return ++window.count;
    });
    if (this.#windows.size > 100_000) this.#sweep(now);
    return counts;
  }

  #sweep(now: number): void {
    for (const [key, window] of this.#windows)
      if (window.resetsAt <= now) this.#windows.delete(key);
  }
}

let sharedStore: CounterStore | null = null;

/** Makes every limiter created from now on count in `store` (a cluster worker's start). */
export function shareCounters(store: CounterStore): void {
  sharedStore = store;
}

export class RateLimiter {
  readonly #name: string;
  readonly #limit: number;
  readonly #windowMs: number;
  // Without a shared store each limiter counts alone, so two apps in one test never meet.
  readonly #store: CounterStore;

  /** `name` keeps this limiter's keys apart from every other's in a shared store. */
  constructor(name: string, limit: number, windowMs: number) {
    this.#name = name;
    this.#limit = limit;
    this.#windowMs = windowMs;
    this.#store = sharedStore ?? new MemoryCounters();
  }

  /** Counts one attempt for each key; throws 429 when any of them is over its limit. */
  async hit(keys: string[], now = Date.now()): Promise<void> {
    const counts = await this.#store.increment(
      keys.map((key) => `${this.#name} ${key}`),
      this.#windowMs,
      now,
    );
    if (counts.some((count) => count > this.#limit)) {
      throw new HttpError(429, "rate_limited", ACCOUNT_MESSAGES.rateLimited);
    }
  }
}

const MINUTE = 60_000;

/**
 * The limits of the account flows: per IP and per account, as attempts per window.
 * `scale` multiplies every limit (tests that sign up many people from one address).
 */
export function accountLimiters(scale = 1) {
  return {
    login: new RateLimiter("login", 10 * scale, 15 * MINUTE),
    signup: new RateLimiter("signup", 5 * scale, 60 * MINUTE),
    mail: new RateLimiter("mail", 5 * scale, 60 * MINUTE),
    /**
     * Email availability checks (the forms ask as a field is left): 60 in 15 minutes per
     * address, enough for a person typing, too few to test a list of addresses.
     */
    lookup: new RateLimiter("lookup", 60 * scale, 15 * MINUTE),
    /** Support tickets (reports, copyright notices): 10 an hour per address. */
    ticket: new RateLimiter("ticket", 10 * scale, 60 * MINUTE),
    /** Private messages: 20 a minute per sender (a conversation, not a flood). */
    message: new RateLimiter("message", 20 * scale, MINUTE),
    /** Purchases (Coin packs, Premium): 10 a minute per buyer (a shop, not a script). */
    purchase: new RateLimiter("purchase", 10 * scale, MINUTE),
    /**
     * Image uploads (covers, pictures in parts, a profile's avatar or background): 30 an hour
     * per account, all kinds together. Each is decoded and resized (up to 40 megapixels) and
     * written to disk; a writer setting up a story needs far fewer.
     */
    upload: new RateLimiter("upload", 30 * scale, 60 * MINUTE),
    /**
     * New stories and parts: 60 an hour per account, both together. A part holds up to
     * 500,000 characters; a writer adds a few a day (one a minute, pasting in a finished
     * novel), a script filling the database with them is stopped.
     */
    writing: new RateLimiter("writing", 60 * scale, 60 * MINUTE),
  };
}

export type AccountLimiters = ReturnType<typeof accountLimiters>;
