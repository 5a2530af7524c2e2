import type { Kysely } from "kysely";

/**
 * Lists of stories (hot and new, by tag or category) walk one of these indexes in sort
 * order and check every filter column inside it, so a page reads its ids without touching
 * the stories table (see listStories). They replace the narrower stories_published.
 */
const FILTERS = ["draft", "deleted", "num_parts", "rating", "is_paid"];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("stories_listing_hot")
    .on("stories")
    .columns(["read_count", "id", ...FILTERS])
    .execute();
  await db.schema
    .createIndex("stories_listing_new")
    .on("stories")
    .columns(["last_published_at", "id", ...FILTERS])
    .execute();
  await db.schema.dropIndex("stories_published").execute();
}
