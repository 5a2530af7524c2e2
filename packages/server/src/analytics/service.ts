import {
  AGE_GROUPS,
  type AnalyticsDemographics,
  type AnalyticsInteractions,
  type AnalyticsOverview,
  type AnalyticsStory,
  ageGroupOf,
  DAILY_READERS_DAYS,
  type DailyFigure,
  ENGAGED_READER_DAYS,
  ENGAGED_READER_SECONDS,
  groupsShown,
  lastDays,
  type PaywallFunnel,
  type ReaderShare,
  type StoryClickSource,
  type StoryDiscovery,
  type StoryEarnings,
  sharesOf,
} from "@inkwell/shared";
import { type Kysely, type Selectable, sql } from "kysely";
import type { Database, StoriesTable } from "../db/schema.ts";
import type { Viewer } from "../viewer.ts";
import { ownStory } from "../works/access.ts";

const DAY = 86_400_000;
/** Countries listed by name on the Demographics tab; the rest are summed as "other". */
const TOP_COUNTRIES = 10;

/**
 * A millisecond column as its UTC day number, the same on SQLite and PostgreSQL. The divisor
 * is a literal: a bound number would make SQLite divide as reals, and PostgreSQL would not
 * see the select's and the group's expressions (two parameters) as one.
 */
const dayOf = (column: string) => sql<number>`${sql.ref(column)} / ${sql.lit(DAY)}`;

/** The last `days` days as a chart: each date's figure from `byDay` (keyed by day number). */
function series(now: number, days: number, byDay: Map<number, number>): DailyFigure[] {
  return lastDays(new Date(now), days).map((date) => ({
    date,
    value: byDay.get(Date.parse(date) / DAY) ?? 0,
  }));
}

async function engagedReaders(db: Kysely<Database>, storyId: number, now: number) {
  const row = await db
    .selectFrom((eb) =>
      eb
        .selectFrom("reads")
        .select("user_id")
        .where("story_id", "=", storyId)
        .where("created_at", ">=", now - ENGAGED_READER_DAYS * DAY)
        .where("user_id", "is not", null)
        .groupBy("user_id")
        .having((having) => having.fn.sum("seconds"), ">=", ENGAGED_READER_SECONDS)
        .as("engaged"),
    )
    .select((eb) => eb.fn.countAll<number>().as("readers"))
    .executeTakeFirstOrThrow();
  return Number(row.readers);
}

/** The story its author asked about, with §3's analytics fields: 404 or 403 for others. */
async function analyticsStory(
  db: Kysely<Database>,
  viewer: Viewer,
  storyId: number,
  now: number,
): Promise<{ row: Selectable<StoriesTable>; story: AnalyticsStory }> {
  const row = await ownStory(
    db,
    viewer,
    storyId,
    "Only the author can see this story's analytics.",
  );
  return {
    row,
    story: {
      id: Number(row.id),
      title: row.title,
      readCount: Number(row.read_count),
      voteCount: Number(row.vote_count),
      numParts: Number(row.num_parts),
      qualifiedUniqueReaders: await engagedReaders(db, storyId, now),
    },
  };
}

/** The Coins readers spent on a paid story's parts and on the whole story. */
async function earningsOf(
  db: Kysely<Database>,
  storyId: number,
  now: number,
): Promise<StoryEarnings> {
  const since = Date.parse(lastDays(new Date(now), DAILY_READERS_DAYS)[0] as string);
  const unlocks = (table: "part_unlocks" | "story_unlocks") =>
    db
      .selectFrom(table)
      .select((eb) => [
        dayOf("created_at").as("day"),
        eb.fn.countAll<number>().as("count"),
        eb.fn.sum<number>("coins").as("coins"),
      ])
      .where("story_id", "=", storyId)
      .groupBy(dayOf("created_at"));
  const [parts, stories] = await Promise.all([
    // Parts a whole-story purchase covered are that purchase's, counted once with the story.
    unlocks("part_unlocks").where("via_story", "=", 0).execute(),
    unlocks("story_unlocks").execute(),
  ]);
  const daily = new Map<number, number>();
  let coins = 0;
  for (const row of [...parts, ...stories]) {
    coins += Number(row.coins);
    if (Number(row.day) >= since / DAY) {
      daily.set(Number(row.day), (daily.get(Number(row.day)) ?? 0) + Number(row.coins));
    }
  }
  const count = (rows: typeof parts) => rows.reduce((sum, row) => sum + Number(row.count), 0);
  return {
    coins,
    partUnlocks: count(parts),
    storyUnlocks: count(stories),
    dailyCoins: series(now, DAILY_READERS_DAYS, daily),
    paywall: await paywallFunnel(db, storyId, since),
  };
}

