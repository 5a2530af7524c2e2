import type {
  CommentData,
  PaidContentMetadata,
  PartDetails,
  PurchaseResult,
  StoryDetails,
  WalletEntry,
} from "@inkwell/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApi } from "../testing/api.ts";
import { createStory, signedInUser } from "../testing/fixtures.ts";
import { grantCoins } from "./service.ts";

const t = useTestApi();
let author: Awaited<ReturnType<typeof signedInUser>>;
/** Two free parts, then four paywalled ones (6 Coins each) and an Exclusive Chapter (15). */
let paid: { id: number; partIds: number[] };

const paidStory = (paywalledParts = 4) =>
  createStory(t.handle.db, author.id, {
    is_paid: 1,
    is_paywalled: 1,
    paid_model: "paid_story",
    parts: [
      {},
      {},
      ...Array.from({ length: paywalledParts }, () => ({ paywalled: 1 as const })),
      {
        paywalled: 1,
        is_bonus: 1,
        bonus_type: "Exclusive Chapter",
        chapter_description: "Mara's letter, never sent.",
        author_note: "I wrote this one for you.",
      },
    ],
  });

const buy = (who: { cookie: string } | null, storyId: number, body: unknown) =>
  t.send("POST", `/v5/story/${storyId}/paid-content/purchase`, who, body);

async function json<T>(response: Response | Promise<Response>): Promise<T> {
  return (await response).json() as Promise<T>;
}

async function ledger(userId: number) {
  const rows = await t.handle.db
    .selectFrom("coin_transactions")
    .select(["amount", "reason"])
    .where("user_id", "=", userId)
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ amount: Number(row.amount), reason: row.reason }));
}

const walletOf = (who: { id: number; cookie: string }) =>
  json<WalletEntry[]>(t.send("GET", `/v5/users/${who.id}/wallet`, who));

beforeAll(async () => {
  author = await signedInUser(t.handle.db, {
    description: "I write slow-burn mysteries set in lighthouses, mostly at night, with tea.",
  });
  paid = await paidStory();
});

describe("paid parts", () => {
  it("withholds a paywalled part's text from visitors and shows its paywall", async () => {
    const free = await json<PartDetails>(t.get(`/api/v3/story_parts/${paid.partIds[1]}`));
    expect(free).toMatchObject({ isBlocked: false, paywall: null });
    expect(free.text).toContain("<p");

    const locked = await t.get(`/api/v3/story_parts/${paid.partIds[2]}`);
    expect(locked.status).toBe(200);
    const part = (await locked.json()) as PartDetails;
    expect(part.isBlocked).toBe(true);
    expect(part.text).toBe("");
    expect(part.paywall).toEqual({
      blockedMessage: "This part belongs to a paid story: unlock it with Coins to keep reading.",
      price: 6,
      // 4 × 6 + 15 = 39, less a fifth: 31.2, rounded up.
      storyPrice: 32,
      authorDescription: "I write slow-burn mysteries set in lighthouses, mostly at night, with…",
      chapterDescription: null,
      authorNote: null,
      sale: null,
    });
    expect(part.paywall?.authorDescription).toHaveLength(70);

    const bonus = await json<PartDetails>(t.get(`/api/v3/story_parts/${paid.partIds[6]}`));
    expect(bonus.paywall).toMatchObject({
      price: 15,
      blockedMessage: "This Exclusive Chapter is bonus content: unlock it with Coins to read it.",
    });

    const story = await json<StoryDetails>(t.get(`/api/v3/stories/${paid.id}`));
    expect(story.isPaidPreview).toBe(true);
    expect(story.parts.map((p) => p.isBlocked)).toEqual([
      false,
      false,
      true,
      true,
      true,
      true,
      true,
    ]);
  });

  it("lets the author and staff read every part", async () => {
    const own = await json<PartDetails>(
      t.send("GET", `/api/v3/story_parts/${paid.partIds[3]}`, author),
    );
    expect(own).toMatchObject({ isBlocked: false, paywall: null });
    expect(own.text).toContain("<p");
    const staff = await signedInUser(t.handle.db, { is_staff: 1 });
    const story = await json<StoryDetails>(t.send("GET", `/api/v3/stories/${paid.id}`, staff));
    expect(story.isPaidPreview).toBe(false);
    expect(story.parts.every((p) => !p.isBlocked)).toBe(true);
  });

  it("describes paid content as §3 names it, part by part", async () => {
    const reader = await signedInUser(t.handle.db);
    const ids = `${paid.partIds[0]},${paid.partIds[2]},${paid.partIds[6]}`;
    const answer = await json<PaidContentMetadata>(
      t.send("GET", `/v5/story/${paid.id}/paid-content/metadata?parts=${ids}`, reader),
    );
    expect(answer.has_full_access).toBe(false);
    expect(answer.story).toMatchObject({
      id: paid.id,
      price: [{ id: "wp1", amount: 32 }],
      hasBonusParts: true,
      isPaidPreview: true,
    });
    // The Premium Picks place of the story, as the story details give it, in §3's names.
    const details = await json<StoryDetails>(
      t.get(`/api/v3/stories/${paid.id}?fields=premiumPicks`),
    );
    const picks = details.premiumPicks;
    expect(answer.story.premium_picks).toEqual(
      picks ? { liveness: picks.liveness, starts_at: picks.startsAt, ends_at: picks.endsAt } : null,
    );
    expect(answer.story).toHaveProperty("premium_picks");
    expect(answer.parts).toMatchObject([
      { id: paid.partIds[0], paywalled: false, has_access: true, price: [], isBlocked: false },
      {
        id: paid.partIds[2],
        paywalled: true,
        has_access: false,
        paid_model: "paid_story",
        price: [{ id: "wp1", amount: 6 }],
        isBlocked: true,
      },
      {
        id: paid.partIds[6],
        paid_model: "paid_bonus",
        bonus_type: 0,
        bonusTypeName: "Exclusive Chapter",
        chapter_description: "Mara's letter, never sent.",
        author_note: "I wrote this one for you.",
        price: [{ id: "wp1", amount: 15 }],
      },
    ]);
    const malformed = await t.get(`/v5/story/${paid.id}/paid-content/metadata?parts=1,,2`);
    expect(malformed.status).toBe(400);
  });
});

