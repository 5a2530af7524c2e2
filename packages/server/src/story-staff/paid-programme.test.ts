import type {
  PaidProgrammeView,
  PartDetails,
  PurchaseResult,
  StaffNote,
  StoryDetails,
  StoryStaffView,
} from "@inkwell/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { grantCoins } from "../coins/service.ts";
import { onStoryChanged } from "../events.ts";
import { type Caller, jsonAnswer, useTestApi } from "../testing/api.ts";
import { createStory, signedInUser } from "../testing/fixtures.ts";

const t = useTestApi();
let reader: Caller & { id: number };
let author: Caller & { id: number; username: string };
let ambassador: Caller;
let admin: Caller & { username: string };

const path = (storyId: number) => `/v5/admin/stories/${storyId}/paid-programme`;

const join = (storyId: number, body: unknown, who: Caller | null = admin) =>
  t.send("POST", path(storyId), who, body);
const leave = (storyId: number, who: Caller | null = admin) => t.send("DELETE", path(storyId), who);
const viewOf = (storyId: number) =>
  jsonAnswer<PaidProgrammeView>(t.send("GET", path(storyId), admin));
const partAs = (partId: number, who: Caller | null) =>
  jsonAnswer<PartDetails>(t.send("GET", `/api/v3/story_parts/${partId}`, who));

/** Five parts: three published, a draft, then a published one; and a deleted part. */
const freeStory = (title = "The Salt Road") =>
  createStory(t.handle.db, author.id, {
    title,
    parts: [{}, {}, {}, { draft: 1 }, { deleted: 1 }, {}],
  });

beforeAll(async () => {
  const db = t.handle.db;
  reader = await signedInUser(db);
  author = await signedInUser(db, { email: "salt.road@example.com" });
  ambassador = await signedInUser(db, { is_ambassador: 1 });
  admin = await signedInUser(db, { is_sysadmin: 1, is_staff: 1 });
});

