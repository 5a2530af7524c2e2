import type { TagRanking } from "@inkwell/shared";
import type { Kysely } from "kysely";
import { queryTemplate } from "../db/query-template.ts";
import type { Database } from "../db/schema.ts";

const rankingsOfStory = queryTemplate((db: Kysely<Database>, storyId: number) =>
  db
    .selectFrom("tag_rankings")
    .innerJoin("tags", "tags.id", "tag_rankings.tag_id")
    .select(["tag_rankings.rank", "tags.name"])
    .where("tag_rankings.story_id", "=", storyId)
    .orderBy("tag_rankings.rank")
    .orderBy("tags.name"),
);

/** A story's places in its tags, best first (empty until it has recent readers). */
export async function tagRankingsOf(db: Kysely<Database>, storyId: number): Promise<TagRanking[]> {
  const rows = await rankingsOfStory(db, storyId);
  return rows.map((row) => ({ rank: Number(row.rank), name: row.name }));
}

/** The tag rankings of many stories (for cards, when asked for), in one query. */
export async function tagRankingsOfStories(
  db: Kysely<Database>,
  storyIds: number[],
): Promise<Map<number, TagRanking[]>> {
  const byStory = new Map<number, TagRanking[]>();
  if (storyIds.length === 0) return byStory;
  const rows = await db
    .selectFrom("tag_rankings")
    .innerJoin("tags", "tags.id", "tag_rankings.tag_id")
    .select(["tag_rankings.story_id", "tag_rankings.rank", "tags.name"])
    .where("tag_rankings.story_id", "in", storyIds)
    .orderBy("tag_rankings.story_id")
    .orderBy("tag_rankings.rank")
    .orderBy("tags.name")
    .execute();
  for (const row of rows) {
    const storyId = Number(row.story_id);
    const rankings = byStory.get(storyId) ?? [];
    rankings.push({ rank: Number(row.rank), name: row.name });
    byStory.set(storyId, rankings);
  }
  return byStory;
}

/** How deep into each tag's ranking recommendations look. */
const RECOMMENDATION_DEPTH = 50;

/**
 * 'You may also like': the stories readers favour most in this story's tags, the more
 * tags shared the better, then the better ranked. It reads the precomputed rankings (a
 * few index lookups per tag) instead of joining every story that shares a tag, which
 * took milliseconds per page at catalogue scale.
 */
export async function recommendedStoryIds(
  db: Kysely<Database>,
  storyId: number,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom("tag_rankings")
    .select(["tag_rankings.story_id"])
    .select((eb) => [
      eb.fn.countAll<number>().as("shared"),
      eb.fn.min("tag_rankings.rank").as("best"),
    ])
    .where("tag_rankings.tag_id", "in", (eb) =>
      eb
        .selectFrom("story_tags")
        .select("story_tags.tag_id")
        .where("story_tags.story_id", "=", storyId),
    )
    .where("tag_rankings.rank", "<=", RECOMMENDATION_DEPTH)
    .where("tag_rankings.story_id", "!=", storyId)
    .groupBy("tag_rankings.story_id")
    .orderBy("shared", "desc")
    .orderBy("best")
    .orderBy("tag_rankings.story_id")
    .limit(limit)
    .execute();
  return rows.map((row) => Number(row.story_id));
}
