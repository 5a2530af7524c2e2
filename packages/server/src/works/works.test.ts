import {
  ACCOUNT_MESSAGES,
  EDITOR_WORK_FIELDS,
  EMPTY_PART_MESSAGE,
  latestScheduleTime,
  REMINDER_AHEAD_MS,
} from "@inkwell/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../app.ts";
import { accountLimiters } from "../http/rate-limit.ts";
import { jsonAnswer, useTestApi } from "../testing/api.ts";
import { createStory, createUser, sessionCookie, signedInUser } from "../testing/fixtures.ts";
import { publishDueParts } from "./job.ts";
import { sendDueReminders } from "./reminders.ts";

const t = useTestApi();

interface Person {
  id: number;
  cookie: string;
}

const person = (verified = true): Promise<Person> =>
  signedInUser(t.handle.db, { email_verified: verified ? 1 : 0 });

const ok = <T = Record<string, unknown>>(response: Response, status = 200) =>
  jsonAnswer<T>(response, status);

interface Work {
  id: number;
  title: string;
  parts: { id: number; title: string; draft: boolean }[];
}
interface PartText {
  id: number;
  storyId: number;
  title: string;
  text: string;
  text_hash: string;
  draft: boolean;
}

const MINUTE = 60_000;
const QUARTER = 15 * MINUTE;
/** The first quarter hour at least `minutes` from now. */
const quarterAfter = (minutes: number) =>
  new Date(Math.ceil((Date.now() + minutes * MINUTE) / QUARTER) * QUARTER);

let writer: Person;
let categoryId: number;

beforeAll(async () => {
  writer = await person();
  const category = await t.handle.db
    .insertInto("categories")
    .values({ name: "Fantasy", slug: "fantasy-works" })
    .returning("id")
    .executeTakeFirstOrThrow();
  categoryId = Number(category.id);
});

const details = () => ({
  title: "The Lighthouse",
  description: "A keeper and a storm.",
  tags: ["sea", "#Storm"],
  categoryId,
  languageId: 1,
  mature: false,
  completed: false,
  copyright: 3,
});
/** A new story's details, with the copyright acknowledgement its form asks for. */
const newStory = () => ({ ...details(), originalWork: true });

async function newWork(who = writer): Promise<Work> {
  return ok<Work>(await t.send("POST", "/v4/works", who, newStory()), 201);
}

async function newPart(storyId: number, text = "<p>Once.</p>", who = writer) {
  return ok<PartText>(
    await t.send("POST", `/v4/works/${storyId}/parts`, who, { title: "One", text }),
    201,
  );
}

/** The mail sent to an address: subject and text. */
function mailTo(address: string) {
  return t.handle.db
    .selectFrom("outbox")
    .select(["subject", "text_body"])
    .where("to_address", "=", address)
    .execute();
}

async function storyRow(storyId: number) {
  const row = await t.handle.db
    .selectFrom("stories")
    .select(["num_parts", "last_published_at", "draft"])
    .where("id", "=", storyId)
    .executeTakeFirstOrThrow();
  return {
    numParts: Number(row.num_parts),
    lastPublishedAt: row.last_published_at === null ? null : Number(row.last_published_at),
    draft: Number(row.draft),
  };
}

/** Every call only a story's author makes, on story `storyId`. */
const storyCalls = (storyId: number): [string, string, unknown?][] => [
  ["GET", `/v4/works/${storyId}`],
  ["PUT", `/v4/works/${storyId}`, { title: "Mine now" }],
  ["DELETE", `/v4/works/${storyId}`],
  ["POST", `/v4/works/${storyId}/parts`, {}],
  ["PUT", `/v4/works/${storyId}/parts`, { parts: [1] }],
  ["POST", "/apiv2/editstorytags", { request_type: "add", tag_value: "sea", story_id: storyId }],
  ["PUT", `/v4/works/${storyId}/sale`, { percent: 30, endsAt: quarterAfter(60 * 24) }],
  ["DELETE", `/v4/works/${storyId}/sale`],
  ["GET", `/v5/stories/${storyId}/notes`],
  ["POST", "/v5/stories", { story_id: storyId }],
  ["GET", `/v5/analytics/stories/${storyId}/overview`],
  ["GET", `/v5/analytics/stories/${storyId}/interactions`],
  ["GET", `/v5/analytics/stories/${storyId}/demographics`],
  ["GET", `/v5/bonus-content/paywall/${storyId}/free-parts?parts=1`],
];
/** Every call only a part's author makes, on part `partId`. */
const partCalls = (partId: number): [string, string, unknown?][] => [
  ["GET", `/apiv2/storytext?id=${partId}&output=json`],
  ["PUT", `/v4/parts/${partId}`, { title: "Mine" }],
  ["POST", `/v4/parts/${partId}/publish`],
  ["POST", `/v4/parts/${partId}/unpublish`],
  ["POST", `/v4/parts/${partId}/schedule-publish`, { datetime: quarterAfter(30) }],
  ["POST", `/v4/parts/${partId}/unschedule-publish`],
  ["POST", `/v4/parts/${partId}/publish-changes`],
  ["POST", `/v4/parts/${partId}/discard-changes`],
  ["DELETE", `/v4/parts/${partId}`],
];
const UNKNOWN_ID = 99_999_999;

/** The rows of the stories and their parts the calls could change. */
const storyRows = async (storyIds: number[]) => ({
  stories: await t.handle.db
    .selectFrom("stories")
    .selectAll()
    .where("id", "in", storyIds)
    .orderBy("id")
    .execute(),
  parts: await t.handle.db
    .selectFrom("parts")
    .selectAll()
    .where("story_id", "in", storyIds)
    .orderBy("id")
    .execute(),
});

/** What `who` is answered, status and body, for each call. */
const answers = (calls: [string, string, unknown?][], who: Person | null) =>
  Promise.all(
    calls.map(async ([method, path, body]) => {
      const response = await t.send(method, path, who, body);
      return {
        call: `${method} ${path.replace(/\d+/g, "N")}`,
        status: response.status,
        body: await response.json(),
      };
    }),
  );

describe("who may write", () => {
  it("answers 401 to visitors and 403 to anyone but the author of a story they can read", async () => {
    const author = await createUser(t.handle.db);
    const story = await createStory(t.handle.db, author.id, { draft: 0, parts: [{}] });
    const part = story.partIds[0] as number;
    const other = await person();
    const calls = [...storyCalls(story.id), ...partCalls(part)];
    const before = await storyRows([story.id]);
    for (const { call, status } of await answers(calls, null)) expect(status, call).toBe(401);
    // The refusal says what only the author may do: see the analytics or notes, else change.
    const refusal = (call: string) =>
      call.startsWith("GET /vN/analytics/")
        ? "Only the author can see this story's analytics."
        : call === "GET /vN/stories/N/notes"
          ? "Only the author can see this story's notes."
          : "Only the author can change this story.";
    for (const { call, status, body } of await answers(calls, other)) {
      expect(status, call).toBe(403);
      expect(body, call).toEqual({ code: "forbidden", message: refusal(call) });
    }
    expect(await storyRows([story.id])).toEqual(before);
  });

  it("answers a draft or deleted story, or a draft part, of someone else's as an unknown id", async () => {
    const author = await createUser(t.handle.db);
    const draft = await createStory(t.handle.db, author.id, { draft: 1, parts: [{ draft: 1 }] });
    const deleted = await createStory(t.handle.db, author.id, { draft: 0, deleted: 1 });
    const published = await createStory(t.handle.db, author.id, {
      draft: 0,
      parts: [{}, { draft: 1 }],
    });
    const other = await person();
    const before = await storyRows([draft.id, deleted.id, published.id]);
    const unknownStory = await answers(storyCalls(UNKNOWN_ID), other);
    const unknownPart = await answers(partCalls(UNKNOWN_ID), other);
    expect(unknownStory.map(({ status }) => status)).toEqual(storyCalls(0).map(() => 404));
    expect(unknownPart.map(({ status }) => status)).toEqual(partCalls(0).map(() => 404));
    expect(await answers(storyCalls(draft.id), other)).toEqual(unknownStory);
    expect(await answers(storyCalls(deleted.id), other)).toEqual(unknownStory);
    for (const hidden of [draft.partIds[0], deleted.partIds[0], published.partIds[1]]) {
      expect(await answers(partCalls(hidden as number), other)).toEqual(unknownPart);
    }
    // Staff see drafts, so they are told the story is not theirs to change.
    const admin = await signedInUser(t.handle.db, { is_sysadmin: 1 });
    const refused = await t.send("GET", `/v5/stories/${draft.id}/notes`, admin);
    expect(refused.status).toBe(403);
    const draftPart = await t.send("PUT", `/v4/parts/${published.partIds[1]}`, admin, {
      title: "Mine",
    });
    expect(draftPart.status).toBe(403);
    expect(await storyRows([draft.id, deleted.id, published.id])).toEqual(before);
  });
});

