import {
  formatZonedDate,
  type PartDetails,
  type PurchaseResult,
  SALE_COOLDOWN_DAYS,
  type WorkDetails,
  type WorkSale,
} from "@inkwell/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { grantCoins } from "../coins/service.ts";
import { onStoryChanged } from "../events.ts";
import { type Caller, jsonAnswer, useTestApi } from "../testing/api.ts";
import { createStory, signedInUser } from "../testing/fixtures.ts";

const t = useTestApi();
const DAY = 86_400_000;
let writer: Caller & { id: number };
let reader: Caller & { id: number };
let admin: Caller;

const salePath = (storyId: number) => `/v4/works/${storyId}/sale`;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

const startSale = (storyId: number, body: unknown, who: Caller | null = writer) =>
  t.send("PUT", salePath(storyId), who, body);
const endSale = (storyId: number, who: Caller | null = writer) =>
  t.send("DELETE", salePath(storyId), who);
const work = (storyId: number) =>
  jsonAnswer<WorkDetails>(t.send("GET", `/v4/works/${storyId}`, writer));
const priceOf = async (partId: number) =>
  (await jsonAnswer<PartDetails>(t.send("GET", `/api/v3/story_parts/${partId}`, reader))).paywall
    ?.price;

/** The writer's Original: part 1 free, parts 2 and 3 paid (6 Coins each). */
async function original() {
  const story = await createStory(t.handle.db, writer.id, { parts: [{}, {}, {}] });
  await jsonAnswer(
    t.send("POST", `/v5/admin/stories/${story.id}/paid-programme`, admin, { freeParts: 1 }),
  );
  return { ...story, paid: Number(story.partIds[1]), last: Number(story.partIds[2]) };
}

beforeAll(async () => {
  const db = t.handle.db;
  writer = await signedInUser(db);
  reader = await signedInUser(db);
  admin = await signedInUser(db, { is_sysadmin: 1, is_staff: 1 });
});

