import type {
  AutocompleteUser,
  Conversation,
  Features,
  InboxEvent,
  InboxMessage,
  InboxThreadList,
} from "@inkwell/shared";
import { describe, expect, it } from "vitest";
import { createApi } from "../app.ts";
import { accountLimiters } from "../http/rate-limit.ts";
import { clearExpired } from "../retention/service.ts";
import { useTestApi } from "../testing/api.ts";
import { type Person, signedInUser } from "../testing/fixtures.ts";
import { publish } from "./live.ts";

const t = useTestApi();

const person = (overrides: { email_verified?: 0 | 1; is_sysadmin?: 0 | 1 } = {}): Promise<Person> =>
  signedInUser(t.handle.db, overrides);

const json = async <T>(response: Response) => (await response.json()) as T;
const as = (who: Person | null, init: RequestInit = {}) => ({
  ...init,
  headers: { ...(who && { cookie: who.cookie }), ...(init.headers as Record<string, string>) },
});
const path = (me: Person, other: Person | string) =>
  `/api/v3/users/${me.username}/inbox/${typeof other === "string" ? other : other.username}`;

function send(from: Person, to: Person, body: string, api = t.api) {
  return api.request(
    path(from, to),
    as(from, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ sender: from.username, recipient: to.username, body }),
    }),
  );
}

async function sent(from: Person, to: Person, body: string) {
  const response = await send(from, to, body);
  expect(response.status).toBe(200);
  return json<InboxMessage>(response);
}

/** A system admin sets a feature flag ({enabled}) or setting ({value}). */
const putFeature = (admin: Person, name: string, body: object) =>
  t.get(
    `/api/v3/internal/features/${name}`,
    as(admin, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
  );

const inbox = async (who: Person, query = "") =>
  json<InboxThreadList>(await t.get(`/api/v3/users/${who.username}/inbox${query}`, as(who)));

const conversation = async (me: Person, other: Person, query = "") =>
  json<Conversation>(await t.get(`${path(me, other)}${query}`, as(me)));

async function mute(muter: Person, muted: Person) {
  await t.handle.db
    .insertInto("user_mutes")
    .values({ muter_id: muter.id, muted_id: muted.id, created_at: Date.now() })
    .execute();
}

async function block(blocker: Person, blocked: Person) {
  await t.handle.db
    .insertInto("user_blocks")
    .values({ blocker_id: blocker.id, blocked_id: blocked.id, created_at: Date.now() })
    .execute();
}

async function follow(follower: Person, followee: Person) {
  await t.handle.db
    .insertInto("follows")
    .values({ follower_id: follower.id, followee_id: followee.id, created_at: Date.now() })
    .execute();
}

/** An open inbox stream: parsed events in order, until closed. */
async function openStream(who: Person, headers: Record<string, string> = {}) {
  const response = await t.get(`/api/v3/users/${who.username}/inbox-events`, as(who, { headers }));
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/event-stream");
  const body = response.body;
  if (!body) throw new Error("no stream");
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  // The stream subscribes once it has started: what is published before "ready" is not its.
  while (!/(^|\n)event: ?ready\n/.test(buffer)) {
    const chunk = await reader.read();
    if (chunk.done) throw new Error("stream ended before it was ready");
    buffer += chunk.value;
  }
  async function next(): Promise<{ id?: string; event: InboxEvent }> {
    for (;;) {
      const end = buffer.indexOf("\n\n");
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const fields = new Map<string, string>();
        for (const line of block.split("\n")) {
          const colon = line.indexOf(":");
          if (colon > 0) fields.set(line.slice(0, colon), line.slice(colon + 1).trim());
        }
        const kind = fields.get("event");
        if (!kind || kind === "ready") continue;
        return { id: fields.get("id"), event: JSON.parse(fields.get("data") ?? "{}") };
      }
      const chunk = await reader.read();
      if (chunk.done) throw new Error("stream ended");
      buffer += chunk.value;
    }
  }
  return {
    next,
    /** The next `count` message events, skipping the others. */
    async messages(count: number) {
      const found: { id?: string; message: InboxMessage }[] = [];
      while (found.length < count) {
        const { id, event } = await next();
        if (event.type === "message") found.push({ id, message: event.message });
      }
      return found;
    },
    async unread() {
      for (;;) {
        const { event } = await next();
        if (event.type === "unread") return event.unread;
      }
    },
    close: () => reader.cancel(),
  };
}