/** A paid story's paywall events since `since`, and how many readers who saw it then paid. */
async function paywallFunnel(
  db: Kysely<Database>,
  storyId: number,
  since: number,
): Promise<PaywallFunnel> {
  const events = db
    .selectFrom("paywall_events")
    .where("story_id", "=", storyId)
    .where("created_at", ">=", since);
  const [kinds, converted] = await Promise.all([
    events
      .select((eb) => [
        "name",
        eb.fn.countAll<number>().as("events"),
        eb.fn.count<number>("user_id").distinct().as("readers"),
      ])
      .groupBy("name")
      .execute(),
    events
      .where("name", "=", "paywall_view")
      .where((eb) => {
        const paidAfter = (table: "part_unlocks" | "story_unlocks") =>
          eb.exists(
            eb
              .selectFrom(table)
              .select(sql.lit(1).as("one"))
              .whereRef(`${table}.user_id`, "=", "paywall_events.user_id")
              .where(`${table}.story_id`, "=", storyId)
              .whereRef(`${table}.created_at`, ">=", "paywall_events.created_at"),
          );
        return eb.or([paidAfter("part_unlocks"), paidAfter("story_unlocks")]);
      })
      .select((eb) => eb.fn.count<number>("user_id").distinct().as("readers"))
      .executeTakeFirstOrThrow(),
  ]);
  const kind = (name: string) => kinds.find((row) => row.name === name);
  return {
    views: Number(kind("paywall_view")?.events ?? 0),
    readers: Number(kind("paywall_view")?.readers ?? 0),
    readersWhoUnlocked: Number(converted.readers),
    cancelled: Number(kind("purchase_cancelled")?.events ?? 0),
    failed: Number(kind("purchase_failed")?.events ?? 0),
  };
}

/** Where readers found the story since `since`: followed links by kind of page, as shares. */
async function discoveryOf(
  db: Kysely<Database>,
  storyId: number,
  since: number,
): Promise<StoryDiscovery> {
  const rows = await db
    .selectFrom("story_clicks")
    .select((eb) => ["source", eb.fn.countAll<number>().as("clicks")])
    .where("story_id", "=", storyId)
    .where("created_at", ">=", since)
    .groupBy("source")
    .execute();
  const counted = rows
    .map((row) => ({ key: row.source as StoryClickSource, clicks: Number(row.clicks) }))
    .sort((a, b) => b.clicks - a.clicks || a.key.localeCompare(b.key));
  const shares = sharesOf(counted.map((row) => row.clicks));
  return {
    clicks: counted.reduce((sum, row) => sum + row.clicks, 0),
    sources: counted.map((row, i) => ({ key: row.key, share: shares[i] ?? 0 })),
  };
}

/** GET /v5/analytics/stories/{id}/overview. */
export async function analyticsOverview(
  db: Kysely<Database>,
  viewer: Viewer,
  storyId: number,
  now = Date.now(),
): Promise<AnalyticsOverview> {
  const { row, story } = await analyticsStory(db, viewer, storyId, now);
  const since = Date.parse(lastDays(new Date(now), DAILY_READERS_DAYS)[0] as string);
  const earnings = Number(row.is_paid) === 1 ? await earningsOf(db, storyId, now) : null;
  const days = await db
    .selectFrom("reads")
    .select((eb) => [
      dayOf("created_at").as("day"),
      eb.fn.count<number>("user_id").distinct().as("readers"),
      eb.fn.countAll<number>().as("reads"),
    ])
    .where("story_id", "=", storyId)
    .where("created_at", ">=", since)
    .groupBy(dayOf("created_at"))
    .execute();
  const byDay = (pick: (row: (typeof days)[number]) => number) =>
    new Map(days.map((row) => [Number(row.day), Number(pick(row))]));
  return {
    story,
    earnings,
    discovery: await discoveryOf(db, storyId, since),
    dailyUniqueReaders: series(
      now,
      DAILY_READERS_DAYS,
      byDay((row) => row.readers),
    ),
    dailyReads: series(
      now,
      DAILY_READERS_DAYS,
      byDay((row) => row.reads),
    ),
  };
}