describe("stories", () => {
  it("lists the categories for anyone", async () => {
    const { categories } = await ok<{ categories: { id: number; name: string; slug: string }[] }>(
      await t.send("GET", "/v4/categories", null),
    );
    expect(categories).toContainEqual({ id: categoryId, name: "Fantasy", slug: "fantasy-works" });
  });

  it("creates a draft story with its details and lists it in my works", async () => {
    const me = await person();
    const work = await ok<Record<string, unknown>>(
      await t.send("POST", "/v4/works", me, newStory()),
      201,
    );
    expect(work).toMatchObject({
      ...details(),
      tags: ["sea", "storm"],
      published: false,
      parts: [],
    });
    await newPart(work.id as number, "<p>x</p>", me);
    const { stories } = await ok<{ stories: Record<string, unknown>[] }>(
      await t.send("GET", "/v4/works", me),
    );
    expect(stories).toHaveLength(1);
    expect(stories[0]).toMatchObject({
      id: work.id,
      title: "The Lighthouse",
      copyright: 3,
      numParts: 0,
      numDrafts: 1,
      readCount: 0,
      voteCount: 0,
      commentCount: 0,
    });
  });

  it("refuses bad details with a message per field and creates nothing", async () => {
    const me = await person();
    const response = await t.send("POST", "/v4/works", me, {
      title: " ",
      copyright: 9,
      languageId: 99,
      tags: ["two words!"],
    });
    const body = await ok<{ fields: Record<string, string> }>(response, 400);
    expect(body.fields).toMatchObject({
      title: "Give your story a title",
      copyright: "Choose a licence from the list",
      languageId: "Choose a language from the list",
      "tags.0": "A tag is one word of letters, digits, - or _",
      originalWork: "Confirm that this story is your own original work",
    });
    const unknownCategory = await t.send("POST", "/v4/works", me, {
      ...newStory(),
      categoryId: 999,
    });
    expect(await ok(unknownCategory, 400)).toEqual({
      code: "bad_request",
      message: "Choose a category from the list",
      fields: { categoryId: "Choose a category from the list" },
    });
    const unacknowledged = await t.send("POST", "/v4/works", me, {
      ...details(),
      originalWork: false,
    });
    expect((await ok<{ fields: Record<string, string> }>(unacknowledged, 400)).fields).toEqual({
      originalWork: "Confirm that this story is your own original work",
    });
    expect(
      (await ok<{ stories: unknown[] }>(await t.send("GET", "/v4/works", me))).stories,
    ).toEqual([]);
  });

  it("drops control characters before the rules, so a title of only them is no title", async () => {
    const me = await person();
    const refused = await t.send("POST", "/v4/works", me, { ...newStory(), title: "\u0000\u0007" });
    expect((await ok<{ fields: Record<string, string> }>(refused, 400)).fields).toEqual({
      title: "Give your story a title",
    });
    // PostgreSQL refuses NUL in text: it never reaches the database.
    const created = await ok<Work & { title: string; description: string }>(
      await t.send("POST", "/v4/works", me, {
        ...newStory(),
        title: "\tThe\u0000 Light\u0007house\n",
        description: "A keeper\u0000\r\nand a storm.",
      }),
      201,
    );
    expect(created).toMatchObject({
      title: "The Lighthouse",
      description: "A keeper\nand a storm.",
    });
    const updated = await ok(
      await t.send("PUT", `/v4/works/${created.id}`, me, { description: "a\u0000b" }),
    );
    expect(updated).toMatchObject({ title: "The Lighthouse", description: "ab" });
  });

  it("drops direction overrides from a title, which would turn a card's text around", async () => {
    const me = await person();
    const created = await ok<Work & { title: string }>(
      await t.send("POST", "/v4/works", me, { ...newStory(), title: "The \u202ELighthouse\u202C" }),
      201,
    );
    expect(created.title).toBe("The Lighthouse");
  });

  it("refuses a boolean or a list where a number goes, rather than reading it as one", async () => {
    const work = await newWork();
    for (const changes of [{ categoryId: true }, { copyright: [2] }, { languageId: false }]) {
      expect((await t.send("PUT", `/v4/works/${work.id}`, writer, changes)).status).toBe(400);
    }
    const tag = { request_type: "add", tag_value: "fog" };
    for (const storyId of [[work.id], true]) {
      const response = await t.send("POST", "/apiv2/editstorytags", writer, {
        ...tag,
        story_id: storyId,
      });
      expect((await ok<{ fields: Record<string, string> }>(response, 400)).fields).toEqual({
        story_id: "story_id must be a positive whole number",
      });
    }
    // What a form sends stays a number.
    expect(
      await ok(
        await t.send("PUT", `/v4/works/${work.id}`, writer, { categoryId: String(categoryId) }),
      ),
    ).toMatchObject({ categoryId, tags: ["sea", "storm"] });
  });

  it("refuses a field it does not have, naming it, rather than saving without it", async () => {
    const work = await newWork();
    const stored = () =>
      t.handle.db.selectFrom("stories").selectAll().where("id", "=", work.id).executeTakeFirst();
    const part = await newPart(work.id);
    const stories = async () =>
      (await t.handle.db.selectFrom("stories").select("id").execute()).length;
    const parts = () =>
      t.handle.db.selectFrom("parts").selectAll().where("id", "=", part.id).executeTakeFirst();
    const before = [await stored(), await parts(), await stories()];
    const refused = (field: string) => {
      const message = `${field} is not a field of this call`;
      return [400, { code: "bad_request", message, fields: { [field]: message } }];
    };
    const answer = async (response: Response) => [response.status, await response.json()];
    expect(
      await answer(await t.send("PUT", `/v4/works/${work.id}`, writer, { tittle: "Renamed" })),
    ).toEqual(refused("tittle"));
    expect(
      await answer(await t.send("POST", "/v4/works", writer, { ...newStory(), descripton: "A" })),
    ).toEqual(refused("descripton"));
    expect(
      await answer(await t.send("PUT", `/v4/parts/${part.id}`, writer, { name: "Two" })),
    ).toEqual(refused("name"));
    expect([await stored(), await parts(), await stories()]).toEqual(before);
  });

  it("refuses a save of nothing, and moves no modified date for a save of what is stored", async () => {
    const work = await newWork();
    const part = await newPart(work.id);
    const LONG_AGO = 1_000;
    await t.handle.db
      .updateTable("stories")
      .set({ modify_date: LONG_AGO })
      .where("id", "=", work.id)
      .execute();
    await t.handle.db
      .updateTable("parts")
      .set({ modify_date: LONG_AGO })
      .where("id", "=", part.id)
      .execute();
    const stored = async () => [
      await t.handle.db.selectFrom("stories").selectAll().where("id", "=", work.id).execute(),
      await t.handle.db.selectFrom("parts").selectAll().where("id", "=", part.id).execute(),
    ];
    const before = await stored();
    const refused = (message: string) => [
      400,
      { code: "bad_request", message, fields: { request: message } },
    ];
    const answer = async (response: Response) => [response.status, await response.json()];
    expect(await answer(await t.send("PUT", `/v4/works/${work.id}`, writer, {}))).toEqual(
      refused("Nothing to change: send a detail of the story"),
    );
    const nothingInPart = refused("Nothing to change: send a title or a text");
    expect(await answer(await t.send("PUT", `/v4/parts/${part.id}`, writer, {}))).toEqual(
      nothingInPart,
    );
    expect(
      await answer(
        await t.send("PUT", `/v4/parts/${part.id}`, writer, { text_hash: part.text_hash }),
      ),
    ).toEqual(nothingInPart);
    // The form saved again as it is, and the editor saving a text it has not changed.
    expect(await ok(await t.send("PUT", `/v4/works/${work.id}`, writer, details()))).toMatchObject({
      title: "The Lighthouse",
      tags: ["sea", "storm"],
    });
    expect(
      await ok(
        await t.send("PUT", `/v4/parts/${part.id}`, writer, {
          title: "One",
          text: part.text,
          text_hash: part.text_hash,
        }),
      ),
    ).toMatchObject({ title: "One", text: part.text });
    expect(await stored()).toEqual(before);
  });

  it("updates details and replaces tags", async () => {
    const work = await newWork();
    const updated = await ok(
      await t.send("PUT", `/v4/works/${work.id}`, writer, {
        title: "Renamed",
        tags: "night, fog",
        mature: true,
        completed: true,
        copyright: 2,
      }),
    );
    expect(updated).toMatchObject({
      title: "Renamed",
      description: "A keeper and a storm.",
      tags: ["night", "fog"],
      mature: true,
      completed: true,
      copyright: 2,
    });
  });
});

