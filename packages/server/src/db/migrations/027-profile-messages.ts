import type { Kysely } from "kysely";
import { isPostgres } from "../engine.ts";

/**
 * Public messages on profiles (a profile's Conversations) and their replies, one level deep
 * (parent_id is always a message on the profile, never a reply). Rows go when they are
 * deleted, with their replies; closing either account (the profile's or the author's)
 * takes them too, through the cascades.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = isPostgres(db) ? "bigserial" : "integer";
  await db.schema
    .createTable("profile_messages")
    .addColumn("id", id, (c) => (isPostgres(db) ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("profile_user_id", "bigint", (c) =>
      c.notNull().references("users.id").onDelete("cascade"),
    )
    .addColumn("user_id", "bigint", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("parent_id", "bigint", (c) =>
      c.references("profile_messages.id").onDelete("cascade"),
    )
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  // A profile's messages newest first, paged by id: one index walk.
  await db.schema
    .createIndex("profile_messages_profile")
    .on("profile_messages")
    .columns(["profile_user_id", "parent_id", "id"])
    .execute();
  // A message's replies, and the count and latest of them for a page of messages.
  await db.schema
    .createIndex("profile_messages_parent")
    .on("profile_messages")
    .columns(["parent_id", "id"])
    .execute();
  // Closing an account deletes its messages everywhere: the cascade looks them up by author.
  await db.schema
    .createIndex("profile_messages_author")
    .on("profile_messages")
    .columns(["user_id"])
    .execute();
}
