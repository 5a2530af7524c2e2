import type { Kysely } from "kysely";
import { isPostgres } from "../engine.ts";

/**
 * Sponsored stories on the home feed (reader.md §3 Story card sponsorName, clickUrl,
 * impressionUrl): a campaign per story and period, with the clicks and impressions its
 * tracking URLs counted (docs/decisions/021-home-feed.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("story_promotions")
    .addColumn("id", isPostgres(db) ? "bigserial" : "integer", (c) =>
      isPostgres(db) ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn("story_id", "bigint", (c) =>
      c.notNull().references("stories.id").onDelete("cascade"),
    )
    .addColumn("sponsor_name", "text", (c) => c.notNull())
    .addColumn("starts_at", "bigint", (c) => c.notNull())
    .addColumn("ends_at", "bigint", (c) => c.notNull())
    .addColumn("clicks", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("impressions", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex("story_promotions_running")
    .on("story_promotions")
    .columns(["ends_at", "starts_at"])
    .execute();
}
