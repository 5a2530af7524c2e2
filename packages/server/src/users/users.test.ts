import type { FollowState, StoryList, UserList, UserProfile } from "@inkwell/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../accounts/passwords.ts";
import { useTestApi } from "../testing/api.ts";
import {
  createStory,
  createUser,
  DAY,
  isoYearsAgo,
  type Person,
  signedIn,
  signedInUser,
} from "../testing/fixtures.ts";

const t = useTestApi();
let writer: { id: number; username: string };

const person = (
  overrides: { email_verified?: 0 | 1; password_hash?: string } = {},
): Promise<Person> => signedInUser(t.handle.db, overrides);

const json = async <T>(response: Response) => (await response.json()) as T;

/** POST or DELETE /following as `who`, naming `users` in JSON (or a form when asked). */
function sendFollow(
  method: "POST" | "DELETE",
  who: Pick<Person, "username" | "cookie">,
  users: string,
  options: { form?: boolean; path?: string } = {},
) {
  const body = options.form
    ? { "content-type": "application/x-www-form-urlencoded", body: new URLSearchParams({ users }) }
    : { "content-type": "application/json", body: JSON.stringify({ users }) };
  return t.get(options.path ?? `/api/v3/users/${who.username}/following`, {
    method,
    headers: { cookie: who.cookie, "content-type": body["content-type"] },
    body: body.body.toString(),
  });
}

/** A user's counters and the rows behind them. */
async function counts(userId: number) {
  const user = await t.handle.db
    .selectFrom("users")
    .select(["num_followers", "num_following"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  const rows = async (column: "followee_id" | "follower_id") =>
    Number(
      (
        await t.handle.db
          .selectFrom("follows")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where(column, "=", userId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    followers: user.num_followers,
    followerRows: await rows("followee_id"),
    following: user.num_following,
    followingRows: await rows("follower_id"),
  };
}

beforeAll(async () => {
  writer = await createUser(t.handle.db, {
    username: "Quill_Writer",
    description: "I write at night. See https://example.com",
    is_verified: 1,
    highlight_colour: "#3a6ea5",
  });
  const now = Date.now();
  await createStory(t.handle.db, writer.id, { title: "Older", last_published_at: now - 3 * DAY });
  await createStory(t.handle.db, writer.id, { title: "Newest", last_published_at: now - DAY });
  await createStory(t.handle.db, writer.id, { title: "Middle", last_published_at: now - 2 * DAY });
  await createStory(t.handle.db, writer.id, { title: "Draft", draft: 1 });
  await createStory(t.handle.db, writer.id, { title: "Gone", deleted: 1 });
  await createStory(t.handle.db, writer.id, { title: "No parts yet", parts: [{ draft: 1 }] });
  await createStory(t.handle.db, writer.id, { title: "Mature", rating: 4, last_published_at: 0 });
});

describe("GET /api/v3/users/{username}", () => {
  it("answers the profile whatever the case of the name, with published stories counted", async () => {
    const response = await t.get("/api/v3/users/quill_WRITER");
    expect(response.status).toBe(200);
    const profile = await json<UserProfile>(response);
    expect(profile).toEqual({
      username: "Quill_Writer",
      name: "Name of Quill_Writer",
      fullname: "Name of Quill_Writer",
      avatar: null,
      badges: ["verified"],
      backgroundUrl: null,
      highlight_colour: "#3a6ea5",
      description: "I write at night. See https://example.com",
      numStoriesPublished: 3,
      numLists: 0,
      numFollowers: 0,
      numFollowing: 0,
      following: false,
      createDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      safety: { isMuted: false, isBlocked: false },
    });
  });

  it("keeps only the fields asked for, and refuses a malformed selection", async () => {
    const response = await t.get(`/api/v3/users/${writer.username}?fields=username,numFollowers`);
    expect(await response.json()).toEqual({ username: "Quill_Writer", numFollowers: 0 });
    const bad = await t.get(`/api/v3/users/${writer.username}?fields=username,(`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: "bad_request" });
  });

  it("answers 404 with {code, message} for nobody by that name and for a closed account", async () => {
    const unknown = await t.get("/api/v3/users/nobody_here");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ code: "not_found", message: "User was not found" });

    const leaver = await person({ password_hash: await hashPassword("Lantern-and-1nk") });
    const closed = await t.get("/close-account", {
      method: "POST",
      headers: { cookie: leaver.cookie, "content-type": "application/json" },
      body: JSON.stringify({ password: "Lantern-and-1nk" }),
    });
    expect(closed.status).toBe(200);
    expect((await t.get(`/api/v3/users/${leaver.username}`)).status).toBe(404);
  });

  it("refuses a name with control characters before looking: PostgreSQL would refuse NUL", async () => {
    for (const path of ["/api/v3/users/nobody%00here", "/api/v3/users/nobody%07/stories"]) {
      const response = await t.get(path);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ message: "username names a user" });
    }
  });
});

