import type { Kysely } from "kysely";
import { isPostgres } from "../engine.ts";

/**
 * Story Notes (writer-paid-contest.md §3): one planner per story, kept as the JSON the API
 * speaks, and the copy the writer last submitted (docs/decisions/017-story-notes.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("story_notes")
    .addColumn("id", isPostgres(db) ? "bigserial" : "integer", (c) =>
      isPostgres(db) ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn("story_id", "bigint", (c) =>
      c.notNull().unique().references("stories.id").onDelete("cascade"),
    )
    .addColumn("notes", "text", (c) => c.notNull())
    .addColumn("submitted_notes", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addColumn("submitted_at", "bigint")
    .execute();
}
