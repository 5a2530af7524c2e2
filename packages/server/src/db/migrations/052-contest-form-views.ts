import type { Kysely } from "kysely";
import { isPostgres } from "../engine.ts";

/**
 * §4's contest form view: the author of a story not yet entered opened its entry form. One
 * row per contest, story and UTC day (only the author sees the form). Nothing reads them yet.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("contest_form_views")
    .addColumn("id", isPostgres(db) ? "bigserial" : "integer", (c) =>
      isPostgres(db) ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn("contest_key", "text", (c) => c.notNull().references("contests.key"))
    .addColumn("story_id", "bigint", (c) =>
      c.notNull().references("stories.id").onDelete("cascade"),
    )
    .addColumn("day", "integer", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("contest_form_views_once_a_day")
    .on("contest_form_views")
    .columns(["contest_key", "story_id", "day"])
    .unique()
    .execute();
}
