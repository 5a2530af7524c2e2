import type { Kysely } from "kysely";
import { isPostgres } from "../engine.ts";

/**
 * §7's cover add: a writer gave their story a new cover, from the story details form
 * (upload) or the cover import screen (import). One row per story, source and UTC day.
 * Nothing reads them yet.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("cover_adds")
    .addColumn("id", isPostgres(db) ? "bigserial" : "integer", (c) =>
      isPostgres(db) ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn("story_id", "bigint", (c) =>
      c.notNull().references("stories.id").onDelete("cascade"),
    )
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("day", "integer", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("cover_adds_once_a_day")
    .on("cover_adds")
    .columns(["story_id", "source", "day"])
    .unique()
    .execute();
}
