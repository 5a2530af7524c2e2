import { describe, expect, it } from "vitest";
import { useTestApi } from "../testing/api.ts";
import { createStory, firstPartOf, signedInUser } from "../testing/fixtures.ts";

const t = useTestApi();

/** A request whose body the server cannot read as the call takes it. */
const unreadable: Array<{ name: string; type: string | null; body: string }> = [
  { name: "malformed JSON", type: "application/json", body: "{" },
  { name: "JSON sent as text", type: "text/plain", body: '{"password":"x"}' },
  { name: "no content type", type: null, body: '{"password":"x"}' },
  { name: "a broken multipart form", type: "multipart/form-data", body: "x" },
];

describe("bodies the server cannot read", () => {
  it("are refused with {code, message}, never a 500, on calls with a declared body", async () => {
    const reader = await signedInUser(t.handle.db);
    for (const { name, type, body } of unreadable) {
      for (const path of ["/v5/password-strength/check", "/v5/comments"]) {
        const headers: Record<string, string> = { cookie: reader.cookie };
        if (type) headers["content-type"] = type;
        const response = await t.get(path, { method: "POST", headers, body });
        expect([name, path, response.status < 500]).toEqual([name, path, true]);
        expect([400, 415]).toContain(response.status);
        expect(Object.keys(await response.json())).toEqual(
          expect.arrayContaining(["code", "message"]),
        );
      }
    }
  });

  it("are refused in the words the house uses, not the framework's", async () => {
    const reader = await signedInUser(t.handle.db);
    const comment = async (type: string, body: string) => {
      const response = await t.get("/v5/comments", {
        method: "POST",
        headers: { "content-type": type, cookie: reader.cookie },
        body,
      });
      return [response.status, await response.json()];
    };
    expect(await comment("application/json", "{")).toEqual([
      400,
      { code: "bad_request", message: "The request body is not valid JSON." },
    ]);
    expect(await comment("text/plain", "{}")).toEqual([
      415,
      {
        code: "unsupported_media_type",
        message: "Send the body as JSON, with Content-Type: application/json.",
      },
    ]);
  });

  it("are refused on form posts too (log in, sign up)", async () => {
    for (const path of ["/login", "/signup"]) {
      const response = await t.get(path, {
        method: "POST",
        headers: { "content-type": "multipart/form-data" },
        body: "x",
      });
      expect([path, response.status]).toEqual([path, 400]);
      expect(await response.json()).toMatchObject({ code: "bad_request" });
    }
  });
});

describe("bodies a call reads as fields (JSON or a form)", () => {
  it("are refused, changing nothing, when they are not JSON, not an object, or of another type", async () => {
    const writer = await signedInUser(t.handle.db);
    const story = await createStory(t.handle.db, writer.id);
    const storyRow = () =>
      t.handle.db.selectFrom("stories").selectAll().where("id", "=", story.id).executeTakeFirst();
    const before = await storyRow();
    const edit = async (type: string, body: string) => {
      const response = await t.get(`/v4/works/${story.id}`, {
        method: "PUT",
        headers: { "content-type": type, cookie: writer.cookie },
        body,
      });
      return [type, body, response.status, await response.json()];
    };
    const notAnObject = "The request body must be a JSON object";
    expect(await edit("application/json", '{"title":')).toEqual([
      "application/json",
      '{"title":',
      400,
      { code: "bad_request", message: "The request body is not valid JSON." },
    ]);
    for (const body of ["[]", "null", '"A title"', "7"]) {
      expect(await edit("application/json", body)).toEqual([
        "application/json",
        body,
        400,
        { code: "bad_request", message: notAnObject, fields: { request: notAnObject } },
      ]);
    }
    expect(await edit("text/plain", '{"title":"A title"}')).toEqual([
      "text/plain",
      '{"title":"A title"}',
      415,
      {
        code: "unsupported_media_type",
        message: "Send the body as JSON (Content-Type: application/json) or as a form.",
      },
    ]);
    expect(await storyRow()).toEqual(before);
  });
});

