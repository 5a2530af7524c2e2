import type { StoryStaffView, WorkDetails } from "@inkwell/shared";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { type Caller, jsonAnswer, useTestApi } from "../testing/api.ts";
import { createStory, DAY, signedInUser } from "../testing/fixtures.ts";

const t = useTestApi();
let writer: Caller & { id: number; username: string };
let reader: Caller;
let ambassador: Caller;
let admin: Caller & { username: string };

const MODIFIED = Date.now() - 10 * DAY;

const story = (overrides: Parameters<typeof createStory>[2] = {}) =>
  createStory(t.handle.db, writer.id, {
    title: "The Orchard Gate",
    tags: ["orchard", "sisters"],
    categories: ["Romance"],
    modify_date: MODIFIED,
    ...overrides,
  });

const edit = (storyId: number, who: Caller | null, changes: Record<string, unknown>) =>
  t.send("PUT", `/v4/works/${storyId}`, who, changes);

const staffNotes = async (storyId: number) =>
  (
    await jsonAnswer<StoryStaffView>(t.send("GET", `/v5/admin/stories/${storyId}`, admin))
  ).notes?.map((note) => [note.author, note.body]);

async function storyRow(storyId: number) {
  return t.handle.db
    .selectFrom("stories")
    .select(["title", "rating", "modify_date", "cover", "classification_locked"])
    .where("id", "=", storyId)
    .executeTakeFirstOrThrow();
}

beforeAll(async () => {
  const db = t.handle.db;
  writer = await signedInUser(db, { email: "orchard.writer@example.com" });
  reader = await signedInUser(db);
  ambassador = await signedInUser(db, { is_ambassador: 1 });
  admin = await signedInUser(db, { is_sysadmin: 1, is_staff: 1 });
});

