import type { Kysely } from "kysely";
import { isPostgres } from "../engine.ts";

/**
 * Comments on parts, on single paragraphs of a part (paragraph_id, the paragraph's
 * data-p-id) and replies to comments (parent_id), with one like per reader and comment.
 * Counters live on the row (like_count, reply_count) and move in the same transaction as
 * the rows they count; a deleted comment stays as a row with deleted = 1.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = isPostgres(db) ? "bigserial" : "integer";
  await db.schema
    .createTable("comments")
    .addColumn("id", id, (c) => (isPostgres(db) ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("part_id", "bigint", (c) => c.notNull().references("parts.id").onDelete("cascade"))
    .addColumn("story_id", "bigint", (c) =>
      c.notNull().references("stories.id").onDelete("cascade"),
    )
    .addColumn("paragraph_id", "text")
    .addColumn("parent_id", "bigint", (c) => c.references("comments.id").onDelete("cascade"))
    .addColumn("user_id", "bigint", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("is_offensive", "smallint", (c) => c.notNull().defaultTo(0))
    .addColumn("like_count", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("reply_count", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("deleted", "smallint", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  // The part's threads and a paragraph's threads, newest first: index walks for the cursor.
  await db.schema
    .createIndex("comments_part_paragraph")
    .on("comments")
    .columns(["part_id", "parent_id", "paragraph_id", "created_at", "id"])
    .execute();
  await db.schema
    .createIndex("comments_parent")
    .on("comments")
    .columns(["parent_id", "created_at", "id"])
    .execute();

  await db.schema
    .createTable("comment_likes")
    .addColumn("comment_id", "bigint", (c) =>
      c.notNull().references("comments.id").onDelete("cascade"),
    )
    .addColumn("user_id", "bigint", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("comment_likes_pk", ["comment_id", "user_id"])
    .execute();
}