describe("the story in publish use", () => {
  const editorHash = async (partId: number) =>
    (await ok<PartText>(await t.send("GET", `/apiv2/storytext?id=${partId}&output=json`, writer)))
      .text_hash;

  it("answers the category as category and categoryObject, or null for none", async () => {
    const work = await newWork();
    const story = await ok(await t.send("GET", `/v4/works/${work.id}`, writer));
    expect(story).toMatchObject({
      categoryId,
      category: categoryId,
      categoryObject: { id: categoryId, name: "Fantasy", slug: "fantasy-works" },
    });
    const bare = await ok(
      await t.send("PUT", `/v4/works/${work.id}`, writer, { categoryId: null }),
    );
    expect(bare).toMatchObject({ categoryId: null, category: null, categoryObject: null });
  });

  it("lists the textids part by part: each the text_hash its editor saves against", async () => {
    const work = await newWork();
    const one = await newPart(work.id, "<p>One.</p>");
    const two = await newPart(work.id, "<p>Two.</p>");
    const textids = async () =>
      (await ok<{ textids: string[] }>(await t.send("GET", `/v4/works/${work.id}`, writer)))
        .textids;
    expect(await textids()).toEqual([one.text_hash, two.text_hash]);

    // A published part's pending edits are its editor's text, so its textid follows them.
    await ok(await t.send("POST", `/v4/parts/${one.id}/publish`, writer));
    const edited = await ok<PartText>(
      await t.send("PUT", `/v4/parts/${one.id}`, writer, {
        text: "<p>One, revised.</p>",
        text_hash: one.text_hash,
      }),
    );
    expect(edited.text_hash).not.toBe(one.text_hash);
    expect(await textids()).toEqual([await editorHash(one.id), two.text_hash]);

    const reordered = await ok<{ parts: { id: number }[]; textids: string[] }>(
      await t.send("PUT", `/v4/works/${work.id}/parts`, writer, { parts: [two.id, one.id] }),
    );
    expect(reordered.parts.map((part) => part.id)).toEqual([two.id, one.id]);
    expect(reordered.textids).toEqual([two.text_hash, edited.text_hash]);
  });

  it("answers the editor pages' fields as the whole story has them, without textids", async () => {
    const work = await newWork();
    await newPart(work.id, "<p>One.</p>");
    await newPart(work.id, "<p>Two.</p>");
    const whole = await ok<Record<string, unknown>>(
      await t.send("GET", `/v4/works/${work.id}`, writer),
    );
    const { textids, category, categoryObject, modifyDate, ...editors } = whole;
    expect(textids).toHaveLength(2);
    const asked = await ok(
      await t.send("GET", `/v4/works/${work.id}?fields=${EDITOR_WORK_FIELDS.join(",")}`, writer),
    );
    expect(asked).toEqual(editors);
  });

  it("answers only the fields asked for, and refuses a malformed selection", async () => {
    const work = await newWork();
    const part = await newPart(work.id);
    const picked = await ok(
      await t.send("GET", `/v4/works/${work.id}?fields=id,textids,parts(id,draft)`, writer),
    );
    expect(picked).toEqual({
      id: work.id,
      textids: [part.text_hash],
      parts: [{ id: part.id, draft: true }],
    });
    expect(
      await ok(
        await t.send("GET", `/v4/works/${work.id}?fields=title,categoryObject(name)`, writer),
      ),
    ).toEqual({ title: "The Lighthouse", categoryObject: { name: "Fantasy" } });
    const bad = await t.send("GET", `/v4/works/${work.id}?fields=id,(`, writer);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      code: "bad_request",
      fields: { fields: "fields: expected a field name at position 4" },
    });
  });
});