describe("what a locked part allows", () => {
  it("counts no read, takes no vote or comment until the part is unlocked", async () => {
    const reader = await signedInUser(t.handle.db);
    const partId = paid.partIds[4] as number;
    const attempts = () =>
      Promise.all([
        t.send("POST", `/api/v3/story_parts/${partId}/reads`, reader),
        t.send("POST", `/api/v3/stories/${paid.id}/parts/${partId}/votes`, reader),
        t.send("POST", "/v5/comments", reader, {
          resource: { namespace: "parts", resourceId: String(partId), paragraphId: null },
          text: "What happens next?",
        }),
      ]);
    const refused = await attempts();
    for (const answer of refused) {
      expect(answer.status).toBe(403);
      expect(await answer.json()).toEqual({
        code: "locked_part",
        message: "Unlock this part with Coins to read it first.",
      });
    }
    const part = await t.handle.db
      .selectFrom("parts")
      .select(["read_count", "vote_count", "comment_count"])
      .where("id", "=", partId)
      .executeTakeFirstOrThrow();
    expect(part).toEqual({ read_count: 0, vote_count: 0, comment_count: 0 });

    await grantCoins(t.handle.db, reader.id, 6);
    expect((await buy(reader, paid.id, { partId })).status).toBe(200);
    expect((await attempts()).map((answer) => answer.status)).toEqual([200, 200, 201]);
  });
  it("keeps a locked part's comments, replies and likes to those who unlocked it", async () => {
    const partId = paid.partIds[5] as number;
    const posted = await t.send("POST", "/v5/comments", author, {
      resource: { namespace: "parts", resourceId: String(partId), paragraphId: "t5a" },
      text: "The letter's last line is the key.",
    });
    expect(posted.status).toBe(201);
    const commentId = ((await posted.json()) as CommentData).commentId.resourceId;
    const reader = await signedInUser(t.handle.db);
    const comments = `/v5/comments/namespaces/parts/resources/${partId}`;
    const attempts = (who: { cookie: string } | null) =>
      Promise.all([
        t.send("GET", `${comments}/comments`, who),
        t.send("GET", `${comments}/paragraphs/t5a/comments`, who),
        t.send("GET", `${comments}/paragraphs`, who),
        t.send("GET", `/v5/comments/${commentId}`, who),
        t.send("GET", `/v5/comments/namespaces/comments/resources/${commentId}/comments`, who),
        t.send("POST", "/v5/comments", who, {
          resource: { namespace: "comments", resourceId: commentId },
          text: "So what does it say?",
        }),
        t.send("PUT", `/v5/comments/${commentId}/sentiments/like`, who),
      ]);
    for (const answer of await attempts(reader)) {
      expect(answer.status).toBe(403);
      expect(await answer.json()).toMatchObject({ code: "locked_part" });
    }
    // Visitors may not post or like at all (401); the paid comments are as closed to them.
    expect((await attempts(null)).map((answer) => answer.status)).toEqual([
      403, 403, 403, 403, 403, 401, 401,
    ]);
    await grantCoins(t.handle.db, reader.id, 6);
    expect((await buy(reader, paid.id, { partId })).status).toBe(200);
    expect((await attempts(reader)).map((answer) => answer.status)).toEqual([
      200, 200, 200, 200, 200, 201, 200,
    ]);
  });

  it("lets a moderator delete a comment on a part locked to them", async () => {
    const partId = paid.partIds[3] as number;
    const posted = await t.send("POST", "/v5/comments", author, {
      resource: { namespace: "parts", resourceId: String(partId), paragraphId: null },
      text: "A note for readers who bought this.",
    });
    const commentId = ((await posted.json()) as CommentData).commentId.resourceId;
    const ambassador = await signedInUser(t.handle.db, { is_ambassador: 1 });
    expect((await t.send("DELETE", `/v5/comments/${commentId}`, ambassador)).status).toBe(204);
  });
});

