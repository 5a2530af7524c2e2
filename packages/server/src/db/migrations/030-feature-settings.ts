import type { Kysely } from "kysely";

/** Feature settings that hold a value (the messaging end date), beside the on/off flags. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("feature_settings")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
}
