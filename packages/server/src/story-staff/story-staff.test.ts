import {
  STAFF_NOTE_MAX,
  STORY_LOCKED_MESSAGE,
  type StaffNote,
  type StoryStaffView,
  type WorkDetails,
} from "@inkwell/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { type Caller, useTestApi } from "../testing/api.ts";
import { createStory, createUser, isoYearsAgo, signedInUser } from "../testing/fixtures.ts";
import { unzip } from "../testing/unzip.ts";

const t = useTestApi();
let reader: Caller;
let author: Caller & { username: string };
let ambassador: Caller;
let admin: Caller & { username: string };
let storyId: number;
let partIds: number[];
let horrorId: number;

const zipOf = (query: string, who: Caller | null) =>
  t.send("GET", `/apiv2/storytext?output=zip&group_id=${storyId}${query}`, who);

async function entriesOf(response: Response) {
  expect(response.status).toBe(200);
  return unzip(Buffer.from(await response.arrayBuffer()));
}

const details = async () =>
  (await (await t.get(`/api/v3/stories/${storyId}?fields=language,storyCategories`)).json()) as {
    language: { id: number };
    storyCategories: { id: number; name: string }[];
  };

beforeAll(async () => {
  const db = t.handle.db;
  reader = await signedInUser(db);
  const writer = await signedInUser(db, { birthdate: isoYearsAgo(31), country: "NZ" });
  author = writer;
  ambassador = await signedInUser(db, { is_ambassador: 1 });
  admin = await signedInUser(db, { is_sysadmin: 1, is_staff: 1 });
  const story = await createStory(db, writer.id, {
    title: "The Lighthouse",
    read_count: 70,
    categories: ["Romance"],
    parts: [
      {
        title: "Arrival",
        text: '<p data-p-id="a1">The <b>keeper</b> &amp; his dog.</p><p data-p-id="a2">Fog.</p>',
      },
      { title: "Unfinished", text: "<p>A draft.</p>", draft: 1 },
      { title: "Cut scene", text: "<p>Removed.</p>", deleted: 1 },
      { title: "Storm: the <end>", text: "<p>Thunder.</p>" },
    ],
  });
  storyId = story.id;
  partIds = story.partIds;
  await createStory(db, writer.id, { read_count: 5, categories: ["Horror"] });
  await createStory(db, writer.id, { read_count: 1000, deleted: 1 });
  const horror = await db
    .selectFrom("categories")
    .select("id")
    .where("name", "=", "Horror")
    .executeTakeFirstOrThrow();
  horrorId = Number(horror.id);
});