describe("POST /api/v3/users/{me}/inbox/{other}", () => {
  it("sends a message and answers it; both people see it, escaped by the page, not here", async () => {
    const a = await person();
    const b = await person();
    const message = await sent(a, b, "Hello <b>there</b> https://example.com");
    expect(message).toMatchObject({
      body: "Hello <b>there</b> https://example.com",
      sender: a.username,
      recipient: b.username,
      from: { username: a.username, name: `Name of ${a.username}` },
      unread: true,
    });
    expect((await conversation(b, a)).messages.map((m) => m.id)).toEqual([message.id]);
    expect((await conversation(a, b)).messages.map((m) => m.id)).toEqual([message.id]);
  });

  it("takes a form as well as JSON", async () => {
    const a = await person();
    const b = await person();
    const response = await t.get(
      path(a, b),
      as(a, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          sender: a.username,
          recipient: b.username,
          body: "Hi",
        }).toString(),
      }),
    );
    expect(response.status).toBe(200);
  });

  it("refuses an empty body and one over 2,000 characters with 400, storing nothing", async () => {
    const a = await person();
    const b = await person();
    for (const body of ["", "   \n ", "\u0000", "x".repeat(2001)]) {
      const response = await send(a, b, body);
      expect(response.status).toBe(400);
      expect((await json<{ message: string }>(response)).message).toMatch(
        /Write a message|at most 2,000 characters/,
      );
    }
    expect((await conversation(a, b)).total).toBe(0);
    expect((await sent(a, b, "x".repeat(2000))).body).toHaveLength(2000);
  });

  it("keeps a message without its control characters, which PostgreSQL would refuse", async () => {
    const a = await person();
    const b = await person();
    expect((await sent(a, b, "a\u0000b\r\nc\u001b")).body).toBe("ab\nc");
    expect((await conversation(b, a)).messages.map((m) => m.body)).toEqual(["ab\nc"]);
  });

  it("keeps a message without direction overrides, which would make a link read otherwise", async () => {
    const a = await person();
    const b = await person();
    // With the overrides kept, the link would read as "https://evil.example/live.com".
    const spoofed = "Pay at https://evil.example/\u202Emoc.evil\u202C and \u2066this\u2069";
    const kept = "Pay at https://evil.example/moc.evil and this";
    expect((await sent(a, b, spoofed)).body).toBe(kept);
    expect((await conversation(b, a)).messages.map((m) => m.body)).toEqual([kept]);
    expect((await send(a, b, "\u202E\u2066 ")).status).toBe(400);
  });

  it("answers 401 to visitors and 403 verify_email to unverified users", async () => {
    const a = await person({ email_verified: 0 });
    const b = await person();
    expect((await t.get(path(a, b), { method: "POST" })).status).toBe(401);
    const response = await send(a, b, "Hi");
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: "verify_email" });
  });

  it("lets nobody send from someone else's inbox, or to themselves, or to nobody", async () => {
    const a = await person();
    const b = await person();
    const c = await person();
    const forged = await t.get(
      path(a, b),
      as(c, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: '{"body":"x"}',
      }),
    );
    expect(forged.status).toBe(403);
    expect((await send(a, a, "me")).status).toBe(400);
    const unknown = await t.get(
      path(a, "nobody_at_all"),
      as(a, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: '{"body":"x"}',
      }),
    );
    expect(unknown.status).toBe(404);
  });

  it("follows the can_send_private_message flag that admins set (allowed when unset)", async () => {
    const admin = await person({ is_sysadmin: 1 });
    const a = await person();
    const b = await person();
    const setFlag = (enabled: boolean) =>
      putFeature(admin, "can_send_private_message", { enabled });
    expect((await setFlag(false)).status).toBe(200);
    const refused = await send(a, b, "Hi");
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "messaging_disabled" });
    expect((await setFlag(true)).status).toBe(200);
    expect((await send(a, b, "Hi")).status).toBe(200);
  });

  it("ends messaging once the end date an admin set is over, and then deletes every conversation", async () => {
    const admin = await person({ is_sysadmin: 1 });
    const a = await person();
    const b = await person();
    const features = async () =>
      (await json<Features>(await t.get("/api/v3/internal/features"))).private_message;
    const day = (offset: number) =>
      new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const setEnd = (value: string | null) => putFeature(admin, "messaging_end_date", { value });
    try {
      expect((await setEnd(day(1))).status).toBe(200);
      await sent(a, b, "Before the end");
      // The day not over yet: nothing is deleted, and messaging goes on.
      expect(await clearExpired(t.handle.db)).toMatchObject({ conversations: 0 });
      expect((await conversation(b, a)).messages.map((message) => message.body)).toEqual([
        "Before the end",
      ]);

      // The day passes (an admin cannot set one already over: the day is moved back here).
      await t.handle.db
        .updateTable("feature_settings")
        .set({ value: day(-1) })
        .where("name", "=", "messaging_end_date")
        .execute();
      expect(await features()).toMatchObject({
        can_send_private_message: false,
        display_deprecation_notice: true,
        display_warning_notice: false,
      });
      const refused = await send(b, a, "After the end");
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ code: "messaging_disabled" });

      const count = async (table: "conversations" | "messages") =>
        Number(
          (
            await t.handle.db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number>().as("count"))
              .executeTakeFirstOrThrow()
          ).count,
        );
      // Every conversation on the site, this file's other ones too.
      const all = await count("conversations");
      expect(await clearExpired(t.handle.db)).toMatchObject({ conversations: all });
      expect(await count("conversations")).toBe(0);
      expect(await count("messages")).toBe(0);
      expect((await inbox(a)).threads).toEqual([]);
      expect((await inbox(b)).threads).toEqual([]);
      expect((await conversation(a, b)).messages).toEqual([]);
    } finally {
      await setEnd(null);
    }
    expect((await features()).can_send_private_message).toBe(true);
  });

  it("refuses messages across a block either way, with the notice for each side", async () => {
    const blocker = await person();
    const blocked = await person();
    await sent(blocked, blocker, "before");
    await block(blocker, blocked);
    const fromBlocked = await send(blocked, blocker, "after");
    expect(fromBlocked.status).toBe(403);
    expect(await fromBlocked.json()).toEqual({
      code: "blocked",
      message: "You can’t reply to this conversation.",
    });
    const fromBlocker = await send(blocker, blocked, "after");
    expect(await fromBlocker.json()).toEqual({
      code: "blocked",
      message: `You have blocked Name of ${blocked.username} and cannot reply to this conversation.`,
    });
    expect((await conversation(blocker, blocked)).total).toBe(1);
    const view = await conversation(blocked, blocker);
    expect(view.isBlockingCurrentUser).toBe(true);
    expect((await conversation(blocker, blocked)).safety).toEqual({
      isMuted: false,
      isBlocked: true,
    });
  });

  it("hides a muted person's messages from the muter, and the muter cannot write to them", async () => {
    const muter = await person();
    const muted = await person();
    await sent(muted, muter, "before the mute");
    await mute(muter, muted);
    expect((await sent(muted, muter, "after the mute")).body).toBe("after the mute");
    const view = await conversation(muter, muted);
    expect(view.messages).toEqual([]);
    expect(view.safety).toEqual({ isMuted: true, isBlocked: false });
    // The muted person still sees what they wrote.
    expect((await conversation(muted, muter)).messages.map((m) => m.body)).toEqual([
      "before the mute",
      "after the mute",
    ]);
    const refused = await send(muter, muted, "hello?");
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      code: "muted",
      message: `You have muted Name of ${muted.username} and cannot reply to this conversation.`,
    });
  });

  it("lets a mute and messages sent at that moment through, none counted unread for the muter", async () => {
    for (let round = 0; round < 8; round++) {
      // The muted person first: a lower id, locked first by sends, last by a mute's own checks.
      const muted = await person();
      const muter = await person();
      await sent(muted, muter, "before");
      const racing = Array.from({ length: 8 }, (_, i) => send(muted, muter, `racing ${i}`));
      const ignore = t.get(
        `/apiv2/ignoreuser?id=${muted.username}&action=ignore_user`,
        as(muter, { method: "POST" }),
      );
      const [ignored, own, ...others] = await Promise.all([
        ignore,
        send(muter, muted, "from the muter"),
        ...racing,
      ]);
      expect(ignored?.status).toBe(200);
      expect(others.map((answer) => answer.status)).toEqual(others.map(() => 200));
      // The muter's own message went out before the mute, or was refused by it.
      expect([200, 403]).toContain(own?.status);
      const side = await t.handle.db
        .selectFrom("conversation_sides")
        .select("unread_count")
        .where("user_id", "=", muter.id)
        .where("other_id", "=", muted.id)
        .executeTakeFirstOrThrow();
      expect([round, Number(side.unread_count)]).toEqual([round, 0]);
      expect([round, (await inbox(muter, "?filter=unread")).total]).toEqual([round, 0]);
    }
  });

  it("shows the muter no last message or unread count of the muted in the thread list", async () => {
    const muter = await person();
    const muted = await person();
    await sent(muter, muted, "from the muter");
    await sent(muted, muter, "unread, then muted");
    const ignore = (action: string) =>
      t.get(
        `/apiv2/ignoreuser?id=${muted.username}&action=${action}`,
        as(muter, { method: "POST" }),
      );
    expect((await ignore("ignore_user")).status).toBe(200);
    await sent(muted, muter, "while muted");
    const row = async () =>
      (await inbox(muter)).threads.find((thread) => thread.user.username === muted.username);
    // The thread stays (with its mute flag) but shows only what its conversation shows.
    expect(await row()).toMatchObject({
      unread: 0,
      recentMessage: { body: "from the muter" },
      user: { isMutedByCurrentUser: true },
    });
    expect((await inbox(muter, "?filter=unread")).total).toBe(0);
    expect((await conversation(muter, muted)).messages.map((m) => m.body)).toEqual([
      "from the muter",
    ]);
    // Unmuting brings back what was sent before the mute, still unread; not what came during.
    expect((await ignore("unignore_user")).status).toBe(200);
    expect(await row()).toMatchObject({ unread: 1, recentMessage: { body: "unread, then muted" } });
  });

  it("limits sending to 20 messages a minute per sender (429)", async () => {
    const api = createApi(t.handle, { limits: accountLimiters() });
    const a = await person();
    const b = await person();
    for (let i = 0; i < 20; i++) expect((await send(a, b, `m${i}`, api)).status).toBe(200);
    const over = await send(a, b, "one too many", api);
    expect(over.status).toBe(429);
    expect((await conversation(a, b)).total).toBe(20);
  });

  it("keeps every one of many concurrent messages exactly once, counted once", async () => {
    const a = await person();
    const b = await person();
    const stream = await openStream(b);
    const bodies = Array.from({ length: 12 }, (_, i) => `concurrent ${i}`);
    const responses = await Promise.all(
      bodies.flatMap((body, i) => [send(a, b, body), send(b, a, `reply ${i}`)]),
    );
    expect(responses.map((r) => r.status)).toEqual(responses.map(() => 200));
    // Each side counts the other's 12 messages as unread, exactly (read before opening it).
    expect((await inbox(a)).threads[0]?.unread).toBe(12);
    expect((await inbox(b)).threads[0]?.unread).toBe(12);
    const view = await conversation(a, b, "?limit=100");
    expect(view.total).toBe(24);
    expect(new Set(view.messages.map((m) => m.id)).size).toBe(24);
    expect(view.messages.map((m) => m.id)).toEqual(
      [...view.messages.map((m) => m.id)].sort((x, y) => x - y),
    );
    const live = await stream.messages(24);
    expect(new Set(live.map((m) => m.message.id)).size).toBe(24);
    await stream.close();
  });
});

