import type { Kysely } from "kysely";

/**
 * The reading page's display settings, one row per reader who changed them (everyone else
 * reads with the defaults), and the Premium flag that unlocks premium themes. Nobody is
 * Premium until subscriptions exist; the flag is what they will set.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("reader_settings")
    .addColumn("user_id", "bigint", (c) =>
      c.primaryKey().references("users.id").onDelete("cascade"),
    )
    .addColumn("font_size", "text", (c) => c.notNull())
    .addColumn("line_spacing", "text", (c) => c.notNull())
    .addColumn("theme", "text", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable("users")
    .addColumn("is_premium", "smallint", (c) => c.notNull().defaultTo(0))
    .execute();
}
