import type { CommentData, CommentPage, ParagraphCommentCounts } from "@inkwell/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApi } from "../testing/api.ts";
import { createStory, createUser, sessionCookie, signedIn } from "../testing/fixtures.ts";
import { straddledCall } from "../testing/interleave.ts";

const t = useTestApi();

let author: { id: number; cookie: string };
let story: { id: number; partIds: number[] };

const PART_TEXT = '<p data-p-id="p1">First paragraph.</p><p data-p-id="p2">Second one.</p>';

const threadsPath = (partId: number, query = "") =>
  `/v5/comments/namespaces/parts/resources/${partId}/comments${query}`;
const paragraphPath = (partId: number, paragraphId: string) =>
  `/v5/comments/namespaces/parts/resources/${partId}/paragraphs/${paragraphId}/comments`;
const repliesPath = (id: string, query = "") =>
  `/v5/comments/namespaces/comments/resources/${id}/comments${query}`;
const likePath = (id: string) => `/v5/comments/${id}/sentiments/like`;

const withCookie = (cookie: string, init: RequestInit = {}): RequestInit => ({
  ...init,
  headers: { ...init.headers, cookie, "content-type": "application/json" },
});

async function reader(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.handle.db, { email_verified: 1, ...overrides });
  return { ...user, cookie: await sessionCookie(t.handle.db, user.id) };
}

function post(cookie: string, resource: object, text: string) {
  return t.get(
    "/v5/comments",
    withCookie(cookie, { method: "POST", body: JSON.stringify({ resource, text }) }),
  );
}

async function postOk(cookie: string, resource: object, text = "A fine chapter.") {
  const response = await post(cookie, resource, text);
  expect(response.status).toBe(201);
  return (await response.json()) as CommentData;
}

const onPart = (partId = story.partIds[0] as number, paragraphId?: string) => ({
  namespace: "parts",
  resourceId: String(partId),
  ...(paragraphId && { paragraphId }),
});
const onComment = (comment: CommentData) => ({
  namespace: "comments",
  resourceId: comment.commentId.resourceId,
});

async function page(path: string, cookie = "") {
  const response = await t.get(path, { headers: { cookie } });
  expect(response.status).toBe(200);
  return (await response.json()) as CommentPage;
}

