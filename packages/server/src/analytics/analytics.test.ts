import {
  type AnalyticsDemographics,
  type AnalyticsInteractions,
  type AnalyticsOverview,
  type ApiError,
  DEMOGRAPHICS_MIN_READERS,
} from "@inkwell/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../app.ts";
import { grantCoins } from "../coins/service.ts";
import { accountLimiters } from "../http/rate-limit.ts";
import { useTestApi } from "../testing/api.ts";
import { createStory, createUser, DAY, isoYearsAgo, signedInUser } from "../testing/fixtures.ts";

const t = useTestApi();
let author: Awaited<ReturnType<typeof signedInUser>>;
let story: { id: number; partIds: number[] };

async function json<T>(response: Response | Promise<Response>): Promise<T> {
  return (await response).json() as Promise<T>;
}

const tab = (name: string, who: { cookie: string } | null = author, id = story.id) =>
  t.send("GET", `/v5/analytics/stories/${id}/${name}`, who);

/** A read of `partId` by `userId` (a visitor when null), `ago` ms back, of `seconds`. */
async function read(userId: number | null, partId: number, ago: number, seconds = 60) {
  await t.handle.db
    .insertInto("reads")
    .values({
      user_id: userId,
      part_id: partId,
      story_id: story.id,
      seconds,
      created_at: Date.now() - ago,
    })
    .execute();
}

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString().slice(0, 10);

beforeAll(async () => {
  author = await signedInUser(t.handle.db);
  story = await createStory(t.handle.db, author.id, {
    title: "The Lighthouse Letters",
    parts: [{ title: "One" }, { title: "Two" }, { title: "A draft", draft: 1 }],
  });
});

