import { type Kysely, sql } from "kysely";
import { isPostgres } from "../engine.ts";

/**
 * Ad slots' decisions (writer-paid-contest.md §3, §7's ad eligibility decision): whether the
 * story page's slot, or a part's comment slots, showed ads to a viewer, and why, as the server
 * decided it. One row per placement, story or part, reader and UTC day; visitors' rows have
 * no user and each counts. The index reads a missing part (the story page's slot) as 0, since
 * NULLs never clash in a unique index on either engine. Nothing reads them yet.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("ad_eligibility_events")
    .addColumn("id", isPostgres(db) ? "bigserial" : "integer", (c) =>
      isPostgres(db) ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn("reference_id", "text", (c) => c.notNull())
    .addColumn("placement", "text", (c) => c.notNull())
    .addColumn("story_id", "bigint", (c) =>
      c.notNull().references("stories.id").onDelete("cascade"),
    )
    .addColumn("part_id", "bigint", (c) => c.references("parts.id").onDelete("cascade"))
    .addColumn("user_id", "bigint", (c) => c.references("users.id").onDelete("cascade"))
    .addColumn("eligible", "integer", (c) => c.notNull())
    .addColumn("factor", "text", (c) => c.notNull())
    .addColumn("country_code", "text")
    .addColumn("day", "integer", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("ad_eligibility_events_once_a_day")
    .on("ad_eligibility_events")
    .unique()
    .expression(sql`placement, story_id, (coalesce(part_id, 0)), user_id, day`)
    .execute();
}
