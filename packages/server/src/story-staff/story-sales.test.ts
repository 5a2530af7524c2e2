import type {
  PaidContentMetadata,
  PaidProgrammeView,
  PartDetails,
  PurchaseResult,
  StoryStaffView,
} from "@inkwell/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { grantCoins } from "../coins/service.ts";
import { onStoryChanged } from "../events.ts";
import { type Caller, jsonAnswer, useTestApi } from "../testing/api.ts";
import { createStory, signedInUser } from "../testing/fixtures.ts";

const t = useTestApi();
const DAY = 86_400_000;
let reader: Caller & { id: number };
let author: Caller & { id: number };
let ambassador: Caller;
let admin: Caller & { username: string };

const salePath = (storyId: number) => `/v5/admin/stories/${storyId}/sale`;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

const startSale = (storyId: number, body: unknown, who: Caller | null = admin) =>
  t.send("PUT", salePath(storyId), who, body);
const endSale = (storyId: number, who: Caller | null = admin) =>
  t.send("DELETE", salePath(storyId), who);
const viewOf = (storyId: number) =>
  jsonAnswer<PaidProgrammeView>(
    t.send("GET", `/v5/admin/stories/${storyId}/paid-programme`, admin),
  );
const partAs = (partId: number, who: Caller | null) =>
  jsonAnswer<PartDetails>(t.send("GET", `/api/v3/story_parts/${partId}`, who));
const purchase = (storyId: number, body: unknown, who: Caller) =>
  jsonAnswer<PurchaseResult>(
    t.send("POST", `/v5/story/${storyId}/paid-content/purchase`, who, body),
  );
const groupIds = async (key: string) =>
  (
    await jsonAnswer<{ stories: { id: number }[] }>(
      t.get(`/v4/paid_stories/tags/${key}?fields=stories(id)&limit=50`),
    )
  ).stories.map((story) => story.id);

/**
 * An Original: parts 1 and 2 free; 3 and 5 paid and published (6 Coins each, 10 whole); a
 * paid draft (4) and a deleted part in between.
 */
async function original(title = "The Glass Orchard") {
  const story = await createStory(t.handle.db, author.id, {
    title,
    parts: [{}, {}, {}, { draft: 1 }, { deleted: 1 }, {}],
  });
  await jsonAnswer(
    t.send("POST", `/v5/admin/stories/${story.id}/paid-programme`, admin, { freeParts: 2 }),
  );
  const [, , third, , , last] = story.partIds;
  return { ...story, third: Number(third), last: Number(last) };
}

/** Ends the sale as if its time had passed, without going through the API. */
const letSaleEnd = (storyId: number) =>
  t.handle.db
    .updateTable("stories")
    .set({ sale_ends_at: Date.now() - 1 })
    .where("id", "=", storyId)
    .execute();

beforeAll(async () => {
  const db = t.handle.db;
  reader = await signedInUser(db);
  author = await signedInUser(db, { email: "glass.orchard@example.com" });
  ambassador = await signedInUser(db, { is_ambassador: 1 });
  admin = await signedInUser(db, { is_sysadmin: 1, is_staff: 1 });
});