describe("wallet and purchases", () => {
  it("shows a reader their own Coins only", async () => {
    const reader = await signedInUser(t.handle.db);
    expect(await walletOf(reader)).toEqual([{ id: "coins", amount: 0 }]);
    await grantCoins(t.handle.db, reader.id, 40);
    expect(await walletOf(reader)).toEqual([{ id: "coins", amount: 40 }]);
    const other = await signedInUser(t.handle.db);
    expect((await t.send("GET", `/v5/users/${reader.id}/wallet`, other)).status).toBe(403);
    expect((await t.send("GET", `/v5/users/${reader.id}/wallet`, null)).status).toBe(401);
  });

  it("unlocks a part for its price, once, and says what is missing when Coins are short", async () => {
    const reader = await signedInUser(t.handle.db);
    await grantCoins(t.handle.db, reader.id, 5);
    const short = await buy(reader, paid.id, { partId: paid.partIds[2] });
    expect(short.status).toBe(402);
    expect(await short.json()).toEqual({
      code: "insufficient_coins",
      message: "This costs 6 Coins and you have 5: you need 1 more.",
    });
    expect(await walletOf(reader)).toEqual([{ id: "coins", amount: 5 }]);

    await grantCoins(t.handle.db, reader.id, 10);
    expect(await json<PurchaseResult>(buy(reader, paid.id, { partId: paid.partIds[2] }))).toEqual({
      amountSpent: 6,
      balance: 9,
      partId: paid.partIds[2],
    });
    const part = await json<PartDetails>(
      t.send("GET", `/api/v3/story_parts/${paid.partIds[2]}`, reader),
    );
    expect(part).toMatchObject({ isBlocked: false, paywall: null });
    expect(part.text).toContain("<p");
    // The next part is still locked, and the story now costs what its other parts do.
    const next = await json<PartDetails>(
      t.send("GET", `/api/v3/story_parts/${paid.partIds[3]}`, reader),
    );
    expect(next.paywall).toMatchObject({ price: 6, storyPrice: Math.ceil((18 + 15) * 0.8) });

    expect(await json<PurchaseResult>(buy(reader, paid.id, { partId: paid.partIds[2] }))).toEqual({
      amountSpent: 0,
      balance: 9,
      partId: paid.partIds[2],
    });
    expect(await ledger(reader.id)).toEqual([
      { amount: 5, reason: "grant" },
      { amount: 10, reason: "grant" },
      { amount: -6, reason: "part" },
    ]);
  });

  it("unlocks the parts the whole story's price covered, not the parts published after", async () => {
    const story = await paidStory(2);
    const reader = await signedInUser(t.handle.db);
    await grantCoins(t.handle.db, reader.id, 100);
    // 2 × 6 + 15 = 27, less a fifth: 21.6, rounded up.
    expect(await json<PurchaseResult>(buy(reader, story.id, { wholeStory: true }))).toEqual({
      amountSpent: 22,
      balance: 78,
      partId: story.partIds[2],
    });
    const metadata = () =>
      json<PaidContentMetadata>(
        t.send("GET", `/v5/story/${story.id}/paid-content/metadata`, reader),
      );
    expect((await metadata()).has_full_access).toBe(true);
    const again = await buy(reader, story.id, { wholeStory: true });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe("You can already read every part of this story.");

    // A part published later was not in the price: it is locked, alone or as the story's rest.
    const later = await t.handle.db
      .insertInto("parts")
      .values({
        story_id: story.id,
        position: 9,
        title: "Later",
        text: '<p data-p-id="a1">Later.</p>',
        paywalled: 1,
        is_bonus: 1,
        bonus_type: "Exclusive Chapter",
        create_date: Date.now(),
        modify_date: Date.now(),
        published_at: Date.now(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const laterId = Number(later.id);
    const details = await json<StoryDetails>(t.send("GET", `/api/v3/stories/${story.id}`, reader));
    expect(details.parts.map((p) => [p.id, p.isBlocked])).toContainEqual([laterId, true]);
    expect(details.parts.filter((p) => p.isBlocked)).toHaveLength(1);
    const part = await t.send("GET", `/api/v3/story_parts/${laterId}`, reader);
    expect((await part.json()).paywall).toMatchObject({ price: 15, storyPrice: 15 });
    expect((await metadata()).has_full_access).toBe(false);

    expect(await json<PurchaseResult>(buy(reader, story.id, { wholeStory: true }))).toEqual({
      amountSpent: 15,
      balance: 63,
      partId: laterId,
    });
    expect((await metadata()).has_full_access).toBe(true);
    expect(await walletOf(reader)).toEqual([{ id: "coins", amount: 63 }]);
    expect(await ledger(reader.id)).toEqual([
      { amount: 100, reason: "grant" },
      { amount: -22, reason: "story" },
      { amount: -15, reason: "story" },
    ]);
  });

  it("refuses bad requests clearly and spends nothing", async () => {
    const reader = await signedInUser(t.handle.db);
    await grantCoins(t.handle.db, reader.id, 50);
    const cases: Array<[number, unknown, number]> = [
      [paid.id, {}, 400],
      [paid.id, { partId: paid.partIds[2], wholeStory: true }, 400],
      [paid.id, { partId: "two" }, 400],
      [paid.id, { partId: paid.partIds[0] }, 409],
      [paid.id, { partId: 987654 }, 404],
      [987654, { wholeStory: true }, 404],
    ];
    for (const [storyId, body, status] of cases) {
      const response = await buy(reader, storyId, body);
      expect([JSON.stringify(body), response.status]).toEqual([JSON.stringify(body), status]);
      expect(Object.keys(await response.json())).toEqual(
        expect.arrayContaining(["code", "message"]),
      );
    }
    expect((await buy(null, paid.id, { wholeStory: true })).status).toBe(401);
    expect(await walletOf(reader)).toEqual([{ id: "coins", amount: 50 }]);
    expect(await ledger(reader.id)).toEqual([{ amount: 50, reason: "grant" }]);
  });

  it("keeps Coins exact under concurrent purchases", async () => {
    const story = await paidStory(20);
    const reader = await signedInUser(t.handle.db);
    await grantCoins(t.handle.db, reader.id, 60);
    // Twenty different parts at 6 Coins with 60 to spend: exactly ten go through.
    const answers = await Promise.all(
      story.partIds.slice(2, 22).map((partId) => buy(reader, story.id, { partId })),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 402)).toHaveLength(10);
    expect(await walletOf(reader)).toEqual([{ id: "coins", amount: 0 }]);
    const unlocks = await t.handle.db
      .selectFrom("part_unlocks")
      .select("part_id")
      .where("user_id", "=", reader.id)
      .execute();
    expect(unlocks).toHaveLength(10);
    expect((await ledger(reader.id)).filter((row) => row.reason === "part")).toHaveLength(10);

    // Fifty presses on one part charge it once.
    const other = await signedInUser(t.handle.db);
    await grantCoins(t.handle.db, other.id, 100);
    const presses = await Promise.all(
      Array.from({ length: 50 }, () => buy(other, story.id, { partId: story.partIds[2] })),
    );
    expect(presses.every((press) => press.status === 200)).toBe(true);
    const spent = await Promise.all(presses.map((press) => json<PurchaseResult>(press)));
    expect(spent.filter((answer) => answer.amountSpent === 6)).toHaveLength(1);
    expect(await walletOf(other)).toEqual([{ id: "coins", amount: 94 }]);
  });

  it("never charges twice for a part bought alone and with its whole story at once", async () => {
    for (let round = 0; round < 5; round++) {
      const story = await paidStory(2);
      const reader = await signedInUser(t.handle.db);
      await grantCoins(t.handle.db, reader.id, 100);
      const [part, whole] = await Promise.all([
        buy(reader, story.id, { partId: story.partIds[2] }),
        buy(reader, story.id, { wholeStory: true }),
      ]);
      const spent = [await json<PurchaseResult>(part), await json<PurchaseResult>(whole)].map(
        (answer) => answer.amountSpent,
      );
      // Story first: 22 (ceil(27 × 0.8)) and the part is already read; part first: 6, then
      // the rest for ceil(21 × 0.8) = 17. Never both prices for the same part.
      expect([
        [0, 22],
        [6, 17],
      ]).toContainEqual(spent);
      expect(await walletOf(reader)).toEqual([
        { id: "coins", amount: 100 - (spent[0] ?? 0) - (spent[1] ?? 0) },
      ]);
    }
  });

  it("charges a whole story once when it is bought 30 times at once", async () => {
    const story = await paidStory(2);
    const reader = await signedInUser(t.handle.db);
    await grantCoins(t.handle.db, reader.id, 30);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => buy(reader, story.id, { wholeStory: true })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(29);
    expect(await walletOf(reader)).toEqual([{ id: "coins", amount: 8 }]);
    expect(await ledger(reader.id)).toEqual([
      { amount: 30, reason: "grant" },
      { amount: -22, reason: "story" },
    ]);
  });
});

describe("a part changing while it is bought", () => {
  /**
   * Buys the paywalled part while its writer changes it with `change`, and answers the
   * buyer's ledger as it stood when the writer's change was answered, and as it ends up.
   */
  async function race(change: (story: { id: number; partIds: number[] }) => Promise<Response>) {
    const story = await paidStory(1);
    const partId = story.partIds[2] as number;
    const reader = await signedInUser(t.handle.db);
    await grantCoins(t.handle.db, reader.id, 50);
    const [bought, changed] = await Promise.all([
      buy(reader, story.id, { partId }),
      change({ ...story, partIds: [partId] }).then(async (answer) => ({
        status: answer.status,
        ledger: await ledger(reader.id),
      })),
    ]);
    return { bought: bought.status, changed, final: await ledger(reader.id) };
  }

  const makeFree = (story: { id: number; partIds: number[] }) =>
    t.send("POST", "/v5/bonus-content/paywall", author, {
      story_id: story.id,
      part_id: story.partIds[0],
      author_id: author.id,
      paid_model: "paid_story",
      bonus_type: null,
      is_free_part: true,
      chapter_description: "",
      author_note: "",
    });

  it("charges nothing once the part was made free", async () => {
    for (let round = 0; round < 24; round++) {
      const { bought, changed, final } = await race(makeFree);
      expect(changed.status).toBe(200);
      // Bought while still paid (200), or refused as free now (409): never charged after.
      expect([200, 409]).toContain(bought);
      expect([round, final]).toEqual([round, changed.ledger]);
    }
  });

  it("charges nothing once the part was deleted or unpublished", async () => {
    for (let round = 0; round < 24; round++) {
      const { bought, changed, final } = await race((story) =>
        round % 2 === 0
          ? t.send("DELETE", `/v4/parts/${story.partIds[0]}`, author)
          : t.send("POST", `/v4/parts/${story.partIds[0]}/unpublish`, author),
      );
      expect(changed.status).toBe(200);
      expect([200, 404]).toContain(bought);
      expect([round, final]).toEqual([round, changed.ledger]);
    }
  });
});
