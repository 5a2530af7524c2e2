import type {
  MyReport,
  StaffNote,
  StaffReport,
  StaffReportPage,
  SupportFlow,
  SupportTree,
} from "@inkwell/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApi } from "../testing/api.ts";
import { createStory, type Person, signedInUser } from "../testing/fixtures.ts";

/**
 * Reports end to end through the API (docs/decisions/016-reports.md): the support tree,
 * report tickets of every type, the staff queue, a reporter's own reports and the
 * copyright report, each for visitor, owner, other user, ambassador and admin, with bad
 * input refused by a clear 400 that stores nothing.
 */
const t = useTestApi();

const person = (overrides: Parameters<typeof signedInUser>[1] = {}): Promise<Person> =>
  signedInUser(t.handle.db, {
    email: `${Math.random().toString(36).slice(2)}@example.com`,
    ...overrides,
  });

let writer: Person;
let reader: Person;
let other: Person;
let ambassador: Person;
let admin: Person;
let staff: Person;
let story: { id: number; partIds: number[] };
let original: { id: number; partIds: number[] };
let commentId: number;
let messageId: number;

beforeAll(async () => {
  writer = await person({ name: "Wren Writer" });
  reader = await person({ name: "Rae Reader" });
  other = await person();
  ambassador = await person({ is_ambassador: 1 });
  admin = await person({ is_sysadmin: 1 });
  staff = await person({ is_staff: 1 });
  story = await createStory(t.handle.db, writer.id, { title: "The Copy" });
  original = await createStory(t.handle.db, reader.id, { title: "The Original" });
  const comment = await t.handle.db
    .insertInto("comments")
    .values({
      part_id: story.partIds[0] as number,
      story_id: story.id,
      user_id: writer.id,
      text: "You are all terrible readers",
      created_at: Date.now(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  commentId = Number(comment.id);
  const [a, b] = [writer.id, reader.id].sort((x, y) => x - y);
  const conversation = await t.handle.db
    .insertInto("conversations")
    .values({ user_a_id: a as number, user_b_id: b as number, created_at: Date.now() })
    .returning("id")
    .executeTakeFirstOrThrow();
  const message = await t.handle.db
    .insertInto("messages")
    .values({
      conversation_id: Number(conversation.id),
      sender_id: writer.id,
      recipient_id: reader.id,
      body: "Send me your password",
      created_at: Date.now(),
      read_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  messageId = Number(message.id);
});

const ticketCount = async () =>
  Number(
    (
      await t.handle.db
        .selectFrom("support_tickets")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

function fileTicket(fields: Record<string, string>, cookie?: string) {
  return t.get("/v4/support/tickets/", {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });
}

const visitor = { "requester[name]": "Vi Visitor", "requester[email]": "vi@example.com" };

const commentReport = (overrides: Record<string, string> = {}) => ({
  ...visitor,
  comment: "Insulting every reader in the comments",
  subject: "Comment Report",
  ticket_form_id: "48860",
  reportType: "3",
  reason: "harassment_of_other",
  id: String(commentId),
  "reference[name]": "Wren Writer",
  "reference[body]": "You are all terrible readers",
  "reference[deepLink]": `/${story.partIds[0]}?commentId=${commentId}`,
  ...overrides,
});

async function expectRefused(
  response: Promise<Response>,
  status: number,
  message: string | RegExp,
): Promise<void> {
  const before = await ticketCount();
  const answer = await response;
  expect(answer.status).toBe(status);
  const body = (await answer.json()) as { message: string };
  if (typeof message === "string") expect(body.message).toContain(message);
  else expect(body.message).toMatch(message);
  expect(await ticketCount()).toBe(before);
}

const json = (method: string, body: unknown, cookie?: string): RequestInit => ({
  method,
  headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
  body: JSON.stringify(body),
});

describe("GET /v4/support/tree", () => {
  it("answers the seeded English flows for every kind of report", async () => {
    const response = await t.get("/v4/support/tree?lang=1");
    expect(response.status).toBe(200);
    const tree = (await response.json()) as SupportTree;
    expect(tree.lang).toBe(1);
    expect(tree.flows.map((flow) => flow.id)).toEqual([
      "user",
      "story",
      "comment",
      "private-message",
      "public-message",
      "media",
    ]);
    for (const flow of tree.flows) {
      expect(flow.title).toMatch(/^Report this /);
      expect(flow.ticketFormId).toBeGreaterThan(0);
      expect(flow.ticketSubject).toMatch(/Report$/);
      expect(flow.items.length).toBeGreaterThan(2);
    }
    const storyFlow = tree.flows.find((flow) => flow.id === "story") as SupportFlow;
    expect(storyFlow.items).toContainEqual(
      expect.objectContaining({ type: "page", kind: "copyright", loginRequired: true }),
    );
    const comment = tree.flows.find((flow) => flow.id === "comment") as SupportFlow;
    const harassment = comment.items.find((item) => item.id === "harassment");
    // A real tree: harassment asks who it is aimed at before the detail box.
    expect(harassment).toMatchObject({
      type: "page",
      items: expect.arrayContaining([
        expect.objectContaining({
          type: "page",
          id: "harassment-me",
          items: expect.arrayContaining([
            expect.objectContaining({ type: "editText", reason: "harassment_of_reporter" }),
          ]),
        }),
      ]),
    });
  });

  it("falls back to English for a language without its own flows, and is English by default", async () => {
    const french = (await (await t.get("/v4/support/tree?lang=2")).json()) as SupportTree;
    const plain = (await (await t.get("/v4/support/tree")).json()) as SupportTree;
    expect(french.lang).toBe(1);
    expect(plain.lang).toBe(1);
    expect(french.flows).toEqual(plain.flows);
  });

  it.each([
    ["99", "lang must be a language id"],
    ["abc", "lang must be a language id"],
  ])("refuses lang=%s", async (lang, message) => {
    const response = await t.get(`/v4/support/tree?lang=${lang}`);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toContain(message);
  });
});

describe("PUT /v4/support/tree/{flowId}", () => {
  const flow = {
    title: "Signaler ce message",
    ticketFormId: 48860,
    ticketSubject: "Public Message Report",
    items: [
      {
        type: "page",
        id: "spam",
        title: "Spam",
        items: [{ type: "editText", id: "spam-details", title: "Dites-nous tout", reason: "spam" }],
      },
    ],
  };

  it("is refused to visitors (401), readers and ambassadors (403)", async () => {
    const path = "/v4/support/tree/public-message?lang=2";
    expect((await t.get(path, json("PUT", flow))).status).toBe(401);
    expect((await t.get(path, json("PUT", flow, reader.cookie))).status).toBe(403);
    expect((await t.get(path, json("PUT", flow, ambassador.cookie))).status).toBe(403);
    const french = (await (await t.get("/v4/support/tree?lang=2")).json()) as SupportTree;
    expect(french.lang).toBe(1);
  });

  it("lets an admin write a language's own flow; the others stay English", async () => {
    const response = await t.get(
      "/v4/support/tree/public-message?lang=2",
      json("PUT", flow, admin.cookie),
    );
    expect(response.status).toBe(200);
    const french = (await (await t.get("/v4/support/tree?lang=2")).json()) as SupportTree;
    expect(french.lang).toBe(2);
    expect(french.flows.map((f) => f.id)).toHaveLength(6);
    expect(french.flows.find((f) => f.id === "public-message")?.title).toBe("Signaler ce message");
    expect(french.flows.find((f) => f.id === "user")?.title).toBe("Report this account");
    const english = (await (await t.get("/v4/support/tree?lang=1")).json()) as SupportTree;
    expect(english.flows.find((f) => f.id === "public-message")?.title).toBe("Report this post");
  });

  it("lets staff edit the English flow", async () => {
    const edited = { ...flow, title: "Report this post or reply" };
    const response = await t.get(
      "/v4/support/tree/public-message?lang=1",
      json("PUT", edited, staff.cookie),
    );
    expect(response.status).toBe(200);
    const english = (await (await t.get("/v4/support/tree?lang=1")).json()) as SupportTree;
    expect(english.flows.find((f) => f.id === "public-message")?.title).toBe(
      "Report this post or reply",
    );
    // Its place in the list is kept.
    expect(english.flows[4]?.id).toBe("public-message");
  });

  it.each([
    [
      "a page without items",
      { items: [{ type: "page", id: "x", title: "X", items: [] }] },
      "a page needs at least one item",
    ],
    [
      "an unknown item type",
      { items: [{ type: "video", id: "x" }] },
      "item type must be text, url, editText or page",
    ],
    [
      "a detail box without a reason",
      { items: [{ type: "editText", id: "x", title: "X" }] },
      "reason is required",
    ],
    [
      "an outside http link",
      { items: [{ type: "url", id: "x", title: "X", url: "http://evil.example" }] },
      "url must be a path on Inkwell or an https URL",
    ],
    ["no title", { title: "" }, "title is required"],
    [
      "the same id twice",
      {
        items: [
          { type: "text", id: "a", text: "A" },
          { type: "text", id: "a", text: "B" },
        ],
      },
      "item id a is used twice",
    ],
  ])("refuses %s with a clear 400 and changes nothing", async (_, change, message) => {
    const before = (await (await t.get("/v4/support/tree?lang=1")).json()) as SupportTree;
    const response = await t.get(
      "/v4/support/tree/comment?lang=1",
      json("PUT", { ...flow, ...change }, admin.cookie),
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toContain(message);
    const after = (await (await t.get("/v4/support/tree?lang=1")).json()) as SupportTree;
    expect(after).toEqual(before);
  });

  it("answers 400 for an unknown flow", async () => {
    const response = await t.get("/v4/support/tree/poll?lang=1", json("PUT", flow, admin.cookie));
    expect(response.status).toBe(400);
  });
});

describe("POST /v4/support/tickets/ as a report", () => {
  it("stores a visitor's comment report with its type id, model and reported user", async () => {
    const response = await fileTicket(commentReport());
    expect(response.status).toBe(201);
    const body = (await response.json()) as {
      id: number;
      reportedUser: { username: string; name: string; safety: { isMuted: boolean } };
    };
    expect(body.reportedUser).toEqual({
      username: writer.username,
      name: "Wren Writer",
      safety: { isMuted: false, isBlocked: false },
    });
    const row = await t.handle.db
      .selectFrom("support_tickets")
      .selectAll()
      .where("id", "=", body.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      requester_user_id: null,
      requester_name: "Vi Visitor",
      requester_email: "vi@example.com",
      report_type: "comment",
      reason: "harassment_of_other",
      subject: "Comment Report",
      status: "open",
      outcome: null,
    });
    expect(Number(row.report_type_id)).toBe(3);
    expect(Number(row.model_type)).toBe(3);
    expect(Number(row.model_id)).toBe(commentId);
    expect(Number(row.reported_user_id)).toBe(writer.id);
    expect(Number(row.story_id)).toBe(story.id);
    expect(JSON.parse(row.reference ?? "{}")).toMatchObject({
      body: "You are all terrible readers",
    });
  });

  it("takes a signed-in reporter's name and email from their account, and tells their mute state", async () => {
    await t.get(`/apiv2/ignoreuser?id=${writer.username}&action=ignore_user`, {
      method: "POST",
      headers: { cookie: other.cookie },
    });
    const {
      "requester[name]": _n,
      "requester[email]": _e,
      ...withoutRequester
    } = commentReport({
      reportType: "comment",
    });
    const response = await fileTicket(withoutRequester, other.cookie);
    expect(response.status).toBe(201);
    const body = (await response.json()) as {
      id: number;
      reportedUser: { safety: { isMuted: boolean } };
    };
    expect(body.reportedUser.safety.isMuted).toBe(true);
    const row = await t.handle.db
      .selectFrom("support_tickets")
      .select(["requester_user_id", "requester_email", "report_type_id"])
      .where("id", "=", body.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.requester_user_id)).toBe(other.id);
    expect(row.requester_email).toMatch(/@example\.com$/);
    expect(Number(row.report_type_id)).toBe(3);
  });

  it("stores user, story, public-message and media reports with their type ids", async () => {
    const post = await t.handle.db
      .insertInto("profile_messages")
      .values({
        profile_user_id: other.id,
        user_id: writer.id,
        parent_id: null,
        body: "Follow me for free coins",
        created_at: Date.now(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const cases: [Record<string, string>, number, number][] = [
      [{ reportType: "1", username: writer.username }, 1, 1],
      [{ reportType: "4", id: String(story.id) }, 4, 2],
      [{ reportType: "public-message", username: writer.username, id: String(post.id) }, 5, 5],
      [{ reportType: "193", "reference[deepLink]": "/media/covers/1.jpg" }, 193, 6],
    ];
    for (const [fields, typeId, modelType] of cases) {
      const response = await fileTicket(
        { ...visitor, comment: "Details", subject: "Report", reason: "other", ...fields },
        reader.cookie,
      );
      expect(response.status).toBe(201);
      const { id } = (await response.json()) as { id: number };
      const row = await t.handle.db
        .selectFrom("support_tickets")
        .select(["report_type_id", "model_type"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect([Number(row.report_type_id), Number(row.model_type)]).toEqual([typeId, modelType]);
    }
  });

  it("lets ambassadors and admins report like anyone", async () => {
    for (const who of [ambassador, admin]) {
      const response = await fileTicket(commentReport(), who.cookie);
      expect(response.status).toBe(201);
    }
  });

  it("lets the recipient of a private message report it, and no one else", async () => {
    const fields = {
      comment: "Asking for my password",
      subject: "Private Message Report",
      reportType: "2",
      reason: "spam",
      id: String(messageId),
    };
    await expectRefused(fileTicket({ ...visitor, ...fields }), 401, "Log in to report a message.");
    await expectRefused(
      fileTicket(fields, other.cookie),
      404,
      "The reported message was not found",
    );
    await expectRefused(fileTicket(fields, writer.cookie), 400, "You can't report yourself");
    const response = await fileTicket(fields, reader.cookie);
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };
    const row = await t.handle.db
      .selectFrom("support_tickets")
      .select(["model_type", "model_id", "reported_user_id"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect([Number(row.model_type), Number(row.model_id), Number(row.reported_user_id)]).toEqual([
      4,
      messageId,
      writer.id,
    ]);
  });

  it("answers a message its recipient was never shown as unknown, not naming its sender", async () => {
    const muter = await person();
    const muted = await person();
    const mute = await t.get(`/apiv2/ignoreuser?action=ignore_user&id=${muted.username}`, {
      method: "POST",
      headers: { cookie: muter.cookie },
    });
    expect(mute.status).toBe(200);
    const sent = await t.get(
      `/api/v3/users/${muted.username}/inbox/${muter.username}`,
      json("POST", { body: "Sent while muted" }, muted.cookie),
    );
    expect(sent.status).toBe(200);
    const { id } = (await sent.json()) as { id: number };
    await expectRefused(
      fileTicket(
        {
          comment: "Spam",
          subject: "Private Message Report",
          reportType: "2",
          reason: "spam",
          id: String(id),
        },
        muter.cookie,
      ),
      404,
      "The reported message was not found",
    );
  });

  it("refuses the owner reporting their own comment", async () => {
    await expectRefused(
      fileTicket(commentReport(), writer.cookie),
      400,
      "You can't report yourself",
    );
  });

  it.each([
    [
      "no requester from a visitor",
      { "requester[name]": "", "requester[email]": "" },
      "Name is required.",
    ],
    ["no email from a visitor", { "requester[email]": " " }, "Email is required."],
    ["a malformed email", { "requester[email]": "vi@" }, "The email address is invalid."],
    ["an empty detail", { comment: "  " }, "comment is required"],
    ["no reason", { reason: "" }, "reason is required for a report"],
    [
      "an unknown report type id",
      { reportType: "7" },
      "reportType must be one of 1 (user), 2 (private-message), 3 (comment), 4 (story), 5 (public-message), 193 (media), or DMCA",
    ],
    ["an unknown report type name", { reportType: "poll" }, "reportType must be one of"],
    ["a malformed id", { id: "12abc" }, "id must be a whole number"],
    ["an empty id", { id: "" }, "id must be a whole number"],
  ])("refuses %s with a clear 400, storing nothing", async (_, change, message) => {
    await expectRefused(fileTicket(commentReport(change)), 400, message);
  });

  it("refuses reports of a draft story or of a comment on a draft part, naming no one", async () => {
    const draft = await createStory(t.handle.db, writer.id, { title: "Secret Plans", draft: 1 });
    const draftPart = await createStory(t.handle.db, writer.id, { parts: [{ draft: 1 }] });
    const hidden = await t.handle.db
      .insertInto("comments")
      .values({
        part_id: draftPart.partIds[0] as number,
        story_id: draftPart.id,
        user_id: writer.id,
        text: "A note to myself",
        created_at: Date.now(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    // Reading the answer would tell the reporter who wrote what they cannot see.
    await expectRefused(
      fileTicket(commentReport({ reportType: "4", id: String(draft.id) }), other.cookie),
      404,
      "The reported story was not found",
    );
    await expectRefused(
      fileTicket(commentReport({ id: String(hidden.id) }), other.cookie),
      404,
      "The reported comment was not found",
    );
  });

  it("refuses reports of a profile message the reporter cannot see, naming no one", async () => {
    const db = t.handle.db;
    const [cleared, blocker] = [await person(), await person()];
    const messageBy = async (author: Person) =>
      (
        await db
          .insertInto("profile_messages")
          .values({
            profile_user_id: writer.id,
            user_id: author.id,
            parent_id: null,
            body: "Only some may read this",
            created_at: Date.now(),
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    const [clearedMessage, blockersMessage] = [await messageBy(cleared), await messageBy(blocker)];
    // The profile's owner blocked one author, which clears their messages for everyone; the
    // other author blocked the reporter, who no longer sees what they write.
    await db
      .insertInto("user_blocks")
      .values([
        { blocker_id: writer.id, blocked_id: cleared.id, created_at: Date.now() },
        { blocker_id: blocker.id, blocked_id: other.id, created_at: Date.now() },
      ])
      .execute();
    for (const id of [clearedMessage, blockersMessage]) {
      await expectRefused(
        fileTicket(commentReport({ reportType: "5", id: String(id) }), other.cookie),
        404,
        "The reported message was not found",
      );
    }
  });

  it("asks a visitor for their name and email when they give none at all", async () => {
    const { "requester[name]": _n, "requester[email]": _e, ...fields } = commentReport();
    await expectRefused(fileTicket(fields), 400, "requester is required");
  });

  it.each([
    ["a user report without username", { reportType: "1", id: "" }, 400, "username is required"],
    [
      "a story report without id",
      { reportType: "4", id: "" },
      400,
      "id is required: the story being reported",
    ],
    [
      "a media report without the image",
      { reportType: "193", id: "", "reference[deepLink]": "" },
      400,
      "reference[deepLink] is required",
    ],
    [
      "a public message without its id",
      { reportType: "5", id: "" },
      400,
      "id is required: the message being reported",
    ],
    [
      "a public message that does not exist",
      { reportType: "5", id: "987654" },
      404,
      "The reported message was not found",
    ],
    ["a comment that does not exist", { id: "999999" }, 404, "The reported comment was not found"],
    [
      "a story that does not exist",
      { reportType: "4", id: "999999" },
      404,
      "The reported story was not found",
    ],
    [
      "a user who does not exist",
      { reportType: "1", username: "nobody_here" },
      404,
      "The reported user was not found",
    ],
  ])("refuses %s, storing nothing", async (_, change, status, message) => {
    const fields = commentReport(change);
    if (fields.id === "") delete (fields as Record<string, string>).id;
    await expectRefused(fileTicket(fields), status, message);
  });

  it("still files a copyright notice (no report type id) as before", async () => {
    const response = await fileTicket({
      ...visitor,
      comment: "Name: Vi\nReport type: DMCA",
      subject: "Story Report",
      reportType: "DMCA",
      reason: "reported_copyright",
      ticket_form_id: "48864",
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { id: number; reportedUser: null };
    expect(body.reportedUser).toBeNull();
    const row = await t.handle.db
      .selectFrom("support_tickets")
      .select(["report_type", "report_type_id"])
      .where("id", "=", body.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ report_type: "DMCA", report_type_id: null });
  });
});

describe("the staff queue", () => {
  let reportId: number;

  beforeAll(async () => {
    const {
      "requester[name]": _n,
      "requester[email]": _e,
      ...fields
    } = commentReport({
      reason: "hate_speech",
    });
    const response = await fileTicket(fields, reader.cookie);
    reportId = ((await response.json()) as { id: number }).id;
  });

  const queue = (query: string, cookie?: string) =>
    t.get(`/v4/support/reports${query}`, cookie ? { headers: { cookie } } : {});

  it("is for ambassadors and admins: visitors 401, reporters, owners and others 403", async () => {
    expect((await queue("")).status).toBe(401);
    expect((await queue("", reader.cookie)).status).toBe(403);
    expect((await queue("", writer.cookie)).status).toBe(403);
    expect((await queue("", other.cookie)).status).toBe(403);
    expect((await queue("", staff.cookie)).status).toBe(403);
    for (const who of [ambassador, admin]) {
      const response = await queue("", who.cookie);
      expect(response.status).toBe(200);
      const page = (await response.json()) as StaffReportPage;
      expect(page.total).toBe(page.reports.length);
      // The reason as the report modal words it, for staff to read.
      expect(page.reports.find((report) => report.id === reportId)).toMatchObject({
        reason: "hate_speech",
        reasonTitle: "Hate speech",
      });
      // Copyright notices are not community reports.
      expect(page.reports.every((report) => report.reportType !== null)).toBe(true);
    }
  });

  it("filters by model_type and model_id, as /admin/community_reports links them", async () => {
    const page = (await (
      await queue(`?model_type=3&model_id=${commentId}&status=all`, ambassador.cookie)
    ).json()) as StaffReportPage;
    expect(page.reports.length).toBeGreaterThan(1);
    for (const report of page.reports) {
      expect([report.modelType, report.modelId]).toEqual([3, commentId]);
    }
    const stories = (await (
      await queue(`?model_type=2&model_id=${story.id}&status=all`, admin.cookie)
    ).json()) as StaffReportPage;
    expect(stories.reports.map((report) => report.reportType)).toEqual(["story"]);
    expect(stories.reports[0]?.reportedUser).toEqual({
      username: writer.username,
      name: "Wren Writer",
    });
  });

  it.each([
    ["?status=closed", "status must be open, resolved or all"],
    ["?model_type=9", "model_type must be 1 to 6"],
    ["?model_id=abc", "model_id must be a positive whole number"],
    ["?report_type=poll", "report_type must be a report type id or name"],
    ["?limit=500", "limit must be a whole number from 1 to 100"],
  ])("refuses %s with a clear 400", async (query, message) => {
    const response = await queue(query, ambassador.cookie);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toContain(message);
  });

  it("shows one report with its notes to staff only", async () => {
    expect((await t.get(`/v4/support/reports/${reportId}`)).status).toBe(401);
    expect(
      (await t.get(`/v4/support/reports/${reportId}`, { headers: { cookie: reader.cookie } }))
        .status,
    ).toBe(403);
    const response = await t.get(`/v4/support/reports/${reportId}`, {
      headers: { cookie: ambassador.cookie },
    });
    expect(response.status).toBe(200);
    const { report, notes } = (await response.json()) as {
      report: StaffReport;
      notes: StaffNote[];
    };
    expect(report).toMatchObject({
      id: reportId,
      status: "open",
      reportType: "comment",
      reason: "hate_speech",
      requester: { username: reader.username },
    });
    expect(notes).toEqual([]);
    expect(
      (await t.get("/v4/support/reports/999999", { headers: { cookie: admin.cookie } })).status,
    ).toBe(404);
  });

  it("shows the reporter's email to system admins, never to ambassadors", async () => {
    const { email } = await t.handle.db
      .selectFrom("users")
      .select("email")
      .where("id", "=", reader.id)
      .executeTakeFirstOrThrow();
    const asSeenBy = async (who: Person) => {
      const one = await t.get(`/v4/support/reports/${reportId}`, {
        headers: { cookie: who.cookie },
      });
      const list = await queue("?status=all", who.cookie);
      expect([one.status, list.status]).toEqual([200, 200]);
      const [oneBody, listBody] = [await one.text(), await list.text()];
      const page = JSON.parse(listBody) as StaffReportPage;
      return {
        bodies: oneBody + listBody,
        one: (JSON.parse(oneBody) as { report: StaffReport }).report.requester,
        listed: page.reports.find((report) => report.id === reportId)?.requester,
      };
    };
    const ambassadorView = await asSeenBy(ambassador);
    const reporter = { name: "Rae Reader", username: reader.username };
    expect(ambassadorView.one).toEqual({ ...reporter, email: null });
    expect(ambassadorView.listed).toEqual({ ...reporter, email: null });
    expect(ambassadorView.bodies).not.toContain(email as string);
    const adminView = await asSeenBy(admin);
    expect(adminView.one).toEqual({ ...reporter, email });
    expect(adminView.listed).toEqual({ ...reporter, email });
  });

  it("lets staff annotate; others are refused and bad notes store nothing", async () => {
    const path = `/v4/support/reports/${reportId}/notes`;
    expect((await t.get(path, json("POST", { body: "Looked at it" }))).status).toBe(401);
    expect((await t.get(path, json("POST", { body: "Looked at it" }, reader.cookie))).status).toBe(
      403,
    );
    expect((await t.get(path, json("POST", { body: "" }, writer.cookie))).status).toBe(403);
    const empty = await t.get(path, json("POST", { body: "   " }, ambassador.cookie));
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { message: string }).message).toBe("Write a note first.");
    const long = await t.get(path, json("POST", { body: "x".repeat(2001) }, ambassador.cookie));
    expect(long.status).toBe(400);
    const added = await t.get(
      path,
      json("POST", { body: "Checked the thread" }, ambassador.cookie),
    );
    expect(added.status).toBe(201);
    expect(await added.json()).toMatchObject({
      author: ambassador.username,
      body: "Checked the thread",
    });
    const { notes } = (await (
      await t.get(`/v4/support/reports/${reportId}`, { headers: { cookie: admin.cookie } })
    ).json()) as { notes: StaffNote[] };
    expect(notes.map((note) => note.body)).toEqual(["Checked the thread"]);
  });

  it("resolves once with what happened and a note; then it is 409 until reopened", async () => {
    const path = `/v4/support/reports/${reportId}/resolve`;
    const resolution = { outcome: "content_removed", note: "Removed the comment" };
    expect((await t.get(path, json("POST", resolution))).status).toBe(401);
    expect((await t.get(path, json("POST", resolution, reader.cookie))).status).toBe(403);
    expect((await t.get(path, json("POST", resolution, other.cookie))).status).toBe(403);
    const bad = await t.get(path, json("POST", { outcome: "deleted" }, ambassador.cookie));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toContain(
      "outcome must be one of content_removed, warning_sent",
    );
    const stillOpen = await t.handle.db
      .selectFrom("support_tickets")
      .select("status")
      .where("id", "=", reportId)
      .executeTakeFirstOrThrow();
    expect(stillOpen.status).toBe("open");

    const resolved = await t.get(path, json("POST", resolution, ambassador.cookie));
    expect(resolved.status).toBe(200);
    expect(await resolved.json()).toMatchObject({
      status: "resolved",
      outcome: "content_removed",
      resolvedBy: ambassador.username,
      numNotes: 2,
    });
    const again = await t.get(path, json("POST", resolution, admin.cookie));
    expect(again.status).toBe(409);

    const open = (await (await queue("", admin.cookie)).json()) as StaffReportPage;
    expect(open.reports.some((report) => report.id === reportId)).toBe(false);
    const done = (await (await queue("?status=resolved", admin.cookie)).json()) as StaffReportPage;
    expect(done.reports.some((report) => report.id === reportId)).toBe(true);
  });

  it("lets the reporter see what happened to their reports, and no one else but admins", async () => {
    const path = `/v4/users/${reader.username}/reports`;
    expect((await t.get(path)).status).toBe(401);
    expect((await t.get(path, { headers: { cookie: other.cookie } })).status).toBe(403);
    expect((await t.get(path, { headers: { cookie: writer.cookie } })).status).toBe(403);
    expect((await t.get(path, { headers: { cookie: ambassador.cookie } })).status).toBe(403);
    expect((await t.get(path, { headers: { cookie: admin.cookie } })).status).toBe(200);
    expect(
      (await t.get("/v4/users/nobody_here/reports", { headers: { cookie: reader.cookie } })).status,
    ).toBe(404);
    const { reports } = (await (
      await t.get(path, { headers: { cookie: reader.cookie } })
    ).json()) as { reports: MyReport[] };
    const mine = reports.find((report) => report.id === reportId);
    expect(mine).toMatchObject({
      reportType: "comment",
      status: "resolved",
      outcome: "content_removed",
      reportedUsername: writer.username,
    });
    // Staff notes stay with staff.
    expect(JSON.stringify(reports)).not.toContain("Removed the comment");
  });

  it("keeps every one of 30 reports a reader files at once", async () => {
    const reporter = await person();
    const { "requester[name]": _n, "requester[email]": _e, ...fields } = commentReport();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => fileTicket(fields, reporter.cookie)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 201));
    const ids = await Promise.all(
      answers.map(async (a) => ((await a.json()) as { id: number }).id),
    );
    const path = `/v4/users/${reporter.username}/reports`;
    const { reports } = (await (
      await t.get(path, { headers: { cookie: reporter.cookie } })
    ).json()) as { reports: MyReport[] };
    expect(reports.map((report) => report.id).sort((a, b) => a - b)).toEqual(
      [...new Set(ids)].sort((a, b) => a - b),
    );
    expect(reports).toHaveLength(30);
  });

  it("reopens a resolved report", async () => {
    const path = `/v4/support/reports/${reportId}/reopen`;
    expect((await t.get(path, { method: "POST", headers: { cookie: reader.cookie } })).status).toBe(
      403,
    );
    const response = await t.get(path, { method: "POST", headers: { cookie: admin.cookie } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "open", outcome: null });
    expect((await t.get(path, { method: "POST", headers: { cookie: admin.cookie } })).status).toBe(
      409,
    );
  });
});

describe("the copyright report", () => {
  const path = (storyId: number | string, originalId?: number | string) =>
    `/v5/infringement/story/${storyId}/copyright/report${originalId === undefined ? "" : `?original_story_id=${originalId}`}`;
  const post = (url: string, cookie?: string) => t.get(url, json("POST", {}, cookie));

  it("checks a pasted story by its title, as the sub-flow does", async () => {
    const response = await t.get(`/api/v3/stories/${original.id}?fields=title`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ title: "The Original" });
    expect((await t.get("/api/v3/stories/999999?fields=title")).status).toBe(404);
  });

  it("is for signed-in users: a visitor gets 401 and nothing is stored", async () => {
    await expectRefused(post(path(story.id, original.id)), 401, "Log in");
  });

  it("files a story report on the copyright form, once per open pair", async () => {
    const response = await post(path(story.id, original.id), reader.cookie);
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };
    const row = await t.handle.db
      .selectFrom("support_tickets")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      reason: "reported_copyright",
      subject: "Story Report",
      report_type: "story",
    });
    expect(Number(row.ticket_form_id)).toBe(48864);
    expect(Number(row.report_type_id)).toBe(4);
    expect([Number(row.model_type), Number(row.model_id)]).toEqual([2, story.id]);
    expect(Number(row.reported_user_id)).toBe(writer.id);
    expect(row.comment).toContain(`/story/${original.id}`);

    const before = await ticketCount();
    const again = await post(path(story.id, original.id), reader.cookie);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { id: number }).id).toBe(id);
    expect(await ticketCount()).toBe(before);

    // Other users, ambassadors and admins may report too.
    for (const who of [other, ambassador, admin]) {
      expect((await post(path(story.id, original.id), who.cookie)).status).toBe(201);
    }
    // The queue shows it with a story's model type.
    const queue = (await (
      await t.get(`/v4/support/reports?model_type=2&model_id=${story.id}`, {
        headers: { cookie: admin.cookie },
      })
    ).json()) as StaffReportPage;
    expect(queue.reports.some((report) => report.reason === "reported_copyright")).toBe(true);
  });

  it("files one ticket when the same reader sends the same pair 30 times at once", async () => {
    const copier = await createStory(t.handle.db, writer.id, { title: "The Second Copy" });
    const reporter = await person();
    const before = await ticketCount();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => post(path(copier.id, original.id), reporter.cookie)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 200)).toHaveLength(29);
    const ids = await Promise.all(
      answers.map(async (a) => ((await a.json()) as { id: number }).id),
    );
    expect(new Set(ids).size).toBe(1);
    expect(await ticketCount()).toBe(before + 1);
  });

  it.each([
    ["no original", () => path(story.id), 400, "original_story_id is required"],
    [
      "a malformed original",
      () => path(story.id, "abc"),
      400,
      "original_story_id must be a positive whole number",
    ],
    ["the same story", () => path(story.id, story.id), 400, "A story can't copy itself"],
    ["an unknown original", () => path(story.id, 999999), 404, "The original story was not found"],
    ["an unknown story", () => path(999999, original.id), 404, "Story was not found"],
  ])("refuses %s, storing nothing", async (_, url, status, message) => {
    await expectRefused(post(url(), other.cookie), status, message);
  });

  it("names the original story's field in the same words when a story would copy itself", async () => {
    const answer = await post(path(story.id, story.id), other.cookie);
    const message = "A story can't copy itself: paste the original story's URL.";
    expect(await answer.json()).toEqual({
      code: "bad_request",
      message,
      fields: { original_story_id: message },
    });
  });

  it("refuses a draft story or a draft original: their titles are not the reporter's to learn", async () => {
    const draft = await createStory(t.handle.db, writer.id, { title: "Unseen Copy", draft: 1 });
    await expectRefused(
      post(path(draft.id, original.id), other.cookie),
      404,
      "Story was not found",
    );
    await expectRefused(
      post(path(story.id, draft.id), other.cookie),
      404,
      "The original story was not found",
    );
  });

  it("refuses the owner reporting their own story", async () => {
    await expectRefused(
      post(path(story.id, original.id), writer.cookie),
      400,
      "You can't report yourself",
    );
  });
});