describe("bodies of the wrong shape", () => {
  it("are refused naming the field and what it takes, not in zod's words", async () => {
    const writer = await signedInUser(t.handle.db);
    const story = await createStory(t.handle.db, writer.id);
    const refusal = async (path: string, body: unknown) => {
      const response = await t.get(path, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: writer.cookie },
        body: JSON.stringify(body),
      });
      return [response.status, await response.json()];
    };
    const purchase = `/v5/story/${story.id}/paid-content/purchase`;
    const refused = (fields: Record<string, string>) => [
      400,
      { code: "bad_request", message: Object.values(fields).join("; "), fields },
    ];
    expect(await refusal(purchase, [])).toEqual(
      refused({ request: "The request body must be a JSON object" }),
    );
    expect(await refusal(purchase, { partId: "7" })).toEqual(
      refused({ partId: "partId must be a number" }),
    );
    expect(await refusal(purchase, { partId: 1.5 })).toEqual(
      refused({ partId: "partId must be a whole number" }),
    );
    expect(await refusal(purchase, { wholeStory: false })).toEqual(
      refused({ wholeStory: "wholeStory must be true" }),
    );
    expect(await refusal(purchase, { partId: 7, price: 0 })).toEqual(
      refused({ price: "price is not a field of this call" }),
    );
    expect(await refusal("/v5/stories", { story_id: story.id, protagonist: "Mara" })).toEqual(
      refused({ protagonist: "protagonist must be an object" }),
    );
  });

  it("name a union's field and the kinds it takes, and an enum's field and its options", async () => {
    const reader = await signedInUser(t.handle.db);
    const list = await t.get("/api/v3/lists/", {
      method: "POST",
      headers: { "content-type": "application/json", cookie: reader.cookie },
      body: JSON.stringify({ name: "Later", isPrivate: 3 }),
    });
    const union = 'isPrivate must be true or false, or one of "true", "false"';
    expect([list.status, await list.json()]).toEqual([
      400,
      { code: "bad_request", message: union, fields: { isPrivate: union } },
    ]);
    const stories = await t.get("/api/v3/stories?filter=top");
    const options = "filter must be one of hot, new";
    expect([stories.status, await stories.json()]).toEqual([
      400,
      { code: "bad_request", message: options, fields: { filter: options } },
    ]);
  });

  it("name the field in words on a sign-up, whose refusal names every field", async () => {
    const response = await t.get("/signup", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ email: 5, username: "mara_reads", password: "x" }),
    });
    expect(response.status).toBe(400);
    expect((await response.json()).fields).toMatchObject({
      email: "The email address is invalid.",
    });
  });

  it("name an item of a list by its place in words, keeping its path as the field", async () => {
    const writer = await signedInUser(t.handle.db);
    const story = await createStory(t.handle.db, writer.id, { parts: [{}, {}] });
    const response = await t.send("PUT", `/v4/works/${story.id}/parts`, writer, {
      parts: [story.partIds[1], 1.5],
    });
    const message = "Item 2 of parts must be a whole number";
    expect([response.status, await response.json()]).toEqual([
      400,
      { code: "bad_request", message, fields: { "parts.1": message } },
    ]);
    expect(await firstPartOf(t.handle.db, story.id)).toBe(story.partIds[0]);
  });

  it("take a number as a form writes one, not as hex, an exponent or blank", async () => {
    const writer = await signedInUser(t.handle.db);
    const story = await createStory(t.handle.db, writer.id);
    const stored = () =>
      t.handle.db.selectFrom("stories").selectAll().where("id", "=", story.id).executeTakeFirst();
    const before = await stored();
    const endsAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const notANumber = "percent must be a number";
    for (const percent of ["0x1e", "3e1", "Infinity", " 30 ", ""]) {
      const response = await t.send("PUT", `/v4/works/${story.id}/sale`, writer, {
        percent,
        endsAt,
      });
      expect([percent, response.status, await response.json()]).toEqual([
        percent,
        400,
        { code: "bad_request", message: notANumber, fields: { percent: notANumber } },
      ]);
    }
    expect(await stored()).toEqual(before);
  });
});

describe("bodies far larger than any call takes", () => {
  it("are refused with 413 before they are read, closing the connection, for anyone", async () => {
    const reader = await signedInUser(t.handle.db);
    // Over 32 MB: twice the largest body any call takes (a profile edit's two pictures).
    const huge = JSON.stringify({ name: "paywall_view", partId: 1, padding: "x".repeat(34e6) });
    for (const [path, who] of [
      ["/v5/events", null],
      ["/v4/support/tickets/", null],
      ["/v5/comments", reader],
    ] as const) {
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (who) headers.cookie = who.cookie;
      const response = await t.get(path, { method: "POST", headers, body: huge });
      expect([
        path,
        response.status,
        response.headers.get("connection"),
        await response.json(),
      ]).toEqual([
        path,
        413,
        "close",
        { code: "too_large", message: "The request is far larger than any call takes." },
      ]);
    }
  });
});
