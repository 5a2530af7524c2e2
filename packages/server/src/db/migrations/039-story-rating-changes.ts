import type { Kysely } from "kysely";
import { isPostgres } from "../engine.ts";

/**
 * A story's rating history (reader.md §6, the admin panel's rating history): each rating a
 * story was given, by whom and when, from its creation or from this migration on. The
 * username is kept with the row, as staff notes keep it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable("story_rating_changes")
    .addColumn("id", pg ? "bigserial" : "integer", (c) =>
      pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn("story_id", "bigint", (c) =>
      c.notNull().references("stories.id").onDelete("cascade"),
    )
    .addColumn("rating", "smallint", (c) => c.notNull())
    .addColumn("changed_by_id", "bigint", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("changed_by_username", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("story_rating_changes_story")
    .on("story_rating_changes")
    .columns(["story_id", "id"])
    .execute();
}
