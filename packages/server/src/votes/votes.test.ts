import type { PartDetails } from "@inkwell/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { createSession, SESSION_COOKIE } from "../accounts/sessions.ts";
import { useTestApi } from "../testing/api.ts";
import { createStory, createUser, signedInUser } from "../testing/fixtures.ts";

const t = useTestApi();
let story: { id: number; partIds: number[] };

async function reader(overrides: { email_verified?: 0 | 1 } = {}) {
  const user = await createUser(t.handle.db, { email_verified: 1, ...overrides });
  return `${SESSION_COOKIE}=${(await createSession(t.handle.db, user.id)).token}`;
}

const votePath = (partIndex = 0, storyId = story.id) =>
  `/api/v3/stories/${storyId}/parts/${story.partIds[partIndex]}/votes`;
const send = (method: "POST" | "DELETE", cookie: string, path = votePath()) =>
  t.get(path, { method, headers: { cookie } });

async function counts() {
  const part = await t.handle.db
    .selectFrom("parts")
    .select("vote_count")
    .where("id", "=", story.partIds[0] as number)
    .executeTakeFirstOrThrow();
  const whole = await t.handle.db
    .selectFrom("stories")
    .select("vote_count")
    .where("id", "=", story.id)
    .executeTakeFirstOrThrow();
  const rows = await t.handle.db
    .selectFrom("votes")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("part_id", "=", story.partIds[0] as number)
    .executeTakeFirstOrThrow();
  return { part: part.vote_count, story: whole.vote_count, rows: Number(rows.n) };
}

beforeAll(async () => {
  const author = await createUser(t.handle.db);
  story = await createStory(t.handle.db, author.id, { parts: [{}, {}, { draft: 1 }] });
});

describe("votes", () => {
  it("counts one vote per reader, however often they press, and takes it back", async () => {
    const cookie = await reader();
    expect(await (await send("POST", cookie)).json()).toEqual({ voted: true, votes: 1 });
    expect(await (await send("POST", cookie)).json()).toEqual({ voted: true, votes: 1 });
    const part = (await (
      await t.get(`/api/v3/story_parts/${story.partIds[0]}`, { headers: { cookie } })
    ).json()) as PartDetails;
    expect(part).toMatchObject({ voted: true, voteCount: 1 });
    expect(await (await send("DELETE", cookie)).json()).toEqual({ voted: false, votes: 0 });
    expect(await (await send("DELETE", cookie)).json()).toEqual({ voted: false, votes: 0 });
    expect(await counts()).toEqual({ part: 0, story: 0, rows: 0 });
  });

  it("keeps counts exact under 50 concurrent votes from different readers", async () => {
    const cookies = await Promise.all(Array.from({ length: 50 }, () => reader()));
    const answers = await Promise.all(cookies.map((cookie) => send("POST", cookie)));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(await counts()).toEqual({ part: 50, story: 50, rows: 50 });
    const part = await t.get(`/api/v3/story_parts/${story.partIds[0]}`);
    expect(await part.json()).toMatchObject({ voteCount: 50 });
    // The same readers again, at once, and half of them taking it back: still exact.
    await Promise.all([
      ...cookies.map((cookie) => send("POST", cookie)),
      ...cookies.slice(0, 25).map((cookie) => send("DELETE", cookie)),
    ]);
    const after = await counts();
    expect(after.part).toBe(after.rows);
    expect(after.story).toBe(after.rows);
  });

  it("asks visitors to log in and unverified readers to verify, changing nothing", async () => {
    const before = await counts();
    const visitor = await send("POST", "");
    expect(visitor.status).toBe(401);
    const unverified = await send("POST", await reader({ email_verified: 0 }));
    expect(unverified.status).toBe(403);
    expect(await unverified.json()).toEqual({
      code: "verify_email",
      message: "Verify your email address to vote.",
    });
    expect(await counts()).toEqual(before);
  });

  it("refuses drafts, parts of another story and bad ids", async () => {
    const cookie = await reader();
    expect((await send("POST", cookie, votePath(2))).status).toBe(404);
    expect((await send("POST", cookie, votePath(0, story.id + 1000))).status).toBe(404);
    expect((await send("POST", cookie, `/api/v3/stories/${story.id}/parts/abc/votes`)).status).toBe(
      400,
    );
  });
});

describe("votes as the writer's account closes", () => {
  it("answers each vote 200 or the part's 404, never a 500", async () => {
    const ambassador = await signedInUser(t.handle.db, { is_ambassador: 1 });
    for (let round = 0; round < 3; round++) {
      const closing = await createUser(t.handle.db);
      const going = await createStory(t.handle.db, closing.id, { parts: [{}] });
      const path = `/api/v3/stories/${going.id}/parts/${going.partIds[0]}/votes`;
      const cookies = await Promise.all(Array.from({ length: 30 }, () => reader()));
      const [closed, ...votes] = await Promise.all([
        t.send("POST", `/api/v3/users/${closing.username}/moderation/close`, ambassador, {
          reason: "spam",
        }),
        ...cookies.map((cookie) => send("POST", cookie, path)),
      ]);
      expect(closed.status).toBe(200);
      const gone = votes.filter((answer) => answer.status !== 200);
      const bodies = await Promise.all(gone.map((answer) => answer.json()));
      expect([round, bodies]).toEqual([
        round,
        gone.map(() => ({ code: "not_found", message: "Part was not found" })),
      ]);
    }
  });
});
