import type { StoryDetails } from "@inkwell/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApi } from "../testing/api.ts";
import { addReads, createStory, createUser, DAY } from "../testing/fixtures.ts";
import { computeTagRankings, RANKINGS, refreshTagRankingsIfStale } from "./job.ts";

const t = useTestApi();
let stories: Record<"top" | "second" | "stale" | "draft", { id: number; partIds: number[] }>;

const rankingsOf = async (storyId: number) =>
  ((await (await t.get(`/api/v3/stories/${storyId}?fields=tagRankings`)).json()) as StoryDetails)
    .tagRankings;

beforeAll(async () => {
  const db = t.handle.db;
  const writer = await createUser(db);
  const voter = await createUser(db);
  stories = {
    top: await createStory(db, writer.id, { tags: ["pirates", "romance"] }),
    second: await createStory(db, writer.id, { tags: ["pirates"] }),
    stale: await createStory(db, writer.id, { tags: ["pirates"] }),
    draft: await createStory(db, writer.id, { tags: ["pirates"], draft: 1 }),
  };
  // top: 3 reads + 1 vote (weight 5) = 8; second: 6 reads; stale: 50 reads, all too old.
  await addReads(db, stories.top.partIds[0] as number, stories.top.id, 3);
  await db
    .insertInto("votes")
    .values({
      user_id: voter.id,
      part_id: stories.top.partIds[0] as number,
      story_id: stories.top.id,
      created_at: Date.now() - DAY,
    })
    .execute();
  await addReads(db, stories.second.partIds[0] as number, stories.second.id, 6);
  await addReads(
    db,
    stories.stale.partIds[0] as number,
    stories.stale.id,
    50,
    RANKINGS.windowMs + DAY,
  );
  await addReads(db, stories.draft.partIds[0] as number, stories.draft.id, 100);
});

describe("tag rankings", () => {
  it("ranks each tag by recent reads and votes, leaving out old signals and drafts", async () => {
    await computeTagRankings(t.handle.db);
    expect(await rankingsOf(stories.top.id)).toEqual([
      { rank: 1, name: "pirates" },
      { rank: 1, name: "romance" },
    ]);
    expect(await rankingsOf(stories.second.id)).toEqual([{ rank: 2, name: "pirates" }]);
    expect(await rankingsOf(stories.stale.id)).toEqual([]);
  });

  it("follows new reads at the next run, and skips a run while the last is fresh", async () => {
    const db = t.handle.db;
    await addReads(db, stories.second.partIds[0] as number, stories.second.id, 10);
    const now = Date.now();
    expect(await refreshTagRankingsIfStale(db, now)).toBe(false);
    expect(await rankingsOf(stories.second.id)).toEqual([{ rank: 2, name: "pirates" }]);
    expect(await refreshTagRankingsIfStale(db, now + RANKINGS.refreshMs)).toBe(true);
    expect(await rankingsOf(stories.second.id)).toEqual([{ rank: 1, name: "pirates" }]);
    expect(await rankingsOf(stories.top.id)).toEqual([
      { rank: 1, name: "romance" },
      { rank: 2, name: "pirates" },
    ]);
  });
});
