import type { Kysely } from "kysely";

/**
 * The writer onboarding questionnaire's answers and the /myworks tooltip's dismissal, on the
 * user (accounts-safety-messaging.md §3 Onboarding answers; docs/decisions/017).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ["writer_user_type", "writer_stage", "writer_finished_story"]) {
    await db.schema.alterTable("users").addColumn(column, "text").execute();
  }
  await db.schema.alterTable("users").addColumn("writer_answered_at", "bigint").execute();
  await db.schema
    .alterTable("users")
    .addColumn("writer_tip_dismissed", "smallint", (c) => c.notNull().defaultTo(0))
    .execute();
}
