import type { Kysely } from "kysely";

/**
 * The Story lock (reader.md §6): once staff put a story in its language and category, the
 * writer may not move it out again until staff unlock it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("stories")
    .addColumn("classification_locked", "smallint", (c) => c.notNull().defaultTo(0))
    .execute();
}
