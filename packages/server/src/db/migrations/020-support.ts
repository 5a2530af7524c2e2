import type { Kysely } from "kysely";
import { isPostgres } from "../engine.ts";

/**
 * Support tickets (POST /v4/support/tickets/): copyright notices now, reports later. The
 * requester may be a visitor, so their name and email are kept as given.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("support_tickets")
    .addColumn("id", isPostgres(db) ? "bigserial" : "integer", (c) =>
      isPostgres(db) ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn("requester_user_id", "bigint", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("requester_name", "text", (c) => c.notNull())
    .addColumn("requester_email", "text", (c) => c.notNull())
    .addColumn("ticket_form_id", "bigint")
    .addColumn("report_type", "text")
    .addColumn("reason", "text")
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("comment", "text", (c) => c.notNull())
    .addColumn("story_id", "bigint")
    .addColumn("reported_username", "text")
    .addColumn("custom_fields", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("open"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("support_tickets_status")
    .on("support_tickets")
    .columns(["status", "created_at"])
    .execute();
}
