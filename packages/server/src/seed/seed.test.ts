import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  AGE_GROUPS,
  type AnalyticsInteractions,
  type AnalyticsOverview,
  ageGroupOf,
  type DailyFigure,
  type HomeFeed,
  type InboxThreadList,
  type LibraryPage,
  paragraphIds,
  type StaffReportPage,
} from "@inkwell/shared";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../app.ts";
import type { DatabaseHandle } from "../db/connection.ts";
import { prepareDatabase } from "../startup.ts";
import { openTestDatabase } from "../testing/database.ts";
import { sessionCookie } from "../testing/fixtures.ts";
import { CURATION_ACCOUNTS } from "./curation.ts";
import { DEMO_ACCOUNTS, FREE_PARTS_OF_PAID_STORY } from "./demo.ts";
import { DEMO_READER_COINS } from "./demo-reader.ts";

const SMALL = { users: 40, stories: 60, partsPerStory: 4 };
let handle: DatabaseHandle;
let mediaDir: string;
let firstRun: string;

beforeAll(async () => {
  handle = await openTestDatabase();
  mediaDir = await mkdtemp(join(tmpdir(), "inkwell-media-"));
  firstRun = await prepareDatabase(handle, {
    mediaDir,
    production: false,
    seedDemo: false,
    demoSize: SMALL,
  });
}, 60_000);

afterAll(async () => {
  await handle.close();
  await rm(mediaDir, { recursive: true, force: true });
});