describe("writer analytics", () => {
  it("counts engaged readers: 5 minutes or more on the story in the last 365 days", async () => {
    const [one, two] = story.partIds as [number, number];
    const keen = await createUser(t.handle.db);
    const brief = await createUser(t.handle.db);
    const longAgo = await createUser(t.handle.db);
    // 200 s + 100 s over two parts: engaged. 299 s: not. 900 s, but 400 days ago: not.
    await read(keen.id, one, DAY, 200);
    await read(keen.id, two, 2 * DAY, 100);
    await read(brief.id, one, DAY, 299);
    await read(longAgo.id, one, 400 * DAY, 900);
    // Visitors cannot be told apart: they are never counted as readers.
    await read(null, one, DAY, 1200);

    const overview = await json<AnalyticsOverview>(tab("overview"));
    expect(overview.story).toMatchObject({
      id: story.id,
      title: "The Lighthouse Letters",
      numParts: 2,
      qualifiedUniqueReaders: 1,
    });
    expect(overview.dailyUniqueReaders).toHaveLength(30);
    expect(overview.dailyUniqueReaders.at(-1)?.date).toBe(today());
    expect(overview.dailyUniqueReaders[0]?.date).toBe(daysAgo(29));
    // Yesterday: keen and brief (each once), and one visitor read among the reads.
    expect(overview.dailyUniqueReaders.find((day) => day.date === daysAgo(1))?.value).toBe(2);
    expect(overview.dailyReads.find((day) => day.date === daysAgo(1))?.value).toBe(3);
    expect(overview.dailyReads.find((day) => day.date === daysAgo(2))?.value).toBe(1);
    // The read 400 days ago is outside the chart.
    expect(overview.dailyReads.reduce((sum, day) => sum + day.value, 0)).toBe(4);
  });

  it("adds reported reading time to the reader's latest read, making them engaged", async () => {
    const [one] = story.partIds as [number];
    const reader = await signedInUser(t.handle.db);
    const report = (seconds: unknown) =>
      t.send("POST", `/api/v3/story_parts/${one}/reading-time`, reader, { seconds });
    // No read counted yet: nothing to add the time to.
    expect(await json(report(120))).toEqual({ recorded: false });
    await read(reader.id, one, 60_000, 0);
    const before = await json<AnalyticsOverview>(tab("overview"));
    // Two reports at once: both are kept.
    const answers = await Promise.all([report(200), report(150)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const after = await json<AnalyticsOverview>(tab("overview"));
    expect(after.story.qualifiedUniqueReaders).toBe(before.story.qualifiedUniqueReaders + 1);

    for (const bad of [0, 1801, 2.5, "ten", null]) {
      const answer = await report(bad);
      expect([bad, answer.status]).toEqual([bad, 400]);
      expect(((await answer.json()) as ApiError).message).toContain(
        "seconds must be a whole number from 1 to 1,800",
      );
    }
    const visitor = await t.send("POST", `/api/v3/story_parts/${one}/reading-time`, null, {
      seconds: 60,
    });
    expect(visitor.status).toBe(401);
  });

  it("lists each published part's reads, votes and comments, and the days' votes", async () => {
    const [one, two] = story.partIds as [number, number];
    await t.handle.db
      .updateTable("parts")
      .set({ read_count: 40, vote_count: 7, comment_count: 3 })
      .where("id", "=", one)
      .execute();
    await t.handle.db
      .updateTable("parts")
      .set({ read_count: 25, vote_count: 2, comment_count: 0 })
      .where("id", "=", two)
      .execute();
    const voter = await createUser(t.handle.db);
    await t.handle.db
      .insertInto("votes")
      .values({
        user_id: voter.id,
        part_id: one,
        story_id: story.id,
        created_at: Date.now() - 3 * DAY,
      })
      .execute();
    await t.handle.db
      .insertInto("comments")
      .values([
        {
          part_id: two,
          story_id: story.id,
          user_id: voter.id,
          text: "Oh!",
          deleted: 0,
          created_at: Date.now(),
        },
        {
          part_id: two,
          story_id: story.id,
          user_id: voter.id,
          text: "Gone",
          deleted: 1,
          created_at: Date.now(),
        },
      ])
      .execute();

    const interactions = await json<AnalyticsInteractions>(tab("interactions"));
    expect(interactions.parts).toEqual([
      { id: one, title: "One", reads: 40, votes: 7, comments: 3 },
      { id: two, title: "Two", reads: 25, votes: 2, comments: 0 },
    ]);
    expect(interactions.dailyVotes.find((day) => day.date === daysAgo(3))?.value).toBe(1);
    expect(interactions.dailyComments.at(-1)).toEqual({ date: today(), value: 1 });
  });

  /** A new story of the author's, read yesterday by a new user for each of `readers`. */
  async function storyReadBy(
    readers: ReadonlyArray<{ birthdate: string | null; country: string | null }>,
  ) {
    const read = await createStory(t.handle.db, author.id);
    for (const reader of readers) {
      const user = await createUser(t.handle.db, reader);
      await t.handle.db
        .insertInto("reads")
        .values({
          user_id: user.id,
          part_id: read.partIds[0] as number,
          story_id: read.id,
          created_at: Date.now() - DAY,
        })
        .execute();
    }
    return read;
  }

  /** `count` readers of one age and country. */
  const alike = (count: number, age: number, country: string) =>
    Array.from({ length: count }, () => ({ birthdate: isoYearsAgo(age), country }));

  it("gives the readers' ages and countries as shares that add up to 100, small groups as other", async () => {
    // One 16-year-old from Brazil among them, whom no bar may single out.
    const mixed = await storyReadBy([
      ...alike(1, 16, "BR"),
      ...alike(14, 20, "GB"),
      ...alike(1, 30, "GB"),
      ...alike(9, 30, "FR"),
      ...alike(1, 40, "FR"),
      ...alike(5, 40, "US"),
      ...alike(4, 50, "DE"),
      { birthdate: null, country: null },
      { birthdate: null, country: null },
    ]);
    const demographics = await json<AnalyticsDemographics>(tab("demographics", author, mixed.id));
    expect(demographics.readers).toBe(37);
    // Of the 35 who told us: 14 aged 18–24, 10 aged 25–34; 13–17 (1), 35–44 (6) and 45+ (4)
    // are too small alone, 11 together.
    expect(demographics.ages).toEqual([
      { key: "18–24", share: 40 },
      { key: "25–34", share: 29 },
      { key: "other", share: 31 },
    ]);
    // 15 from GB, 10 from FR; BR (1), US (5) and DE (4) together.
    expect(demographics.countries).toEqual([
      { key: "GB", share: 43 },
      { key: "FR", share: 29 },
      { key: "other", share: 28 },
    ]);
  });

  it("shows no ages or countries until the minimum of readers have read the story", async () => {
    const [one, two, three] = await Promise.all([
      storyReadBy(alike(1, 16, "BR")),
      storyReadBy(alike(DEMOGRAPHICS_MIN_READERS - 1, 20, "GB")),
      storyReadBy(alike(DEMOGRAPHICS_MIN_READERS, 20, "GB")),
    ]);
    const answer = (story: { id: number }) =>
      json<AnalyticsDemographics>(tab("demographics", author, story.id));
    // The count says why there is nothing: it is below the minimum.
    expect(await answer(one)).toMatchObject({ readers: 1, ages: [], countries: [] });
    expect(await answer(two)).toMatchObject({ readers: 9, ages: [], countries: [] });
    expect(await answer(three)).toMatchObject({
      readers: 10,
      ages: [{ key: "18–24", share: 100 }],
      countries: [{ key: "GB", share: 100 }],
    });
  });

  it("adds up what readers spent on a paid story, and leaves earnings out of a free one", async () => {
    expect((await json<AnalyticsOverview>(tab("overview"))).earnings).toBeNull();
    const paid = await createStory(t.handle.db, author.id, {
      is_paid: 1,
      is_paywalled: 1,
      paid_model: "paid_story",
      parts: [{}, { paywalled: 1 }, { paywalled: 1 }],
    });
    const [, second] = paid.partIds as [number, number, number];
    const buyer = await signedInUser(t.handle.db);
    const fan = await signedInUser(t.handle.db);
    await grantCoins(t.handle.db, buyer.id, 50);
    await grantCoins(t.handle.db, fan.id, 50);
    const buy = (who: { cookie: string }, body: unknown) =>
      t.send("POST", `/v5/story/${paid.id}/paid-content/purchase`, who, body);
    expect((await buy(buyer, { partId: second })).status).toBe(200);
    expect((await buy(fan, { wholeStory: true })).status).toBe(200);

    const { earnings } = await json<AnalyticsOverview>(tab("overview", author, paid.id));
    // One part at 6 Coins; the whole story: 2 × 6 less a fifth, rounded up, 10.
    expect(earnings).toMatchObject({ coins: 16, partUnlocks: 1, storyUnlocks: 1 });
    expect(earnings?.dailyCoins).toHaveLength(30);
    expect(earnings?.dailyCoins.at(-1)).toEqual({ date: today(), value: 16 });
  });

  it("shows a story's analytics to its author only", async () => {
    const stranger = await signedInUser(t.handle.db);
    for (const name of ["overview", "interactions", "demographics"]) {
      expect((await tab(name, null)).status).toBe(401);
      const refused = await tab(name, stranger);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({
        code: "forbidden",
        message: "Only the author can see this story's analytics.",
      });
      expect((await tab(name, author, 987654)).status).toBe(404);
    }
  });
});

describe("the paywall's events", () => {
  let paid: { id: number; partIds: number[] };
  let locked: number;
  let free: number;
  beforeAll(async () => {
    paid = await createStory(t.handle.db, author.id, {
      is_paid: 1,
      is_paywalled: 1,
      paid_model: "paid_story",
      parts: [{}, { paywalled: 1 }, { paywalled: 1 }],
    });
    [free, locked] = paid.partIds as [number, number];
  });

  const send = (who: { cookie: string } | null, name: string, partId = locked) =>
    t.send("POST", "/v5/events", who, { name, partId });
  const funnel = async () =>
    (await json<AnalyticsOverview>(tab("overview", author, paid.id))).earnings?.paywall;

  it("counts views, cancelled and failed purchases, a reader once a day, and who then paid", async () => {
    const keen = await signedInUser(t.handle.db);
    const browser = await signedInUser(t.handle.db);
    await grantCoins(t.handle.db, keen.id, 50);
    expect(await json(send(keen, "paywall_view"))).toEqual({ recorded: true });
    // A reload the same day is the same view.
    expect(await json(send(keen, "paywall_view"))).toEqual({ recorded: false });
    expect(await json(send(keen, "purchase_cancelled"))).toEqual({ recorded: true });
    expect(await json(send(browser, "paywall_view"))).toEqual({ recorded: true });
    expect(await json(send(browser, "purchase_failed"))).toEqual({ recorded: true });
    // Visitors see paywalls too, each time.
    expect(await json(send(null, "paywall_view"))).toEqual({ recorded: true });
    expect(await json(send(null, "paywall_view"))).toEqual({ recorded: true });
    const bought = await t.send("POST", `/v5/story/${paid.id}/paid-content/purchase`, keen, {
      partId: locked,
    });
    expect(bought.status).toBe(200);

    expect(await funnel()).toEqual({
      views: 4,
      readers: 2,
      readersWhoUnlocked: 1,
      cancelled: 1,
      failed: 1,
    });
    // The reader's own data export carries their events.
    const exported = await json<{ paywallEvents: { name: string; part_id: number }[] }>(
      t.send("GET", `/api/v3/users/${keen.username}/export`, keen),
    );
    expect(exported.paywallEvents.map((event) => [event.name, Number(event.part_id)])).toEqual([
      ["paywall_view", locked],
      ["purchase_cancelled", locked],
    ]);
    // Now unlocked: the part has no paywall for this reader any more.
    const after = await send(keen, "paywall_view");
    expect(after.status).toBe(409);
    expect(await after.json()).toMatchObject({ code: "not_locked" });
  });

  it("refuses what no paywall sends, recording nothing", async () => {
    const before = await funnel();
    const reader = await signedInUser(t.handle.db);
    const refused = async (response: Promise<Response>, status: number) => {
      const answer = await response;
      expect(answer.status).toBe(status);
      return answer.json() as Promise<ApiError>;
    };
    expect(await refused(send(reader, "story_view"), 400)).toMatchObject({
      message:
        "name must be one of paywall_view, purchase_cancelled, purchase_failed, story_click, ad_eligibility, contest_form_view",
    });
    expect((await refused(send(reader, "paywall_view", 0), 400)).message).toBe(
      "partId names the part",
    );
    expect((await refused(send(reader, "paywall_view", free), 409)).code).toBe("not_locked");
    expect((await refused(send(reader, "paywall_view", 999_999), 404)).code).toBe("not_found");
    expect((await refused(send(null, "purchase_failed"), 401)).code).toBe("unauthorized");
    // The author reads every part: there is no paywall for them to see.
    expect((await refused(send(author, "paywall_view"), 409)).code).toBe("not_locked");
    expect(await funnel()).toEqual(before);
  });

  it("takes a beacon's form as well as JSON", async () => {
    const reader = await signedInUser(t.handle.db);
    const answer = await t.get("/v5/events", {
      method: "POST",
      headers: { cookie: reader.cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ name: "paywall_view", partId: String(locked) }).toString(),
    });
    expect(await answer.json()).toEqual({ recorded: true });
  });

  it("keeps one view per reader, part and day when the same view arrives at once", async () => {
    const reader = await signedInUser(t.handle.db);
    const before = (await funnel())?.views ?? 0;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => json<{ recorded: boolean }>(send(reader, "paywall_view"))),
    );
    expect(answers.filter((answer) => answer.recorded)).toHaveLength(1);
    expect((await funnel())?.views).toBe(before + 1);
  });
});

