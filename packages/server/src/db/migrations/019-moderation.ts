import type { Kysely } from "kysely";
import { isPostgres } from "../engine.ts";

/**
 * Moderation actions on accounts (accounts-safety-messaging.md §6): a time-out on the user
 * row, and a record of every action with who took it. The record keeps the username and
 * id as they were, without a foreign key, because a closed account is deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").addColumn("timed_out_until", "bigint").execute();
  await db.schema
    .createTable("moderation_actions")
    .addColumn("id", isPostgres(db) ? "bigserial" : "integer", (c) =>
      isPostgres(db) ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn("target_user_id", "bigint", (c) => c.notNull())
    .addColumn("target_username", "text", (c) => c.notNull())
    .addColumn("actor_id", "bigint", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("ends_at", "bigint")
    .execute();
  await db.schema
    .createIndex("moderation_actions_target")
    .on("moderation_actions")
    .columns(["target_user_id", "created_at"])
    .execute();
}
