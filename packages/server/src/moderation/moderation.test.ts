import { randomUUID } from "node:crypto";
import type { CommentData, UserProfile } from "@inkwell/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { grantCoins } from "../coins/service.ts";
import type { Database } from "../db/schema.ts";
import { useTestApi } from "../testing/api.ts";
import { createStory, type Person, signedInUser } from "../testing/fixtures.ts";
import { straddledCall } from "../testing/interleave.ts";

const t = useTestApi();
let ambassador: string;
let admin: string;

const act = (username: string, action: "close" | "timeout", body: unknown, cookie?: string) =>
  t.get(`/api/v3/users/${username}/moderation/${action}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

const timedOutUntil = async (id: number) =>
  (
    await t.handle.db
      .selectFrom("users")
      .select("timed_out_until")
      .where("id", "=", id)
      .executeTakeFirstOrThrow()
  ).timed_out_until;

/** A sponsored campaign of the story, running now. */
const runningPromotion = (storyId: number) =>
  t.handle.db
    .insertInto("story_promotions")
    .values({
      story_id: storyId,
      sponsor_name: "Moonlit Press",
      starts_at: Date.now() - 86_400_000,
      ends_at: Date.now() + 86_400_000,
    })
    .returning("id")
    .executeTakeFirstOrThrow();

const person = (overrides: Parameters<typeof signedInUser>[1] = {}) =>
  signedInUser(t.handle.db, overrides);

beforeAll(async () => {
  ambassador = (await person({ is_ambassador: 1 })).cookie;
  admin = (await person({ is_sysadmin: 1, is_staff: 1 })).cookie;
});

describe("Close Account by a moderator", () => {
  it("keeps followers' counts exact when 30 people follow an account as it is closed", async () => {
    for (let round = 0; round < 3; round++) {
      const closing = await person();
      const readers = await Promise.all(Array.from({ length: 30 }, () => person()));
      const follow = (reader: Person) =>
        t.get(`/api/v3/users/${reader.username}/following`, {
          method: "POST",
          headers: { "content-type": "application/json", cookie: reader.cookie },
          body: JSON.stringify({ users: closing.username }),
        });
      const [closed, ...follows] = await Promise.all([
        act(closing.username, "close", { reason: "spam" }, ambassador),
        ...readers.map(follow),
      ]);
      expect(closed.status).toBe(200);
      // A follow either came first (and went with the account) or found no one to follow.
      const statuses = follows.map((answer) => answer.status);
      expect(statuses.filter((status) => status !== 200 && status !== 404)).toEqual([]);
      const gone = follows.filter((answer) => answer.status === 404);
      const missing = { code: "not_found", message: `User ${closing.username} was not found` };
      expect(await Promise.all(gone.map((answer) => answer.json()))).toEqual(
        gone.map(() => missing),
      );
      const following = await Promise.all(
        readers.map(async (reader) => {
          const profile = await t.get(`/api/v3/users/${reader.username}`);
          return ((await profile.json()) as UserProfile).numFollowing;
        }),
      );
      expect([round, following]).toEqual([round, readers.map(() => 0)]);
    }
  });

  it("answers comments, reads, messages, likes, mutes and blocks sent as the account closes, never with a 500", async () => {
    for (let round = 0; round < 3; round++) {
      const closing = await person();
      const picture = `/media/images/closing-${randomUUID()}.webp`;
      const story = await createStory(t.handle.db, closing.id, {
        parts: [{ text: `<p data-p-id="a1"><img src="${picture}" alt=""></p>` }],
      });
      const partId = story.partIds[0] as number;
      const onProfile = `/api/v3/users/${closing.username}/messages`;
      const thread = await t.send("POST", onProfile, closing, { body: "News soon." });
      const { id: threadId } = (await thread.json()) as { id: number };
      const comment = await t.send("POST", "/v5/comments", closing, {
        resource: { namespace: "parts", resourceId: String(partId) },
        text: "Thanks for reading.",
      });
      const { resourceId: commentId } = ((await comment.json()) as CommentData).commentId;
      const paid = await createStory(t.handle.db, closing.id, {
        is_paid: 1,
        is_paywalled: 1,
        paid_model: "paid_story",
        parts: [{}, { paywalled: 1 }],
      });
      const promotion = await runningPromotion(story.id);
      const readers = await Promise.all(Array.from({ length: 30 }, () => person()));
      for (const reader of readers) await grantCoins(t.handle.db, reader.id, 100);
      const gone = (what: string) => ({ code: "not_found", message: `${what} was not found` });
      // A comment posted just before may be gone by the time it is read back to its writer.
      const writes: [number, object[], (reader: Person) => Promise<Response>][] = [
        [
          201,
          [gone("Part"), gone("Comment")],
          (reader) =>
            t.send("POST", "/v5/comments", reader, {
              resource: { namespace: "parts", resourceId: String(partId) },
              text: "A fine chapter.",
            }),
        ],
        [
          200,
          [gone("Part")],
          (reader) => t.send("POST", `/api/v3/story_parts/${partId}/reads`, reader),
        ],
        [
          200,
          [gone("User")],
          (reader) =>
            t.send("POST", `/api/v3/users/${reader.username}/inbox/${closing.username}`, reader, {
              sender: reader.username,
              recipient: closing.username,
              body: "Hello",
            }),
        ],
        // A message on the profile is in or meets no one; a reply may find its thread gone.
        [201, [gone("User")], (reader) => t.send("POST", onProfile, reader, { body: "Hello" })],
        [
          201,
          [gone("User"), gone("Message")],
          (reader) => t.send("POST", `${onProfile}/${threadId}/replies`, reader, { body: "Yes" }),
        ],
        [
          200,
          [gone("Comment")],
          (reader) => t.send("PUT", `/v5/comments/${commentId}/sentiments/like`, reader),
        ],
        // Buying the paid story whole.
        [
          200,
          [gone("Story")],
          (reader) =>
            t.send("POST", `/v5/story/${paid.id}/paid-content/purchase`, reader, {
              wholeStory: true,
            }),
        ],
        // The sponsored story's impression and click, as home counts them.
        [
          204,
          [gone("Promotion")],
          (reader) => t.send("GET", `/v5/promotions/${promotion.id}/impression`, reader),
        ],
        [
          204,
          [gone("Promotion")],
          (reader) => t.send("GET", `/v5/promotions/${promotion.id}/click`, reader),
        ],
        // The story's page telling of a click and an ad slot.
        [
          200,
          [gone("Story")],
          (reader) =>
            t.send("POST", "/v5/events", reader, {
              name: "story_click",
              storyId: story.id,
              source: "home",
            }),
        ],
        [
          200,
          [gone("Story")],
          (reader) =>
            t.send("POST", "/v5/events", reader, {
              name: "ad_eligibility",
              referenceId: randomUUID(),
              placement: "story",
              storyId: story.id,
            }),
        ],
      ];
      // Others mute and block them meanwhile (which would refuse the readers' messages).
      const shunning: typeof writes = [
        [
          200,
          [gone("User")],
          (other) =>
            t.send("POST", `/apiv2/ignoreuser?action=ignore_user&id=${closing.username}`, other),
        ],
        [
          200,
          [gone("User")],
          (other) => t.send("POST", `/v4/users/${closing.username}/blocks`, other),
        ],
      ];
      // Staff write about the story meanwhile, flag its cover and its part's picture (once:
      // then it is flagged), and time the account out (kept only if it came first).
      const cover = `/media/covers/${story.id}-closing.png`;
      await t.handle.db.updateTable("stories").set({ cover }).where("id", "=", story.id).execute();
      const flaggedAlready = { code: "already_flagged", message: "This image is already flagged." };
      const staffing: typeof writes = [
        [
          201,
          [gone("Story")],
          (staff) =>
            t.send("POST", `/v5/admin/stories/${story.id}/notes`, staff, {
              body: "Watch this account.",
            }),
        ],
        [
          201,
          [gone("Image"), flaggedAlready],
          (staff) => t.send("POST", "/v5/image_moderation/flags", staff, { image_url: cover }),
        ],
        [
          201,
          [gone("Image"), flaggedAlready],
          (staff) => t.send("POST", "/v5/image_moderation/flags", staff, { image_url: picture }),
        ],
        [
          200,
          [gone("User")],
          (staff) =>
            t.send("POST", `/api/v3/users/${closing.username}/moderation/timeout`, staff, {
              reason: "Spamming readers",
            }),
        ],
      ];
      const others = await Promise.all(Array.from({ length: 30 }, () => person()));
      const staff = await Promise.all(
        Array.from({ length: 10 }, () => person({ is_sysadmin: 1, is_staff: 1 })),
      );
      const calls = [
        ...readers.flatMap((reader) => writes.map((write) => [write, reader] as const)),
        ...others.flatMap((other) => shunning.map((write) => [write, other] as const)),
        ...staff.flatMap((member) => staffing.map((write) => [write, member] as const)),
      ];
      const [closed, ...answers] = await Promise.all([
        act(closing.username, "close", { reason: "spam" }, ambassador),
        ...calls.map(([[, , write], who]) => write(who)),
      ]);
      expect(closed.status).toBe(200);
      // Each went through before the account went, or was told what is gone.
      for (const [index, answer] of answers.entries()) {
        const [[ok, refusals]] = calls[index] ?? [[]];
        if (answer.status === ok) continue;
        const refusal = await answer.json();
        expect([round, answer.status]).toEqual([
          round,
          refusal.code === "already_flagged" ? 409 : 404,
        ]);
        expect(refusals).toContainEqual(refusal);
      }
    }
  });

  it("closes accounts that liked each other's comments all at once, each with a 200", async () => {
    const host = await person();
    const story = await createStory(t.handle.db, host.id);
    const onPart = { namespace: "parts", resourceId: String(story.partIds[0]) };
    for (let round = 0; round < 3; round++) {
      const pairs = await Promise.all(
        Array.from({ length: 10 }, () => Promise.all([person(), person()])),
      );
      // Each likes the other's comment: closing either deletes and recounts the other's rows.
      for (const pair of pairs) {
        const ids = [];
        for (const who of pair) {
          const posted = await t.send("POST", "/v5/comments", who, {
            resource: onPart,
            text: "Hi",
          });
          ids.push(((await posted.json()) as CommentData).commentId.resourceId);
        }
        for (const [index, who] of pair.entries()) {
          const liked = await t.send("PUT", `/v5/comments/${ids[1 - index]}/sentiments/like`, who);
          expect(liked.status).toBe(200);
        }
      }
      const closed = await Promise.all(
        pairs.flat().map((who) => act(who.username, "close", { reason: "spam" }, ambassador)),
      );
      expect([round, closed.map((answer) => answer.status)]).toEqual([
        round,
        closed.map(() => 200),
      ]);
    }
  });

  it("answers what is gone to a call the closing lands between its look-up and its write, every time", async () => {
    const gone = (what: string) => ({ code: "not_found", message: `${what} was not found` });
    /** The call, sent as the account closes right after the call's first read of `table`. */
    const straddled = (
      closing: Person,
      table: keyof Database,
      call: [string, string, Person, unknown?],
    ) =>
      straddledCall(
        t,
        table,
        async () => {
          const closed = await act(closing.username, "close", { reason: "spam" }, ambassador);
          expect(closed.status).toBe(200);
        },
        call,
      );
    const reader = await person();
    const staff = await person({ is_sysadmin: 1, is_staff: 1 });
    // The sponsored story's impression and click, its campaign gone with the story.
    for (const event of ["impression", "click"]) {
      const closing = await person();
      const story = await createStory(t.handle.db, closing.id);
      const { id } = await runningPromotion(story.id);
      expect(
        await straddled(closing, "story_promotions", [
          "GET",
          `/v5/promotions/${id}/${event}`,
          reader,
        ]),
      ).toEqual([404, gone("Promotion")]);
    }
    // A cover, and a picture in a part, flagged: they went with the account.
    for (const [table, where] of [
      ["stories", "cover"],
      ["parts", "part"],
    ] as const) {
      const closing = await person();
      const picture = `/media/images/straddled-${randomUUID()}.webp`;
      await createStory(t.handle.db, closing.id, {
        ...(where === "cover" && { cover: picture }),
        parts: [{ text: `<p data-p-id="a1"><img src="${picture}" alt=""></p>` }],
      });
      const flag = ["POST", "/v5/image_moderation/flags", staff, { image_url: picture }] as const;
      expect(await straddled(closing, table, [...flag])).toEqual([404, gone("Image")]);
    }
    // A time-out, or a second close, of an account closed meanwhile is not on its record.
    for (const action of ["timeout", "close"]) {
      const closing = await person();
      const path = `/api/v3/users/${closing.username}/moderation/${action}`;
      expect(await straddled(closing, "users", ["POST", path, staff, { reason: "spam" }])).toEqual([
        404,
        gone("User"),
      ]);
      const records = await t.handle.db
        .selectFrom("moderation_actions")
        .select("action")
        .where("target_user_id", "=", closing.id)
        .execute();
      expect(records).toEqual([{ action: "close" }]);
    }
  });

  it("deletes the account and its stories at once, and records who did it and why", async () => {
    const db = t.handle.db;
    const spammer = await person();
    const story = await createStory(db, spammer.id, { title: "Buy followers now" });
    const answer = await act(spammer.username, "close", { reason: "spam" }, ambassador);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ username: spammer.username, action: "close" });
    expect((await t.get(`/api/v3/stories/${story.id}`)).status).toBe(404);
    expect((await t.get(`/api/v3/users/${spammer.username}`)).status).toBe(404);
    // Their session ends with the account.
    expect(
      (await t.get("/api/v3/internal/current_user", { headers: { cookie: spammer.cookie } }))
        .status,
    ).toBe(401);
    const record = await db
      .selectFrom("moderation_actions")
      .selectAll()
      .where("target_user_id", "=", spammer.id)
      .executeTakeFirstOrThrow();
    expect(record).toMatchObject({
      action: "close",
      reason: "spam",
      target_username: spammer.username,
    });
    expect(record.actor_id).not.toBeNull();
  });

  it("takes only the spec's reasons, and changes nothing otherwise", async () => {
    const someone = await person();
    const refused = await act(someone.username, "close", { reason: "i_dont_like_them" }, admin);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toContain(
      "reason must be one of banned_explicit",
    );
    expect((await t.get(`/api/v3/users/${someone.username}`)).status).toBe(200);
  });
});

describe("Time-out by a moderator", () => {
  it("stops comments and messages for two days, and then lets them through", async () => {
    const db = t.handle.db;
    const writer = await person();
    const story = await createStory(db, writer.id);
    const troll = await person();
    const answer = await act(troll.username, "timeout", { reason: "Harassing a writer" }, admin);
    expect(answer.status).toBe(200);
    const { endsAt } = (await answer.json()) as { endsAt: string };
    const hours = (Date.parse(endsAt) - Date.now()) / 3_600_000;
    expect(Math.round(hours)).toBe(48);

    const comment = () =>
      t.get("/v5/comments", {
        method: "POST",
        headers: { cookie: troll.cookie, "content-type": "application/json" },
        body: JSON.stringify({
          resource: { namespace: "parts", resourceId: story.partIds[0] },
          text: "You again",
        }),
      });
    const message = () =>
      t.get(`/api/v3/users/${troll.username}/inbox/${writer.username}`, {
        method: "POST",
        headers: { cookie: troll.cookie, "content-type": "application/json" },
        body: JSON.stringify({ body: "Hello" }),
      });
    const draft = await db
      .insertInto("parts")
      .values({
        story_id: (await createStory(db, troll.id)).id,
        position: 9,
        title: "New",
        draft: 1,
        create_date: Date.now(),
        modify_date: Date.now(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const publish = () =>
      t.get(`/v4/parts/${draft.id}/publish`, { method: "POST", headers: { cookie: troll.cookie } });
    for (const attempt of [comment, message, publish]) {
      const refused = await attempt();
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { code: string }).code).toBe("timed_out");
    }
    // Reading still works.
    expect(
      (await t.get(`/api/v3/stories/${story.id}`, { headers: { cookie: troll.cookie } })).status,
    ).toBe(200);

    await db
      .updateTable("users")
      .set({ timed_out_until: Date.now() - 1 })
      .where("id", "=", troll.id)
      .execute();
    expect((await comment()).status).toBe(201);
  });

  it("needs a reason, of more than control characters, and keeps it without them", async () => {
    const someone = await person();
    for (const reason of ["  ", "\u0000", "\u0007\r\n"]) {
      const refused = await act(someone.username, "timeout", { reason }, ambassador);
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toBe(
        "Say why the user is timed out.",
      );
    }
    const answer = await act(someone.username, "timeout", { reason: "Spam\u0000\nagain" }, admin);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ reason: "Spam\nagain" });
  });
});

describe("who may moderate", () => {
  it("is ambassadors and admins, never on themselves or on staff", async () => {
    const target = await person();
    expect((await act(target.username, "timeout", { reason: "x" })).status).toBe(401);
    const reader = await person();
    expect((await act(target.username, "timeout", { reason: "x" }, reader.cookie)).status).toBe(
      403,
    );
    const selfAmbassador = await person({ is_ambassador: 1 });
    expect(
      (await act(selfAmbassador.username, "timeout", { reason: "x" }, selfAmbassador.cookie))
        .status,
    ).toBe(400);
    const staff = await person({ is_staff: 1 });
    expect((await act(staff.username, "close", { reason: "spam" }, ambassador)).status).toBe(403);
    expect((await act("nobody_at_all", "close", { reason: "spam" }, ambassador)).status).toBe(404);
    expect(await timedOutUntil(target.id)).toBeNull();
  });

  it("lets only a system admin moderate an ambassador", async () => {
    const other = await person({ is_ambassador: 1 });
    const refused = await act(other.username, "timeout", { reason: "Rival" }, ambassador);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(
      "Only a system admin can moderate an ambassador.",
    );
    expect((await act(other.username, "close", { reason: "spam" }, ambassador)).status).toBe(403);
    expect((await t.get(`/api/v3/users/${other.username}`)).status).toBe(200);
    expect(await timedOutUntil(other.id)).toBeNull();
    expect((await act(other.username, "timeout", { reason: "Misuse" }, admin)).status).toBe(200);
  });
});