describe("story clicks", () => {
  let found: { id: number; partIds: number[] };
  beforeAll(async () => {
    found = await createStory(t.handle.db, author.id, { title: "Found Along The Way" });
  });
  const click = (who: { cookie: string } | null, source: string, storyId = found.id) =>
    t.send("POST", "/v5/events", who, { name: "story_click", storyId, source });
  const discovery = async () =>
    (await json<AnalyticsOverview>(tab("overview", author, found.id))).discovery;

  it("shows where readers found a story: clicks by kind of page, a reader once a day", async () => {
    expect(await discovery()).toEqual({ clicks: 0, sources: [] });
    const [one, two, three] = await Promise.all([
      signedInUser(t.handle.db),
      signedInUser(t.handle.db),
      signedInUser(t.handle.db),
    ]);
    for (const who of [one, two, three]) {
      expect(await json(click(who, "home"))).toEqual({ recorded: true });
    }
    expect(await json(click(one, "home"))).toEqual({ recorded: false });
    expect(await json(click(one, "search"))).toEqual({ recorded: true });
    expect(await json(click(null, "tag"))).toEqual({ recorded: true });
    expect(await json(click(null, "tag"))).toEqual({ recorded: true });
    // The author finding their own story is no discovery.
    expect(await json(click(author, "profile"))).toEqual({ recorded: false });

    const exported = await json<{ storyClicks: { source: string }[] }>(
      t.send("GET", `/api/v3/users/${one.username}/export`, one),
    );
    expect(exported.storyClicks.map((row) => row.source)).toEqual(["home", "search"]);
    expect(await discovery()).toEqual({
      clicks: 6,
      sources: [
        { key: "home", share: 50 },
        { key: "tag", share: 33 },
        { key: "search", share: 17 },
      ],
    });
  });

  it("refuses unknown pages and stories a reader may not see, recording nothing", async () => {
    const before = await discovery();
    const reader = await signedInUser(t.handle.db);
    const bad = await click(reader, "elsewhere");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      message:
        "source must be one of home, search, tag, catalog, featured, list, library, profile, story",
    });
    const draft = await createStory(t.handle.db, author.id, { draft: 1 });
    expect((await click(reader, "home", draft.id)).status).toBe(404);
    expect((await click(reader, "home", 999_999)).status).toBe(404);
    const noId = await t.send("POST", "/v5/events", reader, {
      name: "story_click",
      source: "home",
    });
    expect(noId.status).toBe(400);
    expect(await discovery()).toEqual(before);
  });
});

