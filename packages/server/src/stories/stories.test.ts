import {
  GENRES,
  MATURE_RATING,
  picksFor,
  picksMonth,
  type StoryDetails,
  type StoryList,
} from "@inkwell/shared";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createApi } from "../app.ts";
import { computeTagRankings } from "../rankings/job.ts";
import { useTestApi } from "../testing/api.ts";
import {
  addReads,
  createStory,
  createUser,
  DAY,
  isoYearsAgo,
  sessionCookie,
  signedIn,
} from "../testing/fixtures.ts";

const t = useTestApi();
let author: { id: number; username: string };
let story: { id: number; partIds: number[] };

beforeAll(async () => {
  const db = t.handle.db;
  author = await createUser(db, { username: "MaraWrites", name: "Mara Quill" });
  const now = Date.now();
  story = await createStory(db, author.id, {
    title: "The Lighthouse Keeper",
    description: "Waves, secrets and a lamp that never goes out.",
    completed: 1,
    language_id: 1,
    tags: ["mystery", "sea", "secrets"],
    categories: ["Mystery"],
    read_count: 1234,
    vote_count: 56,
    parts: [
      { title: "Prologue", word_count: 1000, create_date: now - 40 * DAY },
      { title: "The Storm", word_count: 1500, create_date: now - 3 * DAY },
      { title: "Unfinished", word_count: 900, draft: 1, create_date: now - 2 * DAY },
      { title: "Removed", word_count: 800, deleted: 1, create_date: now - 2 * DAY },
    ],
  });
});

