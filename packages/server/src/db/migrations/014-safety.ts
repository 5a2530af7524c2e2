import type { Kysely } from "kysely";

/**
 * Safety (accounts-safety-messaging.md §1–2): who a user muted, who they blocked, and the
 * tags they never want to see. Each table is keyed by its owner first, so "whose" lookups
 * and the NOT EXISTS checks in story lists are one index probe; the settings lists page
 * newest first along (owner, created_at); and the reverse index answers "who blocked me".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("user_mutes")
    .addColumn("muter_id", "bigint", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("muted_id", "bigint", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("user_mutes_pk", ["muter_id", "muted_id"])
    .execute();
  await db.schema
    .createIndex("user_mutes_muter_created")
    .on("user_mutes")
    .columns(["muter_id", "created_at", "muted_id"])
    .execute();

  await db.schema
    .createTable("user_blocks")
    .addColumn("blocker_id", "bigint", (c) =>
      c.notNull().references("users.id").onDelete("cascade"),
    )
    .addColumn("blocked_id", "bigint", (c) =>
      c.notNull().references("users.id").onDelete("cascade"),
    )
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("user_blocks_pk", ["blocker_id", "blocked_id"])
    .execute();
  await db.schema
    .createIndex("user_blocks_blocker_created")
    .on("user_blocks")
    .columns(["blocker_id", "created_at", "blocked_id"])
    .execute();
  // "Who blocked me": the blocked side hides the blocker's content too.
  await db.schema
    .createIndex("user_blocks_blocked")
    .on("user_blocks")
    .columns(["blocked_id", "blocker_id"])
    .execute();

  // By name, not tag id: a reader may block a tag no story carries yet.
  await db.schema
    .createTable("blocked_tags")
    .addColumn("user_id", "bigint", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("tag", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("blocked_tags_pk", ["user_id", "tag"])
    .execute();
}
