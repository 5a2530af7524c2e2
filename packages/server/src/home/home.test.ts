import type {
  ContentSettings,
  ContinueReadingSections,
  HomeFeed,
  HomeSection,
} from "@inkwell/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApi } from "../testing/api.ts";
import {
  createStory,
  createUser,
  firstPartOf,
  isoYearsAgo,
  sessionCookie,
} from "../testing/fixtures.ts";

const t = useTestApi();

interface Reader {
  id: number;
  username: string;
  cookie: string;
}

async function reader(): Promise<Reader> {
  const user = await createUser(t.handle.db, { email_verified: 1, birthdate: isoYearsAgo(30) });
  return { ...user, cookie: await sessionCookie(t.handle.db, user.id) };
}

function send(method: string, path: string, who: Reader | null, body?: unknown) {
  const headers: Record<string, string> = {};
  if (who) headers.cookie = who.cookie;
  if (body !== undefined) headers["content-type"] = "application/json";
  return t.get(path, {
    method,
    headers,
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
}

async function feed(who: Reader | null): Promise<HomeSection[]> {
  const response = await send("GET", `/v5/home?cache=${Date.now()}`, who);
  expect(response.status).toBe(200);
  return ((await response.json()) as HomeFeed).sections;
}

const ofType = <T extends HomeSection["type"]>(sections: HomeSection[], type: T) =>
  sections.filter((s): s is Extract<HomeSection, { type: T }> => s.type === type);

/** Every story id any section of the feed shows. */
function storyIds(sections: HomeSection[]): number[] {
  return sections.flatMap((section) => {
    switch (section.type) {
      case "storySpotlight":
      case "storyExpanded":
        return [section.data.item.id];
      case "storyHeroGroup":
        return [section.data.heroItem, ...section.data.listItems].map((item) => item.id);
      case "storyList":
      case "rankedStoryList":
      case "paid":
      case "premiumPicksRow":
        return section.data.items.map((item) => item.id);
      case "paidMultiRow":
        return section.data.rows.flatMap((row) => row.items.map((item) => item.id));
      default:
        return [];
    }
  });
}

/** The headings of the genre sections: a hero for the first genre, rows for the others. */
const genreSections = (sections: HomeSection[]) =>
  sections.flatMap((section) => {
    if (section.type === "storyHeroGroup") {
      const { heroItem, listItems } = section.data;
      return [{ heading: section.data.heading, ids: [heroItem, ...listItems].map((s) => s.id) }];
    }
    if (section.type === "storyList" && section.data.subheading === "Because you chose it") {
      return [{ heading: section.data.heading, ids: section.data.items.map((s) => s.id) }];
    }
    return [];
  });

const choose = (who: Reader, preferredTags: string[]) =>
  send("POST", `/v5/users/${who.username}/content-settings`, who, { preferredTags });

const savePosition = (who: Reader, storyId: number, partId: number) =>
  send("POST", "/apiv2/syncreadingposition", who, {
    story_id: storyId,
    part_id: partId,
    position: 0.5,
  });

let author: { id: number; username: string };
let horror: number;
let romance: number;
let mature: number;
let serial: { id: number; partIds: number[] };
let paidRomance: number;
let paidMature: number;
let sponsoredStory: number;
let promotionId: number;
let frenchList: number;
let englishList: number;

beforeAll(async () => {
  const db = t.handle.db;
  author = await createUser(db);
  horror = (await createStory(db, author.id, { tags: ["horror"], read_count: 50 })).id;
  romance = (await createStory(db, author.id, { tags: ["romance"], read_count: 40 })).id;
  mature = (await createStory(db, author.id, { tags: ["horror"], rating: 4, read_count: 90 })).id;
  serial = await createStory(db, author.id, { parts: [{}, {}, {}], read_count: 10 });
  const paid = { is_paid: 1 as const, paid_model: "paid_story" };
  paidRomance = (await createStory(db, author.id, { ...paid, tags: ["romance"], read_count: 30 }))
    .id;
  paidMature = (
    await createStory(db, author.id, { ...paid, tags: ["romance"], rating: 4, read_count: 35 })
  ).id;
  sponsoredStory = (await createStory(db, author.id, { tags: ["fantasy"], read_count: 1 })).id;
  const now = Date.now();
  const promotion = await db
    .insertInto("story_promotions")
    .values({
      story_id: sponsoredStory,
      sponsor_name: "Moonlit Press",
      starts_at: now - 86_400_000,
      ends_at: now + 86_400_000,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  promotionId = Number(promotion.id);
  // An ended campaign shows nowhere.
  await db
    .insertInto("story_promotions")
    .values({ story_id: horror, sponsor_name: "Old", starts_at: now - 9e9, ends_at: now - 1 })
    .execute();
  englishList = await curatedList("inkwell_en", "Editors' picks", [horror, romance]);
  frenchList = await curatedList("inkwell_fr", "Coups de cœur", [romance]);
});

/** A curation account's public list of these stories. */
async function curatedList(username: string, name: string, stories: number[]) {
  const curator = await createUser(t.handle.db, { username, email_verified: 1 });
  const cookie = await sessionCookie(t.handle.db, curator.id);
  const response = await send("POST", "/api/v3/lists/", { ...curator, cookie }, { name, stories });
  expect(response.status).toBeLessThan(300);
  return ((await response.json()) as { id: number }).id;
}

describe("GET /v5/home", () => {
  it("gives visitors a generic feed with a sign-up cta and no personal sections", async () => {
    const sections = await feed(null);
    const types = sections.map((s) => s.type);
    expect(types).toContain("cta");
    expect(types).toContain("rankedStoryList");
    expect(types).toContain("smallNavigation");
    expect(types).not.toContain("continueReadingSwimlane");
    expect(storyIds(sections)).not.toContain(mature);
    const ranked = ofType(sections, "rankedStoryList")[0];
    expect(ranked?.data.items.map((item) => item.rank)).toEqual(
      ranked?.data.items.map((_, index) => index + 1),
    );
  });

  it("shapes a reader's lists by the genres they chose", async () => {
    const [a, b] = [await reader(), await reader()];
    expect((await choose(a, ["horror"])).status).toBe(200);
    expect((await choose(b, ["romance"])).status).toBe(200);
    const [aLists, bLists] = [genreSections(await feed(a)), genreSections(await feed(b))];
    expect(aLists).toEqual([{ heading: "Top picks in Horror", ids: [mature, horror] }]);
    expect(bLists).toEqual([
      { heading: "Top picks in Romance", ids: [romance, paidMature, paidRomance] },
    ]);
    // Each genre after the first is a row of its own.
    expect((await choose(a, ["horror", "romance"])).status).toBe(200);
    expect(genreSections(await feed(a)).map((section) => section.heading)).toEqual([
      "Top picks in Horror",
      "Top picks in Romance",
    ]);
  });

  it("reads the chosen genres back from the content settings, in the order chosen", async () => {
    const a = await reader();
    const path = `/v5/users/${a.username}/content-settings`;
    const settings = async () => (await (await send("GET", path, a)).json()) as ContentSettings;
    expect((await settings()).preferredTags).toEqual([]);
    await choose(a, ["mystery", "horror"]);
    expect((await settings()).preferredTags).toEqual(["mystery", "horror"]);
    await choose(a, []);
    expect((await settings()).preferredTags).toEqual([]);
  });

  it("takes genres by name as §7 sends them, or by tag, in any case", async () => {
    const a = await reader();
    const path = `/v5/users/${a.username}/content-settings`;
    const saved = await choose(a, ["Science Fiction", "historical fiction", "ROMANCE"]);
    expect(saved.status).toBe(200);
    const { preferredTags } = (await (await send("GET", path, a)).json()) as ContentSettings;
    expect(preferredTags).toEqual(["scifi", "historical", "romance"]);
    // A name and its tag are one genre.
    expect((await choose(a, ["Teen Fiction", "teenfiction"])).status).toBe(200);
    const again = (await (await send("GET", path, a)).json()) as ContentSettings;
    expect(again.preferredTags).toEqual(["teenfiction"]);
  });

  it("keeps one choice whole, never more than three, when Finish is pressed twice at once", async () => {
    for (let round = 0; round < 5; round++) {
      const a = await reader();
      await choose(a, ["poetry"]);
      const answers = await Promise.all([
        choose(a, ["mystery", "horror", "romance"]),
        choose(a, ["fantasy", "romance", "horror"]),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      const path = `/v5/users/${a.username}/content-settings`;
      const { preferredTags } = (await (await send("GET", path, a)).json()) as ContentSettings;
      expect([
        ["mystery", "horror", "romance"],
        ["fantasy", "romance", "horror"],
      ]).toContainEqual(preferredTags);
    }
  });

  it("refuses more than three genres, or tags that are not genres, with §8's message", async () => {
    const a = await reader();
    await choose(a, ["horror"]);
    const tooMany = await choose(a, ["horror", "romance", "poetry", "fantasy"]);
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as { message: string }).message).toBe(
      "Oops, you can only select three genres. Try removing one before adding another",
    );
    const notGenre = await choose(a, ["not-a-genre"]);
    expect(notGenre.status).toBe(400);
    expect(((await notGenre.json()) as { message: string }).message).toBe(
      "Choose from the listed genres.",
    );
    const path = `/v5/users/${a.username}/content-settings`;
    const kept = (await (await send("GET", path, a)).json()) as ContentSettings;
    expect(kept.preferredTags).toEqual(["horror"]);
    const other = await reader();
    expect((await send("POST", path, other, { preferredTags: ["horror"] })).status).toBe(403);
  });

  it("refuses reading or changing another reader's content settings with one message", async () => {
    const [a, other] = await Promise.all([reader(), reader()]);
    const path = `/v5/users/${a.username}/content-settings`;
    const refusals = await Promise.all([
      send("GET", path, other),
      send("POST", path, other, { preferredTags: ["horror"] }),
      send("PUT", `${path}/include-mature`, other, { includeMature: false }),
    ]);
    expect(refusals.map((refusal) => refusal.status)).toEqual([403, 403, 403]);
    expect(await Promise.all(refusals.map((refusal) => refusal.json()))).toEqual(
      Array(3).fill({
        code: "forbidden",
        message: "You can only see and change your own content settings.",
      }),
    );
  });

  it("leaves out blocked tags and blocked authors, and mature stories when turned off", async () => {
    const a = await reader();
    await choose(a, ["horror"]);
    expect(storyIds(await feed(a))).toContain(mature);
    expect(storyIds(await feed(a))).toContain(paidMature);
    await send("PUT", `/v5/users/${a.username}/content-settings/include-mature`, a, {
      includeMature: false,
    });
    let ids = storyIds(await feed(a));
    expect(ids).not.toContain(mature);
    expect(ids).not.toContain(paidMature);
    expect(ids).toContain(horror);
    expect(ids).toContain(paidRomance);

    await send("PUT", `/v5/users/${a.username}/content-settings/blocked-tags`, a, {
      blockedTags: ["romance"],
    });
    ids = storyIds(await feed(a));
    expect(ids).not.toContain(romance);
    expect(ids).not.toContain(paidRomance);
    expect(ids).toContain(horror);

    await send("POST", `/v4/users/${author.username}/blocks`, a);
    ids = storyIds(await feed(a));
    for (const id of [horror, romance, mature, serial.id, paidRomance, sponsoredStory]) {
      expect(ids).not.toContain(id);
    }
  });

  it("lists stories being read most recent first, and shows a new position at once", async () => {
    const a = await reader();
    expect((await savePosition(a, horror, await firstPart(horror))).status).toBe(200);
    expect((await savePosition(a, serial.id, serial.partIds[1] as number)).status).toBe(200);
    const strip = async () => ofType(await feed(a), "continueReadingSwimlane")[0]?.data.items ?? [];
    const first = await strip();
    expect(first.map((item) => item.id)).toEqual([serial.id, horror]);
    expect(first[0]).toMatchObject({
      type: "currentRead",
      title: expect.any(String),
      current_part: { number: 2, id: serial.partIds[1] },
      total_parts: 3,
      new_parts: 0,
    });

    // The feed is cached, but a new reading position drops this reader's copy.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await savePosition(a, horror, await firstPart(horror));
    expect((await strip()).map((item) => item.id)).toEqual([horror, serial.id]);
  });

  it("answers the strip's dynamic path with its section again, the same items", async () => {
    const a = await reader();
    await savePosition(a, romance, await firstPart(romance));
    const swimlane = ofType(await feed(a), "continueReadingSwimlane")[0];
    expect(swimlane?.dynamic.path).toBe(`/v5/users/${a.username}/continue-reading`);
    const response = await send("GET", swimlane?.dynamic.path ?? "", a);
    expect(response.status).toBe(200);
    expect((await response.json()) as ContinueReadingSections).toEqual({ sections: [swimlane] });
    // A newer position shows on the path at once, before the feed's cache moves.
    await savePosition(a, horror, await firstPart(horror));
    const again = (await (
      await send("GET", swimlane?.dynamic.path ?? "", a)
    ).json()) as ContinueReadingSections;
    expect(again.sections[0]?.data.items.map((item) => item.id)).toEqual([horror, romance]);
    expect((await send("GET", swimlane?.dynamic.path ?? "", await reader())).status).toBe(403);
  });

  it("sends every section type a reader's signals call for, in feed order", async () => {
    const a = await reader();
    await choose(a, ["romance", "horror"]);
    await savePosition(a, serial.id, serial.partIds[0] as number);
    const horrorPart = await firstPart(horror);
    expect(
      (await send("POST", `/api/v3/stories/${horror}/parts/${horrorPart}/votes`, a)).status,
    ).toBeLessThan(300);
    await send("POST", `/api/v3/users/${a.username}/following`, a, { users: author.username });
    const sections = await feed(a);
    expect(sections.map((s) => s.type)).toEqual([
      "continueReadingSwimlane",
      "greeting",
      "featured",
      "storyHeroGroup",
      "storyList",
      "storyExpanded",
      "paid",
      "storyList",
      "storySpotlight",
      "rankedStoryList",
      "premiumPicksRow",
      "storyList",
      "paidMultiRow",
      "smallNavigation",
    ]);
    expect(ofType(sections, "featured")[0]?.data.items).toEqual([
      {
        id: englishList,
        image: null,
        heading: "Editors' picks",
        subheading: "2 stories",
        weblink: `/featured/${englishList}`,
      },
    ]);
    const hero = ofType(sections, "storyHeroGroup")[0]?.data;
    expect(hero?.heroItem.id).toBe(romance);
    expect(hero?.heroItems).toEqual([hero?.heroItem]);
    expect(hero?.listItems.map((s) => s.id)).toEqual([paidMature, paidRomance]);
    const expanded = ofType(sections, "storyExpanded")[0]?.data;
    const horrorTitle = await titleOf(horror);
    expect(expanded?.heading).toBe(`Because you voted for ${horrorTitle}`);
    expect(expanded?.item.id).toBe(mature);
    expect(expanded?.expandPrompt).toBe("Read more");
    const spotlight = ofType(sections, "storySpotlight")[0]?.data;
    expect(spotlight?.background).toBe(spotlight?.item.cover);
    // Each card says which list brought it; nothing here was filtered by a mature setting.
    expect(
      sections.flatMap((section) =>
        section.type === "featured" || !("items" in section.data)
          ? []
          : [
              [
                section.type,
                ...new Set(
                  section.data.items.flatMap((item) => ("sources" in item ? item.sources : [])),
                ),
              ],
            ],
      ),
    ).toEqual([
      ["continueReadingSwimlane"],
      ["storyList", "genre"],
      ["paid", "originals"],
      ["storyList", "sponsored"],
      ["rankedStoryList", "hot"],
      ["premiumPicksRow", "picks"],
      ["storyList", "following"],
    ]);
    expect(sections.some((section) => "showContentSettings" in section.data)).toBe(false);
    expect(ofType(sections, "paid")[0]?.data.heading).toBe("Inkwell Originals");
    expect(ofType(sections, "paid")[0]?.data.items.map((s) => s.id)).toEqual([
      paidMature,
      paidRomance,
    ]);
    // Both paid sections' See all leads to the paid stories catalog.
    expect(ofType(sections, "paid")[0]?.data.weblink).toBe("/catalog/paidstories");
    expect(ofType(sections, "paidMultiRow")[0]?.data.weblink).toBe("/catalog/paidstories");
    const promoted = ofType(sections, "storyList").find((s) => s.data.isPromoted);
    expect(promoted?.data.items).toEqual([
      expect.objectContaining({
        id: sponsoredStory,
        sponsorName: "Moonlit Press",
        clickUrl: `/v5/promotions/${promotionId}/click`,
        impressionUrl: `/v5/promotions/${promotionId}/impression`,
      }),
    ]);
    // Both Originals are this month's picks (five a month, from all of them).
    const picks = ofType(sections, "premiumPicksRow")[0]?.data;
    expect(picks?.items.map((s) => s.id).sort()).toEqual([paidRomance, paidMature].sort());
    expect(picks?.weblink).toBe("/catalog/premiumpicks");
    expect(picks?.prompt).toBe(
      "Any Premium or Premium+ plan gives you access to 5 Originals a month.",
    );
    expect(new Date(picks?.expiresAt ?? 0).getUTCDate()).toBe(1);
    // Only genres with Originals get a row.
    expect(ofType(sections, "paidMultiRow")[0]?.data.rows).toEqual([
      {
        heading: "Romance",
        items: [expect.objectContaining({ id: paidMature }), expect.anything()],
      },
    ]);
  });

  it("offers the content settings on lists a reader's mature setting filtered", async () => {
    const offers = (sections: HomeSection[]) =>
      sections.filter((section) => "showContentSettings" in section.data).map((s) => s.type);
    const a = await reader();
    await choose(a, ["horror"]);
    expect(offers(await feed(a))).toEqual([]);
    await send("PUT", `/v5/users/${a.username}/content-settings/include-mature`, a, {
      includeMature: false,
    });
    const filtered = await feed(a);
    expect(offers(filtered)).toEqual([
      "storyHeroGroup",
      "paid",
      "storyList",
      "storySpotlight",
      "rankedStoryList",
      "premiumPicksRow",
    ]);
    expect(ofType(filtered, "storyHeroGroup")[0]?.data.showContentSettings).toBe(true);
    // Minors and visitors cannot change it, so nothing is offered to them.
    const minor = await createUser(t.handle.db, { email_verified: 1, birthdate: isoYearsAgo(15) });
    const young = { ...minor, cookie: await sessionCookie(t.handle.db, minor.id) };
    await choose(young, ["horror"]);
    expect(offers(await feed(young))).toEqual([]);
    expect(offers(await feed(null))).toEqual([]);
  });

  it("tells readers without Premium what a plan gives them in the picks row", async () => {
    const prompt = async (who: Reader | null) =>
      ofType(await feed(who), "premiumPicksRow")[0]?.data.prompt;
    expect(await prompt(null)).toBe(
      "Any Premium or Premium+ plan gives you access to 5 Originals a month.",
    );
    const subscriber = await createUser(t.handle.db, {
      email_verified: 1,
      birthdate: isoYearsAgo(30),
      is_premium: 1,
    });
    const cookie = await sessionCookie(t.handle.db, subscriber.id);
    expect(await prompt({ ...subscriber, cookie })).toBeUndefined();
  });

  it("leads a new account to the questionnaire, then to genres, and visitors to sign up", async () => {
    const ctaOf = async (who: Reader | null) => ofType(await feed(who), "cta")[0]?.data;
    const a = await reader();
    expect(await ctaOf(a)).toEqual({
      heading: "Welcome to Inkwell",
      message:
        "Tell us whether you read, write or both, then pick up to three genres, and we'll make this feed yours.",
      button: { text: "Get started", url: "/start/writerjourney" },
    });
    // Answered, the feed asks for genres at once, not after its cache expires.
    const answered = await send("PUT", "/v5/users/me/writer-onboarding", a, {
      user_type: "reader",
    });
    expect(answered.status).toBe(200);
    expect((await ctaOf(a))?.button).toEqual({ text: "Pick genres", url: "/start/genres" });
    expect((await choose(a, ["horror"])).status).toBe(200);
    expect(await ctaOf(a)).toBeUndefined();
    // Genres chosen without the questionnaire leave nothing to ask either.
    const b = await reader();
    await choose(b, ["romance"]);
    expect(await ctaOf(b)).toBeUndefined();
    expect((await ctaOf(null))?.button).toEqual({ text: "Start Reading", url: "/signup" });
  });

  it("counts a visitor's click or impression of a sponsored story once a day", async () => {
    const counts = () =>
      t.handle.db
        .selectFrom("story_promotions")
        .select(["clicks", "impressions"])
        .where("id", "=", promotionId)
        .executeTakeFirstOrThrow();
    const before = await counts();
    expect((await send("GET", `/v5/promotions/${promotionId}/impression`, null)).status).toBe(204);
    expect((await send("GET", `/v5/promotions/${promotionId}/click`, null)).status).toBe(204);
    expect((await send("GET", `/v5/promotions/${promotionId}/click`, null)).status).toBe(204);
    expect(await counts()).toEqual({
      clicks: before.clicks + 1,
      impressions: before.impressions + 1,
    });
    expect((await send("GET", "/v5/promotions/999999/click", null)).status).toBe(404);
    expect((await send("GET", `/v5/promotions/${promotionId}/hover`, null)).status).toBe(400);
  });

  it("features the curation lists of the reader's language", async () => {
    const slideIds = (sections: HomeSection[]) =>
      ofType(sections, "featured")[0]?.data.items.map((slide) => slide.id);
    expect(slideIds(await feed(null))).toEqual([englishList]);
    const french = await t.get(`/v5/home?cache=1`, { headers: { cookie: "locale=fr" } });
    expect(slideIds(((await french.json()) as HomeFeed).sections)).toEqual([frenchList]);
    const german = await t.get(`/v5/home?cache=1`, { headers: { cookie: "locale=de" } });
    expect(slideIds(((await german.json()) as HomeFeed).sections)).toBeUndefined();
    const user = await createUser(t.handle.db, { email_verified: 1, language_id: 2 });
    const frenchReader = { ...user, cookie: await sessionCookie(t.handle.db, user.id) };
    expect(slideIds(await feed(frenchReader))).toEqual([frenchList]);

    const lists = await send("GET", "/api/v3/users/inkwell_en/lists", null);
    expect(((await lists.json()) as { lists: { id: number; featured: boolean }[] }).lists).toEqual([
      expect.objectContaining({ id: englishList, featured: true }),
    ]);
  });

  it("lists the latest stories of followed writers", async () => {
    const a = await reader();
    const writer = await createUser(t.handle.db);
    const story = await createStory(t.handle.db, writer.id);
    const followHeadings = async () =>
      ofType(await feed(a), "storyList").map((section) => section.data.heading);
    expect(await followHeadings()).not.toContain("From writers you follow");
    await send("POST", `/api/v3/users/${a.username}/following`, a, { users: writer.username });
    const lists = ofType(await feed(a), "storyList");
    expect(lists.find((s) => s.data.heading === "From writers you follow")?.data.items).toEqual([
      expect.objectContaining({ id: story.id }),
    ]);
  });

  it("names no story the reader can no longer see in Because you voted for", async () => {
    const a = await reader();
    const vote = async (storyId: number) =>
      expect(
        (
          await send(
            "POST",
            `/api/v3/stories/${storyId}/parts/${await firstPart(storyId)}/votes`,
            a,
          )
        ).status,
      ).toBe(200);
    const writer = await reader();
    const gone = await createStory(t.handle.db, writer.id, {
      title: "The Deleted Lighthouse",
      tags: ["horror"],
    });
    await vote(horror);
    await vote(gone.id);
    expect((await send("DELETE", `/v4/works/${gone.id}`, writer)).status).toBe(200);
    const headings = ofType(await feed(a), "storyExpanded").map((s) => s.data.heading);
    const horrorTitle = await titleOf(horror);
    expect(headings).toEqual([`Because you voted for ${horrorTitle}`]);
  });

  // Last: it closes the account of a writer whose stories the other tests show.
  it("shows feeds a writer's new name, and takes a closed account's stories out, at once", async () => {
    const signedIn = await reader();
    const shown = storyIds(await feed(null))[0];
    expect(storyIds(await feed(signedIn))).toContain(shown);
    expect(shown).toBeDefined();
    const writer = await t.handle.db
      .selectFrom("stories")
      .innerJoin("users", "users.id", "stories.user_id")
      .select(["users.id", "users.username", "users.name"])
      .where("stories.id", "=", Number(shown))
      .executeTakeFirstOrThrow();
    const { username } = writer;
    const renamed = await send(
      "PATCH",
      `/api/v3/users/${username}`,
      { ...writer, cookie: await sessionCookie(t.handle.db, writer.id) },
      { name: "Skerry Vale" },
    );
    expect(renamed.status).toBe(200);
    for (const who of [null, signedIn]) {
      const cards = JSON.stringify(await feed(who));
      expect([cards.includes("Skerry Vale"), cards.includes(`"${writer.name}"`)]).toEqual([
        true,
        false,
      ]);
    }

    const moderator = await reader();
    await t.handle.db
      .updateTable("users")
      .set({ is_ambassador: 1 })
      .where("id", "=", moderator.id)
      .execute();
    const closed = await send("POST", `/api/v3/users/${username}/moderation/close`, moderator, {
      reason: "copyright",
    });
    expect(closed.status).toBe(200);
    expect(storyIds(await feed(null))).not.toContain(shown);
    expect(storyIds(await feed(signedIn))).not.toContain(shown);
  });

  it("takes a story its writer made mature out of visitors' feeds at once", async () => {
    const shown = storyIds(await feed(null))[0];
    expect(shown).toBeDefined();
    const story = await t.handle.db
      .selectFrom("stories")
      .innerJoin("users", "users.id", "stories.user_id")
      .select(["stories.id", "users.id as userId", "users.username"])
      .where("stories.id", "=", Number(shown))
      .executeTakeFirstOrThrow();
    const writer = {
      id: story.userId,
      username: story.username,
      cookie: await sessionCookie(t.handle.db, story.userId),
    };
    // The visitors' feed is kept for a while (HOME_CACHE_MS): this one was just built.
    expect(storyIds(await feed(null))).toContain(shown);
    const made = await send("PUT", `/v4/works/${story.id}`, writer, { mature: true });
    expect(made.status).toBe(200);
    expect(storyIds(await feed(null))).not.toContain(shown);
  });
});

async function titleOf(storyId: number): Promise<string> {
  const row = await t.handle.db
    .selectFrom("stories")
    .select("title")
    .where("id", "=", storyId)
    .executeTakeFirstOrThrow();
  return row.title;
}

const firstPart = (storyId: number) => firstPartOf(t.handle.db, storyId);