describe("the live stream's order", () => {
  it("sends a message published after one with a larger id, and each only once", async () => {
    // Concurrent sends commit, and so publish, in any order.
    const a = await person();
    const b = await person();
    const stream = await openStream(b);
    const message = (id: number): InboxEvent => ({
      type: "message",
      with: a.username,
      message: {
        id,
        body: `message ${id}`,
        createDate: new Date().toISOString(),
        from: { username: a.username, name: a.username, avatar: null },
        sender: a.username,
        recipient: b.username,
        unread: true,
      },
    });
    for (const id of [900_002, 900_001, 900_002, 900_003]) publish(b.id, message(id));
    const live = await stream.messages(3);
    expect(live.map((m) => m.message.id)).toEqual([900_002, 900_001, 900_003]);
    // Each event names the largest id sent so far: where a resuming browser picks up.
    expect(live.map((m) => m.id)).toEqual(["900002", "900002", "900003"]);
    await stream.close();
  });
});

describe("GET /api/v3/users/{me}/inbox/{other}", () => {
  it("is readable by its two participants only", async () => {
    const a = await person();
    const b = await person();
    const c = await person();
    await sent(a, b, "private");
    expect((await t.get(path(a, b), as(c))).status).toBe(403);
    expect((await t.get(path(b, a), as(c))).status).toBe(403);
    expect((await t.get(path(a, b))).status).toBe(401);
    // c's own conversation with either of them is empty: nothing leaks through it.
    expect((await conversation(c, a)).messages).toEqual([]);
  });

  it("answers the composer's facts: badges, isActive, isFollowing, safety", async () => {
    const a = await person();
    const b = await person();
    await t.handle.db.updateTable("users").set({ is_verified: 1 }).where("id", "=", b.id).execute();
    await follow(a, b);
    const view = await conversation(a, b);
    expect(view).toMatchObject({
      user: { username: b.username, badges: ["verified"] },
      badges: ["verified"],
      isActive: true,
      total: 0,
      isBlockingCurrentUser: false,
      safety: { isMuted: false, isBlocked: false },
      isFollowing: true,
      messages: [],
    });
  });

  it("pages from the newest, oldest first within a page, by offset and by before/after ids", async () => {
    const a = await person();
    const b = await person();
    const ids: number[] = [];
    for (let i = 0; i < 25; i++) ids.push((await sent(i % 2 ? a : b, i % 2 ? b : a, `m${i}`)).id);
    const newest = await conversation(a, b);
    expect(newest.total).toBe(25);
    expect(newest.messages.map((m) => m.id)).toEqual(ids.slice(5));
    const older = await conversation(a, b, "?offset=20");
    expect(older.messages.map((m) => m.id)).toEqual(ids.slice(0, 5));
    const before = await conversation(a, b, `?before=${ids[5]}`);
    expect(before.messages.map((m) => m.id)).toEqual(ids.slice(0, 5));
    const after = await conversation(a, b, `?after=${ids[22]}`);
    expect(after.messages.map((m) => m.id)).toEqual(ids.slice(23));
  });

  it("reads the conversation: unread counts drop to zero", async () => {
    const a = await person();
    const b = await person();
    await sent(a, b, "one");
    await sent(a, b, "two");
    expect((await inbox(b)).threads[0]?.unread).toBe(2);
    const first = await conversation(b, a);
    expect(first.messages.map((m) => m.unread)).toEqual([true, true]);
    expect((await inbox(b)).threads[0]?.unread).toBe(0);
    expect((await conversation(b, a)).messages.map((m) => m.unread)).toEqual([false, false]);
  });

  it("gives 30 people's messages sent at once a thread each, with its exact unread count", async () => {
    const me = await person();
    const senders = await Promise.all(Array.from({ length: 30 }, () => person()));
    const responses = await Promise.all(
      senders.flatMap((sender) => [send(sender, me, "one"), send(sender, me, "two")]),
    );
    expect(responses.map((r) => r.status)).toEqual(responses.map(() => 200));
    const unread = await inbox(me, "?filter=unread&limit=50");
    expect(unread.total).toBe(30);
    expect(unread.threads.map((thread) => thread.user.username).sort()).toEqual(
      senders.map((sender) => sender.username).sort(),
    );
    expect(unread.threads.map((thread) => thread.unread)).toEqual(senders.map(() => 2));
    // Each sender sees their own thread with nothing unread.
    expect((await inbox(senders[0] as Person)).threads.map((thread) => thread.unread)).toEqual([0]);
  });

  it("keeps the unread count equal to the unread messages while reading races new ones", async () => {
    for (let round = 0; round < 6; round++) {
      const a = await person();
      const b = await person();
      await sent(a, b, "first");
      const responses = await Promise.all(
        Array.from({ length: 15 }, (_, i) => [
          send(a, b, `racing ${i}`),
          t.get(path(b, a), as(b)),
        ]).flat(),
      );
      expect(responses.map((r) => r.status)).toEqual(responses.map(() => 200));
      const unread = (await inbox(b)).threads[0]?.unread;
      const view = await conversation(b, a, "?limit=100");
      expect(view.messages).toHaveLength(16);
      expect([round, unread]).toEqual([round, view.messages.filter((m) => m.unread).length]);
    }
  });
});

