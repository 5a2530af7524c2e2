import type { Kysely } from "kysely";

/**
 * Writer analytics add reading time to a reader's latest read of a part: that read is found
 * through an index on (user_id, part_id, created_at), which also serves what the index on
 * user_id alone did, so it replaces it. (A story's reads by day use reads_story_time.)
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("reads_user_part_time")
    .on("reads")
    .columns(["user_id", "part_id", "created_at"])
    .execute();
  await db.schema.dropIndex("reads_user").execute();
}
