import type { Kysely } from "kysely";

/**
 * The genres a reader picked at onboarding (reader.md §3 Preferred tags), in the order
 * chosen, by lowercased tag name like blocked_tags: the home feed lists their stories.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("preferred_tags")
    .addColumn("user_id", "bigint", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("tag", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("preferred_tags_pk", ["user_id", "tag"])
    .execute();
}