describe("DELETE /api/v3/users/{me}/inbox/{other}", () => {
  it("takes back an own message for both people, but not someone else's", async () => {
    const a = await person();
    const b = await person();
    const first = await sent(a, b, "keep");
    const second = await sent(a, b, "oops");
    const theirs = await sent(b, a, "mine");
    const remove = (who: Person, other: Person, id: number) =>
      t.get(`${path(who, other)}?message_id=${id}`, as(who, { method: "DELETE" }));
    const refused = await remove(a, b, theirs.id);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      code: "forbidden",
      message: "You can only take back messages you sent.",
    });
    expect((await remove(a, b, second.id)).status).toBe(200);
    expect((await remove(a, b, second.id)).status).toBe(404);
    expect((await conversation(b, a)).messages.map((m) => m.id)).toEqual([first.id, theirs.id]);
    expect((await conversation(a, b)).messages.map((m) => m.id)).toEqual([first.id, theirs.id]);
  });

  it("updates the thread's last message and unread count when the last one is taken back", async () => {
    const a = await person();
    const b = await person();
    const first = await sent(a, b, "hello");
    const last = await sent(a, b, "unsent");
    await t.get(`${path(a, b)}?message_id=${last.id}`, as(a, { method: "DELETE" }));
    const [thread] = (await inbox(b)).threads;
    expect(thread?.recentMessage?.id).toBe(first.id);
    expect(thread?.unread).toBe(1);
  });

  it("deletes the conversation for the viewer only; a new message brings it back", async () => {
    const a = await person();
    const b = await person();
    await sent(a, b, "old");
    const response = await t.get(path(b, a), as(b, { method: "DELETE" }));
    expect(response.status).toBe(200);
    expect((await inbox(b)).total).toBe(0);
    expect((await conversation(b, a)).messages).toEqual([]);
    expect((await conversation(a, b)).total).toBe(1);
    const next = await sent(a, b, "new");
    expect((await conversation(b, a)).messages.map((m) => m.id)).toEqual([next.id]);
    expect((await inbox(b)).total).toBe(1);
  });

  it("is the participants' only", async () => {
    const a = await person();
    const b = await person();
    const c = await person();
    const message = await sent(a, b, "x");
    expect((await t.get(path(a, b), as(c, { method: "DELETE" }))).status).toBe(403);
    expect(
      (await t.get(`${path(a, b)}?message_id=${message.id}`, as(c, { method: "DELETE" }))).status,
    ).toBe(403);
    expect((await conversation(b, a)).total).toBe(1);
  });
});

