import type { Kysely } from "kysely";

/**
 * Every story and part page lists a story's parts without their text. An index holding
 * those columns answers the listing from the index alone (about 10 µs instead of 80 µs on
 * the bench catalogue), without reading each part's text from the table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("parts_listing")
    .on("parts")
    .columns([
      "story_id",
      "position",
      "id",
      "title",
      "draft",
      "deleted",
      "is_bonus",
      "bonus_type",
      "scheduled_at",
      "create_date",
      "modify_date",
      "published_at",
      "word_count",
    ])
    .execute();
  await db.schema.dropIndex("parts_story").execute();
}
