import type { Kysely } from "kysely";

/**
 * Browsers that have signed in to an account (decision 068): a log-in attempt from one counts
 * against its own limit, not the account's, so strangers' wrong guesses cannot lock the
 * owner out. Only the hash of the browser's token is kept, as for sessions.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("known_devices")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "bigint", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("last_used_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("known_devices_user").on("known_devices").column("user_id").execute();
}