describe("GET /api/v3/users/{username}/inbox", () => {
  it("lists threads, most recent first, with the other person, unread count and last message", async () => {
    const me = await person();
    const [x, y, z] = [await person(), await person(), await person()];
    await sent(x, me, "from x");
    await sent(me, y, "to y");
    const last = await sent(z, me, "from z");
    await t.handle.db.updateTable("users").set({ is_staff: 1 }).where("id", "=", z.id).execute();
    const list = await inbox(me);
    expect(list.total).toBe(3);
    expect(list.threads.map((thread) => thread.user.username)).toEqual([
      z.username,
      y.username,
      x.username,
    ]);
    expect(list.threads[0]).toEqual({
      user: {
        username: z.username,
        name: `Name of ${z.username}`,
        fullname: `Name of ${z.username}`,
        avatar: null,
        badges: ["staff"],
        isActive: true,
        isMutedByCurrentUser: false,
        isBlockedByCurrentUser: false,
        safety: { isMuted: false, isBlocked: false },
      },
      unread: 1,
      recentMessage: { id: last.id, body: "from z", createDate: last.createDate },
    });
    expect(list.threads[1]?.unread).toBe(0);
  });

  it("filters by followers, following and unread, and pages 10 at a time", async () => {
    const me = await person();
    const follower = await person();
    const followed = await person();
    const quiet = await person();
    await follow(follower, me);
    await follow(me, followed);
    await sent(follower, me, "hi");
    await sent(me, followed, "hello");
    await sent(quiet, me, "psst");
    await conversation(me, quiet);
    const names = async (filter: string) =>
      (await inbox(me, `?filter=${filter}`)).threads.map((thread) => thread.user.username);
    expect(await names("followers")).toEqual([follower.username]);
    expect(await names("following")).toEqual([followed.username]);
    expect(await names("unread")).toEqual([follower.username]);
    expect(await names("all")).toHaveLength(3);
    expect((await t.get(`/api/v3/users/${me.username}/inbox?filter=nope`, as(me))).status).toBe(
      400,
    );

    const busy = await person();
    for (let i = 0; i < 12; i++) await sent(await person(), busy, `m${i}`);
    const first = await inbox(busy);
    const second = await inbox(busy, "?offset=10");
    expect(first.total).toBe(12);
    expect(first.threads).toHaveLength(10);
    expect(second.threads).toHaveLength(2);
  });

  it("shows the safety flags of muted and blocked people", async () => {
    const me = await person();
    const muted = await person();
    const blocked = await person();
    await sent(muted, me, "a");
    await sent(blocked, me, "b");
    await mute(me, muted);
    await block(me, blocked);
    const byName = new Map(
      (await inbox(me)).threads.map((thread) => [thread.user.username, thread.user]),
    );
    expect(byName.get(muted.username)?.isMutedByCurrentUser).toBe(true);
    expect(byName.get(blocked.username)?.safety).toEqual({ isMuted: false, isBlocked: true });
  });

  it("is the owner's only", async () => {
    const me = await person();
    const other = await person();
    expect((await t.get(`/api/v3/users/${me.username}/inbox`, as(other))).status).toBe(403);
    expect((await t.get(`/api/v3/users/${me.username}/inbox`)).status).toBe(401);
  });
});

