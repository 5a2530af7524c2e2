import type { Kysely } from "kysely";
import { isPostgres } from "../engine.ts";

/** Sign-up details on users, single-use email tokens (verify, reset) and the mail outbox. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema.alterTable("users").addColumn("pronouns", "text").execute();
  await db.schema
    .alterTable("users")
    .addColumn("marketing_opt_in", "smallint", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("users")
    .addColumn("beta_enabled", "smallint", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("account_tokens")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "bigint", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("email", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("used_at", "bigint")
    .execute();
  await db.schema
    .createIndex("account_tokens_user")
    .on("account_tokens")
    .columns(["user_id", "purpose"])
    .execute();

  const outbox = pg
    ? db.schema.createTable("outbox").addColumn("id", "bigserial", (c) => c.primaryKey())
    : db.schema
        .createTable("outbox")
        .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
  await outbox
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text_body", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("sent_at", "bigint")
    .execute();
}
