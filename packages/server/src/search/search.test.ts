import type {
  RecentSearches,
  StorySearchFilters,
  StorySearchResult,
  UserSearchResult,
} from "@inkwell/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { writerChanged } from "../events.ts";
import { useTestApi } from "../testing/api.ts";
import {
  createStory,
  createUser,
  DAY,
  isoYearsAgo,
  sessionCookie,
  signedIn,
  signedInUser,
} from "../testing/fixtures.ts";
import { searchStories } from "./service.ts";

const t = useTestApi();

async function storySearch(params: Record<string, string>, init?: RequestInit) {
  const response = await t.get(`/v4/search/stories?${new URLSearchParams(params)}`, init);
  expect(response.status).toBe(200);
  return (await response.json()) as StorySearchResult;
}

const titlesFor = async (params: Record<string, string>, init?: RequestInit) =>
  (await storySearch(params, init)).stories.map((story) => story.title);

/**
 * A small catalogue a reader knows: for each query, the stories they would expect among the
 * first five results. Titles, tags and descriptions overlap on purpose (dragons, ghosts,
 * detectives) so that ranking, not mere matching, decides.
 */
const CATALOGUE: Array<[title: string, tags: string[], description: string]> = [
  [
    "The Dragon's Apprentice",
    ["fantasy", "dragons", "magic"],
    "A young blacksmith is chosen by an ancient dragon.",
  ],
  [
    "Dragon Heart Academy",
    ["fantasy", "school"],
    "Students bond with dragons at a floating academy.",
  ],
  [
    "Midnight in Paris",
    ["romance", "travel"],
    "Two strangers fall in love on a rainy night in Paris.",
  ],
  [
    "The Vampire Next Door",
    ["vampire", "paranormal", "romance"],
    "My new neighbour only comes out after dark.",
  ],
  [
    "Werewolf Moon",
    ["werewolf", "paranormal"],
    "The pack alpha hides a secret under the full moon.",
  ],
  [
    "Murder at Blackwood Manor",
    ["mystery", "detective"],
    "Inspector Hale investigates a poisoning at a country house.",
  ],
  [
    "The Last Starship",
    ["scifi", "space"],
    "Humanity's final vessel searches for a new home among the stars.",
  ],
  ["Robots Dream Too", ["scifi", "robots", "ai"], "An android learns to paint."],
  ["Haunted Lighthouse", ["horror", "ghosts"], "A keeper hears voices from the sea."],
  [
    "Zombie Summer",
    ["horror", "zombies", "teenfiction"],
    "Summer camp goes wrong when the dead wake.",
  ],
  [
    "Pirates of the Crimson Tide",
    ["adventure", "pirates"],
    "A stowaway joins a pirate crew hunting treasure.",
  ],
  [
    "Jungle Expedition",
    ["adventure", "exploration"],
    "Explorers seek a lost temple in the Amazon.",
  ],
  ["Love Letters to Nobody", ["romance", "poetry"], "Poems written to a love that never arrived."],
  ["Haiku Seasons", ["poetry", "nature"], "A year of haiku about the changing seasons."],
  [
    "The Queen's Spy",
    ["historical", "spy"],
    "A maid at the Tudor court passes secrets to the queen.",
  ],
  ["Trenches", ["historical", "war"], "A soldier's letters home from 1916."],
  ["Awkward Prom Night", ["humor", "teenfiction"], "Everything that could go wrong at prom does."],
  [
    "The Accidental Wizard",
    ["humor", "fantasy", "magic"],
    "An accountant discovers he can cast spells, badly.",
  ],
  ["Silent Witness", ["thriller", "crime"], "The only witness to a murder cannot speak."],
  ["Code Red", ["thriller", "hackers"], "A hacker uncovers a conspiracy inside the bank."],
  ["Café au Lait", ["romance", "coffee"], "A barista and a regular customer trade notes on cups."],
  ["Ghost Writer", ["paranormal", "ghosts", "writing"], "A novelist's ghost finishes her books."],
  [
    "Time Travel Diaries",
    ["scifi", "timetravel"],
    "A girl finds a diary that writes back from the future.",
  ],
  ["Kingdom of Ash", ["fantasy", "war"], "Two rival queens fight over a burned kingdom."],
  ["Detective Whiskers", ["mystery", "cats", "humor"], "A cat solves crimes in a small village."],
  [
    "Ocean Between Us",
    ["romance", "longdistance"],
    "Lovers separated by an ocean write every day.",
  ],
  [
    "The Mountain King",
    ["adventure", "fantasy"],
    "A shepherd climbs the mountain to face its king.",
  ],
  ["Neon City", ["scifi", "cyberpunk"], "Rain-soaked streets, neon lights and a missing android."],
  [
    "Witch Academy",
    ["fantasy", "witches", "school"],
    "First-year witches learn potions and friendship.",
  ],
  [
    "Sherlock's Sister",
    ["mystery", "detective", "historical"],
    "The famous detective's sister solves the cases he cannot.",
  ],
];