describe("GET /apiv2/storytext?group_id…&output=zip", () => {
  it("is for system admins only: 401 for visitors, 403 for everyone else", async () => {
    expect((await zipOf("", null)).status).toBe(401);
    for (const who of [reader, author, ambassador]) {
      const refused = await zipOf("", who);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ code: "forbidden" });
    }
    expect((await zipOf("", admin)).status).toBe(200);
  });

  it("answers 404 for a story that does not exist, to admins only", async () => {
    const path = "/apiv2/storytext?group_id=999999&output=zip";
    expect((await t.send("GET", path, admin)).status).toBe(404);
    expect((await t.send("GET", path, reader)).status).toBe(403);
  });

  it("gives the published parts in order as HTML files of an attachment", async () => {
    const answer = await zipOf("", admin);
    expect(answer.headers.get("content-type")).toBe("application/zip");
    expect(answer.headers.get("content-disposition")).toBe(
      `attachment; filename="inkwell-story-${storyId}.zip"`,
    );
    expect(answer.headers.get("cache-control")).toContain("no-store");
    const entries = await entriesOf(answer);
    expect(entries.map((entry) => entry.name)).toEqual([
      "01 Arrival.html",
      "02 Storm the end.html",
    ]);
    const [first, second] = entries;
    expect(first?.text).toContain('<html lang="en">');
    expect(first?.text).toContain("<h1>Arrival</h1>");
    expect(first?.text).toContain('<p data-p-id="a1">The <b>keeper</b> &amp; his dog.</p>');
    // A title is text, never markup.
    expect(second?.text).toContain("<h1>Storm: the &lt;end&gt;</h1>");
  });

  it("adds drafts and deleted parts, marked, in their places when asked", async () => {
    const drafts = await entriesOf(await zipOf("&include_drafts=1", admin));
    expect(drafts.map((entry) => entry.name)).toEqual([
      "01 Arrival.html",
      "02 Unfinished (draft).html",
      "03 Storm the end.html",
    ]);
    const all = await entriesOf(await zipOf("&include_drafts=1&include_deleted=1", admin));
    expect(all.map((entry) => entry.name)).toEqual([
      "01 Arrival.html",
      "02 Unfinished (draft).html",
      "03 Cut scene (deleted).html",
      "04 Storm the end.html",
    ]);
    expect(all[2]?.text).toContain("<p>Removed.</p>");
    const deletedOnly = await entriesOf(await zipOf("&include_deleted=1&include_drafts=0", admin));
    expect(deletedOnly.map((entry) => entry.name)).toEqual([
      "01 Arrival.html",
      "02 Cut scene (deleted).html",
      "03 Storm the end.html",
    ]);
  });

  it("gives plain text with no_format=1; include_private is accepted and changes nothing", async () => {
    const entries = await entriesOf(await zipOf("&no_format=1&include_private=1", admin));
    expect(entries.map((entry) => entry.name)).toEqual(["01 Arrival.txt", "02 Storm the end.txt"]);
    expect(entries[0]?.text).toBe("Arrival\n\nThe keeper & his dog.\n\nFog.\n");
  });

  it("refuses bad input with a 400 naming it", async () => {
    for (const query of [
      `/apiv2/storytext?group_id=${storyId}&output=zip&no_format=2`,
      `/apiv2/storytext?group_id=${storyId}&output=zip&include_drafts=yes`,
      `/apiv2/storytext?group_id=abc&output=zip`,
      `/apiv2/storytext?group_id=${storyId}&output=json`,
      `/apiv2/storytext?group_id=${storyId}`,
      "/apiv2/storytext?output=zip",
    ]) {
      const refused = await t.send("GET", query, admin);
      expect(refused.status, query).toBe(400);
      const body = (await refused.json()) as { code: string; message: string };
      expect(body.code).toBe("bad_request");
      expect(body.message).not.toBe("");
    }
  });

  it("keeps the part editor's form: ?id={partId}&output=json for the author", async () => {
    const part = partIds[0];
    const own = await t.send("GET", `/apiv2/storytext?id=${part}&output=json`, author);
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({ id: part, text_hash: expect.any(String) });
    expect((await t.send("GET", `/apiv2/storytext?id=${part}&output=json`, admin)).status).toBe(
      403,
    );
    expect((await t.send("GET", `/apiv2/storytext?id=${part}&output=xml`, author)).status).toBe(
      400,
    );
  });
});

describe("GET /v5/admin/stories/{id}: the staff panels' facts", () => {
  const view = (who: Caller | null, id = storyId) => t.send("GET", `/v5/admin/stories/${id}`, who);

  it("gives system admins the author's age, country and total reads", async () => {
    const answer = await view(admin);
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as StoryStaffView;
    expect(body).toMatchObject({ storyId, languageId: 1, categoryId: expect.any(Number) });
    // Reads of the author's stories that are not deleted: 70 + 5.
    expect(body.author).toEqual({
      username: expect.any(String),
      age: 31,
      country: "NZ",
      totalReads: 75,
    });
  });

  it("gives ambassadors the language and category, and nothing about the author", async () => {
    const answer = await view(ambassador);
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(["categoryId", "languageId", "locked", "storyId"]);
  });

  it("is refused to everyone else, and the story's public details carry none of it", async () => {
    expect((await view(null)).status).toBe(401);
    expect((await view(reader)).status).toBe(403);
    expect((await view(author)).status).toBe(403);
    expect((await view(admin, 999999)).status).toBe(404);
    for (const who of [null, reader, author, ambassador]) {
      const page = await t.send("GET", `/api/v3/stories/${storyId}`, who);
      const text = await page.text();
      for (const leak of ["totalReads", "birthdate", '"age"', "NZ"]) {
        expect(text).not.toContain(leak);
      }
    }
  });
});

