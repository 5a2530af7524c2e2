import type { Kysely } from "kysely";

/**
 * Where each story ranks within each of its tags, rebuilt by the rankings job (see
 * rankings/job.ts) and read by story pages, cards and recommendations. `job_runs` keeps
 * when a job last finished, so a restart does not redo work that is still fresh.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("tag_rankings")
    .addColumn("tag_id", "bigint", (c) => c.notNull().references("tags.id").onDelete("cascade"))
    .addColumn("rank", "integer", (c) => c.notNull())
    .addColumn("story_id", "bigint", (c) =>
      c.notNull().references("stories.id").onDelete("cascade"),
    )
    .addColumn("score", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("tag_rankings_pk", ["tag_id", "rank"])
    .execute();
  await db.schema
    .createIndex("tag_rankings_story")
    .on("tag_rankings")
    .columns(["story_id", "rank"])
    .execute();

  await db.schema
    .createTable("job_runs")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("finished_at", "bigint", (c) => c.notNull())
    .execute();
}
