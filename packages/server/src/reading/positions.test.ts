import { beforeAll, describe, expect, it } from "vitest";
import { createSession, SESSION_COOKIE } from "../accounts/sessions.ts";
import { useTestApi } from "../testing/api.ts";
import { createStory, createUser } from "../testing/fixtures.ts";

const t = useTestApi();
let story: { id: number; partIds: number[] };
let other: { id: number; partIds: number[] };
let draftStory: { id: number; partIds: number[] };

async function reader() {
  const user = await createUser(t.handle.db, { email_verified: 1 });
  return `${SESSION_COOKIE}=${(await createSession(t.handle.db, user.id)).token}`;
}

const positionOf = (cookie: string, storyId: number | string = story.id) =>
  t.get(`/apiv2/syncreadingposition?story_id=${storyId}`, { headers: { cookie } });

const save = (cookie: string, body: Record<string, unknown>) =>
  t.get("/apiv2/syncreadingposition", {
    method: "POST",
    headers: { cookie, "content-type": "application/json" },
    body: JSON.stringify(body),
  });

/** Unpublishes (1) or republishes (0) a part, as its writer's draft or delete would. */
const setPart = (partId: number | undefined, flags: { draft?: 0 | 1; deleted?: 0 | 1 }) =>
  t.handle.db
    .updateTable("parts")
    .set(flags)
    .where("id", "=", partId as number)
    .execute();

beforeAll(async () => {
  const author = await createUser(t.handle.db);
  // The first part is a draft: the default is the first *published* part.
  story = await createStory(t.handle.db, author.id, { parts: [{ draft: 1 }, {}, {}, {}] });
  other = await createStory(t.handle.db, author.id);
  draftStory = await createStory(t.handle.db, author.id, { draft: 1 });
});

describe("GET /apiv2/syncreadingposition", () => {
  it("answers the story's first published part at 0.0 before any reading", async () => {
    const response = await positionOf(await reader());
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ part: story.partIds[1], position: "0.0" });
  });

  it("is for signed-in readers, readable stories and well-formed ids", async () => {
    expect((await positionOf("")).status).toBe(401);
    const cookie = await reader();
    expect((await positionOf(cookie, 999_999)).status).toBe(404);
    expect((await positionOf(cookie, draftStory.id)).status).toBe(404);
    const bad = await positionOf(cookie, "abc");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      code: "bad_request",
      fields: { story_id: "story_id must be a positive whole number" },
    });
    const missing = await t.get("/apiv2/syncreadingposition", { headers: { cookie } });
    expect(missing.status).toBe(400);
  });
});

