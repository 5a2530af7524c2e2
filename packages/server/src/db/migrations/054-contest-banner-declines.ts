import type { Kysely } from "kysely";

/**
 * A writer's answer to the contest banner (docs/decisions/073-contest-banner-thanks.md): they
 * will not enter this story in this contest, so its editor stops inviting them. One row per
 * contest and story; the Awards page still offers the story.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("contest_banner_declines")
    .addColumn("contest_key", "text", (c) => c.notNull().references("contests.key"))
    .addColumn("story_id", "bigint", (c) =>
      c.notNull().references("stories.id").onDelete("cascade"),
    )
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("contest_banner_declines_pk", ["contest_key", "story_id"])
    .execute();
}