/** The counters and the rows they count, for one part and its story. */
async function counters(partId: number, storyId: number) {
  const db = t.handle.db;
  const [part, whole, rows] = await Promise.all([
    db
      .selectFrom("parts")
      .select("comment_count")
      .where("id", "=", partId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("stories")
      .select("comment_count")
      .where("id", "=", storyId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("comments")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("part_id", "=", partId)
      .where("deleted", "=", 0)
      .executeTakeFirstOrThrow(),
  ]);
  return { part: part.comment_count, story: whole.comment_count, rows: Number(rows.n) };
}

beforeAll(async () => {
  const user = await createUser(t.handle.db, { email_verified: 1 });
  author = { id: user.id, cookie: await sessionCookie(t.handle.db, user.id) };
  story = await createStory(t.handle.db, author.id, {
    parts: [{ text: PART_TEXT }, { text: PART_TEXT }, { draft: 1 }],
  });
});

describe("posting comments", () => {
  it("posts on a part and answers the comment as reader.md §3 describes it", async () => {
    const me = await reader({ avatar: "/a.png" });
    const comment = await postOk(me.cookie, onPart(), "  Loved the ending @writer #twist  ");
    expect(comment).toMatchObject({
      commentId: { namespace: "comments" },
      resource: { namespace: "parts", resourceId: String(story.partIds[0]), paragraphId: null },
      user: { username: me.username, name: `Name of ${me.username}`, avatar: "/a.png" },
      text: "Loved the ending @writer #twist",
      isReply: false,
      isOffensive: false,
      sentiments: { like: { count: 0, interacted: false } },
      replyCount: 0,
      replyData: [],
      isWriter: false,
      canDelete: true,
    });
    expect(comment.deeplink).toBe(`/${story.partIds[0]}?commentId=${comment.commentId.resourceId}`);
    expect(Number.isNaN(Date.parse(comment.created))).toBe(false);
    const one = await t.get(`/v5/comments/${comment.commentId.resourceId}`);
    expect(await one.json()).toMatchObject({ text: comment.text, canDelete: false });
  });

  it("keeps the text without its control characters, which PostgreSQL would refuse", async () => {
    const me = await reader();
    const comment = await postOk(me.cookie, onPart(), "a\u0000b\r\n\tc\u0007");
    expect(comment.text).toBe("ab\n\tc");
    const one = await t.get(`/v5/comments/${comment.commentId.resourceId}`);
    expect(await one.json()).toMatchObject({ text: "ab\n\tc" });
  });

  it("drops direction overrides and isolates, which make a link read otherwise", async () => {
    const me = await reader();
    const comment = await postOk(
      me.cookie,
      onPart(),
      "See https://example.com/\u202Etxt.exe and \u2066this\u2069",
    );
    expect(comment.text).toBe("See https://example.com/txt.exe and this");
  });

  it("marks the story author's comments as the writer's", async () => {
    const comment = await postOk(author.cookie, onPart(), "Thanks for reading!");
    expect(comment.isWriter).toBe(true);
  });

  it("refuses visitors, unverified readers, empty and overlong text, storing nothing", async () => {
    const partId = story.partIds[1] as number;
    const before = await counters(partId, story.id);
    expect((await post("", onPart(partId), "Hi")).status).toBe(401);
    const unverified = await reader({ email_verified: 0 });
    const refused = await post(unverified.cookie, onPart(partId), "Hi");
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "verify_email" });
    const me = await reader();
    for (const text of ["", "   \n  ", "\u0000", "\u0000\u0007 \u007f", "x".repeat(2001)]) {
      const response = await post(me.cookie, onPart(partId), text);
      expect(response.status).toBe(400);
      expect((await response.json()).message).toMatch(/Write something|at most 2,000 characters/);
    }
    // 2,000 characters after trimming is allowed, and emoji count as one character each.
    await postOk(me.cookie, onPart(partId), ` ${"😀".repeat(2000)} `);
    expect(await counters(partId, story.id)).toEqual({
      part: before.part + 1,
      story: before.story + 1,
      rows: before.rows + 1,
    });
  });

  it("refuses parts the viewer cannot read, unknown paragraphs and bad resources", async () => {
    const me = await reader();
    expect((await post(me.cookie, onPart(story.partIds[2]), "On a draft")).status).toBe(404);
    expect((await post(me.cookie, onPart(999_999), "Nowhere")).status).toBe(404);
    expect((await post(me.cookie, onPart(undefined, "nope"), "No such paragraph")).status).toBe(
      404,
    );
    expect((await post(me.cookie, { namespace: "stories", resourceId: "1" }, "Hi")).status).toBe(
      400,
    );
    expect(
      (await post(me.cookie, { namespace: "comments", resourceId: "999999" }, "Hi")).status,
    ).toBe(404);
    expect((await t.get(threadsPath(story.partIds[2] as number))).status).toBe(404);
  });

  it("keeps mature stories behind the gate for visitors", async () => {
    const mature = await createStory(t.handle.db, author.id, { rating: 4 });
    const response = await t.get(threadsPath(mature.partIds[0] as number));
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: "mature_content" });
  });

  it("flags offensive comments without refusing them", async () => {
    const me = await reader();
    expect((await postOk(me.cookie, onPart(), "What a B.I.T.C.H move")).isOffensive).toBe(true);
    expect((await postOk(me.cookie, onPart(), "Bitterly sweet")).isOffensive).toBe(false);
  });

  it("limits how often one account posts", async () => {
    const me = await reader();
    const answers = [];
    for (let n = 0; n < 11; n++)
      answers.push((await post(me.cookie, onPart(), `Comment ${n}`)).status);
    expect(answers.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(answers[10]).toBe(429);
  });

  it("counts 30 replies and 20 comments posted at the same moment exactly", async () => {
    const fresh = await createStory(t.handle.db, author.id, { parts: [{ text: PART_TEXT }] });
    const partId = fresh.partIds[0] as number;
    const thread = await postOk((await reader()).cookie, onPart(partId), "Thread");
    const people = await Promise.all(Array.from({ length: 30 }, () => reader()));
    const answers = await Promise.all([
      ...people.map((who) => post(who.cookie, onComment(thread), "Reply")),
      ...people.slice(0, 20).map((who) => post(who.cookie, onPart(partId), "Another thread")),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 201));
    const shown = (await (
      await t.get(`/v5/comments/${thread.commentId.resourceId}`)
    ).json()) as CommentData;
    expect(shown.replyCount).toBe(30);
    const part = await t.get(`/api/v3/story_parts/${partId}`);
    expect(((await part.json()) as { commentCount: number }).commentCount).toBe(51);
    expect(await counters(partId, fresh.id)).toEqual({ part: 51, story: 51, rows: 51 });
  });

  it("answers 401 to a poster whose account closes between look-up and insert", async () => {
    const moderator = await reader({ is_ambassador: 1 });
    const thread = await postOk((await reader()).cookie, onPart(), "Thread");
    const before = await counters(story.partIds[0] as number, story.id);
    for (const [where, resource] of [
      ["part", onPart()],
      ["paragraph", onPart(undefined, "p2")],
      ["reply", onComment(thread)],
    ] as const) {
      const poster = await reader();
      // The verified-email check reads the poster's row; the account closes right after.
      const answer = await straddledCall(
        t,
        "users",
        async () => {
          const path = `/api/v3/users/${poster.username}/moderation/close`;
          const body = JSON.stringify({ reason: "spam" });
          const closed = await t.get(path, withCookie(moderator.cookie, { method: "POST", body }));
          expect(closed.status).toBe(200);
        },
        ["POST", "/v5/comments", poster, { resource, text: "Posted as I leave" }],
      );
      expect([where, ...answer]).toEqual([
        where,
        401,
        { code: "unauthorized", message: "Log in to continue." },
      ]);
    }
    expect(await counters(story.partIds[0] as number, story.id)).toEqual(before);
  });

  it("answers 401, not a 404, to a poster whose account closes as their comment is read back", async () => {
    const moderator = await reader({ is_ambassador: 1 });
    for (const where of ["part", "reply"] as const) {
      // A writer on their own story: closing takes the part too, so the read-back that found
      // the comment then finds its part gone.
      const writer = await reader();
      const own = await createStory(t.handle.db, writer.id, { parts: [{ text: PART_TEXT }] });
      const partId = own.partIds[0] as number;
      const thread = await postOk(writer.cookie, onPart(partId), "Thread");
      const resource = where === "part" ? onPart(partId) : onComment(thread);
      const answer = await straddledCall(
        t,
        "comments",
        async () => {
          const path = `/api/v3/users/${writer.username}/moderation/close`;
          const body = JSON.stringify({ reason: "spam" });
          const closed = await t.get(path, withCookie(moderator.cookie, { method: "POST", body }));
          expect(closed.status).toBe(200);
        },
        ["POST", "/v5/comments", writer, { resource, text: "Posted as I leave" }],
        // A reply reads its thread first; then the read-back's read of the new comment.
        where === "part" ? 1 : 2,
      );
      expect([where, ...answer]).toEqual([
        where,
        401,
        { code: "unauthorized", message: "Log in to continue." },
      ]);
    }
  });
});