describe("the paid story manager's calls", () => {
  it("are for system admins only: 401, then 403, then 404 for an unknown story", async () => {
    const story = await freeStory();
    for (const call of [
      (who: Caller | null) => t.send("GET", path(story.id), who),
      (who: Caller | null) => join(story.id, { freeParts: 2 }, who),
      (who: Caller | null) => leave(story.id, who),
    ]) {
      expect((await call(null)).status).toBe(401);
      for (const who of [reader, author, ambassador]) {
        expect(await jsonAnswer(call(who), 403)).toMatchObject({ code: "forbidden" });
      }
    }
    expect((await t.send("GET", path(999_999), admin)).status).toBe(404);
    expect((await join(999_999, { freeParts: 2 })).status).toBe(404);
    expect((await viewOf(story.id)).isPaid).toBe(false);
  });

  it("shows a free story: every part free, in order, deleted parts left out", async () => {
    const story = await freeStory("Lantern Keepers");
    const view = await viewOf(story.id);
    expect(view).toMatchObject({
      storyId: story.id,
      title: "Lantern Keepers",
      url: `/story/${story.id}`,
      author: author.username,
      isPaid: false,
      draft: false,
      deleted: false,
      sales: { readers: 0, coins: 0 },
    });
    const [first, second, third, draft, , last] = story.partIds;
    expect(view.parts.map((part) => [part.id, part.draft, part.price])).toEqual([
      [first, false, null],
      [second, false, null],
      [third, false, null],
      [draft, true, null],
      [last, false, null],
    ]);
  });

  it("puts a story in the programme: the first parts stay free, the rest cost Coins", async () => {
    const story = await freeStory();
    const view = await jsonAnswer<PaidProgrammeView>(join(story.id, { freeParts: 2 }));
    expect(view.isPaid).toBe(true);
    expect(view.parts.map((part) => part.price)).toEqual([null, null, 6, 6, 6]);

    const [first, , third] = story.partIds;
    expect(await partAs(Number(first), reader)).toMatchObject({ isBlocked: false });
    const locked = await partAs(Number(third), reader);
    expect(locked).toMatchObject({ isBlocked: true, text: "" });
    expect(locked.paywall?.price).toBe(6);
    // The author reads everything, as before.
    expect((await partAs(Number(third), author)).isBlocked).toBe(false);

    const details = await jsonAnswer<StoryDetails>(
      t.get(`/api/v3/stories/${story.id}?fields=isPaywalled,paidModel`),
    );
    expect(details).toEqual({ isPaywalled: true, paidModel: "paid_story" });
    // The catalog of paid stories lists it.
    const catalog = await jsonAnswer<{ stories: { id: number }[] }>(
      t.get("/v4/paid_stories/tags/~new_releases?fields=stories(id)"),
    );
    expect(catalog.stories.map((one) => one.id)).toContain(story.id);
  });

  it("lets the writer price the parts once the story is in the programme", async () => {
    const story = await freeStory();
    const settings = {
      story_id: story.id,
      part_id: story.partIds[0],
      author_id: author.id,
      paid_model: "paid_story",
      is_free_part: true,
    };
    const before = await t.send("POST", "/v5/bonus-content/paywall", author, settings);
    expect(await jsonAnswer(before, 403)).toMatchObject({ code: "not_paid_story" });
    await jsonAnswer(join(story.id, { freeParts: 1 }));
    const after = await t.send("POST", "/v5/bonus-content/paywall", author, settings);
    expect(after.status).toBe(200);
  });

  it("leaves every part free with too few parts to lock, and counts drafts in order", async () => {
    const story = await freeStory();
    const view = await jsonAnswer<PaidProgrammeView>(join(story.id, { freeParts: 4 }));
    // Three published parts and the draft are free; the last part is paid.
    expect(view.parts.map((part) => part.price)).toEqual([null, null, null, null, 6]);
    const short = await createStory(t.handle.db, author.id, { parts: [{}, {}] });
    const all = await jsonAnswer<PaidProgrammeView>(join(short.id, { freeParts: 3 }));
    expect(all).toMatchObject({ isPaid: true, parts: [{ price: null }, { price: null }] });
  });

  it("refuses a bad freeParts with a 400 and changes nothing", async () => {
    const story = await freeStory();
    for (const body of [
      {},
      { freeParts: 0 },
      { freeParts: 2.5 },
      { freeParts: "x" },
      { freeParts: 201 },
    ]) {
      const refused = await jsonAnswer<{ code: string; message: string }>(
        join(story.id, body),
        400,
      );
      expect(refused.message).toBe("freeParts must be a whole number from 1 to 200");
    }
    expect((await viewOf(story.id)).isPaid).toBe(false);
  });

  it("refuses a story already in the programme or deleted with a 409, changing nothing", async () => {
    const story = await freeStory();
    await jsonAnswer(join(story.id, { freeParts: 1 }));
    const again = await jsonAnswer<{ code: string }>(join(story.id, { freeParts: 3 }), 409);
    expect(again.code).toBe("already_paid");
    expect((await viewOf(story.id)).parts.map((part) => part.price)).toEqual([null, 6, 6, 6, 6]);

    const deleted = await createStory(t.handle.db, author.id, { deleted: 1 });
    expect(await jsonAnswer(join(deleted.id, { freeParts: 1 }), 409)).toMatchObject({
      code: "story_deleted",
    });
    expect((await viewOf(deleted.id)).isPaid).toBe(false);
  });

  it("takes a story out: every part free again, and what readers bought stays theirs", async () => {
    const story = await freeStory();
    await jsonAnswer(join(story.id, { freeParts: 2 }));
    const [, , third, , , last] = story.partIds;
    await grantCoins(t.handle.db, reader.id, 20);
    const bought = await jsonAnswer<PurchaseResult>(
      t.send("POST", `/v5/story/${story.id}/paid-content/purchase`, reader, { partId: third }),
    );
    expect(bought.amountSpent).toBe(6);
    expect((await viewOf(story.id)).sales).toEqual({ readers: 1, coins: 6 });

    const out = await jsonAnswer<PaidProgrammeView>(leave(story.id));
    expect(out.isPaid).toBe(false);
    expect(out.parts.every((part) => part.price === null)).toBe(true);
    expect((await partAs(Number(last), null)).isBlocked).toBe(false);
    const details = await jsonAnswer<StoryDetails>(
      t.get(`/api/v3/stories/${story.id}?fields=isPaywalled`),
    );
    expect(details.isPaywalled).toBe(false);

    // Back in the programme, the reader's part is still theirs; the next one is not.
    await jsonAnswer(join(story.id, { freeParts: 2 }));
    expect((await partAs(Number(third), reader)).isBlocked).toBe(false);
    expect((await partAs(Number(last), reader)).isBlocked).toBe(true);
    expect((await viewOf(story.id)).sales).toEqual({ readers: 1, coins: 6 });
  });

  it("counts each buyer once, whether they bought parts, the whole story or both", async () => {
    const story = await freeStory();
    await jsonAnswer(join(story.id, { freeParts: 1 }));
    const second = await signedInUser(t.handle.db);
    const buy = (who: Caller & { id: number }, body: unknown) =>
      jsonAnswer<PurchaseResult>(
        t.send("POST", `/v5/story/${story.id}/paid-content/purchase`, who, body),
      );
    for (const who of [reader, second]) await grantCoins(t.handle.db, who.id, 100);
    const part = await buy(reader, { partId: story.partIds[1] });
    const whole = await buy(reader, { wholeStory: true });
    const other = await buy(second, { wholeStory: true });
    expect((await viewOf(story.id)).sales).toEqual({
      readers: 2,
      coins: part.amountSpent + whole.amountSpent + other.amountSpent,
    });
  });

  it("answers a story outside the programme as it is when asked to take it out", async () => {
    const story = await freeStory();
    const view = await jsonAnswer<PaidProgrammeView>(leave(story.id));
    expect(view.isPaid).toBe(false);
    const notes = await jsonAnswer<StoryStaffView>(
      t.send("GET", `/v5/admin/stories/${story.id}`, admin),
    );
    expect(notes.notes).toEqual([]);
  });

  it("records each change in the story's admin notes, as the admin who made it", async () => {
    const story = await freeStory();
    await jsonAnswer(join(story.id, { freeParts: 1 }));
    await jsonAnswer(leave(story.id));
    await jsonAnswer(join(story.id, { freeParts: 3 }));
    const view = await jsonAnswer<StoryStaffView>(
      t.send("GET", `/v5/admin/stories/${story.id}`, admin),
    );
    expect(view.notes?.map((note: StaffNote) => [note.author, note.body])).toEqual([
      [admin.username, "Added to the Paid Stories programme, the first part free."],
      [admin.username, "Removed from the Paid Stories programme: every part is free to read."],
      [admin.username, "Added to the Paid Stories programme, the first 3 parts free."],
    ]);
  });

  it("tells caches the story changed when it joins or leaves, and only then", async () => {
    const story = await freeStory();
    const changes: number[] = [];
    const stop = onStoryChanged((storyId) => changes.push(storyId));
    try {
      await jsonAnswer(join(story.id, { freeParts: 2 }));
      await jsonAnswer(join(story.id, { freeParts: 2 }), 409);
      await jsonAnswer(leave(story.id));
      await jsonAnswer(leave(story.id));
      expect(changes).toEqual([story.id, story.id]);
    } finally {
      stop();
    }
  });

  it("mails the writer when the story joins and when it leaves, and not for nothing", async () => {
    const story = await freeStory("Harbour Lights");
    const mail = async () =>
      (
        await t.handle.db
          .selectFrom("outbox")
          .select(["to_address", "subject", "text_body"])
          .where("subject", "like", "Harbour Lights%")
          .orderBy("id")
          .execute()
      ).map((row) => [row.to_address, row.subject, row.text_body]);
    await jsonAnswer(join(story.id, { freeParts: 1 }));
    await jsonAnswer(leave(story.id));
    await jsonAnswer(leave(story.id));
    const sent = await mail();
    expect(sent.map(([to, subject]) => [to, subject])).toEqual([
      ["salt.road@example.com", "Harbour Lights is now an Inkwell Original"],
      ["salt.road@example.com", "Harbour Lights is free to read again"],
    ]);
    expect(sent[0]?.[2]).toContain(
      "Readers read the first part free and unlock the rest with Coins.",
    );
    expect(sent[0]?.[2]).toContain(`/myworks/${story.id}`);
    expect(sent[1]?.[2]).toContain(
      "Every part is free to read again; readers keep what they bought.",
    );
  });

  it("puts a story in once when admins ask at the same moment", async () => {
    const story = await freeStory();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => join(story.id, { freeParts: i + 1 })),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const view = await viewOf(story.id);
    const free = view.parts.filter((part) => part.price === null).length;
    const winner = answers.findIndex((answer) => answer.status === 200) + 1;
    expect(free).toBe(Math.min(winner, view.parts.length));
    const staff = await jsonAnswer<StoryStaffView>(
      t.send("GET", `/v5/admin/stories/${story.id}`, admin),
    );
    expect(staff.notes).toHaveLength(1);
  });
});