describe("part text", () => {
  it("sanitises HTML on write and keeps paragraph ids across edits", async () => {
    const work = await newWork();
    const part = await newPart(
      work.id,
      '<p onclick="x()">One <script>alert(1)</script><b>bold</b></p><p>Two</p>',
    );
    expect(part.text).toMatch(
      /^<p data-p-id="(p[0-9a-f]{10})">One <b>bold<\/b><\/p><p data-p-id="(p[0-9a-f]{10})">Two<\/p>$/,
    );
    const [first, second] = [...part.text.matchAll(/data-p-id="([^"]+)"/g)].map((m) => m[1]);
    const edited = part.text
      .replace("</p><p", "</p><p>Inserted</p><p")
      .replace("Two", "Two, edited");
    const saved = await ok<PartText>(
      await t.send("PUT", `/v4/parts/${part.id}`, writer, {
        text: edited,
        text_hash: part.text_hash,
      }),
    );
    const ids = [...saved.text.matchAll(/data-p-id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids[0]).toBe(first);
    expect(ids[2]).toBe(second);
    expect(new Set(ids).size).toBe(3);
    expect(saved.text).toContain(`<p data-p-id="${second}">Two, edited</p>`);
    expect(saved.text_hash).not.toBe(part.text_hash);
  });

  it("refuses a save against a stale hash with 409 and overwrites nothing", async () => {
    const work = await newWork();
    const part = await newPart(work.id);
    const tabA = await ok<PartText>(
      await t.send("PUT", `/v4/parts/${part.id}`, writer, {
        text: "<p>From tab A</p>",
        text_hash: part.text_hash,
      }),
    );
    const tabB = await t.send("PUT", `/v4/parts/${part.id}`, writer, {
      text: "<p>From tab B</p>",
      text_hash: part.text_hash,
    });
    expect(tabB.status).toBe(409);
    expect(await tabB.json()).toMatchObject({
      code: "stale_text",
      message:
        "This part was changed somewhere else since you opened it. Your changes were not saved: reload to get the latest version.",
    });
    const stored = await ok<PartText>(
      await t.send("GET", `/apiv2/storytext?id=${part.id}&output=json`, writer),
    );
    expect(stored.text).toBe(tabA.text);
    expect(stored.text_hash).toBe(tabA.text_hash);
    const noHash = await t.send("PUT", `/v4/parts/${part.id}`, writer, { text: "<p>x</p>" });
    expect(noHash.status).toBe(400);
  });

  it("drops control characters from a part's title and text", async () => {
    const work = await newWork();
    const part = await ok<PartText>(
      await t.send("POST", `/v4/works/${work.id}/parts`, writer, {
        title: "One\u0000",
        text: "<p>Once\u0000 upon</p>",
      }),
      201,
    );
    expect(part.title).toBe("One");
    expect(part.text).toMatch(/^<p data-p-id="p[0-9a-f]{10}">Once upon<\/p>$/);
    const saved = await ok<PartText>(
      await t.send("PUT", `/v4/parts/${part.id}`, writer, {
        title: "\u0000Two",
        text: "<p>a\u0000b</p>",
        text_hash: part.text_hash,
      }),
    );
    expect(saved.title).toBe("Two");
    expect(saved.text).toMatch(/>ab<\/p>$/);
  });

  it("renames a part without a hash", async () => {
    const work = await newWork();
    const part = await newPart(work.id);
    const saved = await ok<PartText>(
      await t.send("PUT", `/v4/parts/${part.id}`, writer, { title: "The Storm" }),
    );
    expect(saved).toMatchObject({ title: "The Storm", text: part.text });
  });
});

describe("publishing", () => {
  it("publishes a draft now and keeps the story's counters exact", async () => {
    const work = await newWork();
    const one = await newPart(work.id);
    const two = await newPart(work.id);
    expect(await storyRow(work.id)).toMatchObject({ numParts: 0, draft: 1 });

    const before = Date.now();
    const published = await ok<PartText>(
      await t.send("POST", `/v4/parts/${one.id}/publish`, writer),
    );
    expect(published.draft).toBe(false);
    const row = await storyRow(work.id);
    expect(row).toMatchObject({ numParts: 1, draft: 0 });
    expect(row.lastPublishedAt).toBeGreaterThanOrEqual(before);

    const again = await t.send("POST", `/v4/parts/${one.id}/publish`, writer);
    expect(again.status).toBe(409);
    await ok(await t.send("POST", `/v4/parts/${two.id}/publish`, writer));
    expect((await storyRow(work.id)).numParts).toBe(2);

    // Readers see the published parts in the story.
    const story = await ok<{ parts: { id: number }[] }>(
      await t.send("GET", `/api/v3/stories/${work.id}?fields=parts(id)`, null),
    );
    expect(story.parts.map((part) => part.id)).toEqual([one.id, two.id]);

    await ok(await t.send("POST", `/v4/parts/${two.id}/unpublish`, writer));
    expect((await storyRow(work.id)).numParts).toBe(1);
    await ok(await t.send("DELETE", `/v4/parts/${one.id}`, writer));
    expect(await storyRow(work.id)).toMatchObject({
      numParts: 0,
      draft: 1,
      lastPublishedAt: null,
    });
  });

  it("counts every part published, unpublished or deleted at the same moment", async () => {
    for (let round = 0; round < 6; round++) {
      const work = await newWork();
      const parts = [];
      for (let i = 0; i < 8; i++) parts.push(await newPart(work.id));
      await Promise.all(
        parts.slice(0, 4).map((part) => t.send("POST", `/v4/parts/${part.id}/publish`, writer)),
      );
      const answers = await Promise.all([
        ...parts.slice(4).map((part) => t.send("POST", `/v4/parts/${part.id}/publish`, writer)),
        t.send("POST", `/v4/parts/${parts[0]?.id}/unpublish`, writer),
        t.send("DELETE", `/v4/parts/${parts[1]?.id}`, writer),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
      const story = await ok<{ parts: { id: number }[] }>(
        await t.send("GET", `/api/v3/stories/${work.id}?fields=parts(id)`, null),
      );
      expect(story.parts).toHaveLength(6);
      expect([round, (await storyRow(work.id)).numParts]).toEqual([round, 6]);
    }
  });

  it("counts 30 parts published at once, and every one unpublished or deleted at once", async () => {
    const work = await newWork();
    const parts = await Promise.all(Array.from({ length: 30 }, () => newPart(work.id)));
    const published = await Promise.all(
      parts.map((part) => t.send("POST", `/v4/parts/${part.id}/publish`, writer)),
    );
    expect(published.map((answer) => answer.status)).toEqual(parts.map(() => 200));
    const story = await ok<{ parts: { id: number }[] }>(
      await t.send("GET", `/api/v3/stories/${work.id}?fields=parts(id)`, null),
    );
    expect(story.parts).toHaveLength(30);
    expect((await storyRow(work.id)).numParts).toBe(30);

    const taken = await Promise.all(
      parts.map((part, index) =>
        index % 2 === 0
          ? t.send("POST", `/v4/parts/${part.id}/unpublish`, writer)
          : t.send("DELETE", `/v4/parts/${part.id}`, writer),
      ),
    );
    expect(taken.map((answer) => answer.status)).toEqual(parts.map(() => 200));
    expect(await storyRow(work.id)).toEqual({ numParts: 0, lastPublishedAt: null, draft: 1 });
  });

  it("needs a verified email and a story with its details filled in", async () => {
    const unverified = await person(false);
    const work = await newWork(unverified);
    const part = await newPart(work.id, "<p>x</p>", unverified);
    const refused = await t.send("POST", `/v4/parts/${part.id}/publish`, unverified);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "email_unverified" });

    const bare = await ok<Work>(
      await t.send("POST", "/v4/works", writer, { title: "Bare", originalWork: true }),
      201,
    );
    const barePart = await newPart(bare.id);
    const incomplete = await t.send("POST", `/v4/parts/${barePart.id}/publish`, writer);
    expect(incomplete.status).toBe(400);
    expect(await incomplete.json()).toMatchObject({
      code: "story_incomplete",
      message: "Add a description, tags, a category to the story before publishing.",
    });
  });

  it("refuses to publish or schedule a part with neither words nor a picture, changing nothing", async () => {
    const work = await newWork();
    const refused = { code: "part_empty", message: EMPTY_PART_MESSAGE };
    for (const text of ["", '<p> </p><p data-p-id="b"><br></p><p>&nbsp;</p>']) {
      // Saving it empty is fine: a draft may be anything.
      const part = await newPart(work.id, text);
      const publish = await t.send("POST", `/v4/parts/${part.id}/publish`, writer);
      expect(publish.status).toBe(400);
      expect(await publish.json()).toEqual(refused);
      const schedule = await t.send("POST", `/v4/parts/${part.id}/schedule-publish`, writer, {
        datetime: quarterAfter(30).toISOString(),
      });
      expect(schedule.status).toBe(400);
      expect(await schedule.json()).toEqual(refused);
      const after = await ok<PartText & { scheduledPublishDatetime: string | null }>(
        await t.send("GET", `/apiv2/storytext?id=${part.id}&output=json`, writer),
      );
      expect([after.draft, after.scheduledPublishDatetime]).toEqual([true, null]);
    }
    expect((await storyRow(work.id)).numParts).toBe(0);

    // A picture alone is a part: a comic page, a map.
    const picture = await newPart(work.id, '<p><img src="/media/images/1-0123456789ab.webp"></p>');
    await ok(await t.send("POST", `/v4/parts/${picture.id}/publish`, writer));
    const scheduled = await newPart(
      work.id,
      '<p><img src="/media/images/2-0123456789ab.webp"></p>',
    );
    await ok(
      await t.send("POST", `/v4/parts/${scheduled.id}/schedule-publish`, writer, {
        datetime: quarterAfter(30).toISOString(),
      }),
    );
    expect((await storyRow(work.id)).numParts).toBe(1);
    // Off the schedule again, so the scheduling tests' job runs find only their own parts.
    await ok(await t.send("POST", `/v4/parts/${scheduled.id}/unschedule-publish`, writer));
  });

  it("reorders parts, refusing a list that is not every part once", async () => {
    const work = await newWork();
    const one = await newPart(work.id);
    const two = await newPart(work.id);
    const reordered = await ok<Work>(
      await t.send("PUT", `/v4/works/${work.id}/parts`, writer, { parts: [two.id, one.id] }),
    );
    expect(reordered.parts.map((part) => part.id)).toEqual([two.id, one.id]);
    const partial = await t.send("PUT", `/v4/works/${work.id}/parts`, writer, { parts: [two.id] });
    expect(partial.status).toBe(400);
  });

  it("gives parts added at the same moment places of their own, in the order they were made", async () => {
    const work = await newWork();
    const made = await Promise.all(Array.from({ length: 6 }, () => newPart(work.id)));
    const after = await ok<Work>(await t.send("GET", `/v4/works/${work.id}`, writer));
    const ids = made.map((part) => part.id).sort((a, b) => a - b);
    expect(after.parts.map((part) => part.id)).toEqual(ids);
    const positions = await t.handle.db
      .selectFrom("parts")
      .select("position")
      .where("story_id", "=", work.id)
      .execute();
    expect(new Set(positions.map((row) => Number(row.position))).size).toBe(6);
  });

  it("applies one of two reorders sent at the same moment whole", async () => {
    const work = await newWork();
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push((await newPart(work.id)).id);
    const reversed = [...ids].reverse();
    const answers = await Promise.all([
      t.send("PUT", `/v4/works/${work.id}/parts`, writer, { parts: ids }),
      t.send("PUT", `/v4/works/${work.id}/parts`, writer, { parts: reversed }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const after = await ok<Work>(await t.send("GET", `/v4/works/${work.id}`, writer));
    expect([ids, reversed]).toContainEqual(after.parts.map((part) => part.id));
  });
});

describe("scheduling", () => {
  it("schedules on a quarter hour within a year and unschedules", async () => {
    const work = await newWork();
    const part = await newPart(work.id);
    const at = quarterAfter(30);
    const scheduled = await ok(
      await t.send("POST", `/v4/parts/${part.id}/schedule-publish`, writer, {
        datetime: at.toISOString(),
      }),
    );
    expect(scheduled).toEqual({ part_id: part.id, scheduled_datetime: at.toISOString() });
    const text = await ok<PartText & { scheduledPublishDatetime: string }>(
      await t.send("GET", `/apiv2/storytext?id=${part.id}&output=json`, writer),
    );
    expect(text.scheduledPublishDatetime).toBe(at.toISOString());

    const cancelled = await ok(
      await t.send("POST", `/v4/parts/${part.id}/unschedule-publish`, writer),
    );
    expect(cancelled).toEqual({ success: true });
    const after = await ok<{ scheduledPublishDatetime: string | null }>(
      await t.send("GET", `/apiv2/storytext?id=${part.id}&output=json`, writer),
    );
    expect(after.scheduledPublishDatetime).toBeNull();
  });

  it("refuses to unschedule a part already out, saying so, and changes nothing", async () => {
    const work = await newWork();
    const part = await newPart(work.id);
    await ok(await t.send("POST", `/v4/parts/${part.id}/publish`, writer));
    const refused = await t.send("POST", `/v4/parts/${part.id}/unschedule-publish`, writer);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      code: "already_published",
      message: "This part is already published.",
    });
    const text = await ok<{ draft: boolean }>(
      await t.send("GET", `/apiv2/storytext?id=${part.id}&output=json`, writer),
    );
    expect(text.draft).toBe(false);
  });

  it("refuses a missing, past, too soon, far or off-step time with the spec's messages", async () => {
    const work = await newWork();
    const part = await newPart(work.id);
    // The message, and the field it is about saying the same.
    const schedule = async (body: unknown) => {
      const response = await t.send("POST", `/v4/parts/${part.id}/schedule-publish`, writer, body);
      expect(response.status).toBe(400);
      const refusal = (await response.json()) as { message: string };
      expect(refusal).toEqual({
        code: "bad_request",
        message: refusal.message,
        fields: { datetime: refusal.message },
      });
      return refusal.message;
    };
    expect(await schedule({})).toBe("Publish date is required");
    expect(await schedule({ datetime: "" })).toBe("Publish date is required");
    expect(await schedule({ datetime: "soon" })).toBe("Publish date is not a date");
    expect(await schedule({ datetime: quarterAfter(-60).toISOString() })).toBe(
      "Choose a time in the future",
    );
    // The next quarter hour: in the future, but less than §9's 15 minutes ahead by the
    // time the server looks at it.
    const nextQuarter = new Date((Math.floor(Date.now() / QUARTER) + 1) * QUARTER);
    expect(await schedule({ datetime: nextQuarter.toISOString() })).toBe(
      "Choose a time at least 15 minutes from now",
    );
    // A calendar year on, not 366 days: the first quarter hour past it is refused.
    const pastAYear = new Date(
      (Math.floor(latestScheduleTime(Date.now()) / QUARTER) + 1) * QUARTER,
    );
    expect(await schedule({ datetime: pastAYear.toISOString() })).toBe(
      "Choose a time within one year",
    );
    expect(await schedule({ datetime: new Date(quarterAfter(30).getTime() + MINUTE) })).toBe(
      "Choose a time on a quarter hour (:00, :15, :30 or :45)",
    );
    const text = await ok<{ scheduledPublishDatetime: null }>(
      await t.send("GET", `/apiv2/storytext?id=${part.id}&output=json`, writer),
    );
    expect(text.scheduledPublishDatetime).toBeNull();
  });

  it("publishes due parts exactly once while two runners race", async () => {
    const work = await newWork();
    const parts = [await newPart(work.id), await newPart(work.id), await newPart(work.id)];
    const later = await newPart(work.id);
    for (const part of [...parts, later]) {
      await ok(
        await t.send("POST", `/v4/parts/${part.id}/schedule-publish`, writer, {
          datetime: quarterAfter(part === later ? 120 : 30).toISOString(),
        }),
      );
    }
    const due = quarterAfter(30).getTime() + 1;
    const counts = await Promise.all([
      publishDueParts(t.handle.db, due),
      publishDueParts(t.handle.db, due),
    ]);
    expect(counts[0] + counts[1]).toBe(3);
    expect(await publishDueParts(t.handle.db, due)).toBe(0);
    expect(await storyRow(work.id)).toMatchObject({ numParts: 3, draft: 0, lastPublishedAt: due });
    const stored = await ok<{ parts: { id: number; draft: boolean }[] }>(
      await t.send("GET", `/v4/works/${work.id}`, writer),
    );
    expect(stored.parts.map((part) => part.draft)).toEqual([false, false, false, true]);
  });

  it("publishes nothing of a part emptied since it was scheduled, and takes it off the schedule", async () => {
    const me = await createUser(t.handle.db, { email: "emptied@example.com", email_verified: 1 });
    const author = { id: me.id, cookie: await sessionCookie(t.handle.db, me.id) };
    const work = await newWork(author);
    const part = await newPart(work.id, "<p>Once.</p>", author);
    const at = quarterAfter(30);
    await ok(
      await t.send("POST", `/v4/parts/${part.id}/schedule-publish`, author, {
        datetime: at.toISOString(),
      }),
    );
    type Saved = PartText & { scheduledPublishDatetime: string | null; scheduledEmpty: boolean };
    const save = async (text: string, textHash: string) =>
      ok<Saved>(await t.send("PUT", `/v4/parts/${part.id}`, author, { text, text_hash: textHash }));
    // The save is taken, and its answer tells the editor the part will not go out as it is.
    const emptied = await save("<p> </p>", part.text_hash);
    expect([emptied.scheduledPublishDatetime, emptied.scheduledEmpty]).toEqual([
      at.toISOString(),
      true,
    ]);
    const written = await save("<p>Twice.</p>", emptied.text_hash);
    expect([written.scheduledPublishDatetime, written.scheduledEmpty]).toEqual([
      at.toISOString(),
      false,
    ]);
    await save("", written.text_hash);

    expect(await publishDueParts(t.handle.db, at.getTime() + 1)).toBe(0);
    const after = await ok<Saved>(
      await t.send("GET", `/apiv2/storytext?id=${part.id}&output=json`, author),
    );
    expect([after.draft, after.scheduledPublishDatetime, after.scheduledEmpty]).toEqual([
      true,
      null,
      false,
    ]);
    expect((await storyRow(work.id)).numParts).toBe(0);
    // The writer expected it out: one mail says it did not go, and why.
    expect(await publishDueParts(t.handle.db, at.getTime() + 60_000)).toBe(0);
    expect(await mailTo("emptied@example.com")).toEqual([
      {
        subject: "One was not published",
        text_body: `Your part "One" of The Lighthouse was scheduled for ${at.toUTCString()}, but it was empty, so it was not published. It is a draft again, no longer scheduled: write something or add a picture, then publish or schedule it.`,
      },
    ]);
  });

  it("never leaves a schedule on a part published at the same moment", async () => {
    for (let round = 0; round < 6; round++) {
      const work = await newWork();
      const part = await newPart(work.id);
      const schedule = () =>
        t.send("POST", `/v4/parts/${part.id}/schedule-publish`, writer, {
          datetime: quarterAfter(30).toISOString(),
        });
      const [published, ...scheduled] = await Promise.all([
        t.send("POST", `/v4/parts/${part.id}/publish`, writer),
        schedule(),
        schedule(),
      ]);
      expect(published.status).toBe(200);
      // A schedule that lost to the publish is refused; one that won was replaced by it.
      for (const answer of scheduled) expect([200, 409]).toContain(answer.status);
      const row = await t.handle.db
        .selectFrom("parts")
        .select(["draft", "scheduled_at"])
        .where("id", "=", part.id)
        .executeTakeFirstOrThrow();
      expect([round, Number(row.draft), row.scheduled_at]).toEqual([round, 0, null]);
    }
  });

  it("leaves other writers' stories and published parts alone", async () => {
    const other = await createUser(t.handle.db);
    const story = await createStory(t.handle.db, other.id, { parts: [{}] });
    const part = story.partIds[0] as number;
    const refused = await t.send("POST", `/v4/parts/${part}/schedule-publish`, writer, {
      datetime: quarterAfter(30).toISOString(),
    });
    expect(refused.status).toBe(403);
    const own = await newWork();
    const published = await newPart(own.id);
    await ok(await t.send("POST", `/v4/parts/${published.id}/publish`, writer));
    const late = await t.send("POST", `/v4/parts/${published.id}/schedule-publish`, writer, {
      datetime: quarterAfter(30).toISOString(),
    });
    expect(late.status).toBe(409);
  });
});

describe("deleting a story", () => {
  it("takes it out of every reader's view at once and calls off its scheduled parts", async () => {
    const author = await signedInUser(t.handle.db);
    const work = await newWork(author);
    const title = `Saltmarsh Ledger ${work.id}`;
    await ok(await t.send("PUT", `/v4/works/${work.id}`, author, { title }));
    const first = await newPart(work.id, "<p>Once.</p>", author);
    await ok(await t.send("POST", `/v4/parts/${first.id}/publish`, author));
    const later = await newPart(work.id, "<p>Later.</p>", author);
    await ok(
      await t.send("POST", `/v4/parts/${later.id}/schedule-publish`, author, {
        datetime: quarterAfter(30).toISOString(),
      }),
    );
    const reader = await person();
    const list = await ok<{ id: number }>(
      await t.send("POST", "/api/v3/lists/", reader, { name: "Marshes", stories: work.id }),
      201,
    );
    const published = async () =>
      (
        await ok<{ numStoriesPublished: number }>(
          await t.send("GET", `/api/v3/users/${author.username}`, null),
        )
      ).numStoriesPublished;
    expect(await published()).toBe(1);

    expect(await ok(await t.send("DELETE", `/v4/works/${work.id}`, author))).toEqual({
      deleted: true,
    });
    expect((await t.send("GET", `/api/v3/stories/${work.id}`, reader)).status).toBe(404);
    expect((await t.send("GET", `/v4/works/${work.id}`, author)).status).toBe(404);
    // Its writer still sees it, marked Deleted (reader.md §2's status line).
    expect(
      await ok(await t.send("GET", `/api/v3/stories/${work.id}?fields=deleted`, author)),
    ).toEqual({ deleted: true });
    expect((await t.send("GET", `/api/v3/story_parts/${first.id}`, reader)).status).toBe(404);
    expect(await published()).toBe(0);
    const mine = await ok<{ stories: { id: number }[] }>(await t.send("GET", "/v4/works", author));
    expect(mine.stories.map((story) => story.id)).not.toContain(work.id);
    const listed = await ok<{ stories: { id: number }[] }>(
      await t.send("GET", `/api/v3/lists/${list.id}`, reader),
    );
    expect(listed.stories).toEqual([]);
    const found = await ok<{ stories: { title: string }[] }>(
      await t.send("GET", `/v4/search/stories?${new URLSearchParams({ query: title })}`, reader),
    );
    expect(found.stories.map((story) => story.title)).not.toContain(title);
    // The scheduled part never goes out, and a second delete finds nothing.
    expect(await publishDueParts(t.handle.db, quarterAfter(30).getTime() + 1)).toBe(0);
    expect((await t.send("DELETE", `/v4/works/${work.id}`, author)).status).toBe(404);
  });

  it("is the author's alone, and an Inkwell Original stays, changing nothing", async () => {
    const work = await newWork();
    const other = await person();
    expect((await t.send("DELETE", `/v4/works/${work.id}`, null)).status).toBe(401);
    // A draft: to anyone else, no story at all.
    expect((await t.send("DELETE", `/v4/works/${work.id}`, other)).status).toBe(404);
    expect((await t.send("DELETE", "/v4/works/abc", writer)).status).toBe(400);
    await t.handle.db
      .updateTable("stories")
      .set({ is_paid: 1 })
      .where("id", "=", work.id)
      .execute();
    const refused = await t.send("DELETE", `/v4/works/${work.id}`, writer);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      code: "paid_story",
      message:
        "An Inkwell Original can't be deleted by its writer: write to Inkwell support to take it down.",
    });
    expect((await t.send("GET", `/v4/works/${work.id}`, writer)).status).toBe(200);
  });
});

