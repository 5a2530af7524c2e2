import {
  type LibraryPage,
  MAX_LIST_STORIES,
  MAX_READING_LISTS,
  type ReadingListDetails,
  type ReadingListPage,
  type ReadingListSummary,
  type StoryCollections,
  type UserProfile,
} from "@inkwell/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApi } from "../testing/api.ts";
import {
  createStory,
  createUser,
  DAY,
  firstPartOf,
  isoYearsAgo,
  type Person,
  signedInUser,
} from "../testing/fixtures.ts";

const t = useTestApi();

const person = (overrides: { birthdate?: string } = {}): Promise<Person> =>
  signedInUser(t.handle.db, overrides);

const json = async <T>(response: Response) => (await response.json()) as T;

/** POST /api/v3/lists/ with the spec's list object. */
const createList = (who: Person | null, name: string, story?: number) =>
  t.send("POST", "/api/v3/lists/", who, {
    id: null,
    name,
    numStories: 0,
    cover: 0,
    tags: [],
    featured: false,
    ...(story !== undefined && { stories: story }),
  });

async function listRows(listId: number) {
  const list = await t.handle.db
    .selectFrom("reading_lists")
    .select("num_stories")
    .where("id", "=", listId)
    .executeTakeFirstOrThrow();
  const rows = await t.handle.db
    .selectFrom("reading_list_stories")
    .select(["story_id", "position"])
    .where("list_id", "=", listId)
    .orderBy("position")
    .execute();
  return { counter: list.num_stories, storyIds: rows.map((row) => Number(row.story_id)) };
}

let writer: { id: number; username: string };
let stories: number[];
let mature: number;
let draft: number;

beforeAll(async () => {
  writer = await createUser(t.handle.db);
  stories = [];
  for (const title of ["Cedar", "alder", "Birch"]) {
    stories.push((await createStory(t.handle.db, writer.id, { title, cover: `/c/${title}` })).id);
  }
  mature = (await createStory(t.handle.db, writer.id, { title: "Mature", rating: 4 })).id;
  draft = (await createStory(t.handle.db, writer.id, { title: "Draft", draft: 1 })).id;
});

