import { onStoryChanged, onWriterChanged } from "../events.ts";

interface Entry {
  value: unknown;
  expiresAt: number;
  storyIds: readonly number[];
}

/** A minute: card figures no event announces (reads, comments) are at most that old. */
const TTL_MS = 60_000;
const MAX_ENTRIES = 5000;

/**
 * Visitors' search answers (docs/decisions/019-search-speed.md). An answer is kept until
 * the index reports a write (any write may add a story to any answer: `clear`), a story
 * it shows announces a change (a vote, a new cover: events.ts), a writer's name, picture or
 * account changes (rare: every answer goes), or a minute passes.
 * Signed-in readers are never answered from it: blocked tags and people, mature settings
 * and follow states are theirs alone.
 */
export class ResultCache {
  readonly #entries = new Map<string, Entry>();
  readonly #byStory = new Map<number, Set<string>>();

  constructor() {
    onStoryChanged((storyId) => this.#dropStory(storyId));
    onWriterChanged(() => this.clear());
  }

  get<T>(key: string, now = Date.now()): T | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt > now) return entry.value as T;
    this.#delete(key);
    return undefined;
  }

  set(key: string, value: unknown, storyIds: readonly number[], now = Date.now()): void {
    this.#delete(key);
    if (this.#entries.size >= MAX_ENTRIES) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#delete(oldest);
    }
    this.#entries.set(key, { value, expiresAt: now + TTL_MS, storyIds });
    for (const id of storyIds) {
      const keys = this.#byStory.get(id) ?? new Set<string>();
      keys.add(key);
      this.#byStory.set(id, keys);
    }
  }

  clear(): void {
    this.#entries.clear();
    this.#byStory.clear();
  }

  #dropStory(storyId: number): void {
    for (const key of this.#byStory.get(storyId) ?? []) this.#delete(key);
    this.#byStory.delete(storyId);
  }

  #delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    for (const id of entry.storyIds) {
      const keys = this.#byStory.get(id);
      keys?.delete(key);
      if (keys?.size === 0) this.#byStory.delete(id);
    }
  }
}