describe("GET /api/v3/autocomplete/following_user", () => {
  it("answers followed people first, then others, with their names, leaving out blocked people", async () => {
    const me = await person();
    const stamp = String(Date.now()).slice(-6);
    const make = async (name: string) =>
      person().then(async (p) => {
        const username = `ac${stamp}${name}`;
        await t.handle.db
          .updateTable("users")
          .set({ username, username_lower: username.toLowerCase(), name: `Dear ${name}` })
          .where("id", "=", p.id)
          .execute();
        return { ...p, username };
      });
    const friend = await make("zed");
    const stranger = await make("amy");
    const blocker = await make("bob");
    await follow(me, friend);
    await block(blocker, me);
    const response = await t.get(`/api/v3/autocomplete/following_user?term=AC${stamp}`, as(me));
    expect(await json<AutocompleteUser[]>(response)).toEqual([
      { label: friend.username, name: "Dear zed", image: null, category: "Your Friends" },
      { label: stranger.username, name: "Dear amy", image: null, category: "Other People" },
    ]);
    expect((await t.get("/api/v3/autocomplete/following_user?term=ac")).status).toBe(401);
  });

  it("finds people the viewer follows by a word of their name too, wildcards taken as typed", async () => {
    const me = await person();
    const stamp = String(Date.now()).slice(-6);
    const named = async (name: string) => {
      const p = await person();
      await t.handle.db.updateTable("users").set({ name }).where("id", "=", p.id).execute();
      return p;
    };
    const wren = await named(`Wren Q${stamp} Writer`);
    const stranger = await named(`Wren Q${stamp} Stranger`);
    const percent = await named(`100% Q${stamp}`);
    await follow(me, wren);
    await follow(me, percent);
    const found = async (term: string) =>
      (
        await json<AutocompleteUser[]>(
          await t.get(
            `/api/v3/autocomplete/following_user?${new URLSearchParams({ term })}`,
            as(me),
          ),
        )
      ).map((user) => user.label);
    // By the name's first word or a later one, any case; never a stranger by name.
    expect(await found("wren")).toContain(wren.username);
    expect(await found(`q${stamp}`)).toEqual(
      expect.arrayContaining([wren.username, percent.username]),
    );
    expect(await found(`Q${stamp}`)).not.toContain(stranger.username);
    // A % in the term is a percent sign, not 'anything'.
    expect(await found("100%")).toEqual([percent.username]);
    expect(await found("1%")).toEqual([]);
    // A control character is dropped from the term: PostgreSQL would refuse NUL in the query.
    expect(await found("wren\u0000")).toContain(wren.username);
  });
});