describe("reading lists", () => {
  it("creates a list with a story, and reuses it for the same name in any case", async () => {
    const reader = await person();
    const created = await createList(reader, "Summer reads", stories[0]);
    expect(created.status).toBe(201);
    const list = await json<ReadingListSummary>(created);
    expect(list).toMatchObject({
      name: "Summer reads",
      numStories: 1,
      cover: "/c/Cedar",
      featured: false,
      isPrivate: false,
      user: { username: reader.username },
    });

    const reused = await createList(reader, "  SUMMER READS ", stories[1]);
    expect(reused.status).toBe(200);
    expect(await json<ReadingListSummary>(reused)).toMatchObject({ id: list.id, numStories: 2 });
    expect(await listRows(list.id)).toEqual({ counter: 2, storyIds: [stories[0], stories[1]] });

    const page = await json<ReadingListPage>(
      await t.send("GET", `/api/v3/users/${reader.username}/lists?limit=200`, reader),
    );
    expect(page.total).toBe(1);
  });

  it("refuses a missing or over-long name, bad story ids, visitors, and changes nothing", async () => {
    const reader = await person();
    for (const name of ["", "   ", "\u0000", " \u0007\u007f ", "x".repeat(101)]) {
      const response = await createList(reader, name, stories[0]);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        code: "bad_request",
        fields: { name: expect.any(String) },
      });
    }
    const badStories = await t.send("POST", "/api/v3/lists/", reader, {
      name: "A",
      stories: "1,x",
    });
    expect(badStories.status).toBe(400);
    expect(await badStories.json()).toMatchObject({ message: "stories must be story ids" });
    // Past 2^53 a number is read as another: such an id is refused, never looked up.
    for (const story of [2 ** 53 + 1, "9007199254740993"]) {
      const huge = await t.send("POST", "/api/v3/lists/", reader, { name: "A", stories: story });
      expect([huge.status, await huge.json()]).toEqual([
        400,
        {
          code: "bad_request",
          message: "stories must be story ids",
          fields: { "stories.0": "stories must be story ids" },
        },
      ]);
    }
    // The spec's list object is taken with a new list's values only: others are the server's.
    const notNew: [Record<string, unknown>, string, string][] = [
      [{ id: 5 }, "id", "id can only be null: the server numbers a new list"],
      [{ featured: true }, "featured", "featured can only be false: staff feature lists"],
      [{ tags: ["sea"] }, "tags", "tags can only be empty: a new list has no tags"],
    ];
    for (const [field, name, message] of notNew) {
      const response = await t.send("POST", "/api/v3/lists/", reader, { name: "A", ...field });
      expect([response.status, await response.json()]).toEqual([
        400,
        { code: "bad_request", message, fields: { [name]: message } },
      ]);
    }
    expect((await createList(null, "Mine", stories[0])).status).toBe(401);
    const none = await json<ReadingListPage>(
      await t.send("GET", `/api/v3/users/${reader.username}/lists`, reader),
    );
    expect(none.total).toBe(0);
  });

  it("never holds a story its owner may not see: drafts, unknown ids, mature for a minor", async () => {
    const minor = await person({ birthdate: isoYearsAgo(15) });
    for (const id of [draft, mature, 999_999]) {
      expect((await createList(minor, "Nope", id)).status).toBe(404);
    }
    const list = await json<ReadingListSummary>(await createList(minor, "Mine"));
    const refused = await t.send("POST", `/api/v3/lists/${list.id}/stories`, minor, {
      stories: [stories[0], mature],
    });
    expect(refused.status).toBe(404);
    expect(await listRows(list.id)).toEqual({ counter: 0, storyIds: [] });

    const adult = await person({ birthdate: isoYearsAgo(30) });
    expect((await createList(adult, "Grown-up", mature)).status).toBe(201);
  });

  it("adds stories once each, at the end, exactly even when adds race", async () => {
    const reader = await person();
    const list = await json<ReadingListSummary>(await createList(reader, "Race"));
    const path = `/api/v3/lists/${list.id}/stories`;
    const answers = await Promise.all([
      ...stories.map((id) => t.send("POST", path, reader, { stories: id })),
      ...stories.map((id) => t.send("POST", path, reader, { stories: String(id) })),
      t.send("POST", path, reader, { stories: stories.join(",") }),
    ]);
    expect(answers.map((response) => response.status)).toEqual(answers.map(() => 200));
    const { counter, storyIds } = await listRows(list.id);
    expect(counter).toBe(3);
    expect([...storyIds].sort()).toEqual([...stories].sort());
    const positions = await t.handle.db
      .selectFrom("reading_list_stories")
      .select("position")
      .where("list_id", "=", list.id)
      .execute();
    expect(new Set(positions.map((row) => row.position)).size).toBe(3);
  });

  it("keeps 30 lists' counts exact when readers add a story as its writer's account closes", async () => {
    const ambassador = await signedInUser(t.handle.db, { is_ambassador: 1 });
    for (let round = 0; round < 3; round++) {
      const closing = await person();
      const story = await createStory(t.handle.db, closing.id, { title: "Going" });
      const readers = await Promise.all(Array.from({ length: 30 }, () => person()));
      const lists = await Promise.all(
        readers.map(async (reader) => json<ReadingListSummary>(await createList(reader, "Keep"))),
      );
      const [closed, ...adds] = await Promise.all([
        t.send("POST", `/api/v3/users/${closing.username}/moderation/close`, ambassador, {
          reason: "spam",
        }),
        ...readers.flatMap((reader, index) => [
          t.send("POST", `/api/v3/lists/${lists[index]?.id}/stories`, reader, {
            stories: story.id,
          }),
          t.send("POST", `/api/v3/users/${reader.username}/library`, reader, {
            stories: story.id,
          }),
        ]),
      ]);
      expect(closed.status).toBe(200);
      // An add either came first (and went with the story) or found no story to add.
      const gone = adds.filter((answer) => answer.status !== 200);
      const missing = { code: "not_found", message: `Story ${story.id} was not found` };
      expect(await Promise.all(gone.map((answer) => answer.json()))).toEqual(
        gone.map(() => missing),
      );
      const shown = await Promise.all(
        readers.map(async (reader, index) => {
          const path = `/api/v3/lists/${lists[index]?.id}`;
          return (await json<ReadingListDetails>(await t.send("GET", path, reader))).numStories;
        }),
      );
      expect([round, shown]).toEqual([round, readers.map(() => 0)]);
    }
  });

  it("answers 40 adds to a list and the Library as their owner's account closes, never with a 500", async () => {
    const ambassador = await signedInUser(t.handle.db, { is_ambassador: 1 });
    for (let round = 0; round < 4; round++) {
      const owner = await person();
      // Their own stories, which closing holds, and other writers', which it does not.
      const adding = await Promise.all(
        Array.from({ length: 40 }, (_, index) =>
          createStory(t.handle.db, index % 2 === 0 ? owner.id : writer.id).then(({ id }) => id),
        ),
      );
      const list = await json<ReadingListSummary>(await createList(owner, "Mine", adding[0]));
      const path = `/api/v3/lists/${list.id}/stories`;
      const [closed, ...adds] = await Promise.all([
        t.send("POST", `/api/v3/users/${owner.username}/moderation/close`, ambassador, {
          reason: "spam",
        }),
        ...adding.flatMap((id) => [
          t.send("POST", path, owner, { stories: id }),
          t.send("POST", `/api/v3/users/${owner.username}/library`, owner, { stories: id }),
        ]),
      ]);
      expect([round, closed.status]).toEqual([round, 200]);
      // Each add came first, or found its owner signed out, the list or the story gone.
      for (const [index, answer] of adds.entries()) {
        if (answer.status === 200 || answer.status === 401) continue;
        expect([round, answer.status]).toEqual([round, 404]);
        expect([
          { code: "not_found", message: "Reading list was not found" },
          { code: "not_found", message: "User was not found" },
          { code: "not_found", message: `Story ${adding[Math.floor(index / 2)]} was not found` },
        ]).toContainEqual(await answer.json());
      }
    }
  });

  it("keeps a name without its control characters, which PostgreSQL would refuse", async () => {
    const reader = await person();
    const created = await json<ReadingListDetails>(await createList(reader, "Sea\u0000 stories"));
    expect(created.name).toBe("Sea stories");
    const renamed = await t.send("PUT", `/api/v3/lists/${created.id}`, reader, {
      name: "\u0000Night\u0000",
    });
    expect(await json<ReadingListDetails>(renamed)).toMatchObject({ name: "Night" });
    expect(
      (await t.send("PUT", `/api/v3/lists/${created.id}`, reader, { name: "\u0000" })).status,
    ).toBe(400);
  });

  it("keeps a name without half characters, and refuses one of nothing else", async () => {
    const reader = await person();
    const created = await json<ReadingListDetails>(await createList(reader, "Owls\udc00"));
    expect(created.name).toBe("Owls");
    const refused = await t.send("PUT", `/api/v3/lists/${created.id}`, reader, {
      name: "\ud800",
    });
    expect([refused.status, await refused.json()]).toEqual([
      400,
      {
        code: "bad_request",
        message: "name names the reading list",
        fields: { name: "name names the reading list" },
      },
    ]);
    const kept = await t.send("GET", `/api/v3/lists/${created.id}`, reader);
    expect((await json<ReadingListDetails>(kept)).name).toBe("Owls");
  });

  it("creates one list when two creates of the same name race", async () => {
    const reader = await person();
    const answers = await Promise.all([
      createList(reader, "Twins", stories[0]),
      createList(reader, "twins", stories[1]),
    ]);
    expect(answers.map((response) => response.status).sort()).toEqual([200, 201]);
    const page = await json<ReadingListPage>(
      await t.send("GET", `/api/v3/users/${reader.username}/lists`, reader),
    );
    expect(page.lists).toHaveLength(1);
    expect(page.lists[0]?.numStories).toBe(2);
  });

  it("lets only the owner change a list: 401 for visitors, 403 for others", async () => {
    const owner = await person();
    const other = await person();
    const list = await json<ReadingListSummary>(await createList(owner, "Owned", stories[0]));
    const base = `/api/v3/lists/${list.id}`;
    const calls: [string, string, unknown?][] = [
      ["POST", `${base}/stories`, { stories: stories[1] }],
      ["PUT", `${base}/stories`, { stories: [stories[0]] }],
      ["DELETE", `${base}/stories/${stories[0]}`],
      ["PUT", base, { name: "Taken over" }],
      ["DELETE", base],
    ];
    for (const [method, path, body] of calls) {
      expect((await t.send(method, path, null, body)).status).toBe(401);
      const refused = await t.send(method, path, other, body);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ code: "forbidden" });
    }
    expect(await listRows(list.id)).toEqual({ counter: 1, storyIds: [stories[0]] });
  });

  it("renames, makes private, reorders, removes and deletes", async () => {
    const owner = await person();
    const list = await json<ReadingListSummary>(await createList(owner, "Shelf"));
    await t.send("POST", `/api/v3/lists/${list.id}/stories`, owner, { stories });
    await createList(owner, "Other");

    const clash = await t.send("PUT", `/api/v3/lists/${list.id}`, owner, { name: "OTHER" });
    expect(clash.status).toBe(400);
    expect(await clash.json()).toMatchObject({
      message: "You already have a reading list called OTHER.",
    });
    expect((await t.send("PUT", `/api/v3/lists/${list.id}`, owner, {})).status).toBe(400);
    const renamed = await t.send("PUT", `/api/v3/lists/${list.id}`, owner, {
      name: "Best shelf",
      isPrivate: true,
    });
    expect(await json<ReadingListSummary>(renamed)).toMatchObject({
      name: "Best shelf",
      isPrivate: true,
    });

    const reversed = [...stories].reverse();
    const reordered = await t.send("PUT", `/api/v3/lists/${list.id}/stories`, owner, {
      stories: reversed,
    });
    expect((await json<ReadingListDetails>(reordered)).stories.map((s) => s.id)).toEqual(reversed);
    // A partial order puts the named first and keeps the rest in their order.
    await t.send("PUT", `/api/v3/lists/${list.id}/stories`, owner, { stories: [stories[1]] });
    expect((await listRows(list.id)).storyIds).toEqual([stories[1], stories[2], stories[0]]);
    const stranger = await t.send("PUT", `/api/v3/lists/${list.id}/stories`, owner, {
      stories: [mature],
    });
    expect(stranger.status).toBe(400);
    expect((await listRows(list.id)).storyIds).toEqual([stories[1], stories[2], stories[0]]);

    const removed = await t.send("DELETE", `/api/v3/lists/${list.id}/stories/${stories[2]}`, owner);
    expect(await json<ReadingListSummary>(removed)).toMatchObject({ numStories: 2 });
    const again = await t.send("DELETE", `/api/v3/lists/${list.id}/stories/${stories[2]}`, owner);
    expect(await json<ReadingListSummary>(again)).toMatchObject({ numStories: 2 });

    expect((await t.send("DELETE", `/api/v3/lists/${list.id}`, owner)).status).toBe(200);
    expect((await t.send("GET", `/api/v3/lists/${list.id}`, owner)).status).toBe(404);
    expect((await t.send("DELETE", `/api/v3/lists/${list.id}`, owner)).status).toBe(404);
  });

  it("keeps a reader in a moderator's time-out from naming lists others see", async () => {
    const owner = await person();
    const open = await json<ReadingListSummary>(await createList(owner, "Open shelf"));
    const secret = await json<ReadingListSummary>(
      await t.send("POST", "/api/v3/lists/", owner, { name: "Secret", isPrivate: true }),
    );
    await t.handle.db
      .updateTable("users")
      .set({ timed_out_until: Date.now() + DAY })
      .where("id", "=", owner.id)
      .execute();
    const refusals = [
      await createList(owner, "Shout"),
      await t.send("PUT", `/api/v3/lists/${open.id}`, owner, { name: "Shout" }),
      await t.send("PUT", `/api/v3/lists/${secret.id}`, owner, { isPrivate: false }),
    ];
    for (const refused of refusals) {
      expect([refused.status, (await json<{ code: string }>(refused)).code]).toEqual([
        403,
        "timed_out",
      ]);
    }
    const names = async () =>
      (
        await json<ReadingListPage>(
          await t.send("GET", `/api/v3/users/${owner.username}/lists`, null),
        )
      ).lists.map((list) => list.name);
    expect(await names()).toEqual(["Open shelf"]);
    // What only they see stays theirs to organise, and hiding a list is always allowed.
    const mine = await t.send("POST", "/api/v3/lists/", owner, { name: "Later", isPrivate: true });
    expect(mine.status).toBe(201);
    const renamed = await t.send("PUT", `/api/v3/lists/${secret.id}`, owner, { name: "Quiet" });
    expect(renamed.status).toBe(200);
    const hidden = await t.send("PUT", `/api/v3/lists/${open.id}`, owner, { isPrivate: true });
    expect(hidden.status).toBe(200);
    expect(await names()).toEqual([]);
  });

  it("shows public lists to everyone and private ones to their owner only", async () => {
    const owner = await person();
    const adult = await person({ birthdate: isoYearsAgo(30) });
    const open = await json<ReadingListSummary>(await createList(adult, "Open", mature));
    await t.send("POST", `/api/v3/lists/${open.id}/stories`, adult, { stories: stories[0] });
    const hidden = await json<ReadingListSummary>(
      await t.send("POST", "/api/v3/lists/", owner, {
        name: "Secret",
        stories: stories[1],
        isPrivate: true,
      }),
    );
    expect((await t.send("GET", `/api/v3/lists/${hidden.id}`, null)).status).toBe(404);
    expect((await t.send("GET", `/api/v3/lists/${hidden.id}`, adult)).status).toBe(404);
    expect((await t.send("GET", `/api/v3/lists/${hidden.id}`, owner)).status).toBe(200);
    expect(
      await json<ReadingListPage>(
        await t.send("GET", `/api/v3/users/${owner.username}/lists`, null),
      ),
    ).toEqual({ lists: [], total: 0 });

    // A visitor sees the public list without its mature story, cover included.
    const seen = await json<ReadingListDetails>(
      await t.send("GET", `/api/v3/lists/${open.id}`, null),
    );
    expect(seen).toMatchObject({ numStories: 2, cover: "/c/Cedar" });
    expect(seen.stories.map((story) => story.id)).toEqual([stories[0]]);
    const own = await json<ReadingListDetails>(
      await t.send("GET", `/api/v3/lists/${open.id}`, adult),
    );
    expect(own.stories.map((story) => story.id)).toEqual([mature, stories[0]]);

    const profile = await json<UserProfile>(
      await t.send("GET", `/api/v3/users/${adult.username}`, null),
    );
    expect(profile.numLists).toBe(1);
    expect(
      (await json<UserProfile>(await t.send("GET", `/api/v3/users/${owner.username}`, null)))
        .numLists,
    ).toBe(0);

    // A reader who blocked the first story's writer sees the next story's cover instead.
    const otherWriter = await person();
    const other = (await createStory(t.handle.db, otherWriter.id, { cover: "/c/Other" })).id;
    const mixed = await json<ReadingListSummary>(await createList(adult, "Mixed", stories[1]));
    await t.send("POST", `/api/v3/lists/${mixed.id}/stories`, adult, { stories: other });
    const blocker = await person();
    const cover = async () =>
      (await json<ReadingListDetails>(await t.send("GET", `/api/v3/lists/${mixed.id}`, blocker)))
        .cover;
    expect(await cover()).toBe("/c/alder");
    expect((await t.send("POST", `/v4/users/${writer.username}/blocks`, blocker)).status).toBe(200);
    expect(await cover()).toBe("/c/Other");
  });

  it("are missing to an account their owner blocked, as the owner's stories are; not to a muted one", async () => {
    const owner = await person();
    const blocked = await person();
    const muted = await person();
    const list = await json<ReadingListSummary>(await createList(owner, "Shelf", stories[0]));
    expect((await t.send("POST", `/v4/users/${blocked.username}/blocks`, owner)).status).toBe(200);
    const muting = await t.send(
      "POST",
      `/apiv2/ignoreuser?id=${muted.username}&action=ignore_user`,
      owner,
    );
    expect(muting.status).toBe(200);
    const seenBy = async (who: Person | null) => ({
      lists: (
        await json<ReadingListPage>(
          await t.send("GET", `/api/v3/users/${owner.username}/lists`, who),
        )
      ).lists.map((shown) => shown.id),
      numLists: (
        await json<UserProfile>(await t.send("GET", `/api/v3/users/${owner.username}`, who))
      ).numLists,
      list: (await t.send("GET", `/api/v3/lists/${list.id}`, who)).status,
    });
    const shown = { lists: [list.id], numLists: 1, list: 200 };

    expect(await seenBy(blocked)).toEqual({ lists: [], numLists: 0, list: 404 });
    const total = await json<ReadingListPage>(
      await t.send("GET", `/api/v3/users/${owner.username}/lists`, blocked),
    );
    expect(total.total).toBe(0);
    for (const who of [owner, muted, null]) expect(await seenBy(who)).toEqual(shown);

    expect((await t.send("DELETE", `/v4/users/${blocked.username}/blocks`, owner)).status).toBe(
      200,
    );
    expect(await seenBy(blocked)).toEqual(shown);
  });

  it("pages the user's lists, projects fields, and refuses bad paging", async () => {
    const owner = await person();
    for (const name of ["One", "Two", "Three"]) await createList(owner, name);
    const path = `/api/v3/users/${owner.username}/lists`;
    const page = await t.send(
      "GET",
      `${path}?offset=1&limit=1&fields=lists(id,name,user(name),numStories,featured),total`,
      null,
    );
    expect(await page.json()).toEqual({
      lists: [
        {
          id: expect.any(Number),
          name: "Two",
          user: { name: `Name of ${owner.username}` },
          numStories: 0,
          featured: false,
        },
      ],
      total: 3,
    });
    expect((await t.send("GET", `${path}?limit=201`, null)).status).toBe(400);
    expect((await t.send("GET", `${path}?limit=200`, null)).status).toBe(200);
    expect((await t.send("GET", "/api/v3/users/nobody_here/lists", null)).status).toBe(404);
  });
});