describe("GET /api/v3/stories/{id}", () => {
  it("returns the story details a reader sees, with only published parts", async () => {
    const response = await t.get(`/api/v3/stories/${story.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    const body = (await response.json()) as StoryDetails;
    expect(body).toMatchObject({
      id: story.id,
      title: "The Lighthouse Keeper",
      description: "Waves, secrets and a lamp that never goes out.",
      url: `/story/${story.id}`,
      user: { username: "MaraWrites", name: "Mara Quill", fullname: "Mara Quill", avatar: null },
      completed: true,
      mature: false,
      rating: 1,
      draft: false,
      deleted: false,
      copyright: 1,
      numParts: 2,
      numNewParts: 1,
      numNewBonusParts: 0,
      readCount: 1234,
      voteCount: 56,
      length: 2500,
      language: { id: 1, name: "English" },
      tags: ["mystery", "sea", "secrets"],
      storyTags: [
        { name: "mystery", url: "/stories/mystery" },
        { name: "sea", url: "/stories/sea" },
        { name: "secrets", url: "/stories/secrets" },
      ],
      storyCategories: [{ name: "Mystery", slug: "mystery" }],
      firstPartId: story.partIds[0],
      firstStoryPart: { id: story.partIds[0], url: `/${story.partIds[0]}` },
      lastPublishedPart: { id: story.partIds[1] },
    });
    expect(body.recommendedStories).toBeUndefined();
    expect(body).not.toHaveProperty("premiumPicks");
    // Opened by id, so no list put it here; report, translate and come-back links.
    expect(body).toMatchObject({
      sources: [],
      storyReportUrl: `/v5/infringement/story/${story.id}/copyright/report`,
      storyTranslateUrl: null,
      nextUrl: `/story/${story.id}`,
      serverError: false,
    });
    expect(body.parts.map((part) => [part.title, part.url, part.new])).toEqual([
      ["Prologue", `/${story.partIds[0]}`, false],
      ["The Storm", `/${story.partIds[1]}`, true],
    ]);
  });

  it("shows the author their drafts, marked, but never a deleted part, and counts only published ones", async () => {
    const db = t.handle.db;
    const at = Date.UTC(2031, 4, 6, 9, 15);
    const scheduled = await createStory(db, author.id, {
      parts: [
        { title: "Out" },
        { title: "Soon", draft: 1, scheduled_at: at },
        { title: "Sketch", draft: 1 },
        { title: "Gone", deleted: 1 },
      ],
    });
    const fields = "numParts,parts(title,draft,isScheduledPart,formattedScheduledPublishDatetime)";
    const own = await t.get(`/api/v3/stories/${scheduled.id}?fields=${fields}`, {
      headers: { cookie: await sessionCookie(db, author.id) },
    });
    expect(await own.json()).toEqual({
      numParts: 1,
      parts: [
        {
          title: "Out",
          draft: false,
          isScheduledPart: false,
          formattedScheduledPublishDatetime: null,
        },
        {
          title: "Soon",
          draft: true,
          isScheduledPart: true,
          formattedScheduledPublishDatetime: new Date(at).toISOString(),
        },
        {
          title: "Sketch",
          draft: true,
          isScheduledPart: false,
          formattedScheduledPublishDatetime: null,
        },
      ],
    });
    const reader = await signedIn(db);
    const seen = await t.get(
      `/api/v3/stories/${scheduled.id}?fields=numParts,parts(title)`,
      reader,
    );
    expect(await seen.json()).toEqual({ numParts: 1, parts: [{ title: "Out" }] });
    expect((await t.get(`/api/v3/story_parts/${scheduled.partIds[1]}`, reader)).status).toBe(404);
    // Staff see the drafts as the author does, on the story as on the part itself.
    const staff = {
      headers: { cookie: await sessionCookie(db, (await createUser(db, { is_staff: 1 })).id) },
    };
    const asStaff = await t.get(`/api/v3/stories/${scheduled.id}?fields=parts(title)`, staff);
    expect(await asStaff.json()).toEqual({
      parts: [{ title: "Out" }, { title: "Soon" }, { title: "Sketch" }],
    });
    expect((await t.get(`/api/v3/story_parts/${scheduled.partIds[1]}`, staff)).status).toBe(200);
  });

  it("returns only the fields named, nested as asked", async () => {
    const response = await t.get(
      `/api/v3/stories/${story.id}?fields=id,title,parts(id,title,url),user(username)`,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      id: story.id,
      title: "The Lighthouse Keeper",
      parts: [
        { id: story.partIds[0], title: "Prologue", url: `/${story.partIds[0]}` },
        { id: story.partIds[1], title: "The Storm", url: `/${story.partIds[1]}` },
      ],
      user: { username: "MaraWrites" },
    });
  });

  it("answers every field alone as the whole answer has it, for readers and for the author", async () => {
    const db = t.handle.db;
    const now = Date.now();
    const told = await createStory(db, author.id, {
      title: "Salt and Signal",
      tags: ["shortwave", "signal-fires"],
      categories: ["Mystery"],
      parts: [
        { title: "Static", word_count: 1200, create_date: now - 30 * DAY },
        { title: "Extra", word_count: 300, is_bonus: 1, create_date: now - DAY },
        { title: "Draft", draft: 1, create_date: now - DAY },
      ],
    });
    await addReads(db, told.partIds[0] as number, told.id, 40);
    await computeTagRankings(db);
    for (const viewer of [{}, { headers: { cookie: await sessionCookie(db, author.id) } }]) {
      const whole = (await (await t.get(`/api/v3/stories/${told.id}`, viewer)).json()) as Record<
        string,
        unknown
      >;
      expect(whole.tagRankings).not.toEqual([]);
      for (const [field, value] of Object.entries(whole)) {
        const alone = await t.get(`/api/v3/stories/${told.id}?fields=${field}`, viewer);
        expect(await alone.json(), field).toEqual({ [field]: value });
      }
      const { id, title, url, cover, user, tagRankings } = whole;
      const rankings = await t.get(
        `/api/v3/stories/${told.id}?fields=id,title,url,cover,user,tagRankings`,
        viewer,
      );
      expect(await rankings.json()).toEqual({ id, title, url, cover, user, tagRankings });
    }
  });

  it("says whether a story is this or next month's Premium Pick, only when asked", async () => {
    const db = t.handle.db;
    const writer = await createUser(db);
    // Eleven more Originals than any other test makes: two months of picks and one left over.
    for (let n = 0; n < 11; n++) await createStory(db, writer.id, { is_paid: 1 });
    const wheel = (
      await db
        .selectFrom("stories")
        .select("id")
        .where("is_paid", "=", 1)
        .where("draft", "=", 0)
        .where("deleted", "=", 0)
        .orderBy("id")
        .execute()
    ).map((row) => Number(row.id));
    const now = new Date();
    const current = picksFor(wheel, picksMonth(now).index);
    const upcoming = picksFor(wheel, picksMonth(now, 1).index);
    const neither = wheel.find((id) => !current.includes(id) && !upcoming.includes(id));
    const picksOf = async (id: number) =>
      (await (await t.get(`/api/v3/stories/${id}?fields=id,premiumPicks`)).json()) as StoryDetails;

    const thisMonth = picksMonth(now);
    expect(await picksOf(current[0] as number)).toEqual({
      id: current[0],
      premiumPicks: {
        liveness: "current",
        startsAt: picksMonth(now, -1).expiresAt.toISOString(),
        endsAt: thisMonth.expiresAt.toISOString(),
      },
    });
    expect((await picksOf(upcoming[0] as number)).premiumPicks).toEqual({
      liveness: "upcoming",
      startsAt: thisMonth.expiresAt.toISOString(),
      endsAt: picksMonth(now, 1).expiresAt.toISOString(),
    });
    expect((await picksOf(neither as number)).premiumPicks).toBeNull();
    // Only Originals are picked.
    expect((await picksOf(story.id)).premiumPicks).toBeNull();
  });

  it("shows the author's verified, staff and ambassador badges", async () => {
    const db = t.handle.db;
    const staff = await createUser(db, { is_verified: 1, is_staff: 1, is_ambassador: 1 });
    const badged = await createStory(db, staff.id);
    const response = await t.get(`/api/v3/stories/${badged.id}?fields=user(username,badges)`);
    expect(await response.json()).toEqual({
      user: { username: staff.username, badges: ["verified", "staff", "ambassador"] },
    });
    const plain = await t.get(`/api/v3/stories/${story.id}?fields=user(badges)`);
    expect(await plain.json()).toEqual({ user: { badges: [] } });
  });

  it("answers firstPartId alone for the Read now link", async () => {
    const response = await t.get(`/api/v3/stories/${story.id}?fields=firstPartId`);
    expect(await response.json()).toEqual({ firstPartId: story.partIds[0] });
  });

  it("answers 404 JSON for an unknown story", async () => {
    const response = await t.get("/api/v3/stories/999999");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: "not_found", message: "Story was not found" });
  });

  it("answers 500 with serverError when the story cannot be put together", async () => {
    const story = await createStory(t.handle.db, author.id);
    // A database that fails every query, as one that went away would.
    const failing = t.handle.db.withPlugin({
      transformQuery: () => {
        throw new Error("the database went away");
      },
      transformResult: async ({ result }) => result,
    });
    const api = createApi({ ...t.handle, db: failing });
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const response = await api.request(`/api/v3/stories/${story.id}`);
      expect([response.status, await response.json()]).toEqual([
        500,
        { code: "internal", message: "Something went wrong. Please try again.", serverError: true },
      ]);
      expect(errors).toHaveBeenCalledOnce();
    } finally {
      errors.mockRestore();
    }
  });

  it.each([
    ["/api/v3/stories/abc", "id must be a positive whole number"],
    ["/api/v3/stories/0", "id must be a positive whole number"],
    [`/api/v3/stories/1?fields=parts(id`, "fields: expected ')'"],
    [`/api/v3/stories/1?fields=id,,title`, "fields: expected a field name"],
  ])("answers 400 with {code, message} for %s", async (path, message) => {
    const response = await t.get(path);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { code: string; message: string };
    expect(body.code).toBe("bad_request");
    expect(body.message).toContain(message);
  });

  it("answers a field name it does not know by leaving it out (decision 117)", async () => {
    const response = await t.get(
      `/api/v3/stories/${story.id}?fields=title,firstPartTitle,user(username,pronouns),parts(id,inkColour)`,
    );
    expect([response.status, await response.json()]).toEqual([
      200,
      {
        title: "The Lighthouse Keeper",
        user: { username: "MaraWrites" },
        parts: story.partIds.slice(0, 2).map((id) => ({ id })),
      },
    ]);
  });

  it("hides draft and deleted stories from everyone but their author", async () => {
    const draft = await createStory(t.handle.db, author.id, { draft: 1 });
    const deleted = await createStory(t.handle.db, author.id, { deleted: 1 });
    expect((await t.get(`/api/v3/stories/${draft.id}`)).status).toBe(404);
    expect((await t.get(`/api/v3/stories/${deleted.id}`)).status).toBe(404);
  });

  it("recommends the stories readers favour in the same tags, never itself or drafts", async () => {
    const db = t.handle.db;
    const other = await createUser(db);
    const close = await createStory(db, other.id, { title: "Close", tags: ["mystery", "sea"] });
    const far = await createStory(db, other.id, { title: "Far", tags: ["mystery"] });
    const hidden = await createStory(db, other.id, {
      title: "Hidden",
      tags: ["mystery", "sea"],
      draft: 1,
    });
    const unrelated = await createStory(db, other.id, { title: "Unrelated", tags: ["space"] });
    // Far is read more, but Close shares two tags: sharing more tags wins.
    for (const [target, reads] of [
      [close, 2],
      [far, 9],
      [hidden, 20],
      [unrelated, 30],
      [story, 1],
    ] as const) {
      await addReads(db, target.partIds[0] as number, target.id, reads);
    }
    await computeTagRankings(db);
    const response = await t.get(`/api/v3/stories/${story.id}?fields=recommendedStories(id,title)`);
    const body = (await response.json()) as { recommendedStories: { id: number; title: string }[] };
    expect(body.recommendedStories).toEqual([
      { id: close.id, title: "Close" },
      { id: far.id, title: "Far" },
    ]);
    const withSources = await t.get(
      `/api/v3/stories/${story.id}?fields=recommendedStories(sources)`,
    );
    expect(await withSources.json()).toEqual({
      recommendedStories: [{ sources: ["similar"] }, { sources: ["similar"] }],
    });
  });

  it("gates a mature story: 403 for visitors and minors, shown to adults", async () => {
    const db = t.handle.db;
    const mature = await createStory(db, author.id, { title: "After Dark", rating: 4 });
    const visitor = await t.get(`/api/v3/stories/${mature.id}`);
    expect(visitor.status).toBe(403);
    expect(await visitor.json()).toEqual({
      code: "mature_content",
      message: "This story is for mature readers. Log in to read it.",
    });
    const minor = await signedIn(db, { birthdate: isoYearsAgo(15) });
    expect((await t.get(`/api/v3/stories/${mature.id}`, minor)).status).toBe(403);
    const optedOut = await signedIn(db, { birthdate: isoYearsAgo(30), include_mature: 0 });
    expect((await t.get(`/api/v3/story_parts/${mature.partIds[0]}`, optedOut)).status).toBe(403);
    const adult = await signedIn(db, { birthdate: isoYearsAgo(30) });
    const shown = await t.get(`/api/v3/stories/${mature.id}?fields=title,mature`, adult);
    expect(await shown.json()).toEqual({ title: "After Dark", mature: true });
    const own = await t.get(`/api/v3/stories/${mature.id}?fields=title`, {
      headers: { cookie: await sessionCookie(db, author.id) },
    });
    expect(own.status).toBe(200);
  });
});

describe("GET /api/v3/stories", () => {
  it("lists published stories of a tag by popularity, with paging", async () => {
    const db = t.handle.db;
    const writer = await createUser(db);
    const ids: number[] = [];
    for (const reads of [10, 30, 20]) {
      ids.push((await createStory(db, writer.id, { tags: ["harbour"], read_count: reads })).id);
    }
    await createStory(db, writer.id, { tags: ["harbour"], draft: 1, read_count: 1000 });

    const first = await t.get("/api/v3/stories?filter=hot&tag=Harbour&limit=2");
    expect(first.status).toBe(200);
    const page = (await first.json()) as StoryList;
    expect(page.total).toBe(3);
    expect(page.stories.map((s) => s.id)).toEqual([ids[1], ids[2]]);
    expect(page.stories.map((s) => s.sources)).toEqual([["hot"], ["hot"]]);
    expect(page.nextUrl).toBe("/api/v3/stories?filter=hot&limit=2&tag=Harbour&offset=2");

    const second = (await (await t.get(page.nextUrl as string)).json()) as StoryList;
    expect(second.stories.map((s) => s.id)).toEqual([ids[0]]);
    expect(second.nextUrl).toBeNull();
  });

  it("moves a story up its tag's hot list as it is read, and counts the tag's stories", async () => {
    const db = t.handle.db;
    const writer = await createUser(db);
    const leader = await createStory(db, writer.id, { tags: ["breakwater"], read_count: 2 });
    const chaser = await createStory(db, writer.id, { tags: ["breakwater"], read_count: 1 });
    await createStory(db, writer.id, { tags: ["breakwater"], deleted: 1, read_count: 9 });
    const hot = async () =>
      (await (await t.get("/api/v3/stories?filter=hot&tag=breakwater")).json()) as StoryList;
    expect((await hot()).stories.map((s) => s.id)).toEqual([leader.id, chaser.id]);
    // A control character in the tag is dropped: PostgreSQL would refuse its NUL.
    const nul = (await (
      await t.get("/api/v3/stories?filter=hot&tag=break%00water")
    ).json()) as StoryList;
    expect(nul.stories.map((s) => s.id)).toEqual([leader.id, chaser.id]);
    for (let i = 0; i < 2; i++) {
      const read = await t.get(`/api/v3/story_parts/${chaser.partIds[0]}/reads`, {
        method: "POST",
        headers: { cookie: await sessionCookie(db, (await createUser(db)).id) },
      });
      expect(read.status).toBe(200);
    }
    const after = await hot();
    expect(after.stories.map((s) => [s.id, s.readCount])).toEqual([
      [chaser.id, 3],
      [leader.id, 2],
    ]);
    expect(after.total).toBe(2);
  });

  it("lists a category's stories by reads and counts only those a visitor may see", async () => {
    const db = t.handle.db;
    const writer = await createUser(db);
    const categories = ["Harbour Tales"];
    const second = await createStory(db, writer.id, { categories, read_count: 5 });
    const first = await createStory(db, writer.id, { categories, read_count: 8 });
    await createStory(db, writer.id, { categories, read_count: 9, deleted: 1 });
    await createStory(db, writer.id, { categories, read_count: 9, rating: MATURE_RATING });
    await createStory(db, writer.id, { categories: ["Other Shores"], read_count: 99 });
    const category = await db
      .selectFrom("categories")
      .select("id")
      .where("name", "=", "Harbour Tales")
      .executeTakeFirstOrThrow();
    const list = (await (
      await t.get(`/api/v3/stories?filter=hot&category=${category.id}`)
    ).json()) as StoryList;
    expect(list.stories.map((card) => card.id)).toEqual([first.id, second.id]);
    expect(list.total).toBe(2);
  });

  it("gives cards their tag rankings and the author's fullname, rankings only when named", async () => {
    const db = t.handle.db;
    const writer = await createUser(db, { name: "Ida Lantern" });
    const ranked = await createStory(db, writer.id, { tags: ["quayside", "fog"] });
    const unread = await createStory(db, writer.id, { tags: ["quayside"] });
    await addReads(db, ranked.partIds[0] as number, ranked.id, 3);
    await computeTagRankings(db);
    const path = "/api/v3/stories?filter=new&tag=quayside";
    const plain = (await (await t.get(path)).json()) as StoryList;
    expect(plain.stories.map((card) => card.tagRankings)).toEqual([undefined, undefined]);
    expect(plain.stories[0]?.user).toMatchObject({ name: "Ida Lantern", fullname: "Ida Lantern" });
    const asked = await t.get(`${path}&fields=stories(id,sources,tagRankings,user(fullname))`);
    expect(await asked.json()).toEqual({
      stories: [
        { id: unread.id, sources: ["new"], tagRankings: [], user: { fullname: "Ida Lantern" } },
        {
          id: ranked.id,
          sources: ["new"],
          tagRankings: [
            { rank: 1, name: "fog" },
            { rank: 1, name: "quayside" },
          ],
          user: { fullname: "Ida Lantern" },
        },
      ],
    });
  });

  it("refuses a limit out of range and an unknown filter, saying what it takes", async () => {
    const limit = "limit must be a whole number from 1 to 100";
    for (const [query, message] of [
      ["limit=0", limit],
      ["limit=101", limit],
      ["limit=99999", limit],
      ["limit=-1", limit],
      ["filter=cold", "filter must be one of hot, new"],
      ["offset=-1", "offset must be a whole number from 0 to 9999999"],
    ]) {
      const response = await t.get(`/api/v3/stories?${query}`);
      expect(response.status, query).toBe(400);
      expect(await response.json(), query).toMatchObject({ code: "bad_request", message });
    }
  });
});

describe("lists and mature stories", () => {
  it("lists mature stories only to adults who keep them on", async () => {
    const db = t.handle.db;
    const writer = await createUser(db);
    const plain = await createStory(db, writer.id, { tags: ["lighthouse"], read_count: 5 });
    const mature = await createStory(db, writer.id, {
      tags: ["lighthouse"],
      rating: 4,
      read_count: 50,
    });
    const ids = async (init?: RequestInit) =>
      (
        (await (await t.get("/api/v3/stories?tag=lighthouse", init)).json()) as StoryList
      ).stories.map((s) => s.id);
    expect(await ids()).toEqual([plain.id]);
    expect(await ids(await signedIn(db, { birthdate: isoYearsAgo(16) }))).toEqual([plain.id]);
    expect(await ids(await signedIn(db, { birthdate: isoYearsAgo(40) }))).toEqual([
      mature.id,
      plain.id,
    ]);
  });

  it("answers GET /v4/paid_stories/tags/{tag} with the hottest paid stories of the tag", async () => {
    const db = t.handle.db;
    const writer = await createUser(db);
    const cheap = await createStory(db, writer.id, {
      tags: ["galleon"],
      is_paid: 1,
      read_count: 3,
    });
    const hot = await createStory(db, writer.id, { tags: ["galleon"], is_paid: 1, read_count: 9 });
    await createStory(db, writer.id, { tags: ["galleon"], read_count: 99 });
    const response = await t.get(
      "/v4/paid_stories/tags/galleon?limit=-1&fields=stories(id,isPaid),tag",
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      tag: "galleon",
      stories: [
        { id: hot.id, isPaid: true },
        { id: cheap.id, isPaid: true },
      ],
    });
    expect((await t.get("/v4/paid_stories/tags/galleon?limit=0")).status).toBe(400);
    expect(await (await t.get("/v4/paid_stories/tags/gal%00leon?fields=tag")).json()).toEqual({
      tag: "galleon",
    });
  });

  it("pages a paid tag or group by offset, each page's nextUrl leading to the next until the end", async () => {
    const db = t.handle.db;
    const writer = await createUser(db);
    const hottestFirst: number[] = [];
    for (const read_count of [50, 40, 30, 20, 10]) {
      const made = await createStory(db, writer.id, {
        tags: ["brigantine"],
        is_paid: 1,
        read_count,
      });
      hottestFirst.push(made.id);
    }
    type Page = { stories: { id: number }[]; nextUrl: string | null };
    const page = async (path: string) => {
      const response = await t.get(path);
      expect(response.status, path).toBe(200);
      return (await response.json()) as Page;
    };
    /** Every page of `first`, following each answer's nextUrl. */
    const walk = async (first: string) => {
      const pages: number[][] = [];
      let next: string | null = first;
      while (next !== null) {
        const answer: Page = await page(next);
        pages.push(answer.stories.map((card) => card.id));
        next = answer.nextUrl;
      }
      return pages;
    };

    expect(
      await walk("/v4/paid_stories/tags/brigantine?limit=2&fields=stories(id),nextUrl"),
    ).toEqual([hottestFirst.slice(0, 2), hottestFirst.slice(2, 4), hottestFirst.slice(4)]);
    expect(await page("/v4/paid_stories/tags/brigantine?limit=2&offset=3")).toMatchObject({
      tag: "brigantine",
      stories: [{ id: hottestFirst[3] }, { id: hottestFirst[4] }],
      nextUrl: null,
    });
    expect(
      await page("/v4/paid_stories/tags/brigantine?offset=5&fields=stories(id),nextUrl"),
    ).toEqual({
      stories: [],
      nextUrl: null,
    });
    // A catalog group pages the same way: its pages, put together, are the group in one answer.
    const whole = await page("/v4/paid_stories/tags/~ongoing?limit=-1&fields=stories(id),nextUrl");
    expect(whole.nextUrl).toBeNull();
    const pages = await walk("/v4/paid_stories/tags/~ongoing?limit=2&fields=stories(id),nextUrl");
    expect(pages.slice(0, -1).every((ids) => ids.length === 2)).toBe(true);
    expect(pages.flat()).toEqual(whole.stories.map((card) => card.id));
    expect(pages.flat()).toEqual(expect.arrayContaining(hottestFirst));
  });

  it("refuses a paid group's page out of range, saying what it takes", async () => {
    const limit = "limit must be -1 (up to 100) or a whole number from 1 to 100";
    const offset = "offset must be a whole number from 0 to 9999999";
    for (const [query, message] of [
      ["limit=0", limit],
      ["limit=101", limit],
      ["limit=-2", limit],
      ["limit=ten", limit],
      ["offset=-1", offset],
      ["offset=2.5", offset],
      ["offset=10000000", offset],
    ]) {
      for (const tag of ["galleon", "~new_releases"]) {
        const response = await t.get(`/v4/paid_stories/tags/${tag}?${query}`);
        expect(response.status, `${tag}?${query}`).toBe(400);
        expect(await response.json(), `${tag}?${query}`).toMatchObject({
          code: "bad_request",
          message,
        });
      }
    }
  });

  it("answers GET /v4/paid_stories/tags with the genres that have paid stories, in genre order", async () => {
    const db = t.handle.db;
    const writer = await createUser(db);
    const tagsNow = async () =>
      ((await (await t.get("/v4/paid_stories/tags")).json()) as { tags: string[] }).tags;
    const before = await tagsNow();
    await createStory(db, writer.id, { tags: ["poetry"], is_paid: 1 });
    await createStory(db, writer.id, { tags: ["humor"], is_paid: 1 });
    // A free story, a draft and a mature story do not make a group for a visitor.
    await createStory(db, writer.id, { tags: ["paranormal"] });
    await createStory(db, writer.id, { tags: ["paranormal"], is_paid: 1, draft: 1 });
    await createStory(db, writer.id, { tags: ["paranormal"], is_paid: 1, rating: MATURE_RATING });
    const after = await tagsNow();
    expect(after.filter((tag) => !before.includes(tag))).toEqual(["humor", "poetry"]);
    expect(after).not.toContain("paranormal");
    const genres = after.filter((tag) => !tag.startsWith("~"));
    expect(genres).toEqual(GENRES.map((genre) => genre.tag).filter((tag) => after.includes(tag)));
  });

  it("groups paid stories as new releases, ongoing and 'Stories for 74 coins or less'", async () => {
    const db = t.handle.db;
    const writer = await createUser(db);
    const plain = { paywalled: 1 };
    const day = 86_400_000;
    // 15 plain paywalled parts cost 72 Coins whole; 16 cost 77; a bonus part counts its own price.
    const cheap = await createStory(db, writer.id, {
      tags: ["ketch"],
      is_paid: 1,
      completed: 1,
      read_count: 40,
      last_published_at: Date.now() - 3 * day,
      parts: [{}, ...Array(15).fill(plain)],
    });
    const dear = await createStory(db, writer.id, {
      tags: ["ketch"],
      is_paid: 1,
      read_count: 30,
      last_published_at: Date.now() - day,
      parts: [{}, ...Array(16).fill(plain)],
    });
    const bonus = await createStory(db, writer.id, {
      tags: ["ketch"],
      is_paid: 1,
      read_count: 20,
      last_published_at: Date.now() - 2 * day,
      parts: [
        {},
        ...Array(14).fill(plain),
        { paywalled: 1, is_bonus: 1, bonus_type: "Exclusive Chapter" },
      ],
    });
    const mine = new Set([cheap.id, dear.id, bonus.id]);
    const group = async (key: string) => {
      const response = await t.get(
        `/v4/paid_stories/tags/${encodeURIComponent(key)}?limit=-1&fields=stories(id),tag`,
      );
      expect(response.status).toBe(200);
      const body = (await response.json()) as { tag: string; stories: { id: number }[] };
      expect(body.tag).toBe(key);
      return body.stories.map((story) => story.id).filter((id) => mine.has(id));
    };
    // 6 × 14 + 15 = 99 Coins, 79 whole: over the deal's 74.
    expect(await group("~deals")).toEqual([cheap.id]);
    expect(await group("~ongoing")).toEqual([dear.id, bonus.id]);
    expect(await group("~new_releases")).toEqual([dear.id, bonus.id, cheap.id]);
    const keys = ((await (await t.get("/v4/paid_stories/tags")).json()) as { tags: string[] }).tags;
    expect(keys.filter((key) => key.startsWith("~"))).toEqual([
      "~new_releases",
      "~ongoing",
      "~deals",
    ]);
  });

  it("groups as Featured picks the paid stories a curation account lists publicly, first", async () => {
    const db = t.handle.db;
    const writer = await createUser(db);
    const keys = async () =>
      ((await (await t.get("/v4/paid_stories/tags")).json()) as { tags: string[] }).tags;
    const featured = async (init?: RequestInit) => {
      const response = await t.get("/v4/paid_stories/tags/~featured?fields=stories(id),tag", init);
      expect(response.status).toBe(200);
      return ((await response.json()) as { stories: { id: number }[] }).stories.map(
        (card) => card.id,
      );
    };
    const paid = (read_count: number, more = {}) =>
      createStory(db, writer.id, { tags: ["schooner"], is_paid: 1, read_count, ...more });
    const [warm, hot, unlisted, secret, mature] = [
      await paid(10),
      await paid(50),
      await paid(90),
      await paid(70),
      await paid(80, { rating: MATURE_RATING }),
    ];
    const free = await createStory(db, writer.id, { tags: ["schooner"], read_count: 99 });
    expect(await keys()).not.toContain("~featured");

    const list = async (username: string, isPrivate: boolean, storyIds: number[]) => {
      const owner = await createUser(db, {
        username,
        email_verified: 1,
        birthdate: isoYearsAgo(30),
      });
      const response = await t.get("/api/v3/lists/", {
        method: "POST",
        headers: {
          cookie: await sessionCookie(db, owner.id),
          "content-type": "application/json",
        },
        body: JSON.stringify({ name: "Editors' Originals", stories: storyIds }),
      });
      expect(response.status).toBeLessThan(300);
      if (!isPrivate) return;
      const { id } = (await response.json()) as { id: number };
      await db.updateTable("reading_lists").set({ is_private: 1 }).where("id", "=", id).execute();
    };
    await list("inkwell_de", false, [warm.id, free.id, hot.id, mature.id]);
    await list("inkwell_it", true, [secret.id]);
    // Anyone else's list features nothing.
    await list("shelf_keeper", false, [unlisted.id]);

    // Hottest first; free stories, private lists and what the viewer may not see stay out.
    expect(await featured()).toEqual([hot.id, warm.id]);
    const adult = await signedIn(db, { birthdate: isoYearsAgo(30) });
    expect(await featured(adult)).toEqual([mature.id, hot.id, warm.id]);
    expect((await keys())[0]).toBe("~featured");
  });
});

describe("platform", () => {
  it("answers the health check", async () => {
    const response = await t.get("/healthz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });

  it("refuses state-changing requests from another site", async () => {
    const response = await t.get("/api/v3/stories/1", {
      method: "POST",
      headers: {
        origin: "https://evil.example",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "a=1",
    });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { code: string }).code).toBe("cross_origin");
    const fetchSite = await t.get("/api/v3/stories/1", {
      method: "DELETE",
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(fetchSite.status).toBe(403);
    const sameSite = await t.get("/api/v3/stories/1", {
      method: "DELETE",
      headers: { "sec-fetch-site": "same-origin" },
    });
    expect(sameSite.status).toBe(404);
  });

  it("publishes an OpenAPI document naming the story calls", async () => {
    const response = await t.get("/api/openapi.json");
    const doc = (await response.json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/v3/stories/{id}",
        "/api/v3/stories",
        "/api/v3/story_parts/{id}",
      ]),
    );
  });
});
