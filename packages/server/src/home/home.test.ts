import type { ContinueReadingItem, HomeFeed, HomeSection } from "@inkwell/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApi } from "../testing/api.ts";
import { createStory, createUser, isoYearsAgo, sessionCookie } from "../testing/fixtures.ts";

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
    if (section.type === "storySpotlight") return [section.data.item.id];
    if (section.type === "storyList" || section.type === "rankedStoryList") {
      return section.data.items.map((item) => item.id);
    }
    return [];
  });
}

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

beforeAll(async () => {
  const db = t.handle.db;
  author = await createUser(db);
  horror = (await createStory(db, author.id, { tags: ["horror"], read_count: 50 })).id;
  romance = (await createStory(db, author.id, { tags: ["romance"], read_count: 40 })).id;
  mature = (await createStory(db, author.id, { tags: ["horror"], rating: 4, read_count: 90 })).id;
  serial = await createStory(db, author.id, { parts: [{}, {}, {}], read_count: 10 });
});

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
    const listsOf = async (who: Reader) =>
      ofType(await feed(who), "storyList").map((s) => ({
        heading: s.data.heading,
        ids: s.data.items.map((item) => item.id),
      }));
    const [aLists, bLists] = [await listsOf(a), await listsOf(b)];
    expect(aLists).toEqual([{ heading: "Top picks in Horror", ids: [mature, horror] }]);
    expect(bLists).toEqual([{ heading: "Top picks in Romance", ids: [romance] }]);
  });

  it("refuses more than three genres, or tags that are not genres", async () => {
    const a = await reader();
    expect((await choose(a, ["horror", "romance", "poetry", "fantasy"])).status).toBe(400);
    expect((await choose(a, ["not-a-genre"])).status).toBe(400);
    const other = await reader();
    const path = `/v5/users/${a.username}/content-settings`;
    expect((await send("POST", path, other, { preferredTags: ["horror"] })).status).toBe(403);
  });

  it("leaves out blocked tags and blocked authors, and mature stories when turned off", async () => {
    const a = await reader();
    await choose(a, ["horror"]);
    expect(storyIds(await feed(a))).toContain(mature);
    await send("PUT", `/v5/users/${a.username}/content-settings/include-mature`, a, {
      includeMature: false,
    });
    let ids = storyIds(await feed(a));
    expect(ids).not.toContain(mature);
    expect(ids).toContain(horror);

    await send("PUT", `/v5/users/${a.username}/content-settings/blocked-tags`, a, {
      blockedTags: ["romance"],
    });
    ids = storyIds(await feed(a));
    expect(ids).not.toContain(romance);
    expect(ids).toContain(horror);

    await send("POST", `/v4/users/${author.username}/blocks`, a);
    ids = storyIds(await feed(a));
    for (const id of [horror, romance, mature, serial.id]) expect(ids).not.toContain(id);
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

  it("answers the strip's dynamic path with the same items", async () => {
    const a = await reader();
    await savePosition(a, romance, await firstPart(romance));
    const swimlane = ofType(await feed(a), "continueReadingSwimlane")[0];
    expect(swimlane?.dynamic.path).toBe(`/v5/users/${a.username}/continue-reading`);
    const response = await send("GET", swimlane?.dynamic.path ?? "", a);
    const body = (await response.json()) as { items: ContinueReadingItem[] };
    expect(body.items).toEqual(swimlane?.data.items);
    expect((await send("GET", swimlane?.dynamic.path ?? "", await reader())).status).toBe(403);
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
});

async function firstPart(storyId: number): Promise<number> {
  const row = await t.handle.db
    .selectFrom("parts")
    .select("id")
    .where("story_id", "=", storyId)
    .orderBy("position")
    .executeTakeFirstOrThrow();
  return row.id;
}
