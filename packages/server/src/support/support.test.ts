import { describe, expect, it } from "vitest";
import { useTestApi } from "../testing/api.ts";
import { createUser, sessionCookie } from "../testing/fixtures.ts";
import { nestFormFields } from "./routes.ts";

const t = useTestApi();

const form = (fields: Record<string, string>, cookie?: string) =>
  t.get("/v4/support/tickets/", {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });

const notice = {
  "requester[name]": "Ada Quill",
  "requester[email]": "ada@example.com",
  comment: "Name: Ada Quill\nReport type: DMCA",
  subject: "Story Report",
  ticket_form_id: "48864",
  reportType: "DMCA",
  reason: "reported_copyright",
  id: "7",
  username: "copycat",
  "custom_fields[0][id]": "language",
  "custom_fields[0][value]": "English",
  "custom_fields[1][id]": "platform",
  "custom_fields[1][value]": "web",
};

describe("POST /v4/support/tickets/", () => {
  it("stores a visitor's form-encoded copyright notice as a ticket", async () => {
    const response = await form(notice);
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };
    const ticket = await t.handle.db
      .selectFrom("support_tickets")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(ticket).toMatchObject({
      requester_user_id: null,
      requester_name: "Ada Quill",
      requester_email: "ada@example.com",
      ticket_form_id: 48864,
      report_type: "DMCA",
      reason: "reported_copyright",
      subject: "Story Report",
      reported_username: "copycat",
      status: "open",
    });
    expect(Number(ticket.story_id)).toBe(7);
    expect(JSON.parse(ticket.custom_fields)).toEqual([
      { id: "language", value: "English" },
      { id: "platform", value: "web" },
    ]);
  });

  it("links a signed-in requester", async () => {
    const user = await createUser(t.handle.db);
    const response = await form(notice, await sessionCookie(t.handle.db, user.id));
    const { id } = (await response.json()) as { id: number };
    const ticket = await t.handle.db
      .selectFrom("support_tickets")
      .select("requester_user_id")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(Number(ticket.requester_user_id)).toBe(user.id);
  });

  it.each([
    ["requester[email]", "not-an-email", "The email address is invalid."],
    ["comment", "   ", "comment is required"],
    ["subject", "", "subject is required"],
  ])("refuses %s = %j with a clear message, storing nothing", async (field, value, message) => {
    const before = await t.handle.db
      .selectFrom("support_tickets")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const response = await form({ ...notice, [field]: value });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toContain(message);
    const after = await t.handle.db
      .selectFrom("support_tickets")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe("nestFormFields", () => {
  it("nests bracketed names and turns indexed custom fields into a list", () => {
    expect(
      nestFormFields({
        "requester[name]": "A",
        "custom_fields[1][id]": "b",
        "custom_fields[0][id]": "a",
        plain: "x",
      }),
    ).toEqual({ requester: { name: "A" }, custom_fields: [{ id: "a" }, { id: "b" }], plain: "x" });
  });

  it("drops names that would reach a prototype", () => {
    const nested = nestFormFields({
      "__proto__[polluted]": "yes",
      "requester[constructor][prototype][polluted]": "yes",
      "requester[name]": "A",
    });
    expect(nested).toEqual({ requester: { name: "A" } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("control characters in a ticket", () => {
  it("are dropped before the ticket is kept, and a field of only them is missing", async () => {
    // PostgreSQL refuses NUL: a ticket carrying one was a 500 there.
    const kept = await form({ ...notice, comment: "Copied\u0000 word for word\nfrom my book" });
    expect(kept.status).toBe(201);
    const { id } = (await kept.json()) as { id: number };
    const ticket = await t.handle.db
      .selectFrom("support_tickets")
      .select("comment")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(ticket.comment).toBe("Copied word for word\nfrom my book");
    const blank = await form({ ...notice, subject: "\u0000\u0007" });
    expect(blank.status).toBe(400);
    expect(await blank.json()).toMatchObject({ code: "bad_request" });
  });
});

describe("prototype names in a ticket", () => {
  it("refuses them as fields and as report types, and the next writes still work", async () => {
    // Form fields `__proto__[…]` once reached Object.prototype and broke every later body.
    const polluting = await form({ ...notice, "__proto__[then]": "x", "__proto__[id]": "1" });
    expect(polluting.status).toBe(201);
    expect(({} as Record<string, unknown>).then).toBeUndefined();
    for (const reportType of ["__proto__", "constructor"]) {
      const answer = await t.get("/v4/support/tickets/", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          requester: { name: "A", email: "a@example.com" },
          comment: "c",
          subject: "s",
          reportType,
          reason: "spam",
          id: 1,
        }),
      });
      expect([reportType, answer.status]).toEqual([reportType, 400]);
      expect(await answer.json()).toMatchObject({ code: "bad_request" });
    }
    expect((await form(notice)).status).toBe(201);
  });
});