/** 30 queries and the titles a reader expects in the first five. */
const RELEVANCE: Array<[query: string, expected: string[]]> = [
  ["dragon", ["The Dragon's Apprentice", "Dragon Heart Academy"]],
  ["dragons", ["The Dragon's Apprentice", "Dragon Heart Academy"]],
  ["drag", ["The Dragon's Apprentice", "Dragon Heart Academy"]],
  ["paris", ["Midnight in Paris"]],
  ["Vampire", ["The Vampire Next Door"]],
  ["werewolf", ["Werewolf Moon"]],
  ["murder", ["Murder at Blackwood Manor", "Silent Witness"]],
  ["blackwood manor", ["Murder at Blackwood Manor"]],
  ["starship", ["The Last Starship"]],
  ["robots", ["Robots Dream Too"]],
  ["haunted", ["Haunted Lighthouse"]],
  ["zombie", ["Zombie Summer"]],
  ["pirate", ["Pirates of the Crimson Tide"]],
  ["jungle", ["Jungle Expedition"]],
  ["love letters", ["Love Letters to Nobody"]],
  ["haiku", ["Haiku Seasons"]],
  ["spy", ["The Queen's Spy"]],
  ["wizard", ["The Accidental Wizard"]],
  ["witness", ["Silent Witness"]],
  ["hacker", ["Code Red"]],
  ["café", ["Café au Lait"]],
  ["ghost", ["Ghost Writer", "Haunted Lighthouse"]],
  ["time travel", ["Time Travel Diaries"]],
  ["kingdom", ["Kingdom of Ash"]],
  ["cat detective", ["Detective Whiskers"]],
  ["ocean", ["Ocean Between Us"]],
  ["mountain king", ["The Mountain King"]],
  ["cyberpunk", ["Neon City"]],
  ["witches", ["Witch Academy"]],
  ["sherlock", ["Sherlock's Sister"]],
];

let writer: { id: number; username: string };

beforeAll(async () => {
  writer = await createUser(t.handle.db, { username: "catalogue_writer" });
  for (const [title, tags, description] of CATALOGUE) {
    await createStory(t.handle.db, writer.id, { title, tags, description });
  }
});

describe("story search relevance", () => {
  it.each(RELEVANCE)("finds what a reader expects for %j in the top 5", async (query, expected) => {
    const top = (await titlesFor({ query })).slice(0, 5);
    for (const title of expected) expect(top).toContain(title);
  });

  it("ranks a title match above a description match", async () => {
    // "Murder at Blackwood Manor" has it in the title, "Silent Witness" in the description.
    expect((await titlesFor({ query: "murder" }))[0]).toBe("Murder at Blackwood Manor");
  });

  it("boosts stories tagged exactly with the query", async () => {
    const top = (await storySearch({ query: "fantasy" })).stories.slice(0, 5);
    expect(top).toHaveLength(5);
    for (const story of top) expect(story.tags).toContain("fantasy");
  });

  it("answers story cards with language and counts", async () => {
    const [story] = (await storySearch({ query: "starship" })).stories;
    expect(story).toMatchObject({
      title: "The Last Starship",
      user: { username: "catalogue_writer" },
      language: { id: 1 },
      numParts: 1,
      tags: ["scifi", "space"],
    });
  });

  it("tolerates a typo in a word that matches nothing", async () => {
    for (const query of ["dragom", "dragn", "draggon", "dragoon's"]) {
      expect((await titlesFor({ query })).slice(0, 5), query).toContain("The Dragon's Apprentice");
    }
  });
});

