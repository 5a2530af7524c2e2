import { DEFAULT_READER_SETTINGS } from "@inkwell/shared";
import { describe, expect, it } from "vitest";
import { createSession, SESSION_COOKIE } from "../accounts/sessions.ts";
import { useTestApi } from "../testing/api.ts";
import { createUser } from "../testing/fixtures.ts";

const t = useTestApi();
const PATH = "/api/v3/users/me/reader-settings";

async function reader(overrides: { is_premium?: 0 | 1 } = {}) {
  const user = await createUser(t.handle.db, overrides);
  return `${SESSION_COOKIE}=${(await createSession(t.handle.db, user.id)).token}`;
}

const put = (cookie: string, body: unknown) =>
  t.get(PATH, {
    method: "PUT",
    headers: { cookie, "content-type": "application/json" },
    body: JSON.stringify(body),
  });

const settingsOf = async (cookie: string) => (await t.get(PATH, { headers: { cookie } })).json();

describe("reader settings", () => {
  it("start at the defaults and keep what the reader chooses", async () => {
    const cookie = await reader();
    expect(await settingsOf(cookie)).toEqual(DEFAULT_READER_SETTINGS);
    const chosen = { fontSize: "large", lineSpacing: "relaxed", theme: "sepia" };
    const response = await put(cookie, chosen);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(chosen);
    expect(await settingsOf(cookie)).toEqual(chosen);
    // Someone else's stay theirs.
    expect(await settingsOf(await reader())).toEqual(DEFAULT_READER_SETTINGS);
  });

  it("refuse unknown options, naming them, and change nothing", async () => {
    const cookie = await reader();
    const response = await put(cookie, { ...DEFAULT_READER_SETTINGS, fontSize: "huge" });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: "bad_request",
      fields: { fontSize: "fontSize must be one of small, medium, large, xlarge" },
    });
    expect((await put(cookie, { theme: "dark" })).status).toBe(400);
    expect(await settingsOf(cookie)).toEqual(DEFAULT_READER_SETTINGS);
  });

  it("keep premium themes for Premium subscribers", async () => {
    const cookie = await reader();
    const premiumTheme = { ...DEFAULT_READER_SETTINGS, theme: "midnight" };
    const refused = await put(cookie, premiumTheme);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      code: "premium_required",
      message: "Premium themes are for Premium subscribers.",
    });
    expect(await settingsOf(cookie)).toEqual(DEFAULT_READER_SETTINGS);

    const subscriber = await reader({ is_premium: 1 });
    expect((await put(subscriber, premiumTheme)).status).toBe(200);
    expect(await settingsOf(subscriber)).toEqual(premiumTheme);
    const me = await t.get("/api/v3/internal/current_user", { headers: { cookie: subscriber } });
    expect(await me.json()).toMatchObject({ isPremium: true });
  });

  it("are for signed-in readers (visitors keep theirs in a cookie)", async () => {
    expect((await t.get(PATH)).status).toBe(401);
    expect((await put("", DEFAULT_READER_SETTINGS)).status).toBe(401);
  });
});