describe("GET /api/v3/users/{username}/stories", () => {
  it("lists published stories as cards, newest first, page by page", async () => {
    const first = await json<StoryList>(
      await t.get(`/api/v3/users/${writer.username}/stories?limit=2`),
    );
    expect(first.stories.map((story) => story.title)).toEqual(["Newest", "Middle"]);
    expect(first.stories[0]).toMatchObject({ user: { username: "Quill_Writer" }, numParts: 1 });
    expect(first.total).toBe(3);
    expect(first.nextUrl).toBe("/api/v3/users/Quill_Writer/stories?limit=2&offset=2");

    const second = await json<StoryList>(await t.get(first.nextUrl as string));
    expect(second.stories.map((story) => story.title)).toEqual(["Older"]);
    expect(second.nextUrl).toBeNull();
  });

  it("lists and counts mature stories only for readers whose content setting shows them", async () => {
    const adult = await signedIn(t.handle.db, { birthdate: isoYearsAgo(30) });
    const seen = await json<StoryList>(
      await t.get(`/api/v3/users/${writer.username}/stories`, adult),
    );
    expect(seen.stories.map((story) => story.title)).toEqual([
      "Newest",
      "Middle",
      "Older",
      "Mature",
    ]);
    const profile = await json<UserProfile>(await t.get(`/api/v3/users/${writer.username}`, adult));
    expect(profile.numStoriesPublished).toBe(4);
  });

  it("refuses bad paging and answers 404 for an unknown user", async () => {
    expect((await t.get(`/api/v3/users/${writer.username}/stories?limit=0`)).status).toBe(400);
    expect((await t.get(`/api/v3/users/${writer.username}/stories?offset=x`)).status).toBe(400);
    expect((await t.get("/api/v3/users/nobody_here/stories")).status).toBe(404);
  });
});

