import type { Kysely } from "kysely";

/** The 'Do not sell my personal information' choice of signed-in users (visitors keep a cookie). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("ccpa_optout", "smallint", (c) => c.notNull().defaultTo(0))
    .execute();
}
