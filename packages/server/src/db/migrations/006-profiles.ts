import type { Kysely } from "kysely";

/**
 * Profiles: the header's background picture or highlight colour, and follower lists read
 * newest first. The lists page through (followee or follower, created_at, other side), so
 * each page is a walk along an index instead of a sort of everyone who follows a writer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").addColumn("background_url", "text").execute();
  await db.schema.alterTable("users").addColumn("highlight_colour", "text").execute();

  await db.schema
    .createIndex("follows_followee_created")
    .on("follows")
    .columns(["followee_id", "created_at", "follower_id"])
    .execute();
  await db.schema
    .createIndex("follows_follower_created")
    .on("follows")
    .columns(["follower_id", "created_at", "followee_id"])
    .execute();
  // The new followee index starts with followee_id too, so it serves every lookup this did.
  await db.schema.dropIndex("follows_followee").execute();
}