describe("POST /apiv2/syncreadingposition", () => {
  it("saves the position and answers it back; the newest save wins", async () => {
    const cookie = await reader();
    const first = await save(cookie, {
      story_id: story.id,
      part_id: story.partIds[2],
      position: 0.4,
    });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ part: story.partIds[2], position: "0.4" });
    await save(cookie, { story_id: story.id, part_id: story.partIds[3], position: 1 });
    expect(await (await positionOf(cookie)).json()).toEqual({
      part: story.partIds[3],
      position: "1.0",
    });
    // Another reader's position is their own.
    expect(await (await positionOf(await reader())).json()).toEqual({
      part: story.partIds[1],
      position: "0.0",
    });
  });

  it("keeps the furthest part when an earlier one is opened, until its text is read", async () => {
    const cookie = await reader();
    await save(cookie, { story_id: story.id, part_id: story.partIds[3], position: 0.6 });
    // Part 1 again, at its top: the place stays in the last part, and the answer says so.
    const reopened = await save(cookie, {
      story_id: story.id,
      part_id: story.partIds[1],
      position: 0,
    });
    expect(reopened.status).toBe(200);
    expect(await reopened.json()).toEqual({ part: story.partIds[3], position: "0.6" });
    expect(await (await positionOf(cookie)).json()).toEqual({
      part: story.partIds[3],
      position: "0.6",
    });
    // Scrolled into part 1's text: that is where the reader is now.
    await save(cookie, { story_id: story.id, part_id: story.partIds[1], position: 0.2 });
    expect(await (await positionOf(cookie)).json()).toEqual({
      part: story.partIds[1],
      position: "0.2",
    });
    // A later part opened at its top moves the place on.
    await save(cookie, { story_id: story.id, part_id: story.partIds[2], position: 0 });
    expect(await (await positionOf(cookie)).json()).toEqual({
      part: story.partIds[2],
      position: "0.0",
    });
  });

  it("keeps the furthest part when an earlier part short enough to fit on a screen is opened", async () => {
    const cookie = await reader();
    // A new reader who opens a short part has seen it all: it is their place, at its end.
    const firstOpen = await save(cookie, {
      story_id: story.id,
      part_id: story.partIds[1],
      position: 1,
    });
    expect(await firstOpen.json()).toEqual({ part: story.partIds[1], position: "1.0" });
    await save(cookie, { story_id: story.id, part_id: story.partIds[3], position: 0.6 });
    // The short part again, whole on the screen at once: the place stays in the last part.
    const reopened = await save(cookie, {
      story_id: story.id,
      part_id: story.partIds[1],
      position: 1,
    });
    expect(await reopened.json()).toEqual({ part: story.partIds[3], position: "0.6" });
    expect(await (await positionOf(cookie)).json()).toEqual({
      part: story.partIds[3],
      position: "0.6",
    });
    // Read part-way into an earlier part, and then to its end: the reader is there now.
    await save(cookie, { story_id: story.id, part_id: story.partIds[2], position: 0.5 });
    await save(cookie, { story_id: story.id, part_id: story.partIds[2], position: 1 });
    expect(await (await positionOf(cookie)).json()).toEqual({
      part: story.partIds[2],
      position: "1.0",
    });
  });

  it("moves back to an earlier part's top once the later part is unpublished", async () => {
    const cookie = await reader();
    await save(cookie, { story_id: story.id, part_id: story.partIds[3], position: 0.6 });
    await setPart(story.partIds[3], { draft: 1 });
    await save(cookie, { story_id: story.id, part_id: story.partIds[1], position: 0 });
    await setPart(story.partIds[3], { draft: 0 });
    expect(await (await positionOf(cookie)).json()).toEqual({
      part: story.partIds[1],
      position: "0.0",
    });
  });

  it("takes a form body, as the page's beacon sends it", async () => {
    const cookie = await reader();
    const response = await t.get("/apiv2/syncreadingposition", {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        story_id: String(story.id),
        part_id: String(story.partIds[1]),
        position: "0.25",
      }).toString(),
    });
    expect(response.status).toBe(200);
    expect(await (await positionOf(cookie)).json()).toEqual({
      part: story.partIds[1],
      position: "0.25",
    });
  });

  it("refuses a bad position with a clear message and changes nothing", async () => {
    const cookie = await reader();
    await save(cookie, { story_id: story.id, part_id: story.partIds[2], position: 0.5 });
    for (const position of [1.2, -0.5, "half", null]) {
      const response = await save(cookie, {
        story_id: story.id,
        part_id: story.partIds[2],
        position,
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        code: "bad_request",
        message: "position must be a number from 0 to 1",
        fields: { position: "position must be a number from 0 to 1" },
      });
    }
    const noBody = await t.get("/apiv2/syncreadingposition", {
      method: "POST",
      headers: { cookie },
    });
    expect(noBody.status).toBe(400);
    expect(await (await positionOf(cookie)).json()).toEqual({
      part: story.partIds[2],
      position: "0.5",
    });
  });

  it("refuses parts of another story, drafts and visitors, changing nothing", async () => {
    const cookie = await reader();
    const elsewhere = { story_id: story.id, part_id: other.partIds[0], position: 0.5 };
    expect((await save(cookie, elsewhere)).status).toBe(404);
    const draft = { story_id: story.id, part_id: story.partIds[0], position: 0.5 };
    expect((await save(cookie, draft)).status).toBe(404);
    const ok = { story_id: story.id, part_id: story.partIds[2], position: 0.5 };
    expect((await save("", ok)).status).toBe(401);
    expect(await (await positionOf(cookie)).json()).toEqual({
      part: story.partIds[1],
      position: "0.0",
    });
  });

  it("falls back to the first part when the saved part is unpublished", async () => {
    const cookie = await reader();
    await save(cookie, { story_id: story.id, part_id: story.partIds[3], position: 0.7 });
    await setPart(story.partIds[3], { deleted: 1 });
    expect(await (await positionOf(cookie)).json()).toEqual({
      part: story.partIds[1],
      position: "0.0",
    });
    await setPart(story.partIds[3], { deleted: 0 });
  });

  it("is refused from another site's page", async () => {
    const cookie = await reader();
    const response = await t.get("/apiv2/syncreadingposition", {
      method: "POST",
      headers: {
        cookie,
        "content-type": "application/json",
        "sec-fetch-site": "cross-site",
      },
      body: JSON.stringify({ story_id: story.id, part_id: story.partIds[1], position: 0.5 }),
    });
    expect(response.status).toBe(403);
  });
});
