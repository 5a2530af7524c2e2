import type { Kysely } from "kysely";
import { isPostgres } from "../engine.ts";

/**
 * System admins' notes on a story (reader.md §6, the admin panel's admin notes), as the
 * reports' staff notes are kept: the writer's username is stored with the note, so that the
 * note still says who wrote it after their account is gone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable("story_staff_notes")
    .addColumn("id", pg ? "bigserial" : "integer", (c) =>
      pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn("story_id", "bigint", (c) =>
      c.notNull().references("stories.id").onDelete("cascade"),
    )
    .addColumn("author_id", "bigint", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("author_username", "text")
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("story_staff_notes_story")
    .on("story_staff_notes")
    .columns(["story_id", "id"])
    .execute();
}