describe("POST /v5/admin/stories/{id}/notes: admin notes", () => {
  const note = (who: Caller | null, body: unknown, id = storyId) =>
    t.send("POST", `/v5/admin/stories/${id}/notes`, who, body);
  const notesOf = async (who: Caller) =>
    ((await (await t.send("GET", `/v5/admin/stories/${storyId}`, who)).json()) as StoryStaffView)
      .notes;

  it("keeps a system admin's notes, oldest first, trimmed, in the admin's view", async () => {
    const first = await note(admin, { body: "  Writer asked about the cover.  " });
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({
      id: expect.any(Number),
      author: admin.username,
      body: "Writer asked about the cover.",
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    // Without control characters (PostgreSQL refuses NUL), keeping the note's lines.
    const second = await note(admin, { body: "Cover replaced;\u0000\r\nnothing more to do." });
    expect(await second.json()).toMatchObject({ body: "Cover replaced;\nnothing more to do." });
    expect((await notesOf(admin))?.map((each: StaffNote) => each.body)).toEqual([
      "Writer asked about the cover.",
      "Cover replaced;\nnothing more to do.",
    ]);
  });

  it("refuses an empty or too long note, and keeps nothing", async () => {
    const before = (await notesOf(admin))?.length;
    for (const body of [
      { body: "   " },
      { body: "\u0000\u0007" },
      { body: "x".repeat(STAFF_NOTE_MAX + 1) },
      {},
    ]) {
      const refused = await note(admin, body);
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toMatch(
        /Write a note first|at most 2,000 characters|body is required/,
      );
    }
    expect((await notesOf(admin))?.length).toBe(before);
  });

  it("is for system admins only, and no one else ever reads the notes", async () => {
    expect((await note(null, { body: "Hello" })).status).toBe(401);
    for (const who of [reader, author, ambassador]) {
      const refused = await note(who, { body: "Hello" });
      expect(refused.status).toBe(403);
    }
    expect((await note(admin, { body: "Hello" }, 999999)).status).toBe(404);
    for (const who of [null, reader, author, ambassador]) {
      const page = await t.send("GET", `/api/v3/stories/${storyId}`, who);
      expect(await page.text()).not.toContain("Writer asked about the cover");
    }
    expect(await notesOf(ambassador)).toBeUndefined();
  });
});

describe("rating history: each rating a story was given, in the admins' view", () => {
  const history = async (id: number) =>
    (
      (await (await t.send("GET", `/v5/admin/stories/${id}`, admin)).json()) as StoryStaffView
    ).ratingHistory?.map(({ mature, by }) => ({ mature, by }));
  const save = (id: number, mature: boolean) =>
    t.send("PUT", `/v4/works/${id}`, author, { mature });

  async function newWork(mature: boolean) {
    const created = await t.send("POST", "/v4/works", author, {
      title: "Rated",
      description: "A story whose rating moves.",
      tags: ["rated"],
      categoryId: horrorId,
      languageId: 1,
      mature,
      completed: false,
      copyright: 1,
      originalWork: true,
    });
    expect(created.status).toBe(201);
    return ((await created.json()) as { id: number }).id;
  }

  it("records the rating at creation and each change, not a save that keeps it", async () => {
    const writer = author.username;
    const id = await newWork(false);
    expect(await history(id)).toEqual([{ mature: false, by: writer }]);
    expect((await save(id, true)).status).toBe(200);
    expect((await save(id, true)).status).toBe(200);
    expect((await t.send("PUT", `/v4/works/${id}`, author, { title: "Renamed" })).status).toBe(200);
    expect((await save(id, false)).status).toBe(200);
    expect(await history(id)).toEqual([
      { mature: false, by: writer },
      { mature: true, by: writer },
      { mature: false, by: writer },
    ]);
    const ambassadorView = await t.send("GET", `/v5/admin/stories/${id}`, ambassador);
    expect(((await ambassadorView.json()) as StoryStaffView).ratingHistory).toBeUndefined();
  });

  it("records one change when ten saves make the same change at once", async () => {
    const id = await newWork(false);
    const answers = await Promise.all(Array.from({ length: 10 }, () => save(id, true)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect((await history(id))?.map((change) => change.mature)).toEqual([false, true]);
  });
});

describe("PATCH /v5/admin/stories/{id}: language and category", () => {
  const classify = (who: Caller | null, body: unknown) =>
    t.send("PATCH", `/v5/admin/stories/${storyId}`, who, body);

  it("lets an ambassador change the category and an admin the language", async () => {
    const changed = await classify(ambassador, { categoryId: horrorId });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ storyId, categoryId: horrorId });
    expect((await details()).storyCategories.map((category) => category.name)).toEqual(["Horror"]);
    const relanguaged = await classify(admin, { languageId: 5 });
    expect(relanguaged.status).toBe(200);
    expect(await relanguaged.json()).toMatchObject({ languageId: 5, categoryId: horrorId });
    expect((await details()).language.id).toBe(5);
  });

  it("refuses unknown languages and categories, and changes nothing", async () => {
    const before = await details();
    for (const body of [
      { languageId: 7 },
      { categoryId: 999999 },
      { languageId: 2, categoryId: 999999 },
      { languageId: "French" },
      { categoryId: -1 },
      { categoryId: true },
      { languageId: [2] },
      {},
    ]) {
      const refused = await classify(admin, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(await refused.json()).toMatchObject({ code: "bad_request" });
    }
    // An unknown language or category is named in its field, in the message's words.
    for (const [field, body] of [
      ["languageId", { languageId: 7 }],
      ["categoryId", { categoryId: 999999 }],
    ] as const) {
      const message = `Choose a ${field === "languageId" ? "language" : "category"} from the list`;
      expect(await (await classify(admin, body)).json()).toEqual({
        code: "bad_request",
        message,
        fields: { [field]: message },
      });
    }
    expect(await details()).toEqual(before);
  });

  it("is refused to visitors, readers and the author, and changes nothing", async () => {
    const before = await details();
    expect((await classify(null, { languageId: 2 })).status).toBe(401);
    expect((await classify(reader, { languageId: 2 })).status).toBe(403);
    expect((await classify(author, { languageId: 2 })).status).toBe(403);
    expect(await details()).toEqual(before);
    const missing = await t.send("PATCH", "/v5/admin/stories/999999", admin, { languageId: 2 });
    expect(missing.status).toBe(404);
  });

  it("answers ambassadors a draft or deleted story as an unknown id, changing nothing", async () => {
    const db = t.handle.db;
    const writer = await createUser(db);
    const hidden = [
      await createStory(db, writer.id, { draft: 1, parts: [{ draft: 1 }] }),
      await createStory(db, writer.id, { deleted: 1 }),
    ];
    const classification = (id: number) =>
      db
        .selectFrom("stories")
        .leftJoin("story_categories", "story_categories.story_id", "stories.id")
        .select(["language_id", "classification_locked", "category_id"])
        .where("stories.id", "=", id)
        .executeTakeFirstOrThrow();
    const answer = async (method: string, id: number, body?: unknown) => {
      const response = await t.send(method, `/v5/admin/stories/${id}`, ambassador, body);
      return { status: response.status, body: await response.json() };
    };
    const unknown = { status: 404, body: { code: "not_found", message: "Story was not found" } };
    expect(await answer("GET", 999999)).toEqual(unknown);
    expect(await answer("PATCH", 999999, { categoryId: horrorId })).toEqual(unknown);
    for (const { id } of hidden) {
      const before = await classification(id);
      expect(await answer("GET", id)).toEqual(unknown);
      expect(await answer("PATCH", id, { categoryId: horrorId, languageId: 5 })).toEqual(unknown);
      expect(await classification(id)).toEqual(before);
      // System admins see drafts and deleted stories, and keep their tools on them.
      const admins = await t.send("PATCH", `/v5/admin/stories/${id}`, admin, { languageId: 5 });
      expect(admins.status).toBe(200);
      expect(await classification(id)).toEqual({
        ...before,
        language_id: 5,
        classification_locked: 1,
      });
    }
  });

  it("locks a story staff changed against its writer's changes, until staff unlock it", async () => {
    expect(await (await classify(ambassador, { categoryId: horrorId })).json()).toMatchObject({
      locked: true,
    });
    const work = async () =>
      (await (await t.send("GET", `/v4/works/${storyId}`, author)).json()) as WorkDetails;
    const before = await work();
    expect(before.classificationLocked).toBe(true);
    // The Story Details form sends the locked values unchanged with every save: that is kept.
    const kept = await t.send("PUT", `/v4/works/${storyId}`, author, {
      description: "A keeper, a dog and the fog.",
      languageId: before.languageId,
      categoryId: before.categoryId,
    });
    expect(kept.status).toBe(200);
    for (const change of [{ languageId: 2 }, { categoryId: null }]) {
      const refused = await t.send("PUT", `/v4/works/${storyId}`, author, {
        description: "Moved elsewhere",
        ...change,
      });
      expect(refused.status, JSON.stringify(change)).toBe(403);
      expect(await refused.json()).toEqual({
        code: "classification_locked",
        message: STORY_LOCKED_MESSAGE,
      });
    }
    expect(await work()).toMatchObject({
      description: "A keeper, a dog and the fog.",
      languageId: before.languageId,
      categoryId: horrorId,
    });

    // Unlocked, the story is the writer's to move again.
    expect(await (await classify(admin, { locked: false })).json()).toMatchObject({
      locked: false,
      categoryId: horrorId,
    });
    expect((await t.send("PUT", `/v4/works/${storyId}`, author, { languageId: 2 })).status).toBe(
      200,
    );
    expect(await work()).toMatchObject({ languageId: 2, classificationLocked: false });
  });
});

describe("PUT /v5/admin/stories/{id}/ad-exempt: no ads on a story", () => {
  const put = (id: number, body: unknown, who: Caller | null = admin) =>
    t.send("PUT", `/v5/admin/stories/${id}/ad-exempt`, who, body);
  const adExempt = async (id: number) =>
    ((await (await t.get(`/api/v3/stories/${id}?fields=adExempt`)).json()) as { adExempt: boolean })
      .adExempt;

  it("is for system admins only: 401, then 403, then 404 for an unknown story", async () => {
    const story = await createStory(t.handle.db, (await signedInUser(t.handle.db)).id);
    expect((await put(story.id, { exempt: true }, null)).status).toBe(401);
    for (const who of [reader, author, ambassador]) {
      expect((await put(story.id, { exempt: true }, who)).status).toBe(403);
    }
    expect((await put(999_999, { exempt: true })).status).toBe(404);
    expect(await adExempt(story.id)).toBe(false);
  });

  it("keeps ads off the story page and its comments until allowed again, noted each time", async () => {
    const story = await createStory(t.handle.db, (await signedInUser(t.handle.db)).id, {
      parts: [{}],
    });
    const comments = async () =>
      (
        (await (
          await t.get(`/v5/comments/namespaces/parts/resources/${story.partIds[0]}/comments`)
        ).json()) as { ads: boolean }
      ).ads;
    expect(await comments()).toBe(true);

    const answer = await put(story.id, { exempt: true });
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as StoryStaffView).adExempt).toBe(true);
    expect(await adExempt(story.id)).toBe(true);
    expect(await comments()).toBe(false);
    // Asking again changes nothing and notes nothing.
    expect((await put(story.id, { exempt: true })).status).toBe(200);

    const allowed = (await (await put(story.id, { exempt: false })).json()) as StoryStaffView;
    expect(allowed.adExempt).toBe(false);
    expect(await adExempt(story.id)).toBe(false);
    expect(await comments()).toBe(true);
    expect(allowed.notes?.map((note) => [note.author, note.body])).toEqual([
      [admin.username, "Kept ads off the story."],
      [admin.username, "Allowed ads on the story again."],
    ]);
  });

  it("refuses anything but true or false with a 400, changing nothing", async () => {
    const story = await createStory(t.handle.db, (await signedInUser(t.handle.db)).id);
    for (const body of [{}, { exempt: "yes" }, { exempt: 1 }]) {
      const refused = await put(story.id, body);
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toBe(
        "exempt must be true or false",
      );
    }
    expect(await adExempt(story.id)).toBe(false);
  });
});
