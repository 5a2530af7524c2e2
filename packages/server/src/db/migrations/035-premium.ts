import { type Kysely, sql } from "kysely";
import { isPostgres } from "../engine.ts";

/**
 * Premium subscriptions (reader.md §1, §2; docs/decisions/035): a member's plan, when the
 * paid month ends and whether it renews, and every month paid for. A payment is pending
 * while the checkout runs; a reader has one pending payment at most, so two subscribe
 * requests cannot both go through.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema.alterTable("users").addColumn("premium_plan", "text").execute();
  await db.schema.alterTable("users").addColumn("premium_until", "bigint").execute();
  await db.schema
    .alterTable("users")
    .addColumn("premium_renews", "smallint", (c) => c.notNull().defaultTo(0))
    .execute();
  // The renewal job looks for members whose month has ended.
  await db.schema
    .createIndex("users_premium_until")
    .on("users")
    .column("premium_until")
    .where(sql.ref("is_premium"), "=", 1)
    .execute();

  await db.schema
    .createTable("premium_payments")
    .addColumn("id", pg ? "bigserial" : "integer", (c) =>
      pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn("user_id", "bigint", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("request_id", "text", (c) => c.notNull())
    .addColumn("plan", "text", (c) => c.notNull())
    .addColumn("price", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("checkout", "text", (c) => c.notNull())
    .addColumn("reference", "text")
    .addColumn("period_start", "bigint", (c) => c.notNull())
    .addColumn("period_end", "bigint", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("premium_payments_request", ["user_id", "request_id"])
    .execute();
  await db.schema
    .createIndex("premium_payments_one_pending")
    .on("premium_payments")
    .column("user_id")
    .unique()
    .where(sql.ref("status"), "=", "pending")
    .execute();
}
