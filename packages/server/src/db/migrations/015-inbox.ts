import type { Kysely } from "kysely";
import { isPostgres } from "../engine.ts";

/**
 * The inbox: one conversation per pair of users (user_a_id < user_b_id), its messages, and
 * one side per participant. A side is that participant's thread-list row: the last message
 * they can see and how many they have not read, moved in the transaction that sends, reads
 * or deletes, so the thread list is one index walk instead of a grouping of messages.
 * A side is removed when its owner deletes the conversation and comes back with the next
 * message. Messages are hidden per side (deleted_by_sender, deleted_by_recipient).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = isPostgres(db) ? "bigserial" : "integer";
  await db.schema
    .createTable("conversations")
    .addColumn("id", id, (c) => (isPostgres(db) ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("user_a_id", "bigint", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("user_b_id", "bigint", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("conversations_pair", ["user_a_id", "user_b_id"])
    .execute();

  await db.schema
    .createTable("messages")
    .addColumn("id", id, (c) => (isPostgres(db) ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("conversation_id", "bigint", (c) =>
      c.notNull().references("conversations.id").onDelete("cascade"),
    )
    .addColumn("sender_id", "bigint", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("recipient_id", "bigint", (c) =>
      c.notNull().references("users.id").onDelete("cascade"),
    )
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("read_at", "bigint")
    .addColumn("deleted_by_sender", "smallint", (c) => c.notNull().defaultTo(0))
    .addColumn("deleted_by_recipient", "smallint", (c) => c.notNull().defaultTo(0))
    .execute();
  // A conversation's messages newest first, and older pages by id: one index walk.
  await db.schema
    .createIndex("messages_conversation")
    .on("messages")
    .columns(["conversation_id", "id"])
    .execute();
  // A reconnecting stream catches up on a user's messages after the last id it saw.
  await db.schema
    .createIndex("messages_sender")
    .on("messages")
    .columns(["sender_id", "id"])
    .execute();
  await db.schema
    .createIndex("messages_recipient")
    .on("messages")
    .columns(["recipient_id", "id"])
    .execute();

  await db.schema
    .createTable("conversation_sides")
    .addColumn("user_id", "bigint", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("other_id", "bigint", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("conversation_id", "bigint", (c) =>
      c.notNull().references("conversations.id").onDelete("cascade"),
    )
    .addColumn("last_message_id", "bigint")
    .addColumn("last_message_at", "bigint", (c) => c.notNull())
    .addColumn("unread_count", "bigint", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("conversation_sides_pk", ["user_id", "other_id"])
    .execute();
  // The thread list: a user's sides, most recent message first.
  await db.schema
    .createIndex("conversation_sides_recent")
    .on("conversation_sides")
    .columns(["user_id", "last_message_at", "other_id"])
    .execute();
}