describe("GET /api/v3/users/{me}/inbox-events", () => {
  it("delivers new messages and unread counts live, to the recipient and the sender", async () => {
    const a = await person();
    const b = await person();
    const streamA = await openStream(a);
    const streamB = await openStream(b);
    expect(await streamB.unread()).toBe(0);
    const message = await sent(a, b, "live!");
    const [toB] = await streamB.messages(1);
    expect(toB).toEqual({ id: String(message.id), message });
    expect(await streamB.unread()).toBe(1);
    const [toA] = await streamA.messages(1);
    expect(toA?.message.id).toBe(message.id);
    await conversation(b, a);
    expect(await streamB.unread()).toBe(0);
    await streamA.close();
    await streamB.close();
  });

  it("catches up after a dropped connection from Last-Event-ID, losing and repeating nothing", async () => {
    const a = await person();
    const b = await person();
    const stream = await openStream(b);
    const first = await sent(a, b, "one");
    const [seen] = await stream.messages(1);
    await stream.close();
    // Sent while b's connection was down.
    const missed = [await sent(a, b, "two"), await sent(b, a, "three")];
    const resumed = await openStream(b, { "last-event-id": seen?.id ?? "" });
    const later = await sent(a, b, "four");
    const events = await resumed.messages(3);
    expect(events.map((e) => e.message.id)).toEqual([...missed, later].map((m) => m.id));
    expect(events.every((e) => Number(e.id) > first.id)).toBe(true);
    await resumed.close();

    const fresh = await openStream(b, {});
    // ?after= serves a fresh page that knows the last id it showed.
    const viaQuery = await t.get(
      `/api/v3/users/${b.username}/inbox-events?after=${missed[1]?.id}`,
      as(b),
    );
    expect(viaQuery.status).toBe(200);
    await viaQuery.body?.cancel();
    await fresh.close();
  });

  it("catches up without the messages of someone muted meanwhile, as the conversation hides them", async () => {
    const a = await person();
    const b = await person();
    const c = await person();
    const stream = await openStream(b);
    await sent(a, b, "one");
    const [seen] = await stream.messages(1);
    await stream.close();
    const hidden = await sent(a, b, "two, then muted");
    await mute(b, a);
    const shown = await sent(c, b, "three");
    expect((await conversation(b, a)).messages).toEqual([]);
    const resumed = await openStream(b, { "last-event-id": seen?.id ?? "" });
    const later = await sent(c, b, "four");
    const events = await resumed.messages(2);
    expect(events.map((e) => e.message.id)).toEqual([shown.id, later.id]);
    expect(events.map((e) => e.message.id)).not.toContain(hidden.id);
    await resumed.close();
  });

  it("is the owner's only", async () => {
    const a = await person();
    const b = await person();
    expect((await t.get(`/api/v3/users/${a.username}/inbox-events`, as(b))).status).toBe(403);
    expect((await t.get(`/api/v3/users/${a.username}/inbox-events`)).status).toBe(401);
  });
});
