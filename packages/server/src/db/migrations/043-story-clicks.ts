import type { Kysely } from "kysely";
import { isPostgres } from "../engine.ts";

/**
 * Clicks on links to a story (writer-paid-contest.md §7's story click), by the page they were
 * on: one row per reader, story, page kind and UTC day (visitors' rows have no user and each
 * counts). A story's Overview reads where its readers found it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("story_clicks")
    .addColumn("id", isPostgres(db) ? "bigserial" : "integer", (c) =>
      isPostgres(db) ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn("story_id", "bigint", (c) =>
      c.notNull().references("stories.id").onDelete("cascade"),
    )
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("user_id", "bigint", (c) => c.references("users.id").onDelete("cascade"))
    .addColumn("day", "integer", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("story_clicks_once_a_day")
    .on("story_clicks")
    .columns(["story_id", "source", "user_id", "day"])
    .unique()
    .execute();
  await db.schema
    .createIndex("story_clicks_story")
    .on("story_clicks")
    .columns(["story_id", "created_at"])
    .execute();
}
