import { beforeAll, describe, expect, it } from "vitest";
import { createSession, SESSION_COOKIE } from "../accounts/sessions.ts";
import { useTestApi } from "../testing/api.ts";
import { createStory, createUser } from "../testing/fixtures.ts";

const t = useTestApi();
let author: { id: number; username: string };
let story: { id: number; partIds: number[] };

async function sessionOf(userId: number) {
  return `${SESSION_COOKIE}=${(await createSession(t.handle.db, userId)).token}`;
}

const reader = async () => sessionOf((await createUser(t.handle.db)).id);

const read = (partId: number, cookie = "") =>
  t.get(`/api/v3/story_parts/${partId}/reads`, { method: "POST", headers: { cookie } });

/** The part's and story's counters and the rows behind them. */
async function counts(partId: number) {
  const db = t.handle.db;
  const [part, whole, partRows, storyRows] = await Promise.all([
    db.selectFrom("parts").select("read_count").where("id", "=", partId).executeTakeFirstOrThrow(),
    db
      .selectFrom("stories")
      .select("read_count")
      .where("id", "=", story.id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("reads")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("part_id", "=", partId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("reads")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("story_id", "=", story.id)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    part: part.read_count,
    story: whole.read_count,
    partRows: Number(partRows.n),
    storyRows: Number(storyRows.n),
  };
}

beforeAll(async () => {
  author = await createUser(t.handle.db);
  story = await createStory(t.handle.db, author.id, { parts: [{}, {}, {}, { draft: 1 }] });
});

describe("reads", () => {
  it("records a row and moves both counters by one", async () => {
    const partId = story.partIds[0] as number;
    const response = await read(partId, await reader());
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ counted: true, readCount: 1 });
    expect(await counts(partId)).toEqual({ part: 1, story: 1, partRows: 1, storyRows: 1 });
    const row = await t.handle.db
      .selectFrom("reads")
      .select(["user_id", "story_id"])
      .where("part_id", "=", partId)
      .executeTakeFirstOrThrow();
    expect(row.story_id).toBe(story.id);
    expect(row.user_id).not.toBeNull();
  });

  it("counts 50 concurrent reads from different readers exactly", async () => {
    const partId = story.partIds[1] as number;
    const before = await counts(partId);
    const cookies = await Promise.all(Array.from({ length: 50 }, () => reader()));
    const answers = await Promise.all(cookies.map((cookie) => read(partId, cookie)));
    expect(answers.map((answer) => answer.status)).toEqual(cookies.map(() => 200));
    const readCounts = await Promise.all(
      answers.map(async (answer) => ((await answer.json()) as { readCount: number }).readCount),
    );
    // Every read saw its own increment: 1..50, each exactly once.
    expect(readCounts.sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(await counts(partId)).toEqual({
      part: 50,
      story: before.story + 50,
      partRows: 50,
      storyRows: before.storyRows + 50,
    });
  });

  it("does not count the author's reads of their own story", async () => {
    const partId = story.partIds[2] as number;
    const before = await counts(partId);
    const response = await read(partId, await sessionOf(author.id));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ counted: false, readCount: before.part });
    expect(await counts(partId)).toEqual(before);
  });

  it("counts visitors without a name, and limits repeats per reader and part", async () => {
    const partId = story.partIds[2] as number;
    const before = await counts(partId);
    const statuses = [];
    for (let visit = 0; visit < 4; visit++) statuses.push((await read(partId)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(await counts(partId)).toEqual({
      part: before.part + 3,
      story: before.story + 3,
      partRows: before.partRows + 3,
      storyRows: before.storyRows + 3,
    });
    const unnamed = await t.handle.db
      .selectFrom("reads")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("part_id", "=", partId)
      .where("user_id", "is", null)
      .executeTakeFirstOrThrow();
    expect(Number(unnamed.n)).toBe(3);
  });

  it("refuses drafts, unknown parts and bad ids, counting nothing", async () => {
    const cookie = await reader();
    const draftId = story.partIds[3] as number;
    expect((await read(draftId, cookie)).status).toBe(404);
    expect((await read(999_999, cookie)).status).toBe(404);
    expect((await t.get("/api/v3/story_parts/abc/reads", { method: "POST" })).status).toBe(400);
    expect(await counts(draftId)).toMatchObject({ part: 0, partRows: 0 });
  });
});
