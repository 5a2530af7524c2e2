import type { Kysely } from "kysely";

/** Notification choices and email re-verification on users; feature flags admins can set. */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, initial] of [
    ["notify_alerts", 1],
    ["notify_alertssub", 1],
    ["notify_subscribe", 0],
  ] as const) {
    await db.schema
      .alterTable("users")
      .addColumn(name, "smallint", (c) => c.notNull().defaultTo(initial))
      .execute();
  }
  await db.schema.alterTable("users").addColumn("email_reverified_at", "bigint").execute();

  await db.schema
    .createTable("feature_flags")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("enabled", "smallint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
}