describe("a paid story's sale", () => {
  it("lists the story in the catalog's On sale group while it is on, and only then", async () => {
    const story = await original();
    const before = await jsonAnswer<{ tags: string[] }>(t.get("/v4/paid_stories/tags"));
    expect(before.tags).not.toContain("~on_sale");

    const view = await jsonAnswer<PaidProgrammeView>(
      startSale(story.id, { percent: 50, endsAt: inDays(5) }),
    );
    expect(view.sale?.percent).toBe(50);
    const tags = await jsonAnswer<{ tags: string[] }>(t.get("/v4/paid_stories/tags"));
    // After the Featured picks, before New releases.
    expect(tags.tags.indexOf("~on_sale")).toBe(tags.tags.indexOf("~new_releases") - 1);
    expect(await groupIds("~on_sale")).toEqual([story.id]);
    // The story says so itself, on its page and its cards.
    const details = await jsonAnswer<{ sale: unknown }>(
      t.get(`/api/v3/stories/${story.id}?fields=sale`),
    );
    expect(details.sale).toEqual({ percent: 50, endsAt: view.sale?.endsAt });

    await letSaleEnd(story.id);
    expect(await groupIds("~on_sale")).toEqual([]);
    expect(
      (await jsonAnswer<{ tags: string[] }>(t.get("/v4/paid_stories/tags"))).tags,
    ).not.toContain("~on_sale");
    expect((await viewOf(story.id)).sale).toBeNull();
    const after = await jsonAnswer<{ sale: unknown }>(
      t.get(`/api/v3/stories/${story.id}?fields=sale`),
    );
    expect(after.sale).toBeNull();
  });

  it("prices every paid part less on the paywall, in the metadata and at purchase", async () => {
    const story = await original();
    const endsAt = inDays(3);
    await jsonAnswer(startSale(story.id, { percent: 50, endsAt }));

    const locked = await partAs(story.third, reader);
    expect(locked.paywall).toMatchObject({
      price: 3,
      storyPrice: 5,
      sale: { percent: 50, endsAt, listPrice: 6, storyListPrice: 10 },
    });
    // A visitor sees the same prices.
    expect((await partAs(story.last, null)).paywall).toMatchObject({ price: 3, storyPrice: 5 });
    const metadata = await jsonAnswer<PaidContentMetadata>(
      t.send("GET", `/v5/story/${story.id}/paid-content/metadata`, reader),
    );
    expect(metadata.story.price).toEqual([{ id: "wp1", amount: 5 }]);
    expect(
      metadata.parts.filter((part) => part.paywalled).map((part) => part.price[0]?.amount),
    ).toEqual([3, 3]);

    await grantCoins(t.handle.db, reader.id, 20);
    const part = await purchase(story.id, { partId: story.third }, reader);
    expect(part).toMatchObject({ amountSpent: 3, balance: 17 });
    // One part left: the whole story costs what that part does on sale.
    expect((await partAs(story.last, reader)).paywall).toMatchObject({ price: 3, storyPrice: 3 });
    const whole = await purchase(story.id, { wholeStory: true }, reader);
    expect(whole).toMatchObject({ amountSpent: 3, balance: 14 });
    expect((await viewOf(story.id)).sales).toEqual({ readers: 1, coins: 6 });
  });

  it("keeps Coins exact when readers buy as the sale ends: each pays one price, once", async () => {
    const story = await original();
    await jsonAnswer(startSale(story.id, { percent: 50, endsAt: inDays(2) }));
    const buyers = await Promise.all(Array.from({ length: 30 }, () => signedInUser(t.handle.db)));
    for (const buyer of buyers) await grantCoins(t.handle.db, buyer.id, 20);
    const [bought, ended] = await Promise.all([
      Promise.all(
        buyers.map((buyer) =>
          t.send("POST", `/v5/story/${story.id}/paid-content/purchase`, buyer, {
            partId: story.third,
          }),
        ),
      ),
      endSale(story.id),
    ]);
    expect(ended.status).toBe(200);
    const results = await Promise.all(
      bought.map((answer) => {
        expect(answer.status).toBe(200);
        return answer.json() as Promise<PurchaseResult>;
      }),
    );
    for (const result of results) {
      expect([3, 6]).toContain(result.amountSpent);
      expect(result.balance).toBe(20 - result.amountSpent);
    }
    // What each unlock recorded is what its buyer was charged, and the story's total adds up.
    const rows = await t.handle.db
      .selectFrom("part_unlocks")
      .select(["user_id", "coins"])
      .where("story_id", "=", story.id)
      .execute();
    expect(rows).toHaveLength(30);
    const spent = results.reduce((sum, result) => sum + result.amountSpent, 0);
    expect(rows.reduce((sum, row) => sum + Number(row.coins), 0)).toBe(spent);
    expect((await viewOf(story.id)).sales).toEqual({ readers: 30, coins: spent });
  });

  it("charges the list price again once the sale has ended", async () => {
    const story = await original();
    await jsonAnswer(startSale(story.id, { percent: 30, endsAt: inDays(1) }));
    await letSaleEnd(story.id);
    const paywall = (await partAs(story.third, reader)).paywall;
    expect(paywall).toMatchObject({ price: 6, storyPrice: 10, sale: null });
    const buyer = await signedInUser(t.handle.db);
    await grantCoins(t.handle.db, buyer.id, 10);
    expect(await purchase(story.id, { wholeStory: true }, buyer)).toMatchObject({
      amountSpent: 10,
      balance: 0,
    });
  });

  it("brings a story into 'Stories for 74 coins or less' when the sale price does", async () => {
    // 16 paid parts at 6 Coins: 77 whole at list price, 52 at 25% off.
    const story = await createStory(t.handle.db, author.id, {
      parts: Array.from({ length: 17 }, () => ({})),
    });
    await jsonAnswer(
      t.send("POST", `/v5/admin/stories/${story.id}/paid-programme`, admin, { freeParts: 1 }),
    );
    expect(await groupIds("~deals")).not.toContain(story.id);
    await jsonAnswer(startSale(story.id, { percent: 25, endsAt: inDays(2) }));
    expect(await groupIds("~deals")).toContain(story.id);
    await jsonAnswer(endSale(story.id));
    expect(await groupIds("~deals")).not.toContain(story.id);
  });

  it("is set by system admins only: 401, then 403, then 404 for an unknown story", async () => {
    const story = await original();
    const body = { percent: 20, endsAt: inDays(2) };
    for (const call of [
      (who: Caller | null) => startSale(story.id, body, who),
      (who: Caller | null) => endSale(story.id, who),
    ]) {
      expect((await call(null)).status).toBe(401);
      for (const who of [reader, author, ambassador]) {
        expect(await jsonAnswer(call(who), 403)).toMatchObject({ code: "forbidden" });
      }
    }
    expect((await startSale(999_999, body)).status).toBe(404);
    expect((await endSale(999_999)).status).toBe(404);
    expect((await viewOf(story.id)).sale).toBeNull();
  });

  it("refuses a bad percent or end with a 400 naming the field, and changes nothing", async () => {
    const story = await original();
    const percentError = "Percent off must be a whole number from 10 to 90";
    for (const percent of [5, 95, 12.5, "x"]) {
      const refused = await jsonAnswer<{ fields: Record<string, string> }>(
        startSale(story.id, { percent, endsAt: inDays(2) }),
        400,
      );
      expect(Object.values(refused.fields)).toEqual([
        percent === "x" ? "percent must be a number" : percentError,
      ]);
    }
    for (const [endsAt, message] of [
      [inDays(-1), "The sale must end in the future"],
      [inDays(32), "A sale lasts at most 31 days"],
      ["next week", "Choose the day the sale ends"],
    ] as const) {
      const refused = await jsonAnswer<{ fields: Record<string, string> }>(
        startSale(story.id, { percent: 20, endsAt }),
        400,
      );
      expect(refused.fields).toEqual({ endsAt: message });
    }
    expect(
      (await jsonAnswer<{ message: string }>(startSale(story.id, {}), 400)).message,
    ).toBeTruthy();
    expect((await viewOf(story.id)).sale).toBeNull();
    expect((await partAs(story.third, reader)).paywall?.price).toBe(6);
  });

  it("is only for stories in the Paid Stories programme: 409 otherwise", async () => {
    const free = await createStory(t.handle.db, author.id, { parts: [{}, {}] });
    const refused = await jsonAnswer<{ code: string; message: string }>(
      startSale(free.id, { percent: 20, endsAt: inDays(2) }),
      409,
    );
    expect(refused).toEqual({
      code: "not_paid",
      message: "Only a story in the Paid Stories programme can go on sale.",
    });
    const stored = await t.handle.db
      .selectFrom("stories")
      .select(["sale_percent", "sale_ends_at"])
      .where("id", "=", free.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ sale_percent: null, sale_ends_at: null });
  });

  it("ends with the programme: a story that leaves and comes back is at list price", async () => {
    const story = await original();
    await jsonAnswer(startSale(story.id, { percent: 40, endsAt: inDays(4) }));
    await jsonAnswer(t.send("DELETE", `/v5/admin/stories/${story.id}/paid-programme`, admin));
    await jsonAnswer(
      t.send("POST", `/v5/admin/stories/${story.id}/paid-programme`, admin, { freeParts: 2 }),
    );
    expect((await viewOf(story.id)).sale).toBeNull();
    expect((await partAs(story.third, reader)).paywall).toMatchObject({ price: 6, sale: null });
  });

  it("records each change in the admin notes, mails the writer and drops kept pages", async () => {
    const story = await original("Copper Tide");
    const changes: number[] = [];
    const stop = onStoryChanged((storyId) => changes.push(storyId));
    try {
      await jsonAnswer(startSale(story.id, { percent: 30, endsAt: "2099-01-01T00:00:00Z" }), 400);
      await jsonAnswer(startSale(story.id, { percent: 30, endsAt: inDays(10) }));
      await jsonAnswer(startSale(story.id, { percent: 35, endsAt: inDays(10) }));
      await jsonAnswer(endSale(story.id));
      await jsonAnswer(endSale(story.id));
      expect(changes).toEqual([story.id, story.id, story.id]);
    } finally {
      stop();
    }
    const staff = await jsonAnswer<StoryStaffView>(
      t.send("GET", `/v5/admin/stories/${story.id}`, admin),
    );
    const notes = (staff.notes ?? []).map((note) => note.body).slice(1);
    expect(notes).toHaveLength(3);
    expect(notes[0]).toMatch(
      /^Put on sale: 30% off until \w{3} \d{2}, \d{4} \d{2}:\d{2}[AP]M UTC\.$/,
    );
    expect(notes[1]).toMatch(/^Changed the sale: 35% off until /);
    expect(notes[2]).toBe("Ended the sale.");
    expect(staff.notes?.every((note) => note.author === admin.username)).toBe(true);

    const mail = await t.handle.db
      .selectFrom("outbox")
      .select(["to_address", "subject", "text_body"])
      .where("subject", "like", "%Copper Tide%")
      .orderBy("id")
      .execute();
    expect(mail.map((row) => row.subject)).toEqual([
      "Copper Tide is now an Inkwell Original",
      "Copper Tide is on sale",
      "Copper Tide is on sale",
      "The sale of Copper Tide has ended",
    ]);
    expect(mail[1]?.text_body).toContain("its paid parts are 30% off until");
    expect(mail[3]?.text_body).toContain("its paid parts are back at their list prices.");
  });
});
