import { type Kysely, sql } from "kysely";
import { isPostgres } from "../engine.ts";

/**
 * A whole-story purchase unlocks the parts it paid for, not the parts published after it
 * (docs/decisions/030): its price counted only the parts locked then, so a story bought with
 * one part left unlocked every later part, Exclusive Chapters included, for that one part's
 * price. The purchase now writes a part_unlocks row for each part it covers (`via_story`,
 * 0 Coins: the story_unlocks row holds what was paid), and a reader may buy the story's
 * rest again when new parts come, so story_unlocks takes one row per purchase. Stories
 * bought before keep every part published now.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .alterTable("part_unlocks")
    .addColumn("via_story", "smallint", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema.alterTable("story_unlocks").renameTo("story_unlocks_before").execute();
  await db.schema
    .createTable("story_unlocks")
    .addColumn("id", pg ? "bigserial" : "integer", (c) =>
      pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn("user_id", "bigint", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("story_id", "bigint", (c) =>
      c.notNull().references("stories.id").onDelete("cascade"),
    )
    .addColumn("coins", "bigint", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await sql`INSERT INTO story_unlocks (user_id, story_id, coins, created_at)
    SELECT user_id, story_id, coins, created_at FROM story_unlocks_before
    ORDER BY created_at`.execute(db);
  await db.schema.dropTable("story_unlocks_before").execute();
  await db.schema
    .createIndex("story_unlocks_user_story")
    .on("story_unlocks")
    .columns(["user_id", "story_id"])
    .execute();
  await db.schema
    .createIndex("story_unlocks_story")
    .on("story_unlocks")
    .columns(["story_id", "created_at"])
    .execute();

  // `WHERE true`: SQLite reads ON CONFLICT after a bare join as part of the join.
  await sql`INSERT INTO part_unlocks (user_id, part_id, story_id, coins, created_at, via_story)
    SELECT bought.user_id, parts.id, bought.story_id, 0, bought.created_at, 1
    FROM story_unlocks AS bought
    JOIN parts ON parts.story_id = bought.story_id AND parts.paywalled = 1
      AND parts.draft = 0 AND parts.deleted = 0
    WHERE true
    ON CONFLICT (user_id, part_id) DO NOTHING`.execute(db);
}
