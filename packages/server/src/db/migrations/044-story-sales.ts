import type { Kysely } from "kysely";

/**
 * A paid story's sale (reader.md §2 the catalog's 'On sale' group, docs/decisions/052): every
 * paywalled part costs `sale_percent` less until `sale_ends_at`. Both null when there is
 * none; an ended sale is simply past. The index finds the stories on sale now.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("stories").addColumn("sale_percent", "integer").execute();
  await db.schema.alterTable("stories").addColumn("sale_ends_at", "bigint").execute();
  await db.schema
    .createIndex("stories_sale_ends_at")
    .on("stories")
    .column("sale_ends_at")
    .where("sale_ends_at", "is not", null)
    .execute();
}
