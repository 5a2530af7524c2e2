import type { Kysely } from "kysely";

/**
 * Sign-in with an OpenID provider (Google): the identities linked to accounts, and the
 * sign-ups that wait for the completion form after a first social sign-in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per linked identity; the provider's subject is the identity, the email is only
  // what the provider said at link time (the account's own email may change later).
  await db.schema
    .createTable("social_accounts")
    .addColumn("user_id", "bigint", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("email", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("social_accounts_pk", ["provider", "subject"])
    .execute();
  // At most one identity per provider and account; also the index for "whose links".
  await db.schema
    .createIndex("social_accounts_user_provider")
    .on("social_accounts")
    .columns(["user_id", "provider"])
    .unique()
    .execute();

  // No user exists yet, so these cannot live in account_tokens (user_id is required there).
  await db.schema
    .createTable("pending_social_signups")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("email", "text")
    .addColumn("email_verified", "smallint", (c) => c.notNull().defaultTo(0))
    .addColumn("name", "text")
    .addColumn("birthdate", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("used_at", "bigint")
    .execute();
  await db.schema
    .createIndex("pending_social_signups_expires")
    .on("pending_social_signups")
    .column("expires_at")
    .execute();
}
