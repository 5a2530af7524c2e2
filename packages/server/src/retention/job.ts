import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { repeat } from "../repeat.ts";
import { clearExpired } from "./service.ts";

/** Clears expired rows daily, the first time a minute after start (main.ts: the one process). */
export function scheduleRetention(
  db: Kysely<Database>,
  onError: (error: unknown) => void,
): () => void {
  return repeat(() => clearExpired(db).catch(onError), {
    firstAfterMs: 60_000,
    everyMs: 24 * 60 * 60_000,
  });
}