describe("the writing limit", () => {
  it("takes 60 new stories and parts an hour per account, together; the next is 429 and makes nothing", async () => {
    const api = createApi(t.handle, { limits: accountLimiters(), mediaDir: t.mediaDir });
    const create = (path: string, who: Person, body: unknown) =>
      api.request(path, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: who.cookie },
        body: JSON.stringify(body),
      });
    const author = await person();
    const work = await ok<Work>(await create("/v4/works", author, newStory()), 201);
    for (let i = 0; i < 59; i++) {
      const made = await create(`/v4/works/${work.id}/parts`, author, { title: `Part ${i + 1}` });
      expect(made.status, `part ${i + 1}`).toBe(201);
    }
    const refusal = { code: "rate_limited", message: ACCOUNT_MESSAGES.rateLimited };
    for (const [path, body] of [
      ["/v4/works", newStory()],
      [`/v4/works/${work.id}/parts`, { title: "One too many" }],
    ] as const) {
      const over = await create(path, author, body);
      expect([over.status, await over.json()], path).toEqual([429, refusal]);
    }
    const works = await ok<{ stories: Work[] }>(await t.send("GET", "/v4/works", author));
    expect(works.stories.map((story) => [story.id, story.parts.length])).toEqual([[work.id, 59]]);
    // Counted per account: another writer starts afresh.
    expect((await create("/v4/works", await person(), newStory())).status).toBe(201);
  });
});

