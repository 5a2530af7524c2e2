import type { Kysely } from "kysely";
import { isPostgres } from "../engine.ts";

/**
 * Coin packs bought in the Coin Shop (writer-paid-contest.md §2, §4; docs/decisions/034):
 * what was bought, for how much, through which checkout and its reference, and the buyer's
 * one-time key, unique per buyer, so that a retried or doubled request buys once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable("coin_purchases")
    .addColumn("id", pg ? "bigserial" : "integer", (c) =>
      pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn("user_id", "bigint", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("request_id", "text", (c) => c.notNull())
    .addColumn("pack_id", "text", (c) => c.notNull())
    .addColumn("coins", "bigint", (c) => c.notNull())
    .addColumn("price", "text", (c) => c.notNull())
    .addColumn("checkout", "text", (c) => c.notNull())
    .addColumn("reference", "text", (c) => c.notNull())
    .addColumn("balance_after", "bigint", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("coin_purchases_request", ["user_id", "request_id"])
    .execute();
}