describe("reading comments", () => {
  let partId: number;
  let storyId: number;

  beforeAll(async () => {
    const created = await createStory(t.handle.db, author.id, { parts: [{ text: PART_TEXT }] });
    partId = created.partIds[0] as number;
    storyId = created.id;
  });

  it("walks a part's threads newest first in sets, with an after cursor", async () => {
    const people = await Promise.all(Array.from({ length: 3 }, () => reader()));
    const posted: string[] = [];
    for (let n = 0; n < 12; n++) {
      const who = people[n % 3] as { cookie: string };
      posted.push(
        (
          await postOk(
            who.cookie,
            { namespace: "parts", resourceId: String(partId) },
            `Number ${n}`,
          )
        ).commentId.resourceId,
      );
    }
    const first = await page(threadsPath(partId));
    expect(first.comments.map((c) => c.commentId.resourceId)).toEqual(posted.slice(2).reverse());
    expect(first).toMatchObject({ hasMore: true, ads: true });
    const second = await page(threadsPath(partId, `?limit=10&after=${first.after}`));
    expect(second.comments.map((c) => c.commentId.resourceId)).toEqual(
      posted.slice(0, 2).reverse(),
    );
    expect(second).toMatchObject({ hasMore: false, after: null });
    expect((await t.get(threadsPath(partId, "?after=garbage"))).status).toBe(400);
    expect((await t.get(threadsPath(partId, "?limit=0"))).status).toBe(400);
  });

  it("opens threads with their first 2 replies and pages the rest oldest first", async () => {
    const me = await reader();
    const thread = await postOk(
      me.cookie,
      { namespace: "parts", resourceId: String(partId) },
      "Start",
    );
    const replies: string[] = [];
    for (let n = 0; n < 4; n++) {
      const reply = await postOk(author.cookie, onComment(thread), `Reply ${n}`);
      expect(reply).toMatchObject({
        isReply: true,
        resource: { namespace: "comments", resourceId: thread.commentId.resourceId },
      });
      replies.push(reply.commentId.resourceId);
    }
    // A reply to a reply joins the same thread.
    const nested = await postOk(
      me.cookie,
      { namespace: "comments", resourceId: replies[0] },
      "Nested",
    );
    expect(nested.resource.resourceId).toBe(thread.commentId.resourceId);
    const one = (await (
      await t.get(`/v5/comments/${thread.commentId.resourceId}`)
    ).json()) as CommentData;
    expect(one.replyCount).toBe(5);
    expect(one.replyData.map((r) => r.commentId.resourceId)).toEqual(replies.slice(0, 2));
    expect(one.replyData[0]?.isWriter).toBe(true);
    const list = await page(threadsPath(partId));
    expect(list.comments[0]?.replyData).toHaveLength(2);
    const firstSet = await page(repliesPath(thread.commentId.resourceId, "?limit=3"));
    expect(firstSet.comments.map((r) => r.commentId.resourceId)).toEqual(replies.slice(0, 3));
    const rest = await page(
      repliesPath(thread.commentId.resourceId, `?limit=3&after=${firstSet.after}`),
    );
    expect(rest.comments.map((r) => r.text)).toEqual(["Reply 3", "Nested"]);
    expect(rest.hasMore).toBe(false);
    const counted = await counters(partId, storyId);
    expect(counted.part).toBe(counted.rows);
  });

  it("keeps paragraph comments apart and counts them per paragraph in one call", async () => {
    const me = await reader();
    const on = (paragraphId: string) => ({
      namespace: "parts",
      resourceId: String(partId),
      paragraphId,
    });
    const first = await postOk(me.cookie, on("p1"), "About this line");
    expect(first.resource.paragraphId).toBe("p1");
    await postOk(me.cookie, on("p1"), "Again");
    await postOk(me.cookie, on("p2"), "And this one");
    const reply = await postOk(author.cookie, onComment(first), "Indeed");
    expect(reply.resource.paragraphId).toBe("p1");
    const counts = (await (
      await t.get(`/v5/comments/namespaces/parts/resources/${partId}/paragraphs`)
    ).json()) as ParagraphCommentCounts;
    expect(counts).toEqual({ paragraphs: { p1: 3, p2: 1 } });
    const p1 = await page(paragraphPath(partId, "p1"));
    expect(p1.comments.map((c) => c.text)).toEqual(["Again", "About this line"]);
    const partLevel = await page(threadsPath(partId));
    expect(partLevel.comments.some((c) => c.resource.paragraphId)).toBe(false);
  });

  it("answers 404 for a comment that does not exist", async () => {
    expect((await t.get("/v5/comments/999999")).status).toBe(404);
    expect((await t.get(repliesPath("999999"))).status).toBe(404);
    expect((await t.get("/v5/comments/abc")).status).toBe(400);
  });

  it("skips comment ads on paid, image-moderated and mature stories and for Premium readers", async () => {
    const paid = await createStory(t.handle.db, author.id, { is_paid: 1 });
    expect((await page(threadsPath(paid.partIds[0] as number))).ads).toBe(false);
    // A cover moderators flagged moves to banned_cover (image-moderation/service.ts).
    const flagged = await createStory(t.handle.db, author.id, {
      cover: null,
      banned_cover: "/media/covers/flagged.png",
    });
    expect((await page(threadsPath(flagged.partIds[0] as number))).ads).toBe(false);
    const premium = await reader({ is_premium: 1 });
    expect((await page(threadsPath(partId), premium.cookie)).ads).toBe(false);
    // A mature story is not brand safe.
    const mature = await createStory(t.handle.db, author.id, { rating: 4 });
    expect((await page(threadsPath(mature.partIds[0] as number), author.cookie)).ads).toBe(false);
  });
});