/** GET /v5/analytics/stories/{id}/interactions. */
export async function analyticsInteractions(
  db: Kysely<Database>,
  viewer: Viewer,
  storyId: number,
  now = Date.now(),
): Promise<AnalyticsInteractions> {
  const { story } = await analyticsStory(db, viewer, storyId, now);
  const parts = await db
    .selectFrom("parts")
    .select(["id", "title", "read_count", "vote_count", "comment_count"])
    .where("story_id", "=", storyId)
    .where("draft", "=", 0)
    .where("deleted", "=", 0)
    .orderBy("position")
    .orderBy("id")
    .execute();
  const partIds = parts.map((part) => Number(part.id));
  const since = Date.parse(lastDays(new Date(now), DAILY_READERS_DAYS)[0] as string);
  const perDay = async (table: "votes" | "comments") => {
    if (partIds.length === 0) return new Map<number, number>();
    let query = db
      .selectFrom(table)
      .select((eb) => [dayOf("created_at").as("day"), eb.fn.countAll<number>().as("count")])
      .where("part_id", "in", partIds)
      .where("created_at", ">=", since);
    if (table === "comments") query = query.where("deleted", "=", 0);
    const rows = await query.groupBy(dayOf("created_at")).execute();
    return new Map(rows.map((row) => [Number(row.day), Number(row.count)]));
  };
  const [votes, comments] = await Promise.all([perDay("votes"), perDay("comments")]);
  return {
    story,
    parts: parts.map((part) => ({
      id: Number(part.id),
      title: part.title,
      reads: Number(part.read_count),
      votes: Number(part.vote_count),
      comments: Number(part.comment_count),
    })),
    dailyVotes: series(now, DAILY_READERS_DAYS, votes),
    dailyComments: series(now, DAILY_READERS_DAYS, comments),
  };
}

/** Groups in the order given, each with its share of all the counted readers. */
function sharesIn(counts: ReadonlyMap<string, number>): ReaderShare[] {
  const keys = [...counts.keys()];
  const shares = sharesOf(keys.map((key) => counts.get(key) ?? 0));
  return keys.map((key, index) => ({ key, share: shares[index] ?? 0 }));
}

/** GET /v5/analytics/stories/{id}/demographics. */
export async function analyticsDemographics(
  db: Kysely<Database>,
  viewer: Viewer,
  storyId: number,
  now = Date.now(),
): Promise<AnalyticsDemographics> {
  const { story } = await analyticsStory(db, viewer, storyId, now);
  const readers = await db
    .selectFrom("users")
    .select(["birthdate", "country"])
    .where("id", "in", (eb) =>
      eb
        .selectFrom("reads")
        .select("user_id")
        .where("story_id", "=", storyId)
        .where("created_at", ">=", now - ENGAGED_READER_DAYS * DAY)
        .where("user_id", "is not", null)
        .$narrowType<{ user_id: number }>(),
    )
    .execute();

  const ages = new Map<string, number>(AGE_GROUPS.map((group) => [group, 0]));
  for (const reader of readers) {
    const group = ageGroupOf(reader.birthdate, new Date(now));
    if (group) ages.set(group, (ages.get(group) ?? 0) + 1);
  }
  const byCountry = new Map<string, number>();
  for (const { country } of readers) {
    if (country) byCountry.set(country, (byCountry.get(country) ?? 0) + 1);
  }
  const ranked = [...byCountry].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  // No group smaller than the minimum: a writer could tell a reader they know by it.
  return {
    story,
    readers: readers.length,
    ages: sharesIn(groupsShown(ages)),
    countries: sharesIn(groupsShown(new Map(ranked), TOP_COUNTRIES)),
  };
}
