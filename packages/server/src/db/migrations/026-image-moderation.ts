import type { Kysely } from "kysely";
import { isPostgres } from "../engine.ts";

/**
 * Image moderation: a flagged cover moves from `stories.cover` to `stories.banned_cover`,
 * so every public path (cards, lists, home, search) stops showing it without knowing about
 * moderation, and only the owner's views read the banned one. `image_flags` records each
 * flag and its one appeal.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("stories").addColumn("banned_cover", "text").execute();
  await db.schema
    .createTable("image_flags")
    .addColumn("id", isPostgres(db) ? "bigserial" : "integer", (c) =>
      isPostgres(db) ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn("image_url", "text", (c) => c.notNull().unique())
    .addColumn("owner_id", "bigint", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("story_id", "bigint", (c) => c.references("stories.id").onDelete("set null"))
    .addColumn("flagged_by", "bigint", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("flagged_at", "bigint", (c) => c.notNull())
    .addColumn("appeal_reason", "text")
    .addColumn("appeal_status", "text")
    .addColumn("appealed_at", "bigint")
    .addColumn("decision", "text")
    .addColumn("decided_by", "bigint", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("decided_at", "bigint")
    .execute();
  await db.schema
    .createIndex("image_flags_appeals")
    .on("image_flags")
    .columns(["appeal_status", "appealed_at"])
    .execute();
}