describe("story search filters", () => {
  const now = Date.now();
  let adult: RequestInit;

  beforeAll(async () => {
    const db = t.handle.db;
    const story = (title: string, input: Parameters<typeof createStory>[2]) =>
      createStory(db, writer.id, { title: `Zephyr ${title}`, ...input });
    await story("Complete Free", { completed: 1, num_parts: 5, last_published_at: now - 2 * DAY });
    await story("Ongoing Paid", { is_paid: 1, num_parts: 15, last_published_at: now - 100 * DAY });
    await story("Mature", { rating: 4, num_parts: 3, last_published_at: now - 3_600_000 });
    await story("Long Complete", {
      completed: 1,
      num_parts: 60,
      last_published_at: now - 200 * DAY,
    });
    await story("Draft", { draft: 1 });
    await story("Deleted", { deleted: 1 });
    adult = await signedIn(db, { birthdate: isoYearsAgo(30) });
  });

  const zephyr = (filters: Record<string, string> = {}, init?: RequestInit) =>
    titlesFor({ query: "zephyr", ...filters }, init).then((titles) =>
      titles.map((title) => title.replace("Zephyr ", "")).sort(),
    );

  it("never lists drafts, deleted stories or, to visitors, mature ones", async () => {
    expect(await zephyr()).toEqual(["Complete Free", "Long Complete", "Ongoing Paid"]);
  });

  it("shows mature stories to adults who see them, unless they hide them", async () => {
    expect(await zephyr({}, adult)).toContain("Mature");
    expect(await zephyr({ hideMature: "1" }, adult)).not.toContain("Mature");
    expect(await zephyr({ content: "mature" }, adult)).toEqual(["Mature"]);
    expect(await zephyr({ content: "mature" })).toEqual([]);
    const minor = await signedIn(t.handle.db, { birthdate: isoYearsAgo(15) });
    expect(await zephyr({}, minor)).not.toContain("Mature");
  });

  it("filters by content", async () => {
    expect(await zephyr({ content: "complete" })).toEqual(["Complete Free", "Long Complete"]);
    expect(await zephyr({ content: "paid" })).toEqual(["Ongoing Paid"]);
    expect(await zephyr({ content: "free" })).toEqual(["Complete Free", "Long Complete"]);
    expect(await zephyr({ content: "free,paid" })).toHaveLength(3);
    expect(await zephyr({ content: "complete,paid" })).toEqual([]);
  });

  it("filters by length in published parts", async () => {
    expect(await zephyr({ length: "oneToTen" })).toEqual(["Complete Free"]);
    expect(await zephyr({ length: "tenToTwenty" })).toEqual(["Ongoing Paid"]);
    expect(await zephyr({ length: "twentyToFifty" })).toEqual([]);
    expect(await zephyr({ length: "moreThanFifty" })).toEqual(["Long Complete"]);
  });

  it("filters by last update, the widest of several options winning", async () => {
    expect(await zephyr({ updated: "today" })).toEqual([]);
    expect(await zephyr({ updated: "today" }, adult)).toEqual(["Mature"]);
    expect(await zephyr({ updated: "week" })).toEqual(["Complete Free"]);
    expect(await zephyr({ updated: "week,month" })).toEqual(["Complete Free"]);
    expect(await zephyr({ updated: "week,year" })).toHaveLength(3);
    expect(await zephyr({ updated: "anytime,week" })).toHaveLength(3);
  });

  it("combines filters", async () => {
    expect(
      await zephyr({ content: "complete", length: "moreThanFifty", updated: "month" }),
    ).toEqual([]);
    expect(await zephyr({ content: "complete,free", updated: "month" })).toEqual(["Complete Free"]);
  });

  it("leaves out blocked tags and blocked or blocking authors (visibleStories)", async () => {
    const db = t.handle.db;
    const other = await createUser(db, { username: "zephyr_rival" });
    await createStory(db, other.id, { title: "Zephyr Rival", tags: ["windy"] });
    const reader = await createUser(db, { email_verified: 1 });
    const init = { headers: { cookie: await sessionCookie(db, reader.id) } };
    expect(await zephyr({}, init)).toContain("Rival");
    const now = Date.now();
    await db
      .insertInto("blocked_tags")
      .values({ user_id: reader.id, tag: "windy", created_at: now })
      .execute();
    expect(await zephyr({}, init)).not.toContain("Rival");
    await db.deleteFrom("blocked_tags").where("user_id", "=", reader.id).execute();
    await db
      .insertInto("user_blocks")
      .values({ blocker_id: other.id, blocked_id: reader.id, created_at: now })
      .execute();
    expect(await zephyr({}, init)).not.toContain("Rival");
    await db.deleteFrom("stories").where("user_id", "=", other.id).execute();
  });

  it("pages with nextUrl, keeping the filters, until it is null", async () => {
    const seen: string[] = [];
    let page = await storySearch({ query: "zephyr", content: "free", limit: "1" });
    for (;;) {
      seen.push(...page.stories.map((story) => story.title));
      if (!page.nextUrl) break;
      expect(page.nextUrl).toContain("content=free");
      const response = await t.get(page.nextUrl);
      page = (await response.json()) as StorySearchResult;
    }
    expect(seen.sort()).toEqual(["Zephyr Complete Free", "Zephyr Long Complete"]);
  });

  it("refuses unknown filter values with a 400", async () => {
    const refused: Record<string, string>[] = [
      { content: "cheap" },
      { length: "epic" },
      { updated: "soon" },
    ];
    for (const params of refused) {
      const response = await t.get(
        `/v4/search/stories?${new URLSearchParams({ query: "a", ...params })}`,
      );
      expect(response.status).toBe(400);
    }
  });
});

