import type { ApiError, PaidPartConfig, PartDetails, WorkDetails } from "@inkwell/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { onStoryChanged } from "../events.ts";
import { useTestApi } from "../testing/api.ts";
import { createStory, signedInUser } from "../testing/fixtures.ts";

const t = useTestApi();
let author: Awaited<ReturnType<typeof signedInUser>>;
/** A paid story: two free parts and a draft. */
let paid: { id: number; partIds: number[] };

const save = (who: { cookie: string } | null, body: unknown) =>
  t.send("POST", "/v5/bonus-content/paywall", who, body);

const configsOf = (who: { cookie: string } | null, storyId: number, parts: string) =>
  t.send("GET", `/v5/bonus-content/paywall/${storyId}/free-parts?parts=${parts}`, who);

async function json<T>(response: Response | Promise<Response>): Promise<T> {
  return (await response).json() as Promise<T>;
}

/** An Exclusive Chapter's settings for `partId` of the paid story, with `changes`. */
const exclusive = (partId: number, changes: Record<string, unknown> = {}) => ({
  story_id: paid.id,
  part_id: partId,
  author_id: author.id,
  bonus_type: 0,
  is_free_part: false,
  chapter_description: "  Mara's letter, never sent.  ",
  author_note: " I wrote this one for you. ",
  ...changes,
});

const readerView = (partId: number) => json<PartDetails>(t.get(`/api/v3/story_parts/${partId}`));

async function columnsOf(partId: number) {
  return t.handle.db
    .selectFrom("parts")
    .select(["paywalled", "is_bonus", "bonus_type", "chapter_description", "author_note"])
    .where("id", "=", partId)
    .executeTakeFirstOrThrow();
}

beforeAll(async () => {
  author = await signedInUser(t.handle.db);
  paid = await createStory(t.handle.db, author.id, {
    is_paid: 1,
    is_paywalled: 1,
    paid_model: "paid_story",
    parts: [{}, {}, { draft: 1 }],
  });
});

