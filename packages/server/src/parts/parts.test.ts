import type { PartDetails } from "@inkwell/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { createSession, SESSION_COOKIE } from "../accounts/sessions.ts";
import { useTestApi } from "../testing/api.ts";
import { createStory, createUser } from "../testing/fixtures.ts";

const t = useTestApi();
let author: { id: number; username: string };
let story: { id: number; partIds: number[] };
let authorCookie: string;

beforeAll(async () => {
  const db = t.handle.db;
  author = await createUser(db, { username: "wren", name: "Wren Ink" });
  story = await createStory(db, author.id, {
    title: "Salt and Static",
    completed: 0,
    parts: [
      { title: "One", text: '<p data-p-id="a1">First words.</p>' },
      { title: "Draft in between", draft: 1 },
      { title: "Two", text: '<p data-p-id="b1">Second words.</p>' },
      { title: "Gone", deleted: 1 },
    ],
  });
  const session = await createSession(db, author.id);
  authorCookie = `${SESSION_COOKIE}=${session.token}`;
});

const [ONE, DRAFT, TWO, GONE] = [0, 1, 2, 3];

describe("GET /api/v3/story_parts/{id}", () => {
  it("returns the part's HTML with its story and published neighbours", async () => {
    const response = await t.get(`/api/v3/story_parts/${story.partIds[ONE]}`);
    expect(response.status).toBe(200);
    const part = (await response.json()) as PartDetails;
    expect(part).toMatchObject({
      id: story.partIds[ONE],
      title: "One",
      url: `/${story.partIds[ONE]}`,
      text: '<p data-p-id="a1">First words.</p>',
      number: 1,
      draft: false,
      story: {
        id: story.id,
        title: "Salt and Static",
        url: `/story/${story.id}`,
        user: { username: "wren", name: "Wren Ink" },
        completed: false,
        numParts: 2,
      },
      previousPart: null,
      // The draft between them is skipped: readers go straight to the next published part.
      nextPart: { id: story.partIds[TWO], title: "Two", url: `/${story.partIds[TWO]}` },
    });
  });

  it("links the last published part back and to nothing after it", async () => {
    const part = (await (
      await t.get(`/api/v3/story_parts/${story.partIds[TWO]}`)
    ).json()) as PartDetails;
    expect(part.number).toBe(2);
    expect(part.previousPart?.id).toBe(story.partIds[ONE]);
    expect(part.nextPart).toBeNull();
    expect(part.story.lastPublishedPart?.id).toBe(story.partIds[TWO]);
  });

  it("does not let readers open drafts or deleted parts", async () => {
    for (const index of [DRAFT, GONE]) {
      const response = await t.get(`/api/v3/story_parts/${story.partIds[index]}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ code: "not_found", message: "Part was not found" });
    }
  });

  it("lets the author open their own draft", async () => {
    const response = await t.get(`/api/v3/story_parts/${story.partIds[DRAFT]}`, {
      headers: { cookie: authorCookie },
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as PartDetails).draft).toBe(true);
  });

  it("hides every part of a draft story from readers", async () => {
    const hidden = await createStory(t.handle.db, author.id, {
      draft: 1,
      parts: [{ title: "Secret" }],
    });
    expect((await t.get(`/api/v3/story_parts/${hidden.partIds[0]}`)).status).toBe(404);
    const own = await t.get(`/api/v3/story_parts/${hidden.partIds[0]}`, {
      headers: { cookie: authorCookie },
    });
    expect(own.status).toBe(200);
  });

  it("projects fields and refuses bad ids", async () => {
    const response = await t.get(
      `/api/v3/story_parts/${story.partIds[ONE]}?fields=id,story(id,title)`,
    );
    expect(await response.json()).toEqual({
      id: story.partIds[ONE],
      story: { id: story.id, title: "Salt and Static" },
    });
    expect((await t.get("/api/v3/story_parts/12x")).status).toBe(400);
    expect((await t.get("/api/v3/story_parts/99999999")).status).toBe(404);
  });
});
