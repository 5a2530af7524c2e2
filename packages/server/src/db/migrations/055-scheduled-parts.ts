import { type Kysely, sql } from "kysely";

/**
 * Scheduled parts by time, for the publishing job and the day-ahead reminders (works/job.ts),
 * which run every 30 seconds: without it each run read every part through parts_listing,
 * 2–3 s of one core on a million parts. Only scheduled parts are in it (publishing clears
 * scheduled_at), so it stays a few rows, and any `scheduled_at <=` or `>` term can use it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("parts_scheduled_at")
    .on("parts")
    .column("scheduled_at")
    .where(sql.ref("scheduled_at"), "is not", null)
    .execute();
}
