import type { Kysely } from "kysely";

/**
 * The landing page's sign-up button a new account came from (reader_top, writer_top,
 * reader_bot; null for every other sign-up and for accounts older than this).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").addColumn("signup_source", "text").execute();
}
