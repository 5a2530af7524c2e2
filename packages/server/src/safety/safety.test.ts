import type {
  BlockedUsers,
  CommentData,
  ContentSettings,
  IgnoredUsers,
  UserProfile,
} from "@inkwell/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApi } from "../testing/api.ts";
import {
  createStory,
  createUser,
  isoYearsAgo,
  type Person,
  signedInUser,
} from "../testing/fixtures.ts";

const t = useTestApi();

const person = (overrides: { birthdate?: string; is_sysadmin?: 0 | 1 } = {}): Promise<Person> =>
  signedInUser(t.handle.db, { birthdate: isoYearsAgo(30), ...overrides });

const as = (who: Person | null, init: RequestInit = {}): RequestInit => ({
  ...init,
  headers: { ...(who && { cookie: who.cookie }), "content-type": "application/json" },
});
const put = (who: Person | null, path: string, body: unknown) =>
  t.get(path, as(who, { method: "PUT", body: JSON.stringify(body) }));
const post = (who: Person | null, path: string, body?: unknown) =>
  t.get(
    path,
    as(who, { method: "POST", ...(body !== undefined && { body: JSON.stringify(body) }) }),
  );
const del = (who: Person | null, path: string) => t.get(path, as(who, { method: "DELETE" }));
const read = (who: Person | null, path: string) => t.get(path, as(who));
const json = async <T>(response: Response) => (await response.json()) as T;

const settingsPath = (username: string) => `/v5/users/${username}/content-settings`;
const ignore = (who: Person | null, action: string, username?: string) =>
  post(
    who,
    `/apiv2/ignoreuser?${new URLSearchParams({ action, ...(username && { id: username }) })}`,
  );

/** Titles of a tag page as `who` sees it, and the total it claims. */
async function tagPage(who: Person | null, tag: string) {
  const body = await json<{ stories: { title: string }[]; total: number }>(
    await read(who, `/api/v3/stories?tag=${tag}&limit=50&fields=stories(title),total`),
  );
  return { titles: body.stories.map((story) => story.title).sort(), total: body.total };
}