describe("reading list limits", () => {
  /** How many requests a race sends at once. */
  const RACERS = 40;
  /** Published stories made in one insert: enough to fill a list without a call per story. */
  let filler: number[];

  beforeAll(async () => {
    const now = Date.now();
    const rows = await t.handle.db
      .insertInto("stories")
      .values(
        Array.from({ length: MAX_LIST_STORIES + RACERS }, (_, index) => ({
          user_id: writer.id,
          title: `Filler ${index}`,
          description: "A story that fills a list.",
          create_date: now - DAY,
          modify_date: now - DAY,
          last_published_at: now - DAY,
          num_parts: 1,
        })),
      )
      .returning("id")
      .execute();
    filler = rows.map((row) => Number(row.id));
  });

  /** Puts `count` filler stories in the list at once, as years of adds would. */
  async function fill(listId: number, count: number) {
    await t.handle.db
      .insertInto("reading_list_stories")
      .values(
        filler.slice(0, count).map((storyId, position) => ({
          list_id: listId,
          story_id: storyId,
          position: position + 10,
          added_at: Date.now(),
        })),
      )
      .execute();
    await t.handle.db
      .updateTable("reading_lists")
      .set((eb) => ({ num_stories: eb("num_stories", "+", count) }))
      .where("id", "=", listId)
      .execute();
  }

  const add = (who: Person, listId: number, ids: number | number[]) =>
    t.send("POST", `/api/v3/lists/${listId}/stories`, who, { stories: ids });

  it("refuses stories past the cap by every way in, whole, and changes nothing", async () => {
    const reader = await person();
    const list = await json<ReadingListSummary>(await createList(reader, "Full", stories[0]));
    await fill(list.id, MAX_LIST_STORIES - 2);
    const before = await listRows(list.id);
    expect(before.counter).toBe(MAX_LIST_STORIES - 1);

    // Two more than there is room for: neither goes in.
    const over = await add(reader, list.id, [stories[1] ?? 0, stories[2] ?? 0]);
    expect(over.status).toBe(400);
    expect(await over.json()).toMatchObject({
      code: "list_full",
      message: "A reading list holds at most 1,000 stories: Full has room for 1 more.",
    });
    expect(await listRows(list.id)).toEqual(before);

    // A story already there is no new one; the last place is taken, then none is left.
    expect((await add(reader, list.id, stories[0] ?? 0)).status).toBe(200);
    expect(
      await json<ReadingListSummary>(await add(reader, list.id, stories[1] ?? 0)),
    ).toMatchObject({ numStories: MAX_LIST_STORIES });
    const full = await listRows(list.id);
    const refusal = {
      code: "list_full",
      message:
        "Full holds 1,000 stories, the most a reading list can hold: remove one to add another.",
    };
    const again = await add(reader, list.id, stories[2] ?? 0);
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject(refusal);
    // Creating "full" reuses the list, so it is refused the same way.
    const reused = await createList(reader, "full", stories[2]);
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject(refusal);
    // A reorder names only stories the list holds.
    const smuggled = await t.send("PUT", `/api/v3/lists/${list.id}/stories`, reader, {
      stories: [stories[2], stories[0]],
    });
    expect(smuggled.status).toBe(400);
    expect(await listRows(list.id)).toEqual(full);

    // Taking one out makes room for one.
    await t.send("DELETE", `/api/v3/lists/${list.id}/stories/${stories[0]}`, reader);
    expect((await add(reader, list.id, stories[2] ?? 0)).status).toBe(200);
    expect((await listRows(list.id)).counter).toBe(MAX_LIST_STORIES);
  });

  it("stops 40 adds that race exactly at the cap, and counts 40 racing removes exactly", async () => {
    const reader = await person();
    const list = await json<ReadingListSummary>(await createList(reader, "Nearly full"));
    await fill(list.id, MAX_LIST_STORIES - 10);
    const racers = filler.slice(MAX_LIST_STORIES - 10, MAX_LIST_STORIES - 10 + RACERS);
    const answers = await Promise.all(racers.map((id) => add(reader, list.id, id)));
    const statuses = answers.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 400)).toHaveLength(RACERS - 10);
    const full = await listRows(list.id);
    expect(full.counter).toBe(MAX_LIST_STORIES);
    expect(full.storyIds).toHaveLength(MAX_LIST_STORIES);
    expect(new Set(full.storyIds).size).toBe(MAX_LIST_STORIES);

    // Each story that went in removed twice at once, and the refused ones too: exactly ten go.
    const added = racers.filter((_, index) => statuses[index] === 200);
    const removals = [...added, ...added, ...racers.filter((id) => !added.includes(id))];
    const removed = await Promise.all(
      removals.map((id) => t.send("DELETE", `/api/v3/lists/${list.id}/stories/${id}`, reader)),
    );
    expect(removed.map((response) => response.status)).toEqual(removals.map(() => 200));
    const shown = await json<ReadingListDetails>(
      await t.send("GET", `/api/v3/lists/${list.id}?limit=1`, reader),
    );
    expect(shown.numStories).toBe(MAX_LIST_STORIES - 10);
    expect(await listRows(list.id)).toMatchObject({ counter: MAX_LIST_STORIES - 10 });
    expect((await listRows(list.id)).storyIds).toHaveLength(MAX_LIST_STORIES - 10);
  });

  it("caps a reader's lists, even when creates race, and still reuses a name", async () => {
    const reader = await person();
    const now = Date.now();
    await t.handle.db
      .insertInto("reading_lists")
      .values(
        Array.from({ length: MAX_READING_LISTS - 1 }, (_, index) => ({
          user_id: reader.id,
          name: `Shelf ${index}`,
          name_lower: `shelf ${index}`,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const answers = await Promise.all(
      Array.from({ length: RACERS }, (_, index) => createList(reader, `New ${index}`, stories[0])),
    );
    const statuses = answers.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(RACERS - 1);
    const refused = answers.find((response) => response.status === 400);
    expect(await refused?.json()).toMatchObject({
      code: "too_many_lists",
      message:
        "You have 200 reading lists, the most a reader can have: delete one to make another.",
    });
    const path = `/api/v3/users/${reader.username}/lists?limit=${MAX_READING_LISTS}`;
    const page = await json<ReadingListPage>(await t.send("GET", path, reader));
    expect(page.total).toBe(MAX_READING_LISTS);
    expect(page.lists).toHaveLength(MAX_READING_LISTS);

    const reused = await createList(reader, "SHELF 7", stories[1]);
    expect(reused.status).toBe(200);
    expect(await json<ReadingListSummary>(reused)).toMatchObject({
      name: "Shelf 7",
      numStories: 1,
    });
  });

  it("pages a list's stories with nextUrl, 100 at most a page", async () => {
    const reader = await person();
    const list = await json<ReadingListSummary>(await createList(reader, "Long", stories[0]));
    await fill(list.id, 150);
    const path = `/api/v3/lists/${list.id}`;
    const first = await json<ReadingListDetails>(await t.send("GET", path, null));
    expect(first.numStories).toBe(151);
    expect(first.stories).toHaveLength(100);
    expect(first.stories[0]?.id).toBe(stories[0]);
    expect(first.nextUrl).toBe(`${path}?limit=100&offset=100`);
    const second = await json<ReadingListDetails>(await t.send("GET", first.nextUrl ?? "", null));
    expect(second.stories.map((story) => story.id)).toEqual(filler.slice(99, 150));
    expect(second.nextUrl).toBeNull();

    const small = await json<ReadingListDetails>(
      await t.send("GET", `${path}?limit=2&offset=1`, null),
    );
    expect(small.stories.map((story) => story.id)).toEqual(filler.slice(0, 2));
    expect(small.nextUrl).toBe(`${path}?limit=2&offset=3`);
    for (const bad of ["limit=0", "limit=101", "offset=-1", "limit=ten"]) {
      const refused = await t.send("GET", `${path}?${bad}`, null);
      expect(refused.status).toBe(400);
    }
  });

  it("reorders a list longer than one add or one page", async () => {
    const owner = await person();
    const list = await json<ReadingListSummary>(await createList(owner, "Big shelf"));
    await fill(list.id, 300);
    const order = filler.slice(0, 300).reverse();
    const reordered = await t.send("PUT", `/api/v3/lists/${list.id}/stories`, owner, {
      stories: order,
    });
    expect(reordered.status).toBe(200);
    expect((await listRows(list.id)).storyIds).toEqual(order);
    // The web page sends the stories it has loaded: the rest keep their order after them.
    const moved = [order[1] ?? 0, order[0] ?? 0, ...order.slice(2, 100)];
    expect(
      (await t.send("PUT", `/api/v3/lists/${list.id}/stories`, owner, { stories: moved })).status,
    ).toBe(200);
    expect((await listRows(list.id)).storyIds).toEqual([...moved, ...order.slice(100)]);
    const tooMany = await t.send("PUT", `/api/v3/lists/${list.id}/stories`, owner, {
      stories: filler.concat(stories),
    });
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toMatchObject({
      message: "stories names at most 1,000 stories at once",
    });
  });
});

describe("the Library", () => {
  const library = (who: Person) => `/api/v3/users/${who.username}/library`;

  it("adds once, removes, and answers the projection asked for", async () => {
    const reader = await person();
    const added = await t.send("POST", `${library(reader)}?fields=stories(id)`, reader, {
      stories: stories[0],
    });
    expect(added.status).toBe(200);
    expect(await added.json()).toEqual({ stories: [{ id: stories[0] }] });
    await t.send("POST", library(reader), reader, { stories: stories[0] });
    const page = await json<LibraryPage>(await t.send("GET", library(reader), reader));
    expect(page.total).toBe(1);

    const removed = await t.send("DELETE", `${library(reader)}/${stories[0]}`, reader);
    expect(await removed.json()).toEqual({ removed: true });
    expect(
      await (await t.send("DELETE", `${library(reader)}/${stories[0]}`, reader)).json(),
    ).toEqual({
      removed: false,
    });
  });

  it("holds each story once when 30 adds race, and removes it once when 30 removes race", async () => {
    const reader = await person();
    const adds = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        t.send("POST", library(reader), reader, { stories: stories[index % 3] }),
      ),
    );
    expect(adds.map((response) => response.status)).toEqual(adds.map(() => 200));
    const page = await json<LibraryPage>(await t.send("GET", library(reader), reader));
    expect(page.total).toBe(3);
    expect(page.stories.map((item) => item.story.id).sort()).toEqual([...stories].sort());

    const removes = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        t.send("DELETE", `${library(reader)}/${stories[index % 3]}`, reader),
      ),
    );
    const answers = await Promise.all(
      removes.map((response) => json<{ removed: boolean }>(response)),
    );
    expect(answers.filter((answer) => answer.removed)).toHaveLength(3);
    expect((await json<LibraryPage>(await t.send("GET", library(reader), reader))).total).toBe(0);
  });

  it("is the reader's alone: 401 for visitors, 403 for anyone else, 404 for hidden stories", async () => {
    const reader = await person();
    const other = await person();
    expect((await t.send("POST", library(reader), null, { stories: stories[0] })).status).toBe(401);
    expect((await t.send("POST", library(reader), other, { stories: stories[0] })).status).toBe(
      403,
    );
    expect((await t.send("GET", library(reader), other)).status).toBe(403);
    expect((await t.send("GET", library(reader), null)).status).toBe(401);
    expect((await t.send("DELETE", `${library(reader)}/${stories[0]}`, other)).status).toBe(403);
    expect(
      (await t.send("PUT", `${library(reader)}/${stories[0]}`, other, { archived: true })).status,
    ).toBe(403);
    expect((await t.send("POST", library(reader), reader, { stories: draft })).status).toBe(404);
    expect((await t.send("POST", library(reader), reader, {})).status).toBe(400);
    expect((await json<LibraryPage>(await t.send("GET", library(reader), reader))).total).toBe(0);
  });

  it("lists by last read, by added and by title, with progress and new parts", async () => {
    const reader = await person();
    const now = Date.now();
    const serial = await createStory(t.handle.db, writer.id, {
      title: "Serial",
      parts: [
        { create_date: now - 40 * DAY },
        {},
        { create_date: now - DAY },
        { create_date: now - DAY },
      ],
    });
    for (const id of [stories[0], serial.id, stories[2]]) {
      await t.send("POST", library(reader), reader, { stories: id });
    }
    await t.handle.db
      .insertInto("reading_positions")
      .values([
        {
          user_id: reader.id,
          story_id: serial.id,
          part_id: serial.partIds[1] as number,
          position: 0.5,
          updated_at: now,
        },
        {
          user_id: reader.id,
          story_id: stories[0] as number,
          part_id: await firstPartOf(t.handle.db, stories[0] as number),
          position: 0,
          updated_at: now - DAY,
        },
      ])
      .execute();

    const recent = await json<LibraryPage>(await t.send("GET", library(reader), reader));
    expect(recent.stories.map((item) => item.story.title)).toEqual(["Serial", "Cedar", "Birch"]);
    expect(recent.stories[0]).toMatchObject({
      progress: { partId: serial.partIds[1], part: 2, of: 4, percent: 37 },
      numNewParts: 2,
      archived: false,
      lastReadAt: new Date(now).toISOString(),
    });
    expect(recent.stories[2]).toMatchObject({ progress: null, lastReadAt: null });

    const added = await json<LibraryPage>(
      await t.send("GET", `${library(reader)}?sort=added`, reader),
    );
    expect(added.stories.map((item) => item.story.id)).toHaveLength(3);
    const titles = await json<LibraryPage>(
      await t.send("GET", `${library(reader)}?sort=title`, reader),
    );
    expect(titles.stories.map((item) => item.story.title)).toEqual(["Birch", "Cedar", "Serial"]);
    expect((await t.send("GET", `${library(reader)}?sort=size`, reader)).status).toBe(400);
  });

  it("archives and unarchives, moving stories between the Library and its Archive", async () => {
    const reader = await person();
    await t.send("POST", library(reader), reader, { stories: [stories[0], stories[1]] });
    const archived = await t.send("PUT", `${library(reader)}/${stories[0]}`, reader, {
      archived: true,
    });
    expect(await archived.json()).toEqual({ id: stories[0], archived: true });
    const shelf = await json<LibraryPage>(await t.send("GET", library(reader), reader));
    expect(shelf.stories.map((item) => item.story.id)).toEqual([stories[1]]);
    const archive = await json<LibraryPage>(
      await t.send("GET", `${library(reader)}?archived=1`, reader),
    );
    expect(archive.stories.map((item) => item.story.id)).toEqual([stories[0]]);
    await t.send("PUT", `${library(reader)}/${stories[0]}`, reader, { archived: false });
    expect((await json<LibraryPage>(await t.send("GET", library(reader), reader))).total).toBe(2);

    expect(
      (await t.send("PUT", `${library(reader)}/${stories[2]}`, reader, { archived: true })).status,
    ).toBe(404);
    expect(
      (await t.send("PUT", `${library(reader)}/${stories[0]}`, reader, { archived: "maybe" }))
        .status,
    ).toBe(400);
  });
});