describe("the index follows writes", () => {
  const found = async (query: string) => (await titlesFor({ query })).length > 0;

  it("sees publishing, editing, tagging, unpublishing and deleting at once", async () => {
    const db = t.handle.db;
    const { id } = await createStory(db, writer.id, { title: "Quokka Chronicles", draft: 1 });
    expect(await found("quokka")).toBe(false);

    await db.updateTable("stories").set({ draft: 0 }).where("id", "=", id).execute();
    expect(await found("quokka")).toBe(true);

    await db
      .updateTable("stories")
      .set({ title: "Wombat Chronicles", description: "Burrows and badgers." })
      .where("id", "=", id)
      .execute();
    expect(await found("quokka")).toBe(false);
    expect(await found("wombat")).toBe(true);
    expect(await found("badgers")).toBe(true);

    const tag = await db
      .insertInto("tags")
      .values({ name: "marsupials" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.insertInto("story_tags").values({ story_id: id, tag_id: tag.id }).execute();
    expect(await found("marsupials")).toBe(true);
    await db.deleteFrom("story_tags").where("story_id", "=", id).execute();
    expect(await found("marsupials")).toBe(false);

    await db.updateTable("stories").set({ draft: 1 }).where("id", "=", id).execute();
    expect(await found("wombat")).toBe(false);
    await db.updateTable("stories").set({ draft: 0, deleted: 1 }).where("id", "=", id).execute();
    expect(await found("wombat")).toBe(false);

    await db.deleteFrom("parts").where("story_id", "=", id).execute();
    await db.deleteFrom("stories").where("id", "=", id).execute();
    expect(await found("wombat")).toBe(false);
  });
});

describe("the answer cache", () => {
  it("forgets an answer when any search indexes a write, even one that skips the cache", async () => {
    const db = t.handle.db;
    expect(await titlesFor({ query: "plover" })).toEqual([]);
    await createStory(db, writer.id, { title: "Plover Point" });
    const filters: StorySearchFilters = {
      updated: [],
      content: [],
      length: "anyLength",
      hideMature: false,
    };
    const search = { query: "plover", limit: 15, offset: 0, filters };
    await searchStories(db, t.handle.engine, search, null, { cached: false });
    expect(await titlesFor({ query: "plover" })).toEqual(["Plover Point"]);
  });

  it("forgets every answer when a writer's name or picture changes or their account closes", async () => {
    const db = t.handle.db;
    const guillemot = await signedInUser(db);
    await createStory(db, guillemot.id, { title: "Guillemot Cliffs" });
    const authorNames = async () =>
      (await storySearch({ query: "guillemot" })).stories.map((story) => story.user.name);
    expect(await authorNames()).toEqual([`Name of ${guillemot.username}`]);
    const renamed = await t.send("PATCH", `/api/v3/users/${guillemot.username}`, guillemot, {
      name: "Gil Emmot",
    });
    expect(renamed.status).toBe(200);
    expect(await authorNames()).toEqual(["Gil Emmot"]);
    // A picture changed (a moderator hid it) is no write the index sees: the event clears
    // the answer that SQLite's index kept (PostgreSQL's keeps none).
    const avatars = async () =>
      (await storySearch({ query: "guillemot" })).stories.map((story) => story.user.avatar);
    expect(await avatars()).toEqual([null]);
    await db
      .updateTable("users")
      .set({ avatar: "/media/avatars/new.jpg" })
      .where("id", "=", guillemot.id)
      .execute();
    writerChanged(guillemot.username);
    expect(await avatars()).toEqual(["/media/avatars/new.jpg"]);
    // An account without a password (signed up through a social login) needs none to close.
    const closed = await t.send("POST", "/close-account", guillemot, { password: "" });
    expect([closed.status, await titlesFor({ query: "guillemot" })]).toEqual([200, []]);
  });
});

describe("ranking beyond the words", () => {
  it("puts the most read first among equal matches, and follows new reads", async () => {
    const db = t.handle.db;
    const twin = (reads: number) =>
      createStory(db, writer.id, {
        title: "Quillon Twins",
        description: "Two of a kind.",
        read_count: reads,
      });
    const quiet = await twin(0);
    const read = await twin(40);
    const ids = async () => (await storySearch({ query: "quillon" })).stories.map((s) => s.id);
    expect(await ids()).toEqual([read.id, quiet.id]);
    await db.updateTable("stories").set({ read_count: 5000 }).where("id", "=", quiet.id).execute();
    expect(await ids()).toEqual([quiet.id, read.id]);
  });

  it("ranks a story tagged with the words joined above a more read one", async () => {
    const db = t.handle.db;
    const tagged = await createStory(db, writer.id, {
      title: "Sci Fi Harbour",
      tags: ["scifi"],
      description: "Ships.",
    });
    await createStory(db, writer.id, {
      title: "Sci Fi Harbour",
      tags: ["boats"],
      description: "Ships.",
      read_count: 900,
    });
    expect((await storySearch({ query: "sci fi harbour" })).stories[0]?.id).toBe(tagged.id);
  });

  it("pages a several-word search without repeating or losing a story", async () => {
    const all = await titlesFor({ query: "zephyr complete" });
    expect(all.sort()).toEqual(["Zephyr Complete Free", "Zephyr Long Complete"]);
    const seen: string[] = [];
    let page = await storySearch({ query: "zephyr complete", limit: "1" });
    for (;;) {
      seen.push(...page.stories.map((story) => story.title));
      if (!page.nextUrl) break;
      page = (await (await t.get(page.nextUrl)).json()) as StorySearchResult;
    }
    expect(seen.sort()).toEqual(all);
  });

  it("shows a new vote on the next search, even of the same words", async () => {
    const db = t.handle.db;
    const story = await createStory(db, writer.id, { title: "Voteworthy Verses" });
    const card = async () => (await storySearch({ query: "voteworthy" })).stories[0];
    expect((await card())?.voteCount).toBe(0);
    const voter = await createUser(db, { email_verified: 1 });
    const response = await t.get(`/api/v3/stories/${story.id}/parts/${story.partIds[0]}/votes`, {
      method: "POST",
      headers: { cookie: await sessionCookie(db, voter.id) },
    });
    expect(response.status).toBe(200);
    expect((await card())?.voteCount).toBe(1);
  });
});

describe("bad queries", () => {
  const harmless = [
    "!".repeat(1000),
    '"unbalanced quote',
    "NEAR(dragon",
    '"',
    "dragon AND OR NOT",
    "title:dragon",
    "*",
    "drag* -magic ^",
    "'; DROP TABLE stories; --",
    "dragon' OR '1'='1",
    "a & b | !c <-> d:*",
    "\u0000\u0001 zero",
    "emoji 🐉 dragon",
  ];

  it.each(harmless)("answers %j with results, never an error", async (query) => {
    for (const path of ["/v4/search/stories", "/v4/search/users/"]) {
      const response = await t.get(`${path}?${new URLSearchParams({ query })}`);
      expect(response.status).toBe(200);
    }
  });

  it("still finds the words inside punctuation", async () => {
    expect(await titlesFor({ query: '"dragon' })).toContain("The Dragon's Apprentice");
    expect(await titlesFor({ query: "(paris)*" })).toEqual(["Midnight in Paris"]);
  });

  it.each([[""], ["   "], ["x".repeat(1001)]])("refuses %j with a clear 400", async (query) => {
    for (const path of ["/v4/search/stories", "/v4/search/users/"]) {
      const response = await t.get(`${path}?${new URLSearchParams({ query })}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: "bad_request" });
    }
    expect((await t.get("/v4/search/stories")).status).toBe(400);
  });
});

describe("people search", () => {
  let fan: RequestInit;

  beforeAll(async () => {
    const db = t.handle.db;
    const aurora = await createUser(db, {
      username: "aurora",
      name: "Dawn Light",
      num_followers: 1,
    });
    await createUser(db, {
      username: "Aurora_Writes",
      name: "Aurora Borealis",
      num_followers: 500,
      is_verified: 1,
    });
    await createUser(db, {
      username: "sunny_days",
      name: "Aurora Sun",
      num_followers: 20,
      description: "Sunshine.",
    });
    await createUser(db, { username: "unrelated", name: "Nobody Here" });
    const lights = await createStory(db, aurora.id, { title: "Northern Lights" });
    await createStory(db, aurora.id, { title: "Hidden", draft: 1 });
    // Two public reading lists and a private one: the card counts what her profile shows.
    const auroraCaller = { cookie: await sessionCookie(db, aurora.id) };
    for (const [name, isPrivate] of [
      ["Skies", false],
      ["Seas", false],
      ["Drafts of mine", true],
    ] as const) {
      const made = await t.send("POST", "/api/v3/lists/", auroraCaller, {
        name,
        stories: lights.id,
        isPrivate,
      });
      expect(made.status).toBe(201);
    }
    await createStory(db, aurora.id, { title: "Adults", rating: 4 });
    const follower = await createUser(db, { email_verified: 1 });
    await db
      .insertInto("follows")
      .values({ follower_id: follower.id, followee_id: aurora.id, created_at: Date.now() })
      .execute();
    fan = { headers: { cookie: await sessionCookie(db, follower.id) } };
  });

  const people = async (params: Record<string, string>, init?: RequestInit) => {
    const response = await t.get(`/v4/search/users/?${new URLSearchParams(params)}`, init);
    expect(response.status).toBe(200);
    return (await response.json()) as UserSearchResult;
  };

  it("puts the exact username first, then the best followed matches", async () => {
    const { users } = await people({ query: "aurora" });
    expect(users.map((user) => user.username)).toEqual(["aurora", "Aurora_Writes", "sunny_days"]);
  });

  it("matches names, username parts and prefixes", async () => {
    expect((await people({ query: "borealis" })).users.map((u) => u.username)).toEqual([
      "Aurora_Writes",
    ]);
    expect((await people({ query: "sunn" })).users.map((u) => u.username)).toEqual(["sunny_days"]);
    expect((await people({ query: "aurora_writes" })).users[0]?.username).toBe("Aurora_Writes");
  });

  it("answers the profile card, with the viewer's follow state", async () => {
    const fields =
      "username,name,avatar,description,numLists,numFollowers,numStoriesPublished,badges,following";
    const visitor = await people({ query: "aurora", limit: "10", offset: "0", fields });
    expect(visitor.users[0]).toEqual({
      username: "aurora",
      name: "Dawn Light",
      avatar: null,
      description: "",
      numLists: 2,
      numFollowers: 1,
      // The draft is never counted, nor the mature story for a visitor.
      numStoriesPublished: 1,
      badges: [],
      following: false,
    });
    expect(visitor.users[1]?.badges).toEqual(["verified"]);
    expect((await people({ query: "aurora", fields }, fan)).users[0]?.following).toBe(true);
  });

  it("pages with nextUrl without repeating anyone", async () => {
    const seen: string[] = [];
    let page = await people({ query: "aurora", limit: "1" });
    for (;;) {
      seen.push(...page.users.map((user) => user.username));
      if (!page.nextUrl) break;
      page = (await (await t.get(page.nextUrl)).json()) as UserSearchResult;
    }
    expect(seen).toEqual(["aurora", "Aurora_Writes", "sunny_days"]);
  });

  it("finds every match of a short prefix that starts many words", async () => {
    // 18 numbers start with "1": more than the prefix's most frequent words a walk takes.
    const names = Array.from({ length: 18 }, (_, n) => `Ledger_1${n}`);
    for (const username of names) await createUser(t.handle.db, { username, name: "Keeper" });
    const found = await people({ query: "ledger 1", limit: "50" });
    expect(found.users.map((user) => user.username).sort()).toEqual([...names].sort());
  });

  it("follows renames", async () => {
    const user = await createUser(t.handle.db, { username: "zanzibar_quill", name: "Plain" });
    await t.handle.db
      .updateTable("users")
      .set({ username: "mellow_otter", username_lower: "mellow_otter" })
      .where("id", "=", user.id)
      .execute();
    expect((await people({ query: "zanzibar" })).users).toEqual([]);
    expect((await people({ query: "mellow otter" })).users[0]?.username).toBe("mellow_otter");
  });
});

describe("recent searches", () => {
  const path = "/api/v3/users/me/recent-searches";
  let reader: RequestInit & { headers: Record<string, string> };

  beforeAll(async () => {
    reader = (await signedIn(t.handle.db)) as typeof reader;
  });

  const add = (query: string) =>
    t.get(path, {
      method: "POST",
      headers: { ...reader.headers, "content-type": "application/json" },
      body: JSON.stringify({ query }),
    });
  const list = async () =>
    ((await (await t.get(path, reader)).json()) as RecentSearches).searches.map((s) => s.query);

  it("is for signed-in readers only", async () => {
    expect((await t.get(path)).status).toBe(401);
    expect((await t.get(path, { method: "POST", body: "query=x" })).status).toBe(401);
  });

  it("keeps the last ten, newest first; searching again moves one to the top", async () => {
    for (let n = 1; n <= 12; n++) {
      expect((await add(`search ${n}`)).status).toBe(200);
      await new Promise((done) => setTimeout(done, 2));
    }
    const kept = await list();
    expect(kept).toHaveLength(10);
    expect(kept[0]).toBe("search 12");
    expect(kept).not.toContain("search 2");
    await add("search 5");
    expect((await list())[0]).toBe("search 5");
    expect(await list()).toHaveLength(10);
  });

  it("removes one at a time and refuses blank queries", async () => {
    const response = await t.get(`${path}?query=${encodeURIComponent("search 5")}`, {
      ...reader,
      method: "DELETE",
    });
    expect(response.status).toBe(200);
    expect(await list()).not.toContain("search 5");
    expect(await list()).toHaveLength(9);
    expect((await add("   ")).status).toBe(400);
  });

  it("keeps a search without direction overrides, and refuses one of nothing else", async () => {
    expect((await add("elf\u202Efig")).status).toBe(200);
    expect((await list())[0]).toBe("elffig");
    const before = await list();
    const refused = await add("\u202E\u2066");
    expect([refused.status, await refused.json()]).toEqual([
      400,
      {
        code: "bad_request",
        message: "query must not be blank",
        fields: { query: "query must not be blank" },
      },
    ]);
    expect(await list()).toEqual(before);
  });

  it("refuses a query named twice, saying so, and removes neither", async () => {
    const before = await list();
    const response = await t.get(`${path}?query=search+6&query=search+7`, {
      ...reader,
      method: "DELETE",
    });
    const twice = "query is given more than once: give it once";
    expect([response.status, await response.json()]).toEqual([
      400,
      { code: "bad_request", message: twice, fields: { query: twice } },
    ]);
    expect(await list()).toEqual(before);
  });
});