describe("a writer in a moderator's time-out", () => {
  it("changes nothing readers see: details and tags are refused, scheduled parts wait", async () => {
    const author = await person();
    const work = await newWork(author);
    const part = await newPart(work.id, "<p>Soon.</p>", author);
    await ok(
      await t.send("POST", `/v4/parts/${part.id}/schedule-publish`, author, {
        datetime: quarterAfter(30).toISOString(),
      }),
    );
    const due = quarterAfter(30).getTime() + 1;
    const timeOut = (until: number) =>
      t.handle.db
        .updateTable("users")
        .set({ timed_out_until: until })
        .where("id", "=", author.id)
        .execute();
    await timeOut(due + 60 * MINUTE);

    const refusals = [
      await t.send("PUT", `/v4/works/${work.id}`, author, { title: "Renamed", tags: ["insult"] }),
      await t.send("POST", "/apiv2/editstorytags", author, {
        request_type: "add",
        tag_value: "insult",
        story_id: work.id,
      }),
    ];
    for (const refused of refusals) {
      expect([refused.status, ((await refused.json()) as { code: string }).code]).toEqual([
        403,
        "timed_out",
      ]);
    }
    expect(await publishDueParts(t.handle.db, due)).toBe(0);
    expect(await ok(await t.send("GET", `/v4/works/${work.id}`, author))).toMatchObject({
      title: "The Lighthouse",
      tags: ["sea", "storm"],
      parts: [{ id: part.id, draft: true }],
    });
    // Drafts are still theirs to write.
    await newPart(work.id, "<p>Later.</p>", author);

    await timeOut(due - 1);
    expect(await publishDueParts(t.handle.db, due)).toBe(1);
    expect(await storyRow(work.id)).toMatchObject({ numParts: 1, draft: 0 });
  });
});