describe("GET /v4/stories/collections", () => {
  it("says which of the reader's lists and whether the Library hold each story", async () => {
    const reader = await person();
    const other = await person();
    const a = await json<ReadingListSummary>(await createList(reader, "A", stories[0]));
    const b = await json<ReadingListSummary>(await createList(reader, "B", stories[0]));
    await createList(other, "Theirs", stories[0]);
    await t.send("POST", `/api/v3/users/${reader.username}/library`, reader, {
      stories: stories[1],
    });
    const answer = await t.send(
      "GET",
      `/v4/stories/collections?storyIds=${stories[0]},${stories[1]},${stories[2]}`,
      reader,
    );
    expect(await json<StoryCollections>(answer)).toEqual({
      stories: [
        { id: stories[0], library: false, lists: [a.id, b.id] },
        { id: stories[1], library: true, lists: [] },
        { id: stories[2], library: false, lists: [] },
      ],
    });
    expect(
      (await t.send("GET", `/v4/stories/collections?storyIds=${stories[0]}`, null)).status,
    ).toBe(401);
  });

  it("names storyIds, the query's own field, when it refuses one", async () => {
    const reader = await person();
    const missing = await t.send("GET", "/v4/stories/collections", reader);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      code: "bad_request",
      message: "storyIds names the stories to look up",
      fields: { storyIds: "storyIds names the stories to look up" },
    });
    // Two bad ids fail for one reason: the message says it once, each field keeps it.
    const twoBad = await t.send("GET", "/v4/stories/collections?storyIds=abc,def", reader);
    expect(twoBad.status).toBe(400);
    expect(await twoBad.json()).toEqual({
      code: "bad_request",
      message: "storyIds must be story ids",
      fields: {
        "storyIds.0": "storyIds must be story ids",
        "storyIds.1": "storyIds must be story ids",
      },
    });
    const many = Array.from({ length: 51 }, (_, index) => index + 1).join(",");
    const tooMany = await t.send("GET", `/v4/stories/collections?storyIds=${many}`, reader);
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toEqual({
      code: "bad_request",
      message: "storyIds names at most 50 stories at once",
      fields: { storyIds: "storyIds names at most 50 stories at once" },
    });
  });
});