describe("likes", () => {
  it("takes a reader's reply to a comment and their like of it at once, and counts both", async () => {
    // Both hold the comment and the reader's row: taken in two orders, PostgreSQL gave up one.
    for (let round = 0; round < 10; round++) {
      const me = await reader();
      const thread = await postOk((await reader()).cookie, onPart(story.partIds[1]), "Thread");
      const id = thread.commentId.resourceId;
      const [replied, liked] = await Promise.all([
        post(me.cookie, onComment(thread), "Agreed."),
        t.get(likePath(id), withCookie(me.cookie, { method: "PUT" })),
      ]);
      expect([replied.status, liked.status]).toEqual([201, 200]);
      const after = (await (
        await t.get(`/v5/comments/${id}`, { headers: { cookie: me.cookie } })
      ).json()) as CommentData;
      expect(after.replyCount).toBe(1);
      expect(after.sentiments.like).toEqual({ count: 1, interacted: true });
    }
  });

  it("toggles once per reader and keeps counts exact under 30 concurrent likes", async () => {
    const owner = await reader();
    const comment = await postOk(owner.cookie, onPart(story.partIds[1]), "Like me");
    const id = comment.commentId.resourceId;
    const people = await Promise.all(Array.from({ length: 30 }, () => reader()));
    const answers = await Promise.all(
      people.flatMap((p) => [
        t.get(likePath(id), withCookie(p.cookie, { method: "PUT" })),
        t.get(likePath(id), withCookie(p.cookie, { method: "PUT" })),
      ]),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const liked = (await (
      await t.get(`/v5/comments/${id}`, { headers: { cookie: people[0]?.cookie ?? "" } })
    ).json()) as CommentData;
    expect(liked.sentiments.like).toEqual({ count: 30, interacted: true });
    await Promise.all(
      people
        .slice(0, 10)
        .map((p) => t.get(likePath(id), withCookie(p.cookie, { method: "DELETE" }))),
    );
    const last = people[29] as { cookie: string };
    const again = await t.get(likePath(id), withCookie(last.cookie, { method: "PUT" }));
    expect(await again.json()).toEqual({ like: { count: 20, interacted: true } });
    const rows = await t.handle.db
      .selectFrom("comment_likes")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("comment_id", "=", Number(id))
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(20);
  });

  it("answers likes as the liker's or the comment's writer's account closes, never a 500", async () => {
    const moderator = await reader({ is_ambassador: 1 });
    const close = async (username: string) => {
      const path = `/api/v3/users/${username}/moderation/close`;
      const body = JSON.stringify({ reason: "spam" });
      const closed = await t.get(path, withCookie(moderator.cookie, { method: "POST", body }));
      expect(closed.status).toBe(200);
    };
    const like = (id: string, who: { cookie: string }) =>
      t.get(likePath(id), withCookie(who.cookie, { method: "PUT" }));
    const goneComment = { code: "not_found", message: "Comment was not found" };
    const loggedOut = { code: "unauthorized", message: "Log in to continue." };
    for (let round = 0; round < 3; round++) {
      // A writer and a reader who both close; the likers follow the writer, so the writer's
      // closing holds their rows too.
      const [writer, leaver, ...likers] = await Promise.all(
        Array.from({ length: 22 }, () => reader()),
      );
      if (!writer || !leaver) throw new Error("no people");
      for (const liker of likers) {
        const follow = await t.get(
          `/api/v3/users/${liker.username}/following`,
          withCookie(liker.cookie, {
            method: "POST",
            body: JSON.stringify({ users: writer.username }),
          }),
        );
        expect(follow.status).toBe(200);
      }
      const closingComment = await postOk(writer.cookie, onPart(story.partIds[1]), "Goodbye");
      const staying = await Promise.all(
        likers.slice(0, 5).map((liker) => postOk(liker.cookie, onPart(story.partIds[1]), "Stay")),
      );
      const closingId = closingComment.commentId.resourceId;
      const stayingIds = staying.map((comment) => comment.commentId.resourceId);
      const calls: [{ cookie: string }, string, object[]][] = [
        ...likers.map((liker): [{ cookie: string }, string, object[]] => [
          liker,
          closingId,
          [goneComment],
        ]),
        ...[closingId, ...stayingIds].map((id): [{ cookie: string }, string, object[]] => [
          leaver,
          id,
          [goneComment, loggedOut],
        ]),
      ];
      const [, , ...answers] = await Promise.all([
        close(writer.username),
        close(leaver.username),
        ...calls.map(([who, id]) => like(id, who)),
      ]);
      for (const [index, answer] of answers.entries()) {
        if (answer.status === 200) continue;
        const refusal = await answer.json();
        expect([round, answer.status]).toEqual([
          round,
          refusal.code === "unauthorized" ? 401 : 404,
        ]);
        expect(calls[index]?.[2]).toContainEqual(refusal);
      }
      // The comments that stay count exactly the likes that stay.
      const counted = await t.handle.db
        .selectFrom("comments")
        .select((eb) => [
          "like_count",
          eb
            .selectFrom("comment_likes")
            .select(eb.fn.countAll<number>().as("n"))
            .whereRef("comment_likes.comment_id", "=", "comments.id")
            .as("rows"),
        ])
        .where("id", "in", stayingIds.map(Number))
        .execute();
      expect(counted.map((row) => Number(row.like_count))).toEqual(
        counted.map((row) => Number(row.rows)),
      );
    }
  });

  it("asks visitors to log in and unverified readers to verify", async () => {
    const comment = await postOk((await reader()).cookie, onPart(), "Hello");
    const id = comment.commentId.resourceId;
    expect((await t.get(likePath(id), { method: "PUT" })).status).toBe(401);
    const unverified = await reader({ email_verified: 0 });
    const refused = await t.get(likePath(id), withCookie(unverified.cookie, { method: "PUT" }));
    expect(refused.status).toBe(403);
    expect(
      (await t.get(likePath("999999"), withCookie((await reader()).cookie, { method: "PUT" })))
        .status,
    ).toBe(404);
  });
});

describe("deleting comments", () => {
  const remove = (id: string, cookie: string) =>
    t.get(`/v5/comments/${id}`, withCookie(cookie, { method: "DELETE" }));

  it("lets the comment's author, the story's author, ambassadors and admins delete", async () => {
    const partId = story.partIds[1] as number;
    const commenter = await reader();
    const deleters = [
      commenter.cookie,
      author.cookie,
      (await reader({ is_ambassador: 1 })).cookie,
      (await reader({ is_sysadmin: 1 })).cookie,
    ];
    for (const cookie of deleters) {
      const comment = await postOk(commenter.cookie, onPart(partId), "Delete me");
      const before = await counters(partId, story.id);
      expect((await remove(comment.commentId.resourceId, cookie)).status).toBe(204);
      expect((await t.get(`/v5/comments/${comment.commentId.resourceId}`)).status).toBe(404);
      expect(await counters(partId, story.id)).toEqual({
        part: before.part - 1,
        story: before.story - 1,
        rows: before.rows - 1,
      });
    }
  });

  it("refuses anyone else and visitors", async () => {
    const comment = await postOk((await reader()).cookie, onPart(), "Mine");
    const id = comment.commentId.resourceId;
    expect((await remove(id, "")).status).toBe(401);
    const stranger = await remove(id, (await reader()).cookie);
    expect(stranger.status).toBe(403);
    expect((await t.get(`/v5/comments/${id}`)).status).toBe(200);
  });

  it("takes a thread's replies with it and keeps counters exact when deleted twice at once", async () => {
    const partId = story.partIds[1] as number;
    const me = await reader();
    const thread = await postOk(me.cookie, onPart(partId), "Thread");
    const reply = await postOk(author.cookie, onComment(thread), "Reply");
    await postOk(author.cookie, onComment(thread), "Another");
    const before = await counters(partId, story.id);
    expect((await remove(reply.commentId.resourceId, me.cookie)).status).toBe(403);
    expect((await remove(reply.commentId.resourceId, author.cookie)).status).toBe(204);
    const one = (await (
      await t.get(`/v5/comments/${thread.commentId.resourceId}`)
    ).json()) as CommentData;
    expect(one.replyCount).toBe(1);
    const answers = await Promise.all([
      remove(thread.commentId.resourceId, me.cookie),
      remove(thread.commentId.resourceId, me.cookie),
    ]);
    expect(answers.map((a) => a.status)).toContain(204);
    expect(await counters(partId, story.id)).toEqual({
      part: before.part - 3,
      story: before.story - 3,
      rows: before.rows - 3,
    });
  });

  it("takes no reply into a thread deleted at the same moment, and keeps counts exact", async () => {
    for (let round = 0; round < 5; round++) {
      const fresh = await createStory(t.handle.db, author.id, { parts: [{ text: PART_TEXT }] });
      const partId = fresh.partIds[0] as number;
      const me = await reader();
      const thread = await postOk(me.cookie, onPart(partId), "Thread");
      const repliers = await Promise.all(Array.from({ length: 4 }, () => reader()));
      const answers = await Promise.all([
        ...repliers.map((who) => post(who.cookie, onComment(thread), "Reply")),
        remove(thread.commentId.resourceId, me.cookie),
      ]);
      // A reply either came first, and went with the thread, or found the thread gone.
      expect(answers[4]?.status).toBe(204);
      for (const answer of answers.slice(0, 4)) {
        expect([201, 404]).toContain(answer.status);
        if (answer.status !== 201) continue;
        const reply = (await answer.json()) as CommentData;
        const now = await t.get(`/v5/comments/${reply.commentId.resourceId}`);
        expect([round, now.status]).toEqual([round, 404]);
      }
      const details = await (
        await t.get(`/api/v3/story_parts/${partId}`, await signedIn(t.handle.db))
      ).json();
      expect([round, details.commentCount]).toEqual([round, 0]);
    }
  });

  it("keeps the part page's comment count exact", async () => {
    const partId = story.partIds[1] as number;
    const details = await (
      await t.get(`/api/v3/story_parts/${partId}`, await signedIn(t.handle.db))
    ).json();
    expect(details.commentCount).toBe((await counters(partId, story.id)).rows);
  });
});