describe("editing a published part", () => {
  /** A published part whose text readers can read at /api/v3/story_parts/{id}. */
  async function publishedPart() {
    const work = await newWork();
    const part = await newPart(work.id, "<p>The lamp was dark.</p><p>The sea was loud.</p>");
    return ok<PartText>(await t.send("POST", `/v4/parts/${part.id}/publish`, writer));
  }
  const readerText = async (partId: number) =>
    await ok<{ text: string; title: string }>(
      await t.send("GET", `/api/v3/story_parts/${partId}`, null),
    );
  const editorText = async (partId: number) =>
    ok<PartText & { unpublishedChanges: boolean }>(
      await t.send("GET", `/apiv2/storytext?id=${partId}&output=json`, writer),
    );

  it("keeps saves as pending edits until 'Publish Changes', then readers get them", async () => {
    const part = await publishedPart();
    const edited = part.text.replace("The lamp was dark.", "The lamp was lit.");
    const saved = await ok<PartText & { unpublishedChanges: boolean }>(
      await t.send("PUT", `/v4/parts/${part.id}`, writer, {
        title: "The Storm, revised",
        text: edited,
        text_hash: part.text_hash,
      }),
    );
    expect(saved).toMatchObject({ title: "The Storm, revised", text: edited, draft: false });
    expect(saved.unpublishedChanges).toBe(true);
    expect(await readerText(part.id)).toMatchObject({ title: "One", text: part.text });
    expect(await editorText(part.id)).toMatchObject({ text: edited, text_hash: saved.text_hash });
    const { parts } = await ok<{ parts: { id: number; unpublishedChanges: boolean }[] }>(
      await t.send("GET", `/v4/works/${saved.storyId}`, writer),
    );
    expect(parts).toEqual([expect.objectContaining({ id: part.id, unpublishedChanges: true })]);

    // A second tab still holding the published text's hash is refused.
    const stale = await t.send("PUT", `/v4/parts/${part.id}`, writer, {
      text: "<p>From an old tab</p>",
      text_hash: part.text_hash,
    });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ code: "stale_text" });

    const live = await ok<PartText & { unpublishedChanges: boolean }>(
      await t.send("POST", `/v4/parts/${part.id}/publish-changes`, writer),
    );
    expect(live).toMatchObject({
      text: edited,
      title: "The Storm, revised",
      unpublishedChanges: false,
    });
    expect(await readerText(part.id)).toMatchObject({ title: "The Storm, revised", text: edited });
    // Paragraph ids survive, so paragraph comments keep their place.
    const ids = (html: string) => [...html.matchAll(/data-p-id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids(live.text)).toEqual(ids(part.text));
    expect(
      await t.send("POST", `/v4/parts/${part.id}/publish-changes`, writer).then((r) => r.status),
    ).toBe(200);
  });

  it("keeps a published part's text when its changes would leave it empty", async () => {
    const part = await publishedPart();
    const saved = await ok<PartText>(
      await t.send("PUT", `/v4/parts/${part.id}`, writer, {
        text: "<p> </p><p><br></p>",
        text_hash: part.text_hash,
      }),
    );
    const refused = await t.send("POST", `/v4/parts/${part.id}/publish-changes`, writer);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ code: "part_empty", message: EMPTY_PART_MESSAGE });
    expect(await readerText(part.id)).toMatchObject({ text: part.text });
    // The emptied text waits as the writer's pending edits, to be written on or cancelled.
    expect(await editorText(part.id)).toMatchObject({
      text: saved.text,
      unpublishedChanges: true,
    });
  });

  it("Cancel drops the pending edits and answers the published text", async () => {
    const part = await publishedPart();
    await ok(
      await t.send("PUT", `/v4/parts/${part.id}`, writer, {
        title: "Never mind",
        text: "<p>A rewrite I regret.</p>",
        text_hash: part.text_hash,
      }),
    );
    const cancelled = await ok<PartText & { unpublishedChanges: boolean }>(
      await t.send("POST", `/v4/parts/${part.id}/discard-changes`, writer),
    );
    expect(cancelled).toMatchObject({
      title: "One",
      text: part.text,
      text_hash: part.text_hash,
      unpublishedChanges: false,
    });
    await ok(await t.send("POST", `/v4/parts/${part.id}/publish-changes`, writer));
    expect(await readerText(part.id)).toMatchObject({ title: "One", text: part.text });
  });

  it("keeps pending edits as the draft's text when the part is unpublished", async () => {
    const part = await publishedPart();
    await ok(
      await t.send("PUT", `/v4/parts/${part.id}`, writer, {
        text: "<p>Kept after unpublishing.</p>",
        text_hash: part.text_hash,
      }),
    );
    const draft = await ok<PartText & { unpublishedChanges: boolean }>(
      await t.send("POST", `/v4/parts/${part.id}/unpublish`, writer),
    );
    expect(draft).toMatchObject({ draft: true, unpublishedChanges: false });
    expect(draft.text).toContain("Kept after unpublishing.");
    const refused = await t.send("POST", `/v4/parts/${part.id}/publish-changes`, writer);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      code: "not_published",
      message: "This part is a draft: publish it instead.",
    });
  });

  it("needs a verified email to publish changes", async () => {
    const part = await publishedPart();
    await ok(
      await t.send("PUT", `/v4/parts/${part.id}`, writer, {
        text: "<p>Changed.</p>",
        text_hash: part.text_hash,
      }),
    );
    await t.handle.db
      .updateTable("users")
      .set({ email_verified: 0 })
      .where("id", "=", writer.id)
      .execute();
    try {
      const refused = await t.send("POST", `/v4/parts/${part.id}/publish-changes`, writer);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ code: "email_unverified" });
      expect(await readerText(part.id)).toMatchObject({ text: part.text });
    } finally {
      await t.handle.db
        .updateTable("users")
        .set({ email_verified: 1 })
        .where("id", "=", writer.id)
        .execute();
    }
  });
});