describe("the writer's paid parts", () => {
  it("makes a part an Exclusive Chapter, locked for readers at 15 Coins, then free again", async () => {
    const partId = paid.partIds[1] as number;
    expect((await readerView(partId)).isBlocked).toBe(false);

    const saved = await save(author, exclusive(partId));
    expect(saved.status).toBe(200);
    const config: PaidPartConfig = {
      story_id: paid.id,
      part_id: partId,
      author_id: author.id,
      paid_model: "paid_bonus",
      bonus_type: 0,
      is_free_part: false,
      chapter_description: "Mara's letter, never sent.",
      author_note: "I wrote this one for you.",
    };
    expect(await saved.json()).toEqual(config);
    expect(await json(configsOf(author, paid.id, String(partId)))).toEqual([config]);
    expect(await columnsOf(partId)).toEqual({
      paywalled: 1,
      is_bonus: 1,
      bonus_type: "Exclusive Chapter",
      chapter_description: "Mara's letter, never sent.",
      author_note: "I wrote this one for you.",
    });

    const locked = await readerView(partId);
    expect(locked.isBlocked).toBe(true);
    expect(locked.text).toBe("");
    expect(locked.paywall).toMatchObject({
      price: 15,
      blockedMessage: "This Exclusive Chapter is bonus content: unlock it with Coins to read it.",
      chapterDescription: "Mara's letter, never sent.",
      authorNote: "I wrote this one for you.",
    });

    const freed = await json<PaidPartConfig>(
      save(author, { ...exclusive(partId), is_free_part: true }),
    );
    // Free again, the writer's words kept for next time.
    expect(freed).toEqual({ ...config, bonus_type: null, is_free_part: true });
    const open = await readerView(partId);
    expect(open).toMatchObject({ isBlocked: false, paywall: null });
    expect(open.text).toContain("<p");
  });

  it("keeps the texts without their control characters, which PostgreSQL would refuse", async () => {
    const partId = paid.partIds[0] as number;
    const body = exclusive(partId, {
      chapter_description: "Mara's\u0000 letter",
      author_note: "For you.\u0000\r\nAll of it.",
    });
    expect(await json(save(author, body))).toMatchObject({
      chapter_description: "Mara's letter",
      author_note: "For you.\nAll of it.",
    });
    await save(author, { ...body, is_free_part: true });
  });

  it("prices a Writer Reveal at 8 Coins, needing only a description", async () => {
    const partId = paid.partIds[0] as number;
    const body = exclusive(partId, { bonus_type: 2, author_note: "" });
    expect(await json(save(author, body))).toMatchObject({ bonus_type: 2, author_note: "" });
    expect((await readerView(partId)).paywall).toMatchObject({ price: 8 });
    await save(author, { ...body, is_free_part: true });
    expect((await readerView(partId)).isBlocked).toBe(false);
  });

  it("makes a part a plain paid part of the story at 6 Coins, then a bonus part, then free", async () => {
    const partId = paid.partIds[1] as number;
    const plain = { ...exclusive(partId), paid_model: "paid_story", bonus_type: null };
    expect(await json(save(author, plain))).toMatchObject({
      paid_model: "paid_story",
      bonus_type: null,
      is_free_part: false,
    });
    expect(await columnsOf(partId)).toMatchObject({ paywalled: 1, is_bonus: 0, bonus_type: null });
    // Its words from being a bonus part are kept, but not shown on a plain part's paywall.
    expect((await readerView(partId)).paywall).toMatchObject({
      price: 6,
      blockedMessage: "This part belongs to a paid story: unlock it with Coins to keep reading.",
      chapterDescription: null,
      authorNote: null,
    });
    expect(await json(save(author, exclusive(partId, { bonus_type: 2 })))).toMatchObject({
      paid_model: "paid_bonus",
      bonus_type: 2,
    });
    expect((await readerView(partId)).paywall).toMatchObject({ price: 8 });
    await save(author, { ...plain, is_free_part: true });
    expect(await columnsOf(partId)).toMatchObject({ paywalled: 0, is_bonus: 0, bonus_type: null });
    expect((await readerView(partId)).isBlocked).toBe(false);
  });

  it("tells caches the story changed, so no kept page shows the old price", async () => {
    const changes: number[] = [];
    const stop = onStoryChanged((storyId) => changes.push(storyId));
    try {
      const partId = paid.partIds[0] as number;
      await save(author, { ...exclusive(partId), is_free_part: true });
      expect(changes).toEqual([paid.id]);
      await save(author, exclusive(partId, { author_note: "" }));
      expect(changes).toEqual([paid.id]);
    } finally {
      stop();
    }
  });

  it("keeps a writer in a moderator's time-out from writing bonus texts readers see", async () => {
    const timedOut = await signedInUser(t.handle.db, { timed_out_until: Date.now() + 86_400_000 });
    const own = await createStory(t.handle.db, timedOut.id, { is_paid: 1, parts: [{}, {}] });
    const partId = own.partIds[1] as number;
    const refused = await save(timedOut, {
      ...exclusive(partId),
      story_id: own.id,
      author_id: timedOut.id,
    });
    expect(refused.status).toBe(403);
    expect((await json<ApiError>(refused)).code).toBe("timed_out");
    expect(await columnsOf(partId)).toMatchObject({
      is_bonus: 0,
      chapter_description: null,
      author_note: null,
    });
    // Pricing a part writes nothing readers read: it is still theirs to do.
    const priced = await save(timedOut, {
      story_id: own.id,
      part_id: partId,
      author_id: timedOut.id,
      paid_model: "paid_story",
      is_free_part: false,
    });
    expect(priced.status).toBe(200);
  });

  it("answers one configuration per asked part, in the order asked", async () => {
    const [first, second, draft] = paid.partIds as [number, number, number];
    const configs = await json<PaidPartConfig[]>(
      configsOf(author, paid.id, `${draft},${first},${second}`),
    );
    expect(configs.map((config) => [config.part_id, config.is_free_part])).toEqual([
      [draft, true],
      [first, true],
      [second, true],
    ]);
  });

  it("refuses settings the spec rules out, with a reason per field, and changes nothing", async () => {
    const partId = paid.partIds[0] as number;
    const before = await columnsOf(partId);
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [
        { chapter_description: "", author_note: "   " },
        {
          chapter_description: "Part Description is required",
          author_note: "Author's Note is required for exclusive chapters",
        },
      ],
      [
        { bonus_type: 2, chapter_description: "" },
        { chapter_description: "Part Description is required" },
      ],
      [
        { chapter_description: "\u0000", author_note: "\u0007\r\n" },
        {
          chapter_description: "Part Description is required",
          author_note: "Author's Note is required for exclusive chapters",
        },
      ],
      [
        { bonus_type: 1 },
        {
          bonus_type: "Story Branch is not offered yet: choose Exclusive Chapter or Writer Reveal",
        },
      ],
      [{ bonus_type: null }, { bonus_type: "Choose Exclusive Chapter or Writer Reveal" }],
      [
        { chapter_description: "x".repeat(251), author_note: "y".repeat(251) },
        {
          chapter_description: "Part Description is at most 250 characters",
          author_note: "Author's Note is at most 250 characters",
        },
      ],
      [{ author_id: author.id + 1000 }, expect.objectContaining({ author_id: expect.any(String) })],
      [{ is_free_part: "no" }, { is_free_part: "is_free_part must be true or false" }],
      [
        { paid_model: "paid_chapter" },
        { paid_model: "paid_model must be paid_story or paid_bonus" },
      ],
      [
        { paid_model: "paid_story" },
        { bonus_type: "bonus_type is for paid_bonus parts: leave it out of a paid_story part" },
      ],
    ];
    for (const [changes, fields] of cases) {
      const answer = await save(author, exclusive(partId, changes));
      const body = (await answer.json()) as ApiError;
      expect([changes, answer.status, body.fields]).toEqual([changes, 400, fields]);
      expect(body.code).toBe("bad_request");
    }
    // 250 characters each is allowed.
    const full = exclusive(partId, {
      chapter_description: "x".repeat(250),
      author_note: "y".repeat(250),
    });
    expect((await save(author, full)).status).toBe(200);
    await save(author, { ...full, is_free_part: true });
    expect(await columnsOf(partId)).toEqual({
      ...before,
      chapter_description: "x".repeat(250),
      author_note: "y".repeat(250),
    });
  });

  it("lets only the story's author see or change its paid parts", async () => {
    const partId = paid.partIds[0] as number;
    const reader = await signedInUser(t.handle.db);
    const staff = await signedInUser(t.handle.db, { is_staff: 1 });
    for (const who of [reader, staff]) {
      const changed = await save(who, exclusive(partId, { author_id: who.id }));
      expect(changed.status).toBe(403);
      expect(((await changed.json()) as ApiError).message).toBe(
        "Only the author can change this story.",
      );
      expect((await configsOf(who, paid.id, String(partId))).status).toBe(403);
    }
    expect((await save(null, exclusive(partId))).status).toBe(401);
    expect((await configsOf(null, paid.id, String(partId))).status).toBe(401);
    expect((await readerView(partId)).isBlocked).toBe(false);
  });

  it("finds no story, no part, or a part of another story", async () => {
    const other = await createStory(t.handle.db, author.id, { is_paid: 1, is_paywalled: 1 });
    const foreign = other.partIds[0] as number;
    expect((await save(author, exclusive(foreign, { story_id: 987654 }))).status).toBe(404);
    expect((await save(author, exclusive(987654))).status).toBe(404);
    expect((await save(author, exclusive(foreign))).status).toBe(404);
    expect((await configsOf(author, paid.id, `${paid.partIds[0]},${foreign}`)).status).toBe(404);
    expect((await configsOf(author, 987654, String(foreign))).status).toBe(404);
    expect((await configsOf(author, paid.id, "1,,2")).status).toBe(400);
    expect(
      (await t.send("GET", `/v5/bonus-content/paywall/${paid.id}/free-parts`, author)).status,
    ).toBe(400);
    expect((await columnsOf(foreign)).paywalled).toBe(0);
  });

  it("tells the editor which stories are in the programme", async () => {
    const [first] = paid.partIds as [number];
    await save(author, exclusive(first, { bonus_type: 2, author_note: "" }));
    const work = await json<WorkDetails>(t.send("GET", `/v4/works/${paid.id}`, author));
    expect(work.isPaid).toBe(true);
    // Its table of contents says what each part costs readers.
    expect(work.parts.map((part) => [part.price, part.bonusTypeName])).toEqual([
      [8, "Writer Reveal"],
      [null, null],
      [null, null],
    ]);
    await save(author, { ...exclusive(first), is_free_part: true });
    const free = await createStory(t.handle.db, author.id, { parts: [{}] });
    expect((await json<WorkDetails>(t.send("GET", `/v4/works/${free.id}`, author))).isPaid).toBe(
      false,
    );
  });

  it("keeps paid parts to stories in the Paid Stories programme", async () => {
    const free = await createStory(t.handle.db, author.id);
    const partId = free.partIds[0] as number;
    const answer = await save(author, exclusive(partId, { story_id: free.id }));
    expect(answer.status).toBe(403);
    expect(await answer.json()).toEqual({
      code: "not_paid_story",
      message: "Only a story in the Paid Stories programme can have paid parts.",
    });
    expect((await configsOf(author, free.id, String(partId))).status).toBe(403);
    expect((await columnsOf(partId)).paywalled).toBe(0);
  });
});