describe("a system admin edits another writer's Story Details (reader.md §6)", () => {
  it("opens them, with the author named; nobody else but the author can", async () => {
    const { id } = await story();
    const details = await jsonAnswer<WorkDetails>(t.send("GET", `/v4/works/${id}`, admin));
    expect(details).toMatchObject({ id, title: "The Orchard Gate", author: writer.username });
    expect((await jsonAnswer<WorkDetails>(t.send("GET", `/v4/works/${id}`, writer))).author).toBe(
      writer.username,
    );
    for (const who of [reader, ambassador]) {
      expect(await jsonAnswer(t.send("GET", `/v4/works/${id}`, who), 403)).toMatchObject({
        code: "forbidden",
      });
      expect((await edit(id, who, { title: "Taken" })).status).toBe(403);
    }
    expect((await storyRow(id)).title).toBe("The Orchard Gate");
  });

  it("saves them without touching the writer's last change, and records what changed", async () => {
    const { id } = await story();
    const saved = await jsonAnswer<WorkDetails>(
      edit(id, admin, { title: "The Orchard Gate", mature: true, tags: ["orchard"] }),
    );
    expect(saved).toMatchObject({ mature: true, tags: ["orchard"] });
    const row = await storyRow(id);
    expect(Number(row.modify_date)).toBe(MODIFIED);
    expect(await staffNotes(id)).toEqual([
      [admin.username, "Edited the story's details: tags, rating."],
    ]);
    // Visitors now meet the mature gate.
    expect((await t.get(`/api/v3/stories/${id}`)).status).toBe(403);
    // The rating history names the admin.
    const view = await jsonAnswer<StoryStaffView>(t.send("GET", `/v5/admin/stories/${id}`, admin));
    expect(view.ratingHistory?.map((change) => [change.mature, change.by])).toEqual([
      [true, admin.username],
    ]);
  });

  it("mails the writer what staff changed, and nothing for the writer's own saves", async () => {
    const { id } = await story({ title: "Plum Season" });
    await jsonAnswer(edit(id, writer, { description: "Mine to change." }));
    await jsonAnswer(edit(id, admin, { title: "Plum Season", completed: true, copyright: 2 }));
    const sent = await t.handle.db
      .selectFrom("outbox")
      .select(["to_address", "subject", "text_body"])
      .where("subject", "like", "%Plum Season%")
      .execute();
    expect(sent.map((mail) => [mail.to_address, mail.subject])).toEqual([
      ["orchard.writer@example.com", "Inkwell staff changed Plum Season"],
    ]);
    expect(sent[0]?.text_body).toContain(
      'Inkwell staff changed the details of your story "Plum Season": its status, licence.',
    );
    expect(sent[0]?.text_body).toContain(`/myworks/${id}`);
  });

  it("files no note for a save that changes nothing, nor for the author's own saves", async () => {
    const { id } = await story();
    await jsonAnswer(edit(id, admin, { title: "The Orchard Gate", tags: ["orchard", "sisters"] }));
    await jsonAnswer(edit(id, writer, { title: "The Orchard Gate, Again" }));
    expect(await staffNotes(id)).toEqual([]);
    expect(Number((await storyRow(id)).modify_date)).toBeGreaterThan(MODIFIED);
  });

  it("may change a locked language and category, which stay locked for the writer", async () => {
    const { id } = await story({ classification_locked: 1 });
    await createStory(t.handle.db, writer.id, { categories: ["Horror"] });
    const horror = await t.handle.db
      .selectFrom("categories")
      .select("id")
      .where("name", "=", "Horror")
      .executeTakeFirstOrThrow();
    await jsonAnswer(edit(id, admin, { categoryId: Number(horror.id), languageId: 2 }));
    expect(await staffNotes(id)).toEqual([
      [admin.username, "Edited the story's details: category, language."],
    ]);
    expect(Number((await storyRow(id)).classification_locked)).toBe(1);
    expect(await jsonAnswer(edit(id, writer, { languageId: 1 }), 403)).toMatchObject({
      code: "classification_locked",
    });
  });

  it("refuses bad input as it does the writer's, changing nothing", async () => {
    const { id } = await story();
    expect((await edit(id, admin, { title: "" })).status).toBe(400);
    expect((await edit(id, admin, { categoryId: 999_999 })).status).toBe(400);
    expect(await staffNotes(id)).toEqual([]);
    expect((await storyRow(id)).title).toBe("The Orchard Gate");
  });

  it("refuses a save of nothing as the writer's, and answers one of tags alone with the story", async () => {
    const { id } = await story();
    const nothing = "Nothing to change: send a detail of the story";
    const refusal = { code: "bad_request", message: nothing, fields: { request: nothing } };
    expect(await jsonAnswer(edit(id, admin, {}), 400)).toEqual(refusal);
    // A body that is not JSON is read as no fields: never a server error, nothing changed.
    const unreadable = await t.get(`/v4/works/${id}`, {
      method: "PUT",
      headers: { cookie: admin.cookie, "content-type": "application/json" },
      body: "{not json",
    });
    expect(unreadable.status).toBeLessThan(500);
    expect(await jsonAnswer<WorkDetails>(edit(id, admin, { tags: ["orchard"] }))).toMatchObject({
      title: "The Orchard Gate",
      tags: ["orchard"],
    });
    expect(await staffNotes(id)).toEqual([[admin.username, "Edited the story's details: tags."]]);
    expect(Number((await storyRow(id)).modify_date)).toBe(MODIFIED);
    expect(await jsonAnswer(edit(id, writer, {}), 400)).toEqual(refusal);
    expect(Number((await storyRow(id)).modify_date)).toBe(MODIFIED);
  });

  it("keeps the writer's parts, paid settings and Story Notes the writer's", async () => {
    const { id, partIds } = await story({ is_paid: 1, is_paywalled: 1, paid_model: "paid_story" });
    const refused = [
      t.send("POST", `/v4/works/${id}/parts`, admin, {}),
      t.send("PUT", `/v4/works/${id}/parts`, admin, { parts: partIds }),
      t.send("PUT", `/v4/parts/${partIds[0]}`, admin, { title: "Mine" }),
      t.send("GET", `/v5/stories/${id}/notes`, admin),
      t.send("POST", "/v5/bonus-content/paywall", admin, {
        story_id: id,
        part_id: partIds[0],
        author_id: writer.id,
        paid_model: "paid_story",
        is_free_part: false,
      }),
    ];
    for (const answer of await Promise.all(refused)) expect(answer.status).toBe(403);
  });

  it("uploads a new cover, recorded in the notes, without touching the last change", async () => {
    const { id } = await story();
    const image = await sharp({
      create: { width: 64, height: 100, channels: 3, background: { r: 20, g: 90, b: 160 } },
    })
      .png()
      .toBuffer();
    const answer = await jsonAnswer<{ id: number; cover: string }>(
      t.send("POST", "/apiv2/updatestorycover", admin, { id, image: image.toString("base64") }),
    );
    const row = await storyRow(id);
    expect(row.cover).toBe(answer.cover);
    expect(Number(row.modify_date)).toBe(MODIFIED);
    expect(await staffNotes(id)).toEqual([[admin.username, "Changed the cover."]]);
    const mail = await t.handle.db
      .selectFrom("outbox")
      .select("subject")
      .where("subject", "=", "Inkwell staff changed the cover of The Orchard Gate")
      .execute();
    expect(mail).toHaveLength(1);
    expect(
      (await t.send("POST", "/apiv2/updatestorycover", reader, { id, image: "" })).status,
    ).toBe(403);
  });
});
