import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { notFound } from "../http/errors.ts";

export type TrackedEvent = "click" | "impression";

/**
 * Counts one click on, or one impression of, a sponsored story: what its clickUrl and
 * impressionUrl record (reader.md §7 Tracking URLs). The app calls each once per view.
 */
export async function track(
  db: Kysely<Database>,
  promotionId: number,
  event: TrackedEvent,
): Promise<void> {
  const column = event === "click" ? "clicks" : "impressions";
  const result = await db
    .updateTable("story_promotions")
    .set((eb) => ({ [column]: eb(column, "+", 1) }))
    .where("id", "=", promotionId)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) throw notFound("Promotion");
}
