import type { Kysely } from "kysely";

/**
 * The content setting stories are filtered by (reader.md §3 includeMature). On by default:
 * it only ever shows mature stories to adults (see seesMatureContent), who may turn it off.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("include_mature", "smallint", (c) => c.notNull().defaultTo(1))
    .execute();
}
