import type { Kysely } from "kysely";
import type { Database } from "./schema.ts";

/**
 * The name of the latest run of a job whose runs are named `{prefix}{period}`, or null
 * before its first run.
 */
export async function lastRunOf(db: Kysely<Database>, prefix: string): Promise<string | null> {
  const last = await db
    .selectFrom("job_runs")
    .select("name")
    .where("name", "like", `${prefix}%`)
    .orderBy("finished_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return last?.name ?? null;
}

/**
 * Claims a run by inserting its row: true for the one caller, of any number of processes,
 * whose insert made it.
 */
export async function claimRun(db: Kysely<Database>, name: string, now: number): Promise<boolean> {
  const claimed = await db
    .insertInto("job_runs")
    .values({ name, finished_at: now })
    .onConflict((oc) => oc.column("name").doNothing())
    .returning("name")
    .executeTakeFirst();
  return claimed !== undefined;
}
