import type { Kysely } from "kysely";
import { isPostgres } from "../engine.ts";

/**
 * The paywall's analytics events (writer-paid-contest.md §7: paywall view, purchase
 * cancelled or failed), one row per reader, part, kind and UTC day: the unique index makes a
 * reader's reloads one view. Visitors' rows have no user and are each counted. A paid
 * story's Overview reads them by story and time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("paywall_events")
    .addColumn("id", isPostgres(db) ? "bigserial" : "integer", (c) =>
      isPostgres(db) ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("story_id", "bigint", (c) =>
      c.notNull().references("stories.id").onDelete("cascade"),
    )
    .addColumn("part_id", "bigint", (c) => c.notNull().references("parts.id").onDelete("cascade"))
    .addColumn("user_id", "bigint", (c) => c.references("users.id").onDelete("cascade"))
    .addColumn("day", "integer", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("paywall_events_once_a_day")
    .on("paywall_events")
    .columns(["name", "part_id", "user_id", "day"])
    .unique()
    .execute();
  await db.schema
    .createIndex("paywall_events_story")
    .on("paywall_events")
    .columns(["story_id", "created_at"])
    .execute();
}
