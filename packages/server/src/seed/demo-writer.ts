import { COIN_PACKS, partPrice, type StoryClickSource, wholeStoryPrice } from "@inkwell/shared";
import type { Kysely } from "kysely";
import { eventDay } from "../analytics/events.ts";
import { pricedPart } from "../coins/access.ts";
import { credit, debit, unlockStory } from "../coins/service.ts";
import type { Database } from "../db/schema.ts";

const DAY = 86_400_000;
/** Readers who bought Coins and unlocked the demo writer's paid story; others only looked. */
const BUYERS = 14;
const LOOKERS = 10;
/** Every BUYERS_OF_WHOLE_STORYth buyer unlocks the whole story at once. */
const BUYERS_OF_WHOLE_STORY = 5;
const PACK = COIN_PACKS.find((pack) => pack.featured) ?? (COIN_PACKS[0] as (typeof COIN_PACKS)[0]);

/**
 * The demo writer's analytics have something to show: readers found their stories through
 * the site's pages, and their paid story has sold.
 */
export async function seedDemoWriter(
  db: Kysely<Database>,
  demoWriterId: number,
  readerIds: readonly number[],
  now: number,
): Promise<void> {
  await seedDiscovery(db, demoWriterId, readerIds, now);
  await seedEarnings(db, demoWriterId, readerIds, now);
}

/** Where readers come from, most to least: every few clicks, the next source of this cycle. */
const CLICK_CYCLE: readonly StoryClickSource[] = [
  "home",
  "search",
  "home",
  "tag",
  "profile",
  "home",
  "search",
  "tag",
  "list",
  "story",
];

/**
 * Followed links to each of the writer's published stories over the last four weeks, one
 * per reader and day as the events call counts them (`recordStoryClick`), from a fixed mix
 * of pages.
 */
async function seedDiscovery(
  db: Kysely<Database>,
  demoWriterId: number,
  readerIds: readonly number[],
  now: number,
): Promise<void> {
  const stories = await db
    .selectFrom("stories")
    .select("id")
    .where("user_id", "=", demoWriterId)
    .where("draft", "=", 0)
    .where("deleted", "=", 0)
    .orderBy("id")
    .execute();
  const clicks = stories.flatMap((story, storyIndex) =>
    readerIds.slice(0, 12 + ((storyIndex * 7) % 30)).map((userId, index) => {
      const at = now - ((index * 3 + storyIndex) % 28) * DAY - (index % 12) * 3_600_000;
      const source = CLICK_CYCLE[(index + storyIndex) % CLICK_CYCLE.length] as StoryClickSource;
      return { story_id: story.id, source, user_id: userId, day: eventDay(at), created_at: at };
    }),
  );
  if (clicks.length > 0) await db.insertInto("story_clicks").values(clicks).execute();
}

/**
 * The demo writer's paid story has sold, so that its Paid Overview shows Coins earned, a
 * Coins-a-day chart and a paywall funnel: over the last four weeks some readers saw the
 * paywall, bought the featured Coin pack and unlocked parts (one in five the whole story),
 * some cancelled first, and some only looked. Written straight into the tables, each Coin
 * through the ledger (`credit`, then `debit` as a purchase spends), so wallets equal
 * their entries.
 */
async function seedEarnings(
  db: Kysely<Database>,
  demoWriterId: number,
  readerIds: readonly number[],
  now: number,
): Promise<void> {
  const story = await db
    .selectFrom("stories")
    .select("id")
    .where("user_id", "=", demoWriterId)
    .where("is_paid", "=", 1)
    .executeTakeFirst();
  if (!story) return;
  const locked = await db
    .selectFrom("parts")
    .select(["id", "is_bonus", "bonus_type"])
    .where("story_id", "=", story.id)
    .where("paywalled", "=", 1)
    .where("draft", "=", 0)
    .where("deleted", "=", 0)
    .orderBy("position")
    .execute();
  const storyId = story.id;
  const viewedPartId = locked[0]?.id;
  if (viewedPartId === undefined) return;
  const paywallEvent = (name: string, userId: number, at: number) => ({
    name,
    story_id: storyId,
    part_id: viewedPartId,
    user_id: userId,
    day: eventDay(at),
    created_at: at,
  });
  const prices = locked.map((part) => partPrice(pricedPart(part)));
  const storyPrice = wholeStoryPrice(prices);
  const readers = readerIds.slice(0, BUYERS + LOOKERS);

  const paywallEvents = readers.map((userId, index) => {
    const at = now - ((index * 2) % 27) * DAY - (index + 1) * 3_600_000;
    return { userId, at };
  });
  await db
    .insertInto("paywall_events")
    .values([
      ...paywallEvents.map(({ userId, at }) => paywallEvent("paywall_view", userId, at)),
      // Every fourth reader cancelled a purchase first; the buyers among them came back.
      ...paywallEvents
        .filter((_, index) => index % 4 === 1)
        .map(({ userId, at }) => paywallEvent("purchase_cancelled", userId, at + 60_000)),
    ])
    .execute();

  for (const [index, { userId, at }] of paywallEvents.slice(0, BUYERS).entries()) {
    const boughtAt = at + 5 * 60_000;
    const balance = await credit(db, userId, PACK.value, "pack", boughtAt);
    await db
      .insertInto("coin_purchases")
      .values({
        user_id: userId,
        request_id: `demo-${index}`,
        pack_id: PACK.id,
        coins: PACK.value,
        price: PACK.price,
        checkout: "demo",
        reference: `demo-${index}`,
        balance_after: balance,
        created_at: boughtAt,
      })
      .execute();
    if (index % BUYERS_OF_WHOLE_STORY === 0 && storyPrice <= PACK.value) {
      await unlockStory(db, {
        userId,
        storyId,
        coins: storyPrice,
        at: boughtAt,
        partIds: locked.map((part) => part.id),
      });
      await debit(db, userId, storyPrice, { storyId, partId: null }, boughtAt);
      continue;
    }
    // One to three parts, in order, each a little later than the one before.
    const parts = locked.slice(0, 1 + (index % 3));
    for (const [position, part] of parts.entries()) {
      const unlockedAt = boughtAt + position * 3_600_000;
      const coins = prices[position] as number;
      await db
        .insertInto("part_unlocks")
        .values({
          user_id: userId,
          part_id: part.id,
          story_id: storyId,
          coins,
          created_at: unlockedAt,
        })
        .execute();
      await debit(db, userId, coins, { storyId, partId: part.id }, unlockedAt);
    }
  }
}
