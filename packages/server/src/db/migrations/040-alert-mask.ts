import { ALL_ALERTS } from "@inkwell/shared";
import type { Kysely } from "kysely";

/**
 * Which kinds of email alert a user gets (the notifications form's alertssubmask), every
 * kind on to begin with; the key of their alerts' unsubscribe link, made with the first;
 * and indexes by time on what the hourly digest gathers, so it reads the last hour's rows
 * rather than whole tables.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("notify_alertssubmask", "integer", (c) => c.notNull().defaultTo(ALL_ALERTS))
    .execute();
  await db.schema.alterTable("users").addColumn("alerts_key", "text").execute();
  for (const [table, column] of [
    ["follows", "created_at"],
    ["comments", "created_at"],
    ["messages", "created_at"],
    ["profile_messages", "created_at"],
    ["parts", "published_at"],
  ] as const) {
    await db.schema.createIndex(`${table}_${column}`).on(table).column(column).execute();
  }
}
