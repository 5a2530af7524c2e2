import type { Kysely } from "kysely";

/**
 * Edits to a published part wait here until the writer presses 'Publish Changes' (or are
 * dropped by Cancel): readers keep reading `parts.text`, untouched, and the reading path
 * never carries the pending copy.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("part_edits")
    .addColumn("part_id", "bigint", (c) =>
      c.primaryKey().references("parts.id").onDelete("cascade"),
    )
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("modify_date", "bigint", (c) => c.notNull())
    .execute();
}