describe("following", () => {
  it("follows and unfollows, once however often asked, moving both counters by one", async () => {
    const author = await person();
    const reader = await person();
    const followed = await sendFollow("POST", reader, author.username);
    expect(followed.status).toBe(200);
    expect(await followed.json()).toEqual({
      users: [{ username: author.username, following: true, numFollowers: 1 }],
    });
    const again = await json<FollowState>(await sendFollow("POST", reader, author.username));
    expect(again.users[0]).toMatchObject({ following: true, numFollowers: 1 });
    expect(await counts(author.id)).toMatchObject({ followers: 1, followerRows: 1 });
    expect(await counts(reader.id)).toMatchObject({ following: 1, followingRows: 1 });

    const seen = await json<UserProfile>(
      await t.get(`/api/v3/users/${author.username}`, { headers: { cookie: reader.cookie } }),
    );
    expect(seen).toMatchObject({ following: true, numFollowers: 1 });
    const mine = await json<UserProfile>(
      await t.get(`/api/v3/users/${reader.username}`, { headers: { cookie: reader.cookie } }),
    );
    expect(mine).toMatchObject({ following: false, numFollowing: 1 });
    // A visitor never follows anyone.
    expect(await json<UserProfile>(await t.get(`/api/v3/users/${author.username}`))).toMatchObject({
      following: false,
      numFollowers: 1,
    });

    const unfollowed = await sendFollow("DELETE", reader, author.username, { form: true });
    expect(unfollowed.status).toBe(200);
    expect(await unfollowed.json()).toEqual({
      users: [{ username: author.username, following: false, numFollowers: 0 }],
    });
    await sendFollow("DELETE", reader, author.username);
    expect(await counts(author.id)).toEqual({
      followers: 0,
      followerRows: 0,
      following: 0,
      followingRows: 0,
    });
    expect(await counts(reader.id)).toMatchObject({ following: 0, followingRows: 0 });
  });

  it("follows several people named in one comma-separated field (form or JSON)", async () => {
    const [a, b, reader] = [await person(), await person(), await person()];
    const answer = await sendFollow(
      "POST",
      reader,
      ` ${a.username.toUpperCase()} ,${b.username},`,
      {
        form: true,
      },
    );
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      users: [
        { username: a.username, following: true, numFollowers: 1 },
        { username: b.username, following: true, numFollowers: 1 },
      ],
    });
    expect(await counts(reader.id)).toMatchObject({ following: 2, followingRows: 2 });
    await sendFollow("DELETE", reader, `${a.username},${b.username}`);
    expect(await counts(reader.id)).toMatchObject({ following: 0, followingRows: 0 });
  });

  it("refuses visitors, other people's lists, yourself, unverified readers and bad input, changing nothing", async () => {
    const author = await person();
    const reader = await person();
    const before = { author: await counts(author.id), reader: await counts(reader.id) };

    const visitor = await sendFollow("POST", { username: reader.username, cookie: "" }, "x_y");
    expect(visitor.status).toBe(401);

    const someoneElse = await sendFollow("POST", reader, author.username, {
      path: `/api/v3/users/${writer.username}/following`,
    });
    expect(someoneElse.status).toBe(403);
    expect(await someoneElse.json()).toMatchObject({ code: "forbidden" });

    const self = await sendFollow("POST", reader, reader.username.toUpperCase());
    expect(self.status).toBe(400);
    expect(await self.json()).toMatchObject({
      code: "bad_request",
      message: "You can't follow yourself.",
    });

    const unverified = await person({ email_verified: 0 });
    const refused = await sendFollow("POST", unverified, author.username);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      code: "verify_email",
      message: "Verify your email address to follow people.",
    });

    const unknown = await sendFollow("POST", reader, `${author.username},nobody_here`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      code: "not_found",
      message: "User nobody_here was not found",
    });

    for (const users of ["", " , ", "no/slashes", Array(51).fill("a").join(",")]) {
      const bad = await sendFollow("POST", reader, users);
      expect(bad.status, users).toBe(400);
      expect(await bad.json()).toMatchObject({ code: "bad_request", fields: expect.any(Object) });
    }
    const missing = await t.get(`/api/v3/users/${reader.username}/following`, {
      method: "POST",
      headers: { cookie: reader.cookie },
    });
    expect(missing.status).toBe(400);

    expect({ author: await counts(author.id), reader: await counts(reader.id) }).toEqual(before);
  });

  it("stays exact when 30 readers follow one writer at once", async () => {
    const author = await person();
    const readers = await Promise.all(Array.from({ length: 30 }, () => person()));
    const answers = await Promise.all(
      readers.map((reader) => sendFollow("POST", reader, author.username)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(readers.map(() => 200));
    expect(await counts(author.id)).toMatchObject({ followers: 30, followerRows: 30 });
    const profile = await json<UserProfile>(await t.get(`/api/v3/users/${author.username}`));
    expect(profile.numFollowers).toBe(30);

    // Everyone again at once, and half of them unfollowing meanwhile: still rows = counter.
    await Promise.all([
      ...readers.map((reader) => sendFollow("POST", reader, author.username)),
      ...readers.slice(0, 15).map((reader) => sendFollow("DELETE", reader, author.username)),
    ]);
    const after = await counts(author.id);
    expect(after.followers).toBe(after.followerRows);
  });

  it("counts one follow when the same reader sends it twice at once", async () => {
    const author = await person();
    const reader = await person();
    const answers = await Promise.all([
      sendFollow("POST", reader, author.username),
      sendFollow("POST", reader, author.username),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await counts(author.id)).toMatchObject({ followers: 1, followerRows: 1 });
    expect(await counts(reader.id)).toMatchObject({ following: 1, followingRows: 1 });
  });

  it("lets two people follow each other at the same moment", async () => {
    const [a, b] = [await person(), await person()];
    const answers = await Promise.all([
      sendFollow("POST", a, `${b.username}`),
      sendFollow("POST", b, `${a.username}`),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await counts(a.id)).toEqual({
      followers: 1,
      followerRows: 1,
      following: 1,
      followingRows: 1,
    });
  });

  it("takes a closed account out of the counts of the people it followed and who followed it", async () => {
    const author = await person();
    const fan = await person();
    const leaver = await person({ password_hash: await hashPassword("Lantern-and-1nk") });
    await sendFollow("POST", leaver, author.username);
    await sendFollow("POST", fan, leaver.username);
    await t.get("/close-account", {
      method: "POST",
      headers: { cookie: leaver.cookie, "content-type": "application/json" },
      body: JSON.stringify({ password: "Lantern-and-1nk" }),
    });
    expect(await counts(author.id)).toMatchObject({ followers: 0, followerRows: 0 });
    expect(await counts(fan.id)).toMatchObject({ following: 0, followingRows: 0 });
  });
});

describe("GET followers and following", () => {
  it("lists people newest follow first, page by page, with the counter as total", async () => {
    const author = await person();
    const readers = [await person(), await person(), await person()];
    for (const reader of readers) await sendFollow("POST", reader, author.username);

    const first = await json<UserList>(
      await t.get(`/api/v3/users/${author.username}/followers?limit=2`),
    );
    expect(first.users.map((user) => user.username)).toEqual(
      [readers[2], readers[1]].map((reader) => reader?.username),
    );
    expect(first.users[0]).toEqual({
      username: readers[2]?.username,
      name: `Name of ${readers[2]?.username}`,
      fullname: `Name of ${readers[2]?.username}`,
      avatar: null,
      badges: [],
    });
    expect(first.total).toBe(3);
    const second = await json<UserList>(await t.get(first.nextUrl as string));
    expect(second.users.map((user) => user.username)).toEqual([readers[0]?.username]);
    expect(second.nextUrl).toBeNull();

    const following = await json<UserList>(
      await t.get(`/api/v3/users/${readers[0]?.username}/following`),
    );
    expect(following).toEqual({
      users: [expect.objectContaining({ username: author.username })],
      total: 1,
      nextUrl: null,
    });
  });

  it("leaves out, for the viewer, people they muted or blocked or who blocked them, from lists and every count", async () => {
    const author = await person();
    const [fan, blockedFan, mutedFan, blockingFan] = [
      await person(),
      await person(),
      await person(),
      await person(),
    ];
    const viewer = await person();
    for (const who of [fan, blockedFan, mutedFan, blockingFan]) {
      await sendFollow("POST", who, author.username);
    }
    await sendFollow(
      "POST",
      author,
      `${fan.username},${blockedFan.username},${blockingFan.username}`,
    );
    const as = (who: Person) => ({ headers: { cookie: who.cookie } });
    await t.get(`/v4/users/${blockedFan.username}/blocks`, { method: "POST", ...as(viewer) });
    await t.get(`/v4/users/${viewer.username}/blocks`, { method: "POST", ...as(blockingFan) });
    await t.get(`/apiv2/ignoreuser?id=${mutedFan.username}&action=ignore_user`, {
      method: "POST",
      ...as(viewer),
    });

    const seen = async (list: "followers" | "following", who: Person | null) => {
      const page = await json<UserList>(
        await t.get(`/api/v3/users/${author.username}/${list}`, who ? as(who) : {}),
      );
      return { names: page.users.map((user) => user.username).sort(), total: page.total };
    };
    const sorted = (...people: Person[]) => people.map((p) => p.username).sort();
    expect(await seen("followers", viewer)).toEqual({ names: sorted(fan), total: 1 });
    expect(await seen("following", viewer)).toEqual({ names: sorted(fan), total: 1 });
    // The profile's counts are the lists' totals.
    const profile = await json<UserProfile>(
      await t.get(`/api/v3/users/${author.username}`, as(viewer)),
    );
    expect(profile).toMatchObject({ numFollowers: 1, numFollowing: 1 });
    // So are the follow answers' and people search's counts, for the same viewer.
    const followed = await json<FollowState>(await sendFollow("POST", viewer, author.username));
    expect(followed.users).toEqual([
      { username: author.username, following: true, numFollowers: 2 },
    ]);
    const unfollowed = await json<FollowState>(await sendFollow("DELETE", viewer, author.username));
    expect(unfollowed.users[0]?.numFollowers).toBe(1);
    const search = async (who: Person | null) =>
      (
        await json<{ users: { username: string; numFollowers: number }[] }>(
          await t.get(
            `/v4/search/users/?${new URLSearchParams({ query: author.username })}`,
            who ? as(who) : {},
          ),
        )
      ).users.find((user) => user.username === author.username)?.numFollowers;
    expect(await search(viewer)).toBe(1);
    expect(await search(null)).toBe(4);
    // Everyone else, visitors too, still sees them all.
    expect(await seen("followers", null)).toEqual({
      names: sorted(fan, blockedFan, mutedFan, blockingFan),
      total: 4,
    });
    expect(await seen("following", fan)).toEqual({
      names: sorted(fan, blockedFan, blockingFan),
      total: 3,
    });
    // The blocked see the blocker in no list either.
    expect((await seen("followers", blockedFan)).names).not.toContain(viewer.username);
    await sendFollow("POST", fan, viewer.username);
    expect(await seen("followers", null)).toMatchObject({ total: 4 });
    const fansFollowing = await json<UserList>(
      await t.get(`/api/v3/users/${fan.username}/following`, as(blockedFan)),
    );
    expect(fansFollowing.users.map((user) => user.username)).toEqual([author.username]);
    expect(fansFollowing.total).toBe(1);
  });

  it("caps a page at 50 people and answers 404 for an unknown user", async () => {
    expect((await t.get(`/api/v3/users/${writer.username}/followers?limit=51`)).status).toBe(400);
    expect((await t.get(`/api/v3/users/${writer.username}/following?limit=50`)).status).toBe(200);
    expect((await t.get("/api/v3/users/nobody_here/followers")).status).toBe(404);
  });
});
