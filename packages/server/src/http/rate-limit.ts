import { ACCOUNT_MESSAGES } from "@inkwell/shared";
import { HttpError } from "./errors.ts";

interface Window {
  count: number;
  resetsAt: number;
}

/**
 * Fixed-window counters in this process's memory: enough for one process; with several
 * processes the same interface moves to Redis (docs/operations.md).
 */
export class RateLimiter {
  readonly #windows = new Map<string, Window>();
  readonly #limit: number;
  readonly #windowMs: number;

  constructor(limit: number, windowMs: number) {
    this.#limit = limit;
    this.#windowMs = windowMs;
  }

  /** Counts one attempt for each key; throws 429 when any of them is over its limit. */
  hit(keys: string[], now = Date.now()): void {
    let over = false;
    for (const key of keys) {
      let window = this.#windows.get(key);
      if (!window || window.resetsAt <= now) {
        window = { count: 0, resetsAt: now + this.#windowMs };
        this.#windows.set(key, window);
      }
      window.count++;
      if (window.count > this.#limit) over = true;
    }
    if (this.#windows.size > 100_000) this.#sweep(now);
    if (over) throw new HttpError(429, "rate_limited", ACCOUNT_MESSAGES.rateLimited);
  }

  #sweep(now: number): void {
    for (const [key, window] of this.#windows)
      if (window.resetsAt <= now) this.#windows.delete(key);
  }
}

const MINUTE = 60_000;

/**
 * The limits of the account flows: per IP and per account, as attempts per window.
 * `scale` multiplies every limit (tests that sign up many people from one address).
 */
export function accountLimiters(scale = 1) {
  return {
    login: new RateLimiter(10 * scale, 15 * MINUTE),
    signup: new RateLimiter(5 * scale, 60 * MINUTE),
    mail: new RateLimiter(5 * scale, 60 * MINUTE),
    /** Support tickets (reports, copyright notices): 10 an hour per address. */
    ticket: new RateLimiter(10 * scale, 60 * MINUTE),
    /** Private messages: 20 a minute per sender (a conversation, not a flood). */
    message: new RateLimiter(20 * scale, MINUTE),
    /** Purchases (Coin packs, Premium): 10 a minute per buyer (a shop, not a script). */
    purchase: new RateLimiter(10 * scale, MINUTE),
  };
}

export type AccountLimiters = ReturnType<typeof accountLimiters>;
