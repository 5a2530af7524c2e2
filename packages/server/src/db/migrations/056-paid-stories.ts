import { type Kysely, sql } from "kysely";

/**
 * The Originals in id order, from their own few index entries: the Premium Picks wheel
 * (premium-picks/wheel.ts) reads them for every signed-in home, every paid story's price and
 * every paywalled part a reader opens, and without it read the whole stories table (100 ms on
 * the bench catalogue's 100,000 stories). The listing columns are in it, so no story row is read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("stories_paid")
    .on("stories")
    .columns(["id", "draft", "deleted", "num_parts"])
    .where(sql.ref("is_paid"), "=", 1)
    .execute();
}