describe("ad eligibility decisions", () => {
  let free: { id: number; partIds: number[] };
  beforeAll(async () => {
    free = await createStory(t.handle.db, author.id, { title: "Ads Welcome" });
  });
  const referenceId = () => crypto.randomUUID();
  const decide = (who: { cookie: string } | null, slot: Record<string, unknown>) =>
    t.send("POST", "/v5/events", who, {
      name: "ad_eligibility",
      referenceId: referenceId(),
      ...slot,
    });
  const onStory = (storyId: number) => ({ placement: "story", storyId });
  const onComments = (partId: number) => ({ placement: "comments", partId });
  const rows = () =>
    t.handle.db
      .selectFrom("ad_eligibility_events")
      .select(["placement", "story_id", "part_id", "user_id", "eligible", "factor", "country_code"])
      .orderBy("id")
      .execute();

  it("records each slot's decision, a reader once a day and a visitor each time", async () => {
    const reader = await signedInUser(t.handle.db, { country: "GB" });
    const part = free.partIds[0] as number;
    const passes = { eligible: true, factor: "passes_all_rules" };
    expect(await json(decide(reader, onStory(free.id)))).toEqual({ recorded: true, ...passes });
    // A reload the same day is the same decision.
    expect(await json(decide(reader, onStory(free.id)))).toEqual({ recorded: false, ...passes });
    expect(await json(decide(reader, onComments(part)))).toEqual({ recorded: true, ...passes });
    // Visitors have no country to check: ads by default, and each view counts.
    const byDefault = { recorded: true, eligible: true, factor: "default" };
    expect(await json(decide(null, onStory(free.id)))).toEqual(byDefault);
    expect(await json(decide(null, onStory(free.id)))).toEqual(byDefault);

    const exported = await json<{ adEligibilityEvents: Record<string, unknown>[] }>(
      t.send("GET", `/api/v3/users/${reader.username}/export`, reader),
    );
    expect(
      exported.adEligibilityEvents.map((row) => [
        row.placement,
        Number(row.story_id),
        row.part_id === null ? null : Number(row.part_id),
        Number(row.eligible),
        row.factor,
        row.country_code,
      ]),
    ).toEqual([
      ["story", free.id, null, 1, "passes_all_rules", "GB"],
      ["comments", free.id, part, 1, "passes_all_rules", "GB"],
    ]);
    const visitors = (await rows()).filter((row) => row.user_id === null);
    expect(visitors.map((row) => [row.factor, row.country_code])).toEqual([
      ["default", null],
      ["default", null],
    ]);
  });

  it("are counted apart from the events writers read, so a long read leaves those alone", async () => {
    const reader = await signedInUser(t.handle.db);
    const part = free.partIds[0] as number;
    // One ad slot per part opened: more than the other events' 120 an hour.
    for (let opened = 0; opened < 121; opened++) {
      expect((await decide(reader, onComments(part))).status).toBe(200);
    }
    const clicked = await t.send("POST", "/v5/events", reader, {
      name: "story_click",
      storyId: free.id,
      source: "home",
    });
    expect(clicked.status).toBe(200);
  });

  it("takes a beacon's form as well as JSON", async () => {
    const reader = await signedInUser(t.handle.db);
    const answer = await t.get("/v5/events", {
      method: "POST",
      headers: { cookie: reader.cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        name: "ad_eligibility",
        referenceId: referenceId(),
        placement: "story",
        storyId: String(free.id),
      }).toString(),
    });
    expect(await answer.json()).toEqual({ recorded: true, eligible: true, factor: "default" });
  });

  it("records the server's decision, whatever the page says it decided", async () => {
    const lie = { eligible: true, factor: "passes_all_rules" };
    const paid = await createStory(t.handle.db, author.id, { is_paid: 1 });
    const exempt = await createStory(t.handle.db, author.id, { ad_exempt: 1 });
    const flagged = await createStory(t.handle.db, author.id, { banned_cover: "flagged.jpg" });
    const mature = await createStory(t.handle.db, author.id, { rating: 4 });
    const reader = await signedInUser(t.handle.db, {
      country: "GB",
      birthdate: isoYearsAgo(30),
      include_mature: 1,
    });
    const premium = await signedInUser(t.handle.db, { is_premium: 1 });
    const cases: Array<[{ cookie: string } | null, number, string]> = [
      [reader, paid.id, "paid_story"],
      [null, exempt.id, "ad_exempt_story"],
      [reader, flagged.id, "image_moderation"],
      [reader, mature.id, "brand_unsafe"],
      [premium, free.id, "premium_subscription"],
    ];
    for (const [who, storyId, factor] of cases) {
      const answer = await json(decide(who, { ...onStory(storyId), ...lie }));
      expect([storyId, answer]).toEqual([storyId, { recorded: true, eligible: false, factor }]);
    }
    const kept = (await rows()).filter((row) =>
      [paid.id, exempt.id, flagged.id, mature.id].includes(Number(row.story_id)),
    );
    expect(kept.map((row) => [Number(row.eligible), row.factor])).toEqual([
      [0, "paid_story"],
      [0, "ad_exempt_story"],
      [0, "image_moderation"],
      [0, "brand_unsafe"],
    ]);
    const premiums = (await rows()).filter((row) => Number(row.user_id) === premium.id);
    expect(premiums.map((row) => [Number(row.eligible), row.factor])).toEqual([
      [0, "premium_subscription"],
    ]);
  });

  it("counts a story as image-moderated while its cover is flagged, not once its writer removes it", async () => {
    const cover = `/media/covers/ads-${crypto.randomUUID()}.jpg`;
    const covered = await createStory(t.handle.db, author.id, { cover });
    const moderator = await signedInUser(t.handle.db, { is_ambassador: 1 });
    const flagged = await t.send("POST", "/v5/image_moderation/flags", moderator, {
      image_url: cover,
    });
    expect(flagged.status).toBe(201);
    const storySlot = { placement: "story", storyId: covered.id };
    const commentsSlot = { placement: "comments", partId: covered.partIds[0] };
    const adsAnswer = () =>
      json<{ ads: boolean; imageModerated: boolean }>(
        t.send("GET", `/api/v3/stories/${covered.id}?fields=ads,imageModerated`, null),
      );
    const skipped = { recorded: true, eligible: false, factor: "image_moderation" };
    expect(await json(decide(null, storySlot))).toEqual(skipped);
    expect(await json(decide(null, commentsSlot))).toEqual(skipped);
    expect(await adsAnswer()).toEqual({ ads: false, imageModerated: true });

    const removed = await t.send("PUT", `/v4/works/${covered.id}`, author, { cover: null });
    expect(removed.status).toBe(200);
    const shown = { recorded: true, eligible: true, factor: "default" };
    expect(await json(decide(null, storySlot))).toEqual(shown);
    expect(await json(decide(null, commentsSlot))).toEqual(shown);
    expect(await adsAnswer()).toEqual({ ads: true, imageModerated: false });
  });

  it("refuses a bad placement, missing data and slots the viewer cannot see, recording nothing", async () => {
    const before = (await rows()).length;
    const reader = await signedInUser(t.handle.db);
    const refused = async (response: Promise<Response>, status: number) => {
      const answer = await response;
      expect(answer.status).toBe(status);
      return answer.json() as Promise<ApiError>;
    };
    expect(
      (await refused(decide(reader, { placement: "sidebar", storyId: free.id }), 400)).message,
    ).toBe("placement must be one of story, comments");
    expect((await refused(decide(reader, { storyId: free.id }), 400)).message).toBe(
      "placement must be one of story, comments",
    );
    expect((await refused(decide(reader, { placement: "story" }), 400)).message).toBe(
      "storyId names the story",
    );
    expect((await refused(decide(reader, { placement: "comments" }), 400)).message).toBe(
      "partId names the part",
    );
    const noReference = t.send("POST", "/v5/events", reader, {
      name: "ad_eligibility",
      ...onStory(free.id),
    });
    expect((await refused(noReference, 400)).message).toBe(
      "referenceId is the page view's id, a UUID",
    );
    const badReference = t.send("POST", "/v5/events", reader, {
      name: "ad_eligibility",
      referenceId: "page-1",
      ...onStory(free.id),
    });
    expect((await refused(badReference, 400)).message).toBe(
      "referenceId is the page view's id, a UUID",
    );
    const draft = await createStory(t.handle.db, author.id, { draft: 1 });
    expect((await refused(decide(reader, onStory(draft.id)), 404)).code).toBe("not_found");
    expect((await refused(decide(reader, onStory(999_999)), 404)).code).toBe("not_found");
    // A locked part's comments are not shown, nor their ads.
    const paid = await createStory(t.handle.db, author.id, {
      is_paid: 1,
      is_paywalled: 1,
      paid_model: "paid_story",
      parts: [{}, { paywalled: 1 }],
    });
    expect((await refused(decide(reader, onComments(paid.partIds[1] as number)), 403)).code).toBe(
      "locked_part",
    );
    expect((await rows()).length).toBe(before);
  });

  describe("in a special exempt country", () => {
    // Behind one proxy that names each request's country, with Germany exempt.
    const proxied = () =>
      createApi(t.handle, {
        limits: accountLimiters(1000),
        trustedProxies: 1,
        countryHeader: "cf-ipcountry",
        adExemptCountries: new Set(["DE"]),
      });
    /** What a page of `api` learns of its ads: the story page's, the comments', the record. */
    async function adsFor(
      api: ReturnType<typeof createApi>,
      who: { cookie: string } | null,
      country?: string,
    ) {
      const call = async (method: string, path: string, body?: unknown) => {
        const headers: Record<string, string> = { "x-forwarded-for": "203.0.113.9" };
        if (who) headers.cookie = who.cookie;
        if (country !== undefined) headers["cf-ipcountry"] = country;
        if (body !== undefined) headers["content-type"] = "application/json";
        const response = await api.request(path, {
          method,
          headers,
          ...(body !== undefined && { body: JSON.stringify(body) }),
        });
        expect(response.status).toBe(200);
        return response.json() as Promise<Record<string, unknown>>;
      };
      const part = free.partIds[0] as number;
      const reference = referenceId();
      const decision = await call("POST", "/v5/events", {
        name: "ad_eligibility",
        referenceId: reference,
        ...onStory(free.id),
      });
      const row = await t.handle.db
        .selectFrom("ad_eligibility_events")
        .select("country_code")
        .where("reference_id", "=", reference)
        .executeTakeFirstOrThrow();
      return {
        storyPage: (await call("GET", `/api/v3/stories/${free.id}?fields=ads`)).ads,
        comments: (await call("GET", `/v5/comments/namespaces/parts/resources/${part}/comments`))
          .ads,
        factor: decision.factor,
        countryCode: row.country_code,
      };
    }
    const exempt = (countryCode: string) => ({
      storyPage: false,
      comments: false,
      factor: "special_exempt_country",
      countryCode,
    });
    const shown = (factor: string, countryCode: string | null) => ({
      storyPage: true,
      comments: true,
      factor,
      countryCode,
    });

    // A reader's slot is recorded once a day: each look is a new reader's.
    const livingIn = (country: string) => signedInUser(t.handle.db, { country });

    it("skips the ads for a reader whose profile or request is in one", async () => {
      const api = proxied();
      expect(await adsFor(api, await livingIn("DE"))).toEqual(exempt("DE"));
      expect(await adsFor(api, await livingIn("GB"))).toEqual(shown("passes_all_rules", "GB"));
      // Where the reader is now, as the proxy says, before where their profile says they live.
      expect(await adsFor(api, await livingIn("GB"), "de")).toEqual(exempt("DE"));
      expect(await adsFor(api, await livingIn("DE"), "GB")).toEqual(
        shown("passes_all_rules", "GB"),
      );
      // Visitors have only the request's country; the proxy's 'unknown' is none.
      expect(await adsFor(api, null, "DE")).toEqual(exempt("DE"));
      expect(await adsFor(api, null, "FR")).toEqual(shown("passes_all_rules", "FR"));
      expect(await adsFor(api, null, "XX")).toEqual(shown("default", null));
      expect(await adsFor(api, null)).toEqual(shown("default", null));
    });

    it("is no country while none is configured, and the header is no one's without a proxy", async () => {
      // The test API: no exempt countries, no proxy, no country header.
      expect(await adsFor(t.api, await livingIn("DE"))).toEqual(shown("passes_all_rules", "DE"));
      expect(await adsFor(t.api, null, "DE")).toEqual(shown("default", null));
    });
  });
});
