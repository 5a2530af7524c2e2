import type { ProfileMessage, ProfileMessagePage, ProfileMessageReplies } from "@inkwell/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { isForeignKeyViolation } from "../db/constraint-errors.ts";
import { useTestApi } from "../testing/api.ts";
import { signedInUser } from "../testing/fixtures.ts";

const t = useTestApi();

interface Person {
  id: number;
  username: string;
  name: string;
  cookie: string;
}

async function person(overrides: Parameters<typeof signedInUser>[1] = {}): Promise<Person> {
  const user = await signedInUser(t.handle.db, overrides);
  return { ...user, name: `Name of ${user.username}` };
}

const messagesPath = (owner: Person) => `/api/v3/users/${owner.username}/messages`;

function send(path: string, cookie: string, body: unknown) {
  return t.get(path, {
    method: "POST",
    headers: { cookie, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

const postOn = (owner: Person, cookie: string, body: string) =>
  send(messagesPath(owner), cookie, { body });
const replyTo = (owner: Person, id: number, cookie: string, body: string) =>
  send(`${messagesPath(owner)}/${id}/replies`, cookie, { body });
const remove = (owner: Person, id: number, cookie = "") =>
  t.get(`${messagesPath(owner)}/${id}`, { method: "DELETE", headers: { cookie } });

async function created(response: Response): Promise<ProfileMessage> {
  expect(response.status).toBe(201);
  return (await response.json()) as ProfileMessage;
}

async function list(owner: Person, cookie = "", query = ""): Promise<ProfileMessagePage> {
  const response = await t.get(`${messagesPath(owner)}${query}`, { headers: { cookie } });
  expect(response.status).toBe(200);
  return (await response.json()) as ProfileMessagePage;
}

const bodies = (page: ProfileMessagePage) => page.messages.map((message) => message.body);

async function refusal(response: Response, status: number) {
  expect(response.status).toBe(status);
  return (await response.json()) as { code: string; message: string };
}

async function stored(owner: Person): Promise<number> {
  const row = await t.handle.db
    .selectFrom("profile_messages")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("profile_user_id", "=", owner.id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const mute = (who: Person, whom: Person) =>
  t.get(`/apiv2/ignoreuser?id=${whom.username}&action=ignore_user`, {
    method: "POST",
    headers: { cookie: who.cookie },
  });
const block = (who: Person, whom: Person, on = true) =>
  t.get(`/v4/users/${whom.username}/blocks`, {
    method: on ? "POST" : "DELETE",
    headers: { cookie: who.cookie },
  });

let staff: { ambassador: Person; admin: Person };

beforeAll(async () => {
  staff = {
    ambassador: await person({ is_ambassador: 1 }),
    admin: await person({ is_sysadmin: 1, is_staff: 1 }),
  };
});

describe("posting on a profile", () => {
  it("posts a message as plain text and answers it as the list shows it", async () => {
    const writer = await person();
    const reader = await person({ avatar: "/a.png", is_verified: 1 });
    const message = await created(
      await postOn(writer, reader.cookie, "  Loved <b>Part 3</b>!\r\nMore\u0000 please\u202E  "),
    );
    expect(message).toMatchObject({
      body: "Loved <b>Part 3</b>!\nMore please",
      from: {
        username: reader.username,
        name: reader.name,
        avatar: "/a.png",
        badges: ["verified"],
      },
      parentId: null,
      numReplies: 0,
      latestReplies: [],
      canDelete: true,
    });
    expect(Number.isNaN(Date.parse(message.createDate))).toBe(false);
    const page = await list(writer);
    expect(page).toMatchObject({ total: 1, nextUrl: null, notice: null });
    // A visitor sees it, and may not delete it.
    expect(page.messages).toEqual([{ ...message, canDelete: false }]);
  });

  it("lets the owner post on their own profile", async () => {
    const writer = await person();
    await created(await postOn(writer, writer.cookie, "New story on Friday!"));
    expect(bodies(await list(writer))).toEqual(["New story on Friday!"]);
  });

  it("holds the owner to 3 announcements in 24 hours; replies and others' messages are not held", async () => {
    const writer = await person();
    const ids: number[] = [];
    for (const n of [1, 2, 3]) {
      ids.push((await created(await postOn(writer, writer.cookie, `News ${n}`))).id);
    }
    expect(await refusal(await postOn(writer, writer.cookie, "News 4"), 429)).toEqual({
      code: "announcement_limit",
      message:
        "You can post up to 3 announcements on your profile in 24 hours. Try again later; replies are not limited.",
    });
    expect(bodies(await list(writer))).toEqual(["News 3", "News 2", "News 1"]);
    // A reply by the owner, a reader's message and the owner's message elsewhere all pass.
    await created(await replyTo(writer, ids[0] as number, writer.cookie, "Thanks all"));
    const reader = await person();
    await created(await postOn(writer, reader.cookie, "Can't wait"));
    await created(await postOn(reader, writer.cookie, "Hello neighbour"));
    // The window rolls: once the first is over 24 hours old, one more may go out.
    await t.handle.db
      .updateTable("profile_messages")
      .set({ created_at: Date.now() - 24 * 60 * 60 * 1000 - 1000 })
      .where("id", "=", ids[0] as number)
      .execute();
    await created(await postOn(writer, writer.cookie, "News 4"));
    expect((await postOn(writer, writer.cookie, "News 5")).status).toBe(429);
  });

  it("lets exactly the day's three of 30 simultaneous announcements through", async () => {
    const writer = await person();
    const statuses = await Promise.all(
      Array.from(
        { length: 30 },
        async (_, n) => (await postOn(writer, writer.cookie, `Race ${n}`)).status,
      ),
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(27);
    expect(await stored(writer)).toBe(3);
  });

  it("refuses visitors, unverified users, empty and overlong text, storing nothing", async () => {
    const writer = await person();
    expect((await postOn(writer, "", "Hi")).status).toBe(401);
    const unverified = await person({ email_verified: 0 });
    expect((await refusal(await postOn(writer, unverified.cookie, "Hi"), 403)).code).toBe(
      "verify_email",
    );
    const reader = await person();
    for (const body of ["", "  \n\t ", "\u0000\u202E", "x".repeat(2001)]) {
      const refused = await refusal(await postOn(writer, reader.cookie, body), 400);
      expect(refused.message).toMatch(
        /^(Write a message before posting\.|A message can have at most 2,000 characters\.)$/,
      );
    }
    expect(
      (await refusal(await postOn(writer, reader.cookie, "x".repeat(2001)), 400)).message,
    ).toBe("A message can have at most 2,000 characters.");
    expect(await refusal(await send(messagesPath(writer), reader.cookie, {}), 400)).toMatchObject({
      message: "body is the message",
    });
    expect(await stored(writer)).toBe(0);
    // 2,000 characters after trimming is allowed, and an emoji counts as one character.
    await created(await postOn(writer, reader.cookie, `  ${"😀".repeat(2000)}  `));
    expect(await stored(writer)).toBe(1);
  });

  it("answers 404 for an unknown profile", async () => {
    const reader = await person();
    expect((await postOn({ username: "nobody_here" } as Person, reader.cookie, "Hi")).status).toBe(
      404,
    );
    expect((await t.get("/api/v3/users/nobody_here/messages")).status).toBe(404);
  });

  it("limits how often one account posts: 10 a minute", async () => {
    const writer = await person();
    const reader = await person();
    const statuses: number[] = [];
    for (let n = 0; n < 11; n++) {
      statuses.push((await postOn(writer, reader.cookie, `Message ${n}`)).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(await refusal(await postOn(writer, reader.cookie, "One more"), 429)).toMatchObject({
      code: "rate_limited",
    });
    // Replies count too; someone else is not held back.
    expect((await replyTo(writer, 1, reader.cookie, "Reply")).status).toBe(429);
    expect((await postOn(writer, (await person()).cookie, "Me too")).status).toBe(201);
  });
});

describe("replies", () => {
  let writer: Person;
  let first: ProfileMessage;

  beforeAll(async () => {
    writer = await person();
    first = await created(await postOn(writer, (await person()).cookie, "First!"));
  });

  it("come with their message, the latest 3 oldest first, and the count of all", async () => {
    const people = await Promise.all([person(), person()]);
    const posted: ProfileMessage[] = [];
    for (let n = 0; n < 5; n++) {
      const who = people[n % 2] as Person;
      posted.push(await created(await replyTo(writer, first.id, who.cookie, `Reply ${n}`)));
    }
    expect(posted[0]).toMatchObject({ parentId: first.id, numReplies: 0, latestReplies: [] });
    const [shown] = (await list(writer)).messages;
    expect(shown?.numReplies).toBe(5);
    expect(shown?.latestReplies.map((reply) => reply.body)).toEqual([
      "Reply 2",
      "Reply 3",
      "Reply 4",
    ]);
    // Replies to a reply join the thread: one level deep.
    const nested = await created(
      await replyTo(writer, posted[0]?.id as number, writer.cookie, "Thanks all"),
    );
    expect(nested.parentId).toBe(first.id);
  });

  it("page backwards from the oldest shown, oldest first", async () => {
    const path = `${messagesPath(writer)}/${first.id}/replies`;
    const latest = (await (await t.get(`${path}?limit=4`)).json()) as ProfileMessageReplies;
    expect(latest.replies.map((reply) => reply.body)).toEqual([
      "Reply 2",
      "Reply 3",
      "Reply 4",
      "Thanks all",
    ]);
    expect(latest.total).toBe(6);
    expect(latest.nextUrl).toBe(`${path}?limit=4&before=${latest.replies[0]?.id}`);
    const earlier = (await (await t.get(latest.nextUrl as string)).json()) as ProfileMessageReplies;
    expect(earlier.replies.map((reply) => reply.body)).toEqual(["Reply 0", "Reply 1"]);
    expect(earlier.nextUrl).toBeNull();
  });

  it("answer 404 for a message of another profile or none, storing nothing", async () => {
    const other = await person();
    const reader = await person();
    const before = await stored(other);
    expect((await replyTo(other, first.id, reader.cookie, "Wrong profile")).status).toBe(404);
    expect((await replyTo(writer, 999_999, reader.cookie, "Nowhere")).status).toBe(404);
    expect((await t.get(`${messagesPath(other)}/${first.id}/replies`)).status).toBe(404);
    expect(await stored(other)).toBe(before);
  });
});

describe("listing a profile's messages", () => {
  it("walks them newest first with nextUrl, and counts them all", async () => {
    const writer = await person();
    const people = await Promise.all([person(), person(), person()]);
    for (let n = 0; n < 12; n++) {
      await created(await postOn(writer, (people[n % 3] as Person).cookie, `Message ${n}`));
    }
    const first = await list(writer, "", "?limit=5");
    expect(bodies(first)).toEqual([
      "Message 11",
      "Message 10",
      "Message 9",
      "Message 8",
      "Message 7",
    ]);
    expect(first.total).toBe(12);
    const second = (await (await t.get(first.nextUrl as string)).json()) as ProfileMessagePage;
    expect(bodies(second)).toEqual([
      "Message 6",
      "Message 5",
      "Message 4",
      "Message 3",
      "Message 2",
    ]);
    const third = (await (await t.get(second.nextUrl as string)).json()) as ProfileMessagePage;
    expect(bodies(third)).toEqual(["Message 1", "Message 0"]);
    expect(third.nextUrl).toBeNull();
    // Ten by default.
    expect((await list(writer)).messages).toHaveLength(10);
  });

  it("refuses a bad limit or cursor", async () => {
    const writer = await person();
    for (const query of ["?limit=0", "?limit=51", "?before=abc", "?before=0"]) {
      expect((await t.get(`${messagesPath(writer)}${query}`)).status).toBe(400);
    }
  });

  it("is documented in the OpenAPI document", async () => {
    const document = (await (await t.get("/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const messages = document.paths["/api/v3/users/{username}/messages"];
    const replies = document.paths["/api/v3/users/{username}/messages/{id}/replies"];
    const one = document.paths["/api/v3/users/{username}/messages/{id}"];
    expect(Object.keys(messages ?? {}).sort()).toEqual(["get", "post"]);
    expect(Object.keys(replies ?? {}).sort()).toEqual(["get", "post"]);
    expect(Object.keys(one ?? {})).toEqual(["delete"]);
  });
});

describe("safety", () => {
  it("refuses a user the owner blocked, and the owner's own block, with the composer's notice", async () => {
    const writer = await person();
    const troll = await person();
    const message = await created(await postOn(writer, (await person()).cookie, "Hello"));
    expect((await block(writer, troll)).status).toBe(200);
    const before = await stored(writer);

    for (const attempt of [
      postOn(writer, troll.cookie, "Let me in"),
      replyTo(writer, message.id, troll.cookie, "Let me in"),
    ]) {
      expect(await refusal(await attempt, 403)).toEqual({
        code: "blocked",
        message: "You can’t post on this profile.",
      });
    }
    expect((await list(writer, troll.cookie)).notice).toBe("You can’t post on this profile.");

    // The blocker cannot post on the blocked user's profile either.
    expect(await refusal(await postOn(troll, writer.cookie, "Go away"), 403)).toEqual({
      code: "blocked",
      message: `You have blocked ${troll.name} and cannot post on their profile.`,
    });
    expect((await list(troll, writer.cookie)).notice).toBe(
      `You have blocked ${troll.name} and cannot post on their profile.`,
    );
    expect(await stored(writer)).toBe(before);
    expect((await list(writer)).notice).toBeNull();
    expect((await list(writer, (await person()).cookie)).notice).toBeNull();
  });

  it("clears a blocked user's messages from the blocker's profile for everyone, until unblocked", async () => {
    const writer = await person();
    const troll = await person();
    const reader = await person();
    const rude = await created(await postOn(writer, troll.cookie, "Rude"));
    await created(await postOn(writer, reader.cookie, "Kind"));
    await created(await replyTo(writer, rude.id, reader.cookie, "Be nice"));
    expect((await list(writer)).total).toBe(2);
    await block(writer, troll);
    for (const cookie of ["", reader.cookie, staff.admin.cookie]) {
      const page = await list(writer, cookie);
      expect(bodies(page)).toEqual(["Kind"]);
      expect(page.total).toBe(1);
    }
    expect((await t.get(`${messagesPath(writer)}/${rude.id}/replies`)).status).toBe(404);
    await block(writer, troll, false);
    expect(bodies(await list(writer))).toEqual(["Kind", "Rude"]);
  });

  it("hides a muted user's messages and replies from the muter only", async () => {
    const writer = await person();
    const muter = await person();
    const muted = await person();
    const other = await person();
    const theirs = await created(await postOn(writer, muted.cookie, "From the muted"));
    const mine = await created(await postOn(writer, other.cookie, "From someone else"));
    await created(await replyTo(writer, mine.id, muted.cookie, "Muted reply"));
    expect((await mute(muter, muted)).status).toBe(200);

    const seen = await list(writer, muter.cookie);
    expect(bodies(seen)).toEqual(["From someone else"]);
    expect(seen.total).toBe(1);
    expect(seen.messages[0]).toMatchObject({ numReplies: 0, latestReplies: [] });
    expect(
      (
        await t.get(`${messagesPath(writer)}/${theirs.id}/replies`, {
          headers: { cookie: muter.cookie },
        })
      ).status,
    ).toBe(404);
    // Nobody else is affected: the writer, a visitor, another reader.
    for (const cookie of [writer.cookie, "", other.cookie]) {
      const page = await list(writer, cookie);
      expect(bodies(page)).toEqual(["From someone else", "From the muted"]);
      expect(page.messages[0]?.numReplies).toBe(1);
    }
    // Muting hides; it bars nothing: the muted user still posts, the muter too.
    expect((await postOn(writer, muted.cookie, "Still here")).status).toBe(201);
    expect((await postOn(muted, muter.cookie, "On the muted's profile")).status).toBe(201);
  });

  it("hides messages of people the viewer blocked and of people who blocked the viewer", async () => {
    const writer = await person();
    const viewer = await person();
    const blockedByViewer = await person();
    const blockingViewer = await person();
    await created(await postOn(writer, blockedByViewer.cookie, "Blocked by the viewer"));
    await created(await postOn(writer, blockingViewer.cookie, "Blocking the viewer"));
    await created(await postOn(writer, writer.cookie, "The owner's own"));
    await block(viewer, blockedByViewer);
    await block(blockingViewer, viewer);
    const page = await list(writer, viewer.cookie);
    expect(bodies(page)).toEqual(["The owner's own"]);
    expect(page.total).toBe(1);
    expect(bodies(await list(writer))).toHaveLength(3);
  });

  it("refuses a timed-out user until the time-out ends", async () => {
    const writer = await person();
    const message = await created(await postOn(writer, writer.cookie, "Ask me anything"));
    const troll = await person();
    const timedOut = await t.get(`/api/v3/users/${troll.username}/moderation/timeout`, {
      method: "POST",
      headers: { cookie: staff.ambassador.cookie, "content-type": "application/json" },
      body: JSON.stringify({ reason: "Spamming profiles" }),
    });
    expect(timedOut.status).toBe(200);
    for (const attempt of [
      postOn(writer, troll.cookie, "Buy followers"),
      replyTo(writer, message.id, troll.cookie, "Buy followers"),
    ]) {
      const refused = await refusal(await attempt, 403);
      expect(refused.code).toBe("timed_out");
      expect(refused.message).toMatch(/^Your account is in a time-out until .+: you can read/);
    }
    expect((await list(writer, troll.cookie)).notice).toMatch(/^Your account is in a time-out/);
    expect(await stored(writer)).toBe(1);
    await t.handle.db
      .updateTable("users")
      .set({ timed_out_until: Date.now() - 1 })
      .where("id", "=", troll.id)
      .execute();
    expect((await postOn(writer, troll.cookie, "Sorry")).status).toBe(201);
  });

  it("takes a closed account's messages and replies away, and its profile's messages with it", async () => {
    const writer = await person();
    const leaver = await person();
    const reader = await person();
    const theirs = await created(await postOn(writer, leaver.cookie, "Bye"));
    await created(await replyTo(writer, theirs.id, reader.cookie, "Reply to the leaver"));
    const kept = await created(await postOn(writer, reader.cookie, "Still here"));
    await created(await replyTo(writer, kept.id, leaver.cookie, "Leaver's reply"));
    await created(await postOn(leaver, reader.cookie, "On the leaver's profile"));
    const close = (who: Person) =>
      t.get(`/api/v3/users/${who.username}/moderation/close`, {
        method: "POST",
        headers: { cookie: staff.admin.cookie, "content-type": "application/json" },
        body: JSON.stringify({ reason: "spam" }),
      });
    expect((await close(leaver)).status).toBe(200);
    const page = await list(writer);
    expect(bodies(page)).toEqual(["Still here"]);
    expect(page.messages[0]).toMatchObject({ numReplies: 0, latestReplies: [] });
    expect((await t.get(messagesPath(leaver))).status).toBe(404);
    const left = await t.handle.db
      .selectFrom("profile_messages")
      .select("id")
      .where((eb) => eb.or([eb("user_id", "=", leaver.id), eb("profile_user_id", "=", leaver.id)]))
      .execute();
    expect(left).toEqual([]);
  });
});

describe("deleting", () => {
  let writer: Person;
  let author: Person;

  beforeAll(async () => {
    writer = await person();
    author = await person();
  });

  it("is for the author, the profile's owner, ambassadors and admins; canDelete says so", async () => {
    const other = await person();
    const messages = await Promise.all(
      Array.from({ length: 4 }, async (_, n) =>
        created(await postOn(writer, author.cookie, `Note ${n}`)),
      ),
    );
    const canDelete = async (cookie: string) =>
      (await list(writer, cookie)).messages.map((message) => message.canDelete);
    for (const cookie of [
      author.cookie,
      writer.cookie,
      staff.ambassador.cookie,
      staff.admin.cookie,
    ]) {
      expect(await canDelete(cookie)).toEqual([true, true, true, true]);
    }
    expect(await canDelete(other.cookie)).toEqual([false, false, false, false]);
    expect(await canDelete("")).toEqual([false, false, false, false]);

    const [first, second, third, fourth] = messages.map((message) => message.id) as number[];
    expect((await remove(writer, first as number)).status).toBe(401);
    expect(await refusal(await remove(writer, first as number, other.cookie), 403)).toEqual({
      code: "forbidden",
      message: "You can't delete this message.",
    });
    expect((await remove(writer, first as number, author.cookie)).status).toBe(204);
    expect((await remove(writer, second as number, writer.cookie)).status).toBe(204);
    expect((await remove(writer, third as number, staff.ambassador.cookie)).status).toBe(204);
    expect((await remove(writer, fourth as number, staff.admin.cookie)).status).toBe(204);
    expect((await list(writer)).total).toBe(0);
    expect((await remove(writer, first as number, author.cookie)).status).toBe(404);
  });

  it("takes a message's replies with it; a deleted reply leaves its message", async () => {
    const reader = await person();
    const message = await created(await postOn(writer, author.cookie, "Thread"));
    const reply = await created(await replyTo(writer, message.id, reader.cookie, "Reply"));
    await created(await replyTo(writer, message.id, writer.cookie, "Owner's reply"));
    // The reply's author may delete it, though not the message it answers.
    expect((await remove(writer, message.id, reader.cookie)).status).toBe(403);
    expect((await remove(writer, reply.id, reader.cookie)).status).toBe(204);
    const [shown] = (await list(writer)).messages;
    expect(shown).toMatchObject({ numReplies: 1, latestReplies: [{ body: "Owner's reply" }] });
    expect((await remove(writer, message.id, writer.cookie)).status).toBe(204);
    expect(await stored(writer)).toBe(0);
  });

  it("answers 404 for a message on another profile", async () => {
    const message = await created(await postOn(writer, author.cookie, "Here"));
    const elsewhere = await person();
    expect((await remove(elsewhere, message.id, elsewhere.cookie)).status).toBe(404);
    expect(bodies(await list(writer))).toEqual(["Here"]);
  });
});

describe("a reply racing a delete", () => {
  it("is recognised as a row gone missing on this engine, which the service answers with 404", async () => {
    const author = await person();
    const error = await t.handle.db
      .insertInto("profile_messages")
      .values({
        profile_user_id: author.id,
        user_id: author.id,
        parent_id: 987_654_321,
        body: "A reply to a deleted thread",
        created_at: Date.now(),
      })
      .execute()
      .then(
        () => null,
        (caught: unknown) => caught,
      );
    expect(error).not.toBeNull();
    expect(isForeignKeyViolation(error)).toBe(true);
    expect(isForeignKeyViolation(new Error("UNIQUE constraint failed: users.username"))).toBe(
      false,
    );
  });
});
