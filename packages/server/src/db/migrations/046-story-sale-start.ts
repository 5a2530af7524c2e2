import type { Kysely } from "kysely";

/**
 * When a story's sale began (docs/decisions/054): the hourly digest tells readers with the
 * story in their Library about sales that began in its hour, read by this index. Changing a
 * sale on leaves it; sales begun before this column have none and are not told.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("stories").addColumn("sale_started_at", "bigint").execute();
  await db.schema
    .createIndex("stories_sale_started_at")
    .on("stories")
    .column("sale_started_at")
    .where("sale_started_at", "is not", null)
    .execute();
}