const count = async (table: "users" | "stories" | "parts" | "reads" | "votes" | "follows") =>
  Number(
    (
      await handle.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** An analytics tab of the demo writer's first story (or first paid one), as they see it. */
async function demoWriterAnalytics<T>(
  tab: "overview" | "interactions",
  { paid }: { paid: boolean },
): Promise<T> {
  let stories = handle.db
    .selectFrom("users")
    .innerJoin("stories", "stories.user_id", "users.id")
    .select(["users.id", "stories.id as storyId"])
    .where("users.username", "=", "demo_writer")
    .orderBy("stories.id");
  if (paid) stories = stories.where("stories.is_paid", "=", 1);
  const writer = await stories.executeTakeFirstOrThrow();
  const response = await createApi(handle).request(
    `/v5/analytics/stories/${writer.storyId}/${tab}`,
    { headers: { cookie: await sessionCookie(handle.db, writer.id) } },
  );
  return (await response.json()) as T;
}

describe("demo seeding at start", () => {
  it("seeds an empty database with the demo accounts and catalogue", async () => {
    expect(firstRun).toBe("seeded");
    expect(await count("users")).toBe(SMALL.users + CURATION_ACCOUNTS);
    expect(await count("stories")).toBe(SMALL.stories);
    expect(await count("parts")).toBeGreaterThan(SMALL.stories * 2);
    const accounts = await handle.db
      .selectFrom("users")
      .select(["username", "is_ambassador", "is_sysadmin", "password_hash", "writer_answered_at"])
      .where(
        "username",
        "in",
        DEMO_ACCOUNTS.map((account) => account.username),
      )
      .orderBy("id")
      .execute();
    expect(accounts.map((a) => [a.username, a.is_ambassador, a.is_sysadmin])).toEqual([
      ["demo_reader", 0, 0],
      ["demo_writer", 0, 0],
      ["demo_ambassador", 1, 0],
      ["demo_admin", 0, 1],
    ]);
    expect(accounts.every((account) => account.password_hash?.startsWith("scrypt$"))).toBe(true);
    // Not new: home greets none of them with the onboarding's welcome card.
    expect(accounts.every((account) => account.writer_answered_at !== null)).toBe(true);
  });

  it("only migrates on the next start: nothing lost, nothing duplicated", async () => {
    const before = await Promise.all([count("users"), count("stories"), count("reads")]);
    const outcome = await prepareDatabase(handle, { mediaDir, production: false, seedDemo: false });
    expect(outcome).toBe("migrated");
    expect(await Promise.all([count("users"), count("stories"), count("reads")])).toEqual(before);
  });

  it("sets every counter to the rows behind it", async () => {
    const mismatches = await handle.db
      .selectFrom("stories as s")
      .select(["s.id", "s.read_count", "s.vote_count", "s.num_parts"])
      .select((eb) => [
        eb
          .selectFrom("reads")
          .select(sql<number>`count(*)`.as("n"))
          .whereRef("reads.story_id", "=", "s.id")
          .as("reads"),
        eb
          .selectFrom("votes")
          .select(sql<number>`count(*)`.as("n"))
          .whereRef("votes.story_id", "=", "s.id")
          .as("votes"),
        eb
          .selectFrom("parts")
          .select(sql<number>`count(*)`.as("n"))
          .whereRef("parts.story_id", "=", "s.id")
          .where("parts.draft", "=", 0)
          .where("parts.deleted", "=", 0)
          .as("published"),
      ])
      .execute();
    const wrong = mismatches.filter(
      (row) =>
        Number(row.reads) !== row.read_count ||
        Number(row.votes) !== row.vote_count ||
        Number(row.published) !== row.num_parts,
    );
    expect(wrong).toEqual([]);
    expect(mismatches.some((row) => row.read_count > 0)).toBe(true);
  });

  it("seeds comments, replies and likes with their counters, by readers, on the demo writer's stories too", async () => {
    const counters = [
      sql`SELECT s.comment_count AS counter,
        (SELECT COUNT(*) FROM comments c WHERE c.story_id = s.id AND c.deleted = 0) AS rows FROM stories s`,
      sql`SELECT p.comment_count AS counter,
        (SELECT COUNT(*) FROM comments c WHERE c.part_id = p.id AND c.deleted = 0) AS rows FROM parts p`,
      sql`SELECT c.reply_count AS counter,
        (SELECT COUNT(*) FROM comments r WHERE r.parent_id = c.id AND r.deleted = 0) AS rows FROM comments c`,
      sql`SELECT c.like_count AS counter,
        (SELECT COUNT(*) FROM comment_likes l WHERE l.comment_id = c.id) AS rows FROM comments c`,
    ];
    for (const check of counters) {
      const { rows } = await check.execute(handle.db);
      const wrong = (rows as Array<{ counter: unknown; rows: unknown }>).filter(
        (row) => Number(row.counter) !== Number(row.rows),
      );
      expect(wrong).toEqual([]);
    }

    const comments = await handle.db
      .selectFrom("comments")
      .innerJoin("parts", "parts.id", "comments.part_id")
      .innerJoin("stories", "stories.id", "comments.story_id")
      .innerJoin("users as author", "author.id", "stories.user_id")
      .innerJoin("users as commenter", "commenter.id", "comments.user_id")
      .select([
        "comments.parent_id",
        "comments.paragraph_id",
        "comments.reply_count",
        "comments.created_at",
        "comments.user_id",
        "stories.user_id as author_id",
        "stories.is_paywalled",
        "parts.published_at",
        "parts.text",
        "author.username as author",
        "commenter.username as commenter",
      ])
      .execute();
    const demo = new Set<string>(DEMO_ACCOUNTS.map((account) => account.username));
    expect(comments.filter((c) => demo.has(c.commenter))).toEqual([]);
    // Of the demo accounts' stories, the demo writer's alone: threads on parts and on
    // paragraphs, and replies.
    const writers = comments.filter((c) => demo.has(c.author));
    expect(new Set(writers.map((c) => c.author))).toEqual(new Set(["demo_writer"]));
    expect(
      new Set(writers.map((c) => [c.parent_id === null, c.paragraph_id === null].join())),
    ).toEqual(new Set(["true,true", "true,false", "false,true", "false,false"]));
    expect(comments.filter((c) => c.is_paywalled === 1)).toEqual([]);
    const now = Date.now();
    expect(
      comments.filter((c) => c.created_at <= (c.published_at ?? now) || c.created_at >= now),
    ).toEqual([]);
    // Threads, threads past the 2 replies shown, the writer's replies and paragraph comments.
    expect(comments.filter((c) => c.parent_id === null).length).toBeGreaterThan(10);
    expect(comments.some((c) => c.reply_count > 2)).toBe(true);
    expect(comments.some((c) => c.parent_id !== null && c.user_id === c.author_id)).toBe(true);
    expect(comments.filter((c) => c.parent_id === null && c.user_id === c.author_id)).toEqual([]);
    const onParagraphs = comments.filter((c) => c.paragraph_id !== null);
    expect(onParagraphs.length).toBeGreaterThan(0);
    expect(
      onParagraphs.filter((c) => !paragraphIds(c.text).includes(c.paragraph_id ?? "")),
    ).toEqual([]);
  });

  it("mixes complete, ongoing, mature, paid and non-English stories, and writes covers", async () => {
    const mix = await handle.db
      .selectFrom("stories")
      .select((eb) => [
        eb.fn.sum<number>("completed").as("completed"),
        eb.fn.sum<number>(sql`case when rating = 4 then 1 else 0 end`).as("mature"),
        eb.fn.sum<number>(sql`case when language_id <> 1 then 1 else 0 end`).as("otherLanguages"),
        eb.fn.countAll<number>().as("all"),
      ])
      .executeTakeFirstOrThrow();
    expect(Number(mix.completed)).toBeGreaterThan(0);
    expect(Number(mix.completed)).toBeLessThan(Number(mix.all));
    expect(Number(mix.mature)).toBeGreaterThan(0);
    expect(Number(mix.otherLanguages)).toBeGreaterThan(0);
    const covers = await readdir(join(mediaDir, "covers"));
    expect(covers).toHaveLength(SMALL.stories);
    // Paid stories are free to try: Coins unlock the parts after the first three.
    const parts = await handle.db
      .selectFrom("parts")
      .innerJoin("stories", "stories.id", "parts.story_id")
      .select(["parts.position", "parts.paywalled", "stories.is_paywalled"])
      .execute();
    const misplaced = parts.filter(
      (part) =>
        (part.paywalled === 1) !==
        (part.is_paywalled === 1 && part.position >= FREE_PARTS_OF_PAID_STORY),
    );
    expect(misplaced).toEqual([]);
    // The demo writer has a paid story of their own, with parts to lock and to set free.
    const writersPaid = await handle.db
      .selectFrom("stories")
      .innerJoin("users", "users.id", "stories.user_id")
      .select(["stories.num_parts"])
      .where("users.username", "=", "demo_writer")
      .where("stories.is_paid", "=", 1)
      .execute();
    expect(writersPaid).toHaveLength(1);
    expect(writersPaid[0]?.num_parts).toBeGreaterThan(FREE_PARTS_OF_PAID_STORY);
  });

  it("gives readers ages and countries, most from a few large countries, for analytics", async () => {
    // The seeded readers: not the demo accounts, nor the curation and support accounts.
    const readers = (
      await handle.db.selectFrom("users").select(["username", "birthdate", "country"]).execute()
    ).filter((user) => !/^(demo|inkwell)_/.test(user.username));
    const now = new Date();
    const groups = new Set(readers.map((reader) => ageGroupOf(reader.birthdate, now)));
    expect(groups).toEqual(new Set(AGE_GROUPS));
    const fromUs = readers.filter((reader) => reader.country === "US").length;
    expect(fromUs / readers.length).toBeGreaterThan(0.2);
    expect(readers.every((reader) => /^[A-Z]{2}$/.test(reader.country ?? ""))).toBe(true);
  });

  it("gives English and French curation accounts featured lists, and promotes a story", async () => {
    const lists = await handle.db
      .selectFrom("reading_lists")
      .innerJoin("users", "users.id", "reading_lists.user_id")
      .select(["users.username", "reading_lists.name", "reading_lists.num_stories"])
      .where("users.username", "in", ["inkwell_en", "inkwell_fr"])
      .orderBy("reading_lists.id", "desc")
      .execute();
    expect(lists.filter((list) => list.username === "inkwell_en")[0]?.name).toBe("Inkwell Picks");
    expect(lists.map((list) => list.username)).toContain("inkwell_fr");
    expect(lists.every((list) => list.num_stories > 0)).toBe(true);
    const promotions = await handle.db.selectFrom("story_promotions").select("story_id").execute();
    expect(promotions).toHaveLength(1);
  });

  it("gives the demo reader a used account: Library, stories in progress, lists, inbox, genres", async () => {
    const reader = await handle.db
      .selectFrom("users")
      .select("id")
      .where("username", "=", "demo_reader")
      .executeTakeFirstOrThrow();
    const api = createApi(handle);
    const headers = { cookie: await sessionCookie(handle.db, reader.id) };
    const get = async <T>(path: string) => {
      const response = await api.request(path, { headers });
      expect(response.status).toBe(200);
      return (await response.json()) as T;
    };

    const current = await get<LibraryPage>("/api/v3/users/demo_reader/library");
    const archived = await get<LibraryPage>("/api/v3/users/demo_reader/library?archived=1");
    expect(current.total).toBe(7);
    expect(archived.total).toBe(1);
    const inProgress = current.stories.filter((item) => item.progress !== null);
    expect(inProgress).toHaveLength(3);
    for (const item of inProgress) expect(item.progress?.part).toBeGreaterThan(1);

    const { lists } = await get<{ lists: Array<{ name: string; numStories: number }> }>(
      "/api/v3/users/demo_reader/lists?fields=lists(name,numStories)",
    );
    expect(lists.map((list) => [list.name, list.numStories]).sort()).toEqual([
      ["Recommended by friends", 3],
      ["Weekend binge", 4],
    ]);

    expect(await get(`/v5/users/${reader.id}/wallet`)).toEqual([
      { id: "coins", amount: DEMO_READER_COINS },
    ]);
    // The demo's Coin Shop is open, selling through the demo checkout.
    expect(await get("/api/v3/internal/features?platform=web")).toMatchObject({
      WEB_COIN_PURCHASING: true,
    });

    const inbox = await get<InboxThreadList>("/api/v3/users/demo_reader/inbox");
    expect(inbox.total).toBe(2);
    expect(inbox.threads.map((thread) => thread.unread)).toEqual([1, 0]);

    // Home leads with the genres picked at onboarding, not with a call to pick them.
    const { sections } = await get<HomeFeed>("/v5/home");
    expect(sections.filter((section) => section.type === "cta")).toEqual([]);
    const headings = sections.map((section) =>
      "heading" in section.data ? section.data.heading : "",
    );
    expect(headings).toEqual(
      expect.arrayContaining(["Top picks in Fantasy", "Top picks in Mystery"]),
    );
  });

  it("shows the demo writer where readers found their stories, and has sold their paid one", async () => {
    const { earnings, discovery } = await demoWriterAnalytics<AnalyticsOverview>("overview", {
      paid: true,
    });
    expect(discovery.clicks).toBeGreaterThan(10);
    expect(discovery.sources[0]?.key).toBe("home");
    expect(earnings?.coins).toBeGreaterThan(0);
    expect([earnings?.partUnlocks, earnings?.storyUnlocks].map(Boolean)).toEqual([true, true]);
    expect(earnings?.dailyCoins.filter((day) => day.value > 0).length).toBeGreaterThan(5);
    expect(earnings?.paywall).toMatchObject({ views: 24, readers: 24, readersWhoUnlocked: 14 });
    expect(earnings?.paywall.cancelled).toBeGreaterThan(0);

    // Every balance is what its ledger adds up to, and none is below zero.
    const wallets = await handle.db
      .selectFrom("wallets")
      .select(["wallets.coins"])
      .select((eb) =>
        eb
          .selectFrom("coin_transactions")
          .select(sql<number>`sum(amount)`.as("sum"))
          .whereRef("coin_transactions.user_id", "=", "wallets.user_id")
          .as("ledger"),
      )
      .execute();
    expect(wallets.length).toBeGreaterThan(10);
    for (const wallet of wallets) {
      expect(Number(wallet.ledger)).toBe(wallet.coins);
      expect(wallet.coins).toBeGreaterThanOrEqual(0);
    }
  });

  it("shows the demo writer votes and comments a day on their first story in the last 30 days", async () => {
    const { dailyVotes, dailyComments } = await demoWriterAnalytics<AnalyticsInteractions>(
      "interactions",
      { paid: false },
    );
    const daysWith = (figures: DailyFigure[]) => figures.filter((day) => day.value > 0).length;
    expect(daysWith(dailyVotes)).toBeGreaterThan(1);
    expect(daysWith(dailyComments)).toBeGreaterThan(1);
  });

  it("fills the staff queue with readers' reports of comments, stories and a profile, two resolved", async () => {
    const accountIds = await handle.db
      .selectFrom("users")
      .select(["id", "username"])
      .where(
        "username",
        "in",
        DEMO_ACCOUNTS.map((account) => account.username),
      )
      .execute();
    const idOf = (username: string) => accountIds.find((row) => row.username === username)?.id;
    const api = createApi(handle);
    const get = async <T>(path: string, username: string) => {
      const cookie = await sessionCookie(handle.db, idOf(username) as number);
      const response = await api.request(path, { headers: { cookie } });
      expect(response.status).toBe(200);
      return (await response.json()) as T;
    };

    const open = await get<StaffReportPage>("/v4/support/reports", "demo_ambassador");
    expect(open.reports.map((report) => report.reportType)).toEqual([
      "comment",
      "story",
      "comment",
      "user",
    ]);
    for (const report of open.reports) {
      expect(report.reasonTitle).not.toBeNull();
      expect(report.reportedUser).not.toBeNull();
      expect(report.reference.name).toBeTruthy();
    }
    const resolved = await get<StaffReportPage>(
      "/v4/support/reports?status=resolved",
      "demo_ambassador",
    );
    expect(resolved.reports.map((report) => [report.reportType, report.resolvedBy])).toEqual([
      ["comment", "demo_admin"],
      ["story", "demo_admin"],
    ]);
    expect(resolved.reports.every((report) => report.numNotes === 1)).toBe(true);

    // Filed by ordinary readers, about ordinary readers: the demo accounts' lists stay empty.
    const demo = new Set<string>(DEMO_ACCOUNTS.map((account) => account.username));
    for (const report of [...open.reports, ...resolved.reports]) {
      expect(demo.has(report.requester.username ?? "")).toBe(false);
      expect(demo.has(report.reportedUser?.username ?? "")).toBe(false);
    }
    const mine = await get<{ reports: unknown[] }>("/v4/users/demo_reader/reports", "demo_reader");
    expect(mine.reports).toEqual([]);
  });

  it("never seeds in production unless asked", async () => {
    const empty = await openTestDatabase();
    try {
      expect(await prepareDatabase(empty, { mediaDir, production: true, seedDemo: false })).toBe(
        "migrated",
      );
      expect(await empty.db.selectFrom("users").select("id").executeTakeFirst()).toBeUndefined();
    } finally {
      await empty.close();
    }
  });
});