describe("GET /v4/tags/suggestions", () => {
  it("suggests tags starting with what was typed, most used first", async () => {
    const author = await createUser(t.handle.db);
    for (const tags of [["seafaring", "sea"], ["sea"], ["sea", "seance"], ["sky"]]) {
      await createStory(t.handle.db, author.id, { tags });
    }
    const { tags } = await ok<{ tags: { name: string; stories: number }[] }>(
      await t.send("GET", "/v4/tags/suggestions?prefix=%23SE", null),
    );
    expect(tags.slice(0, 3)).toEqual([
      { name: "sea", stories: expect.any(Number) },
      { name: "seafaring", stories: 1 },
      { name: "seance", stories: 1 },
    ]);
    expect(tags.map((tag) => tag.name)).not.toContain("sky");
    expect(tags[0]?.stories).toBeGreaterThanOrEqual(3);
    const wildcard = await ok<{ tags: unknown[] }>(
      await t.send("GET", "/v4/tags/suggestions?prefix=s_a", null),
    );
    expect(wildcard.tags).toEqual([]);
    expect((await t.send("GET", "/v4/tags/suggestions?prefix=", null)).status).toBe(400);
  });
});

describe("the 24-hour reminder", () => {
  const remindersTo = async (userId: number) => {
    const user = await t.handle.db
      .selectFrom("users")
      .select("email")
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
    return t.handle.db
      .selectFrom("outbox")
      .select(["subject", "text_body"])
      .where("to_address", "=", user.email ?? "")
      .where("subject", "like", "% is published tomorrow")
      .execute();
  };

  it("emails the author once, 24 hours ahead, while two runners race", async () => {
    const me = await createUser(t.handle.db, {
      email: "reminded@example.com",
      email_verified: 1,
    });
    const author = { id: me.id, cookie: await sessionCookie(t.handle.db, me.id) };
    const work = await newWork(author);
    const later = await newPart(work.id, "<p>x</p>", author);
    const soon = await newPart(work.id, "<p>y</p>", author);
    const at = quarterAfter(3 * 24 * 60);
    for (const [part, when] of [
      [later, at],
      [soon, quarterAfter(60)],
    ] as const) {
      await ok(
        await t.send("POST", `/v4/parts/${part.id}/schedule-publish`, author, {
          datetime: when.toISOString(),
        }),
      );
    }

    expect(await sendDueReminders(t.handle.db, at.getTime() - REMINDER_AHEAD_MS - 60_000)).toBe(0);
    const moment = at.getTime() - REMINDER_AHEAD_MS;
    const counts = await Promise.all([
      sendDueReminders(t.handle.db, moment),
      sendDueReminders(t.handle.db, moment + 1_000),
    ]);
    expect(counts[0] + counts[1]).toBe(1);
    expect(await sendDueReminders(t.handle.db, moment + 60_000)).toBe(0);
    const mail = await remindersTo(me.id);
    expect(mail).toEqual([
      {
        subject: "One is published tomorrow",
        text_body: expect.stringContaining(`will be published on ${at.toUTCString()}`),
      },
    ]);
  });

  it("tells the author of a part that is empty a day ahead that it won't be published", async () => {
    const me = await createUser(t.handle.db, { email: "blank@example.com", email_verified: 1 });
    const author = { id: me.id, cookie: await sessionCookie(t.handle.db, me.id) };
    const work = await newWork(author);
    const part = await newPart(work.id, "<p>Soon.</p>", author);
    const at = quarterAfter(3 * 24 * 60);
    await ok(
      await t.send("POST", `/v4/parts/${part.id}/schedule-publish`, author, {
        datetime: at.toISOString(),
      }),
    );
    await ok(
      await t.send("PUT", `/v4/parts/${part.id}`, author, {
        text: "<p> </p>",
        text_hash: part.text_hash,
      }),
    );

    expect(await sendDueReminders(t.handle.db, at.getTime() - REMINDER_AHEAD_MS)).toBe(1);
    expect(await mailTo("blank@example.com")).toEqual([
      {
        subject: `${part.title} is empty and won't be published tomorrow`,
        text_body: `Your part "${part.title}" of ${work.title} is scheduled for ${at.toUTCString()}, but it is empty, so it won't be published then.\n\nWrite something or add a picture before then to keep it scheduled.`,
      },
    ]);
  });

  it("sends none for a part scheduled less than a day ahead", async () => {
    const me = await createUser(t.handle.db, { email: "today@example.com", email_verified: 1 });
    const author = { id: me.id, cookie: await sessionCookie(t.handle.db, me.id) };
    const work = await newWork(author);
    const part = await newPart(work.id, "<p>x</p>", author);
    await ok(
      await t.send("POST", `/v4/parts/${part.id}/schedule-publish`, author, {
        datetime: quarterAfter(120).toISOString(),
      }),
    );
    expect(await sendDueReminders(t.handle.db)).toBe(0);
    expect(await remindersTo(me.id)).toEqual([]);
  });
});

describe("the OpenAPI document", () => {
  it("documents the writer calls that are ours", async () => {
    const { paths } = await ok<{ paths: Record<string, Record<string, unknown>> }>(
      await t.send("GET", "/api/openapi.json", null),
    );
    for (const [path, method] of [
      ["/v4/works/{storyId}/parts", "put"],
      ["/v4/works/{storyId}", "delete"],
      ["/v4/parts/{id}/publish-changes", "post"],
      ["/v4/parts/{id}/discard-changes", "post"],
      ["/v4/parts/{id}/images", "post"],
      ["/v4/tags/suggestions", "get"],
      ["/apiv2/updatestorycover", "post"],
    ] as const) {
      expect(paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
  });
});