async function counters(userId: number) {
  return t.handle.db
    .selectFrom("users")
    .select(["num_followers", "num_following"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
}

describe("content settings", () => {
  it("answers the defaults, and leaves the mature toggle out for minors", async () => {
    const reader = await person();
    const response = await read(reader, settingsPath(reader.username.toUpperCase()));
    expect(response.status).toBe(200);
    expect(await json<ContentSettings>(response)).toEqual({
      includeMature: true,
      preferredTags: [],
      blockedTags: [],
      tagLimit: 50,
      unblockableTags: ["inkwell", "inkwellawards", "featured"],
    });
    const minor = await person({ birthdate: isoYearsAgo(15) });
    const settings = await json<ContentSettings>(await read(minor, settingsPath(minor.username)));
    expect(settings).not.toHaveProperty("includeMature");
    const refused = await put(minor, `${settingsPath(minor.username)}/include-mature`, {
      includeMature: true,
    });
    expect(refused.status).toBe(403);
  });

  it("turns mature stories off and on, and a mature story's gate follows", async () => {
    const reader = await person();
    const writer = await createUser(t.handle.db);
    const story = await createStory(t.handle.db, writer.id, { rating: 4 });
    const off = await put(reader, `${settingsPath(reader.username)}/include-mature`, {
      includeMature: false,
    });
    expect(await json<ContentSettings>(off)).toMatchObject({ includeMature: false });
    expect((await read(reader, `/api/v3/stories/${story.id}`)).status).toBe(403);
    await put(reader, `${settingsPath(reader.username)}/include-mature`, { includeMature: true });
    expect((await read(reader, `/api/v3/stories/${story.id}`)).status).toBe(200);
    const bad = await put(reader, `${settingsPath(reader.username)}/include-mature`, {
      includeMature: "yes",
    });
    expect(bad.status).toBe(400);
  });

  it("stores blocked tags by the editor's rules, newest first, keeping older ones' places", async () => {
    const reader = await person();
    const path = `${settingsPath(reader.username)}/blocked-tags`;
    const first = await put(reader, path, { blockedTags: ["#Gore", "vamp\\ires", "gore"] });
    expect((await json<ContentSettings>(first)).blockedTags).toEqual(["gore", "vampires"]);
    const second = await put(reader, path, { blockedTags: ["zombies", "gore", "vampires"] });
    expect((await json<ContentSettings>(second)).blockedTags).toEqual([
      "zombies",
      "gore",
      "vampires",
    ]);
    const removed = await put(reader, path, { blockedTags: ["zombies", "vampires"] });
    expect((await json<ContentSettings>(removed)).blockedTags).toEqual(["zombies", "vampires"]);
  });

  it("keeps one of two lists saved at the same moment whole, never a mix of both", async () => {
    for (let round = 0; round < 5; round++) {
      const reader = await person();
      const path = `${settingsPath(reader.username)}/blocked-tags`;
      await put(reader, path, { blockedTags: ["gore"] });
      const answers = await Promise.all([
        put(reader, path, { blockedTags: ["zombies", "vampires"] }),
        put(reader, path, { blockedTags: ["ghosts", "werewolves"] }),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      const { blockedTags } = await json<ContentSettings>(
        await read(reader, settingsPath(reader.username)),
      );
      expect([
        ["zombies", "vampires"],
        ["ghosts", "werewolves"],
      ]).toContainEqual(blockedTags);
    }
  });

  it("refuses unblockable tags, spaces, empty tags and more than tagLimit, changing nothing", async () => {
    const reader = await person();
    const path = `${settingsPath(reader.username)}/blocked-tags`;
    await put(reader, path, { blockedTags: ["gore"] });
    const cases: [string[], string][] = [
      [["Featured"], "Oops! This tag can't be blocked."],
      [["slow burn"], "Tags cannot contain spaces"],
      [["#"], "Tags cannot be empty"],
      [
        Array.from({ length: 51 }, (_, i) => `tag${i}`),
        "You have reached your blocked tags limit.",
      ],
    ];
    for (const [blockedTags, message] of cases) {
      const response = await put(reader, path, { blockedTags });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ message, fields: { blockedTags: message } });
    }
    const settings = await json<ContentSettings>(await read(reader, settingsPath(reader.username)));
    expect(settings.blockedTags).toEqual(["gore"]);
  });

  it("keeps a blocked tag without its control characters, which PostgreSQL would refuse", async () => {
    const reader = await person();
    const path = `${settingsPath(reader.username)}/blocked-tags`;
    expect(
      await json<ContentSettings>(await put(reader, path, { blockedTags: ["go\u0000re"] })),
    ).toMatchObject({ blockedTags: ["gore"] });
    const empty = await put(reader, path, { blockedTags: ["\u0000"] });
    expect(await empty.json()).toMatchObject({ message: "Tags cannot be empty" });
  });
});

describe("a blocked tag", () => {
  let writer: { id: number; username: string };
  let reader: Person;
  let gory: { id: number };

  beforeAll(async () => {
    writer = await createUser(t.handle.db, { username: "tag_writer" });
    gory = await createStory(t.handle.db, writer.id, {
      title: "Gory",
      tags: ["nightmare", "gore"],
    });
    await createStory(t.handle.db, writer.id, { title: "Gentle", tags: ["nightmare"] });
    reader = await person();
    await put(reader, `${settingsPath(reader.username)}/blocked-tags`, { blockedTags: ["gore"] });
  });

  it("takes its stories out of another tag's page for that reader, with a matching total", async () => {
    expect(await tagPage(reader, "nightmare")).toEqual({ titles: ["Gentle"], total: 1 });
    expect(await tagPage(reader, "gore")).toEqual({ titles: [], total: 0 });
    expect(await tagPage(null, "nightmare")).toEqual({ titles: ["Gentle", "Gory"], total: 2 });
  });

  it("takes them out of the writer's profile, whose count matches", async () => {
    const profile = await json<UserProfile>(await read(reader, `/api/v3/users/${writer.username}`));
    expect(profile.numStoriesPublished).toBe(1);
    const list = await json<{ stories: { title: string }[]; total: number }>(
      await read(reader, `/api/v3/users/${writer.username}/stories`),
    );
    expect(list.stories.map((story) => story.title)).toEqual(["Gentle"]);
    expect(list.total).toBe(1);
  });

  it("takes them out of recommendations", async () => {
    const seed = await createStory(t.handle.db, writer.id, { title: "Seed", tags: ["nightmare"] });
    const tag = await t.handle.db
      .selectFrom("tags")
      .select("id")
      .where("name", "=", "nightmare")
      .executeTakeFirstOrThrow();
    await t.handle.db
      .insertInto("tag_rankings")
      .values([
        { tag_id: tag.id, story_id: gory.id, rank: 1, score: 10 },
        { tag_id: tag.id, story_id: seed.id, rank: 2, score: 5 },
      ])
      .execute();
    const titles = async (who: Person | null) =>
      (
        await json<{ recommendedStories: { title: string }[] }>(
          await read(who, `/api/v3/stories/${seed.id}?fields=recommendedStories(title)`),
        )
      ).recommendedStories.map((story) => story.title);
    expect(await titles(null)).toEqual(["Gory"]);
    expect(await titles(reader)).toEqual([]);
  });
});

describe("mute", () => {
  it("mutes and unmutes by username, lists the muted, and hides their stories", async () => {
    const muter = await person();
    const writer = await person();
    await createStory(t.handle.db, writer.id, { title: "Loud", tags: ["mutetest"] });
    const muted = await ignore(muter, "ignore_user", writer.username);
    expect(muted.status).toBe(200);
    expect(await muted.json()).toMatchObject({ code: 200 });
    expect(await json<IgnoredUsers>(await ignore(muter, "get_ignored_web"))).toEqual([
      { name: writer.username, displayName: `Name of ${writer.username}`, avatar: null },
    ]);
    expect(await tagPage(muter, "mutetest")).toEqual({ titles: [], total: 0 });
    const profile = await json<UserProfile>(await read(muter, `/api/v3/users/${writer.username}`));
    expect(profile.safety).toEqual({ isMuted: true, isBlocked: false });
    // The restricted header still counts the writer's works (§2).
    expect(profile.numStoriesPublished).toBe(1);
    // Muting hides, it does not bar: the story still opens, and the writer still sees the muter's.
    expect(await tagPage(writer, "mutetest")).toEqual({ titles: ["Loud"], total: 1 });

    await ignore(muter, "unignore_user", writer.username);
    expect(await json<IgnoredUsers>(await ignore(muter, "get_ignored_web"))).toEqual([]);
    expect(await tagPage(muter, "mutetest")).toEqual({ titles: ["Loud"], total: 1 });
  });

  it("refuses muting yourself with code 467, and a bad action with 400", async () => {
    const reader = await person();
    const self = await ignore(reader, "ignore_user", reader.username);
    expect(self.status).toBe(400);
    expect(await self.json()).toMatchObject({ code: 467, message: "You can't mute yourself." });
    expect((await ignore(reader, "shout", reader.username)).status).toBe(400);
    expect((await ignore(reader, "ignore_user", "nobody_by_that_name")).status).toBe(404);
    // A name with control characters names nobody, and PostgreSQL would refuse its NUL.
    const nul = await ignore(reader, "ignore_user", `${reader.username}\u0000`);
    expect(nul.status).toBe(400);
    const named = "id must name the user to mute or unmute";
    const refused = { code: "bad_request", message: named, fields: { id: named } };
    expect(await nul.json()).toEqual(refused);
    const nameless = await ignore(reader, "ignore_user");
    expect([nameless.status, await nameless.json()]).toEqual([400, refused]);
  });
});

describe("block", () => {
  it("ends follows both ways with exact counters, and keeps the blocked from following", async () => {
    const blocker = await person();
    const blocked = await person();
    const bystander = await person();
    for (const [who, whom] of [
      [blocker, blocked],
      [blocked, blocker],
      [bystander, blocker],
    ] as const) {
      await post(who, `/api/v3/users/${who.username}/following`, { users: whom.username });
    }
    expect(await counters(blocker.id)).toEqual({ num_followers: 2, num_following: 1 });

    const response = await post(blocker, `/v4/users/${blocked.username}/blocks`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ username: blocked.username, isBlocked: true });
    // Blocking twice changes nothing more.
    await post(blocker, `/v4/users/${blocked.username}/blocks`);
    expect(await counters(blocker.id)).toEqual({ num_followers: 1, num_following: 0 });
    expect(await counters(blocked.id)).toEqual({ num_followers: 0, num_following: 0 });

    const follow = await post(blocked, `/api/v3/users/${blocked.username}/following`, {
      users: blocker.username,
    });
    expect(follow.status).toBe(403);
    expect(await follow.json()).toMatchObject({ code: "blocked" });

    await del(blocker, `/v4/users/${blocked.username}/blocks`);
    const again = await post(blocked, `/api/v3/users/${blocked.username}/following`, {
      users: blocker.username,
    });
    expect(again.status).toBe(200);
  });

  it("leaves no follow behind when a follow and a block arrive at the same moment", async () => {
    for (let round = 0; round < 8; round++) {
      const blocker = await person();
      const blocked = await person();
      await Promise.all([
        post(blocked, `/api/v3/users/${blocked.username}/following`, { users: blocker.username }),
        post(blocker, `/v4/users/${blocked.username}/blocks`),
      ]);
      const followers = await json<{ users: unknown[] }>(
        await read(blocker, `/api/v3/users/${blocker.username}/followers`),
      );
      expect([round, followers.users]).toEqual([round, []]);
      expect(await counters(blocker.id)).toEqual({ num_followers: 0, num_following: 0 });
      expect(await counters(blocked.id)).toEqual({ num_followers: 0, num_following: 0 });
    }
  });

  it("keeps counters and lists exact when a writer blocks and mutes 30 followers at once", async () => {
    const writer = await person();
    const readers = await Promise.all(Array.from({ length: 30 }, () => person()));
    for (const reader of readers) {
      await post(reader, `/api/v3/users/${reader.username}/following`, { users: writer.username });
      await post(writer, `/api/v3/users/${writer.username}/following`, { users: reader.username });
    }
    expect(await counters(writer.id)).toEqual({ num_followers: 30, num_following: 30 });

    // Every block sent twice, every mute twice, all at once.
    const answers = await Promise.all(
      [...readers, ...readers].flatMap((reader) => [
        post(writer, `/v4/users/${reader.username}/blocks`),
        ignore(writer, "ignore_user", reader.username),
      ]),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const profile = await json<UserProfile>(await read(writer, `/api/v3/users/${writer.username}`));
    expect([profile.numFollowers, profile.numFollowing]).toEqual([0, 0]);
    for (const reader of readers) {
      expect(await counters(reader.id)).toEqual({ num_followers: 0, num_following: 0 });
    }
    const blocked = await json<BlockedUsers>(
      await read(writer, `/v4/users/${writer.username}/blocks?get_all=true`),
    );
    const names = readers.map((reader) => reader.username).sort();
    expect([blocked.total, blocked.users.map((user) => user.username).sort()]).toEqual([30, names]);
    const muted = await json<IgnoredUsers>(await ignore(writer, "get_ignored_web"));
    expect(muted.map((user) => user.name).sort()).toEqual(names);

    // And all undone at once.
    await Promise.all(
      readers.flatMap((reader) => [
        del(writer, `/v4/users/${reader.username}/blocks`),
        ignore(writer, "unignore_user", reader.username),
      ]),
    );
    const unblocked = await read(writer, `/v4/users/${writer.username}/blocks?get_all=true`);
    expect((await json<BlockedUsers>(unblocked)).total).toBe(0);
    expect(await json<IgnoredUsers>(await ignore(writer, "get_ignored_web"))).toEqual([]);
  });

  it("keeps the blocked from the blocker's stories, parts and comments, and both from each other's lists", async () => {
    const blocker = await person();
    const blocked = await person();
    const mine = await createStory(t.handle.db, blocker.id, { title: "Mine", tags: ["blocktest"] });
    await createStory(t.handle.db, blocked.id, { title: "Theirs", tags: ["blocktest"] });
    await post(blocker, `/v4/users/${blocked.username}/blocks`);

    expect((await read(blocked, `/api/v3/stories/${mine.id}`)).status).toBe(404);
    expect((await read(blocked, `/api/v3/story_parts/${mine.partIds[0]}`)).status).toBe(404);
    const comment = await post(blocked, "/v5/comments", {
      resource: { namespace: "parts", resourceId: String(mine.partIds[0]) },
      text: "Let me in",
    });
    expect(comment.status).toBe(404);
    expect(await tagPage(blocked, "blocktest")).toEqual({ titles: ["Theirs"], total: 1 });
    expect(await tagPage(blocker, "blocktest")).toEqual({ titles: ["Mine"], total: 1 });

    const profile = await json<UserProfile>(
      await read(blocker, `/api/v3/users/${blocked.username}`),
    );
    expect(profile.safety).toEqual({ isMuted: false, isBlocked: true });
    expect(profile.numStoriesPublished).toBe(1);
    // The blocked account sees the blocker's works counted as it sees their list: empty.
    const blockers = await json<UserProfile>(
      await read(blocked, `/api/v3/users/${blocker.username}`),
    );
    expect(blockers.numStoriesPublished).toBe(0);
    const list = await json<BlockedUsers>(
      await read(blocker, `/v4/users/${blocker.id}/blocks?get_all=true`),
    );
    expect(list).toEqual({
      users: [{ username: blocked.username, name: `Name of ${blocked.username}`, avatar: null }],
      total: 1,
    });

    await del(blocker, `/v4/users/${blocked.username}/blocks`);
    expect((await read(blocked, `/api/v3/stories/${mine.id}`)).status).toBe(200);
    expect(
      (await json<UserProfile>(await read(blocked, `/api/v3/users/${blocker.username}`)))
        .numStoriesPublished,
    ).toBe(1);
    expect(await tagPage(blocked, "blocktest")).toEqual({ titles: ["Mine", "Theirs"], total: 2 });
  });

  it("answers a block list asked for by an id past any account's as no such user", async () => {
    const admin = await person({ is_sysadmin: 1 });
    const answer = await read(admin, "/v4/users/99999999999999999999/blocks?get_all=true");
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({ code: "not_found" });
  });

  it("hides comments of people the reader muted or blocked, and of people who blocked them", async () => {
    const writer = await person();
    const reader = await person();
    const talker = await person();
    const story = await createStory(t.handle.db, writer.id);
    const partId = String(story.partIds[0]);
    await post(talker, "/v5/comments", {
      resource: { namespace: "parts", resourceId: partId },
      text: "Lovely chapter",
    });
    const commentsPath = `/v5/comments/namespaces/parts/resources/${partId}/comments`;
    const count = async () =>
      (await json<{ comments: unknown[] }>(await read(reader, commentsPath))).comments.length;
    expect(await count()).toBe(1);
    await ignore(reader, "ignore_user", talker.username);
    expect(await count()).toBe(0);
    await ignore(reader, "unignore_user", talker.username);
    await post(talker, `/v4/users/${reader.username}/blocks`);
    expect(await count()).toBe(0);
  });

  it("keeps the replies in a blocker's thread from the blocked: no opening, liking or replying", async () => {
    const writer = await person();
    const blocker = await person();
    const talker = await person();
    const reader = await person();
    const story = await createStory(t.handle.db, writer.id);
    const onPart = { namespace: "parts", resourceId: String(story.partIds[0]) };
    const thread = await json<CommentData>(
      await post(blocker, "/v5/comments", { resource: onPart, text: "My theory" }),
    );
    const reply = await json<CommentData>(
      await post(talker, "/v5/comments", {
        resource: { namespace: "comments", resourceId: thread.commentId.resourceId },
        text: "Agreed",
      }),
    );
    const replyId = reply.commentId.resourceId;
    const reach = async () => [
      (await read(reader, `/v5/comments/${replyId}`)).status,
      (await put(reader, `/v5/comments/${replyId}/sentiments/like`, {})).status,
      (
        await post(reader, "/v5/comments", {
          resource: { namespace: "comments", resourceId: replyId },
          text: "Nonsense",
        })
      ).status,
    ];
    expect((await read(reader, `/v5/comments/${replyId}`)).status).toBe(200);
    expect((await post(blocker, `/v4/users/${reader.username}/blocks`)).status).toBe(200);
    expect(await reach()).toEqual([404, 404, 404]);
    const replies = await t.handle.db
      .selectFrom("comments")
      .select("user_id")
      .where("parent_id", "=", Number(thread.commentId.resourceId))
      .execute();
    expect(replies.map((row) => row.user_id)).toEqual([talker.id]);
  });

  it("counts a thread's replies as the reader sees them, without those of the muted", async () => {
    const writer = await person();
    const reader = await person();
    const talker = await person();
    const story = await createStory(t.handle.db, writer.id);
    const partId = String(story.partIds[0]);
    const thread = await json<CommentData>(
      await post(writer, "/v5/comments", {
        resource: { namespace: "parts", resourceId: partId },
        text: "Thanks for reading",
      }),
    );
    const threadId = thread.commentId.resourceId;
    for (const [who, text] of [
      [talker, "First!"],
      [reader, "Loved it"],
      [talker, "Read mine"],
    ] as const) {
      await post(who, "/v5/comments", {
        resource: { namespace: "comments", resourceId: threadId },
        text,
      });
    }
    const seen = async () => {
      const page = await json<{ comments: CommentData[] }>(
        await read(reader, `/v5/comments/namespaces/parts/resources/${partId}/comments`),
      );
      const one = await json<CommentData>(await read(reader, `/v5/comments/${threadId}`));
      return [page.comments[0], one].map((comment) => [
        comment?.replyCount,
        comment?.replyData.map((reply) => reply.text),
      ]);
    };
    expect(await seen()).toEqual(Array(2).fill([3, ["First!", "Loved it"]]));
    await ignore(reader, "ignore_user", talker.username);
    // Nothing left behind 'View N Replies': the count is the one reply the reader sees.
    expect(await seen()).toEqual(Array(2).fill([1, ["Loved it"]]));
  });
});
