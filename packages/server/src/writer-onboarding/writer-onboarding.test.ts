import type { WriterOnboarding } from "@inkwell/shared";
import { describe, expect, it } from "vitest";
import { jsonAnswer, useTestApi } from "../testing/api.ts";
import { createUser, sessionCookie } from "../testing/fixtures.ts";

const t = useTestApi();
const PATH = "/v5/users/me/writer-onboarding";

async function newUser(): Promise<string> {
  const user = await createUser(t.handle.db);
  return sessionCookie(t.handle.db, user.id);
}

function put(cookie: string | null, body: unknown) {
  return t.get(PATH, {
    method: "PUT",
    headers: { "content-type": "application/json", ...(cookie && { cookie }) },
    body: JSON.stringify(body),
  });
}

const answer = <T = WriterOnboarding>(response: Response, status = 200) =>
  jsonAnswer<T>(response, status);

const read = async (cookie: string) => answer(await t.get(PATH, { headers: { cookie } }));
const cleared = { answered_at: null, tooltip_dismissed: false };

describe("writer onboarding", () => {
  it("answers 401 to visitors", async () => {
    const get = await answer<{ code: string }>(await t.get(PATH), 401);
    expect(get.code).toBe("unauthorized");
    const saved = await answer<{ code: string }>(await put(null, { user_type: "writer" }), 401);
    expect(saved.code).toBe("unauthorized");
  });

  it("starts with nothing answered and the tooltip not dismissed", async () => {
    expect(await read(await newUser())).toEqual({
      user_type: null,
      writer_stage: null,
      finished_story: null,
      answered_at: null,
      tooltip_dismissed: false,
    });
  });

  it("records each step's answer on the user, keeping the others", async () => {
    const cookie = await newUser();
    const typed = await answer(await put(cookie, { user_type: "reader_writer" }));
    expect(typed.user_type).toBe("reader_writer");
    expect(typed.answered_at).not.toBeNull();
    await answer(await put(cookie, { writer_stage: "pursuing_career" }));
    await answer(await put(cookie, { finished_story: "almost" }));
    expect(await read(cookie)).toMatchObject({
      user_type: "reader_writer",
      writer_stage: "pursuing_career",
      finished_story: "almost",
    });
  });

  it("records null for a skipped question", async () => {
    const cookie = await newUser();
    await answer(
      await put(cookie, { user_type: "writer", writer_stage: "fun", finished_story: "yes" }),
    );
    const skipped = await answer(await put(cookie, { writer_stage: null, finished_story: null }));
    expect(skipped).toMatchObject({
      user_type: "writer",
      writer_stage: null,
      finished_story: null,
    });
    expect(skipped.answered_at).not.toBeNull();
  });

  it("takes only the questionnaire's options, and changes nothing otherwise", async () => {
    const cookie = await newUser();
    const wrong: [Record<string, unknown>, string][] = [
      [{ user_type: "editor" }, "user_type must be reader, writer, reader_writer"],
      [{ user_type: null }, "user_type must be reader, writer, reader_writer"],
      [
        { writer_stage: "hobby" },
        "writer_stage must be fun, researching, pursuing_career, professional, none",
      ],
      [{ finished_story: "maybe" }, "finished_story must be yes, almost, no"],
      [{ tooltip_dismissed: "yes" }, "tooltip_dismissed must be true or false"],
      [{ usertype: "writer" }, "usertype is not a field of this call"],
      [{}, "Nothing to change: send user_type, writer_stage, finished_story or tooltip_dismissed"],
    ];
    for (const [body, message] of wrong) {
      const refusal = await answer<{ message: string }>(await put(cookie, body), 400);
      expect(refusal.message).toBe(message);
    }
    expect((await read(cookie)).answered_at).toBeNull();
  });

  it("clears the writing answers when the user turns out a reader, or ends at none", async () => {
    const cookie = await newUser();
    const full = { user_type: "writer", writer_stage: "professional", finished_story: "yes" };
    await answer(await put(cookie, full));
    expect(await answer(await put(cookie, { user_type: "reader" }))).toMatchObject({
      user_type: "reader",
      writer_stage: null,
      finished_story: null,
    });
    await answer(await put(cookie, full));
    expect(await answer(await put(cookie, { writer_stage: "none" }))).toMatchObject({
      user_type: "writer",
      writer_stage: "none",
      finished_story: null,
    });
  });

  it("refuses answers the questions could not lead to, changing nothing", async () => {
    const cookie = await newUser();
    await answer(await put(cookie, { user_type: "reader" }));
    const before = await read(cookie);
    const reader = "A reader answers no writing questions: writer_stage is for writers.";
    const novel = "finished_story follows a writer_stage other than none.";
    const wrong: [Record<string, unknown>, { code: string; message: string; fields: object }][] = [
      [
        { writer_stage: "fun" },
        { code: "bad_request", message: reader, fields: { writer_stage: reader } },
      ],
      [
        { user_type: "reader", writer_stage: "fun" },
        { code: "bad_request", message: reader, fields: { writer_stage: reader } },
      ],
      [
        { user_type: "writer", writer_stage: "none", finished_story: "yes" },
        { code: "bad_request", message: novel, fields: { finished_story: novel } },
      ],
      [
        { finished_story: "almost" },
        { code: "bad_request", message: novel, fields: { finished_story: novel } },
      ],
    ];
    for (const [body, refusal] of wrong) {
      expect(await answer(await put(cookie, body), 400)).toEqual(refusal);
    }
    expect(await read(cookie)).toEqual(before);
  });

  it("never stores a mix the questions refuse when 40 saves arrive at once", async () => {
    // Each save agrees with what it reads; together, unordered, they could not.
    const races: [object, object, WriterOnboarding][] = [
      [
        { user_type: "reader" },
        { writer_stage: "professional" },
        { ...cleared, user_type: "reader", writer_stage: null, finished_story: null },
      ],
      [
        { writer_stage: "none" },
        { finished_story: "yes" },
        { ...cleared, user_type: "writer", writer_stage: "none", finished_story: null },
      ],
    ];
    for (const [ending, going, end] of races) {
      const cookie = await newUser();
      await answer(await put(cookie, { user_type: "writer", writer_stage: "fun" }));
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => [put(cookie, ending), put(cookie, going)]).flat(),
      );
      const statuses = answers.map((response) => response.status);
      // Every ending save goes through; a going-on save after the first of them is refused.
      expect(statuses.filter((_, i) => i % 2 === 0)).toEqual(Array(20).fill(200));
      expect(statuses.filter((status) => status !== 200 && status !== 400)).toEqual([]);
      expect({ ...(await read(cookie)), answered_at: null }).toEqual(end);
    }
  });

  it("remembers that the tooltip was dismissed, apart from the answers", async () => {
    const cookie = await newUser();
    const dismissed = await answer(await put(cookie, { tooltip_dismissed: true }));
    expect(dismissed.tooltip_dismissed).toBe(true);
    expect(dismissed.answered_at).toBeNull();
    expect((await read(cookie)).tooltip_dismissed).toBe(true);
    const other = await newUser();
    expect((await read(other)).tooltip_dismissed).toBe(false);
  });

  it("is documented in the OpenAPI document, the spec showing no call for it", async () => {
    const doc = (await (await t.get("/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.paths[PATH] ?? {})).toEqual(["get", "put"]);
  });
});
