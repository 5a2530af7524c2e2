import type { Kysely } from "kysely";

/**
 * Ad-exempt stories (reader.md §6: ads are skipped for them): system admins set the flag in
 * the story page's admin panel (docs/decisions/029).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("stories")
    .addColumn("ad_exempt", "smallint", (c) => c.notNull().defaultTo(0))
    .execute();
}
