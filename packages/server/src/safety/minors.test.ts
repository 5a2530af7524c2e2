import { beforeAll, describe, expect, it } from "vitest";
import { forgetCatalogue } from "../home/catalogue.ts";
import { type Caller, useTestApi } from "../testing/api.ts";
import { createStory, createUser, isoYearsAgo, signedInUser } from "../testing/fixtures.ts";

/**
 * A minor (under 18 by birthdate) never meets a mature story (rating 4), whatever their
 * include_mature column says: not in a list, a search, the home feed, recommendations,
 * reading lists, the Library, continue reading, tag pages or Premium Picks, and a direct
 * link to the story, a part or its comments answers the mature gate (403 mature_content).
 * The probe is the mature story's title, which no other story shares.
 */
const t = useTestApi();

const TITLE = "Zanzibar Nocturne";
let minor: Caller & { id: number; username: string };
let adult: Caller & { id: number; username: string };
let matureStory: { id: number; partIds: number[] };
let plainStory: { id: number; partIds: number[] };
let listId: number;

beforeAll(async () => {
  const db = t.handle.db;
  const writer = await createUser(db, { birthdate: isoYearsAgo(40) });
  // include_mature on: only the birthdate keeps mature stories from them.
  minor = await signedInUser(db, { birthdate: isoYearsAgo(15), include_mature: 1 });
  adult = await signedInUser(db, { birthdate: isoYearsAgo(30), include_mature: 1 });
  plainStory = await createStory(db, writer.id, {
    title: "Zanzibar Daylight",
    tags: ["zanzibar"],
    is_paid: 1,
    read_count: 10,
  });
  // Begins as an ordinary story: the minor adds it to their list, Library and reading
  // position, then the writer marks it mature.
  matureStory = await createStory(db, writer.id, {
    title: TITLE,
    tags: ["zanzibar"],
    is_paid: 1,
    read_count: 1000,
  });
  const list = await t.send("POST", "/api/v3/lists/", minor, {
    id: null,
    name: "Mine",
    numStories: 0,
    cover: 0,
    tags: [],
    featured: false,
    stories: `${matureStory.id},${plainStory.id}`,
  });
  expect(list.status).toBe(201);
  listId = ((await list.json()) as { id: number }).id;
  expect(
    (
      await t.send("POST", `/api/v3/users/${minor.username}/library`, minor, {
        stories: matureStory.id,
      })
    ).status,
  ).toBeLessThan(300);
  expect(
    (
      await t.send("POST", "/apiv2/syncreadingposition", minor, {
        story_id: matureStory.id,
        part_id: matureStory.partIds[0],
        position: 0.5,
      })
    ).status,
  ).toBeLessThan(300);
  await db.updateTable("stories").set({ rating: 4 }).where("id", "=", matureStory.id).execute();
  forgetCatalogue(db);
});

const text = async (path: string, who: Caller | null) => {
  const response = await t.send("GET", path, who);
  return { status: response.status, body: await response.text() };
};

describe("a minor and a mature story", () => {
  const lists = () => [
    "/api/v3/stories?filter=hot&tag=zanzibar",
    "/api/v3/stories?filter=new",
    "/v4/search/stories?query=zanzibar",
    "/v5/home",
    "/reading/v1/premiumPicks",
    "/v4/paid_stories/tags/zanzibar",
    `/api/v3/lists/${listId}`,
    `/api/v3/users/${minor.username}/library`,
    `/v5/users/${minor.username}/continue-reading`,
  ];

  it("keeps it out of every list the minor can ask for, while an adult sees it", async () => {
    for (const path of lists()) {
      const seen = await text(path, minor);
      expect(seen.status, path).toBe(200);
      expect(seen.body, path).not.toContain(TITLE);
    }
    const adultSees = await text("/v4/search/stories?query=zanzibar", adult);
    expect(adultSees.body).toContain(TITLE);
  });

  it("answers the mature gate to a direct link to the story, a part or its comments", async () => {
    const partId = matureStory.partIds[0];
    for (const path of [
      `/api/v3/stories/${matureStory.id}`,
      `/api/v3/story_parts/${partId}`,
      `/v5/comments/namespaces/parts/resources/${partId}/comments`,
      `/v5/story/${matureStory.id}/paid-content/metadata`,
    ]) {
      const seen = await text(path, minor);
      expect(seen.status, path).toBe(403);
      expect(seen.body, path).not.toContain(TITLE);
      expect((await text(path, adult)).status, path).toBe(200);
    }
  });

  it("refuses the minor a vote, a comment, a read or a list entry on it", async () => {
    const partId = matureStory.partIds[0] as number;
    const attempts: [string, string, unknown][] = [
      ["POST", `/api/v3/stories/${matureStory.id}/parts/${partId}/votes`, undefined],
      [
        "POST",
        "/v5/comments",
        { resource: { namespace: "parts", resourceId: partId }, text: "hi" },
      ],
      ["POST", `/api/v3/story_parts/${partId}/reads`, undefined],
      ["POST", `/api/v3/lists/${listId}/stories`, { stories: matureStory.id }],
    ];
    for (const [method, path, body] of attempts) {
      const response = await t.send(method, path, minor, body);
      expect([403, 404], `${method} ${path}`).toContain(response.status);
    }
  });
});
