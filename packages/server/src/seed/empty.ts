import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

/** A database with no users has never been used: the only state in which seeding is safe. */
export async function isEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom("users").select("id").limit(1).executeTakeFirst();
  return row === undefined;
}