describe("a writer's sale of their own paid story", () => {
  it("starts, shows in the editor and on the paywall, and ends back at list prices", async () => {
    const story = await original();
    expect((await work(story.id)).sale).toBeNull();
    expect(await priceOf(story.paid)).toBe(6);

    const endsAt = inDays(7);
    const before = Date.now();
    const started = await jsonAnswer<WorkSale>(startSale(story.id, { percent: 50, endsAt }));
    expect(started.sale).toEqual({ percent: 50, endsAt });
    // The next sale may start SALE_COOLDOWN_DAYS after this one began.
    const next = Date.parse(started.nextSaleAt ?? "") - SALE_COOLDOWN_DAYS * 86_400_000;
    expect(next).toBeGreaterThanOrEqual(before);
    expect(next).toBeLessThanOrEqual(Date.now());
    expect((await work(story.id)).sale).toEqual({ percent: 50, endsAt });
    expect(await priceOf(story.paid)).toBe(3);
    // Staff see the writer's sale in the paid story manager.
    const view = await jsonAnswer<{ sale: unknown }>(
      t.send("GET", `/v5/admin/stories/${story.id}/paid-programme`, admin),
    );
    expect(view.sale).toEqual({ percent: 50, endsAt });

    // Changing it is the same call (20% off 6 Coins is 4.8, down to 4).
    await jsonAnswer(startSale(story.id, { percent: 20, endsAt }));
    expect(await priceOf(story.paid)).toBe(4);

    const ended = await jsonAnswer<WorkSale>(endSale(story.id));
    expect(ended).toEqual({ sale: null, nextSaleAt: started.nextSaleAt });
    expect((await work(story.id)).sale).toBeNull();
    expect(await priceOf(story.paid)).toBe(6);
    // Ending again changes nothing and is no error.
    expect(await jsonAnswer<WorkSale>(endSale(story.id))).toEqual(ended);
  });

  it("charges the sale price for a part bought while it is on", async () => {
    const story = await original();
    await jsonAnswer(startSale(story.id, { percent: 50, endsAt: inDays(2) }));
    await grantCoins(t.handle.db, reader.id, 20);
    const bought = await jsonAnswer<PurchaseResult>(
      t.send("POST", `/v5/story/${story.id}/paid-content/purchase`, reader, {
        partId: story.paid,
      }),
    );
    expect(bought).toMatchObject({ amountSpent: 3, balance: 17 });
  });

  it("refuses anyone but the author, and stories outside the programme", async () => {
    const story = await original();
    const body = { percent: 30, endsAt: inDays(3) };
    expect((await startSale(story.id, body, null)).status).toBe(401);
    const refused = await startSale(story.id, body, reader);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      message: "Only the author can change this story.",
    });
    // Staff use the paid story manager, not the writer's editor.
    expect((await startSale(story.id, body, admin)).status).toBe(403);
    expect((await endSale(story.id, reader)).status).toBe(403);
    expect((await startSale(99_999_999, body)).status).toBe(404);

    const free = await createStory(t.handle.db, writer.id, { parts: [{}, {}] });
    const notPaid = await startSale(free.id, body);
    expect(notPaid.status).toBe(409);
    expect(await notPaid.json()).toMatchObject({
      code: "not_paid",
      message: "Only a story in the Paid Stories programme can go on sale.",
    });
    expect((await work(story.id)).sale).toBeNull();
    expect((await work(free.id)).sale).toBeNull();
  });

  it("refuses a percent or an end out of range, field by field, changing nothing", async () => {
    const story = await original();
    const cases: Array<[unknown, string]> = [
      [{ percent: 5, endsAt: inDays(3) }, "percent"],
      [{ percent: 95, endsAt: inDays(3) }, "percent"],
      [{ percent: 12.5, endsAt: inDays(3) }, "percent"],
      [{ percent: 30, endsAt: inDays(-1) }, "endsAt"],
      [{ percent: 30, endsAt: inDays(40) }, "endsAt"],
      [{ percent: 30, endsAt: "someday" }, "endsAt"],
    ];
    for (const [body, field] of cases) {
      const answer = await startSale(story.id, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      const refusal = (await answer.json()) as { fields: Record<string, string> };
      expect(Object.keys(refusal.fields)).toEqual([field]);
    }
    expect((await work(story.id)).sale).toBeNull();
    expect(await priceOf(story.paid)).toBe(6);
  });

  it("starts a new sale only 30 days after the last one began; the sale on may change", async () => {
    const story = await original();
    const endsAt = inDays(7);
    const startedAt = Date.now();
    const first = await jsonAnswer<WorkSale>(startSale(story.id, { percent: 30, endsAt }));
    const next = Date.parse(first.nextSaleAt ?? "");
    expect(next).toBeGreaterThanOrEqual(startedAt + 30 * DAY);
    expect(next).toBeLessThanOrEqual(Date.now() + 30 * DAY);
    // Changing the sale on, even its end, is no new sale.
    await jsonAnswer(startSale(story.id, { percent: 40, endsAt: inDays(20) }));
    expect((await work(story.id)).nextSaleAt).toBe(first.nextSaleAt);

    // Ended, it cannot start again (and mail the story's Library readers again) so soon.
    await jsonAnswer(endSale(story.id));
    const refused = await startSale(story.id, { percent: 50, endsAt });
    expect(refused.status).toBe(409);
    const until = formatZonedDate(next, "UTC");
    expect(await refused.json()).toEqual({
      code: "sale_too_soon",
      message: `A story can go on sale once every 30 days: its next sale can start on ${until}.`,
    });
    expect(await work(story.id)).toMatchObject({ sale: null, nextSaleAt: first.nextSaleAt });
    expect(await priceOf(story.paid)).toBe(6);

    // Nor when it ended by itself, while the 30 days run.
    const sinceStart = async (days: number, ended = false) =>
      t.handle.db
        .updateTable("stories")
        .set({
          sale_started_at: Date.now() - days * DAY,
          ...(ended && { sale_percent: 30, sale_ends_at: Date.now() - DAY }),
        })
        .where("id", "=", story.id)
        .execute();
    await sinceStart(29, true);
    expect((await startSale(story.id, { percent: 50, endsAt })).status).toBe(409);

    // 30 days after the last began, the next may start, and holds the one after back.
    await sinceStart(30);
    expect((await work(story.id)).nextSaleAt).toBeNull();
    const second = await jsonAnswer<WorkSale>(startSale(story.id, { percent: 50, endsAt }));
    expect(second.sale).toEqual({ percent: 50, endsAt });
    expect(Date.parse(second.nextSaleAt ?? "")).toBeGreaterThan(next);
  });

  it("does not hold staff to the wait; a staff sale counts as the last one begun", async () => {
    const story = await original();
    const body = { percent: 30, endsAt: inDays(5) };
    await jsonAnswer(startSale(story.id, body));
    await jsonAnswer(endSale(story.id));
    // Staff start one at once in the paid story manager; the writer then waits from its start.
    const adminSale = `/v5/admin/stories/${story.id}/sale`;
    await jsonAnswer(t.send("PUT", adminSale, admin, body));
    expect((await work(story.id)).sale).toEqual(body);
    await jsonAnswer(t.send("DELETE", adminSale, admin));
    expect((await startSale(story.id, body)).status).toBe(409);
  });

  it("drops the story's kept pages when it changes, and only then", async () => {
    const story = await original();
    const changed: number[] = [];
    const stop = onStoryChanged((id) => changed.push(id));
    try {
      await jsonAnswer(startSale(story.id, { percent: 30, endsAt: inDays(3) }));
      await jsonAnswer(endSale(story.id));
      await jsonAnswer(endSale(story.id));
      expect(changed.filter((id) => id === story.id)).toHaveLength(2);
    } finally {
      stop();
    }
  });
});
