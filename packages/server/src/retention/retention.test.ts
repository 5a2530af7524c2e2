import { describe, expect, it } from "vitest";
import { KNOWN_DEVICE_DAYS } from "../accounts/known-devices.ts";
import { createSession, SESSION_COOKIE } from "../accounts/sessions.ts";
import { issueToken } from "../accounts/tokens.ts";
import { useTestApi } from "../testing/api.ts";
import { createStory, createUser } from "../testing/fixtures.ts";
import { clearExpired, EVENT_DAYS } from "./service.ts";

const t = useTestApi();
const DAY = 86_400_000;

interface Export {
  sessions: Array<{ expires_at: number }>;
  paywallEvents: Array<{ name: string; created_at: number }>;
  storyClicks: Array<{ source: string }>;
}

describe("clearing expired rows", () => {
  it("drops expired sessions and events past keeping from the data export, and keeps the rest", async () => {
    const now = Date.now();
    const reader = await createUser(t.handle.db, { username: "keeper" });
    const { token } = await createSession(t.handle.db, reader.id, now);
    // A log-in 31 days ago: its session ran out a day ago.
    await createSession(t.handle.db, reader.id, now - 31 * DAY);
    const writer = await createUser(t.handle.db, { username: "kept_writer" });
    const story = await createStory(t.handle.db, writer.id);
    const event = (name: string, ageDays: number) => ({
      name,
      story_id: story.id,
      part_id: story.partIds[0] as number,
      user_id: reader.id,
      day: Math.floor((now - ageDays * DAY) / DAY),
      created_at: now - ageDays * DAY,
    });
    await t.handle.db
      .insertInto("paywall_events")
      .values([event("paywall_view", EVENT_DAYS + 1), event("paywall_view", EVENT_DAYS - 1)])
      .execute();
    await t.handle.db
      .insertInto("story_clicks")
      .values([
        { story_id: story.id, source: "search", user_id: reader.id, day: 0, created_at: 0 },
        { story_id: story.id, source: "tag", user_id: reader.id, day: 1, created_at: now },
      ])
      .execute();
    const exported = async () => {
      const response = await t.get("/api/v3/users/keeper/export", {
        headers: { cookie: `${SESSION_COOKIE}=${token}` },
      });
      expect(response.status).toBe(200);
      return (await response.json()) as Export;
    };
    expect((await exported()).sessions).toHaveLength(2);

    expect(await clearExpired(t.handle.db, now)).toMatchObject({ sessions: 1, events: 2 });

    const after = await exported();
    expect(after.sessions.map((session) => session.expires_at)).toEqual([now + 30 * DAY]);
    expect(after.paywallEvents.map((kept) => kept.created_at)).toEqual([
      now - (EVENT_DAYS - 1) * DAY,
    ]);
    expect(after.storyClicks.map((kept) => kept.source)).toEqual(["tag"]);
  });

  it("forgets a browser that has not signed in for a year", async () => {
    const now = Date.now();
    const user = await createUser(t.handle.db, { username: "long_gone" });
    const device = (token_hash: string, ageDays: number) => ({
      token_hash,
      user_id: user.id,
      created_at: now - ageDays * DAY,
      last_used_at: now - ageDays * DAY,
    });
    await t.handle.db
      .insertInto("known_devices")
      .values([device("old", KNOWN_DEVICE_DAYS + 1), device("recent", KNOWN_DEVICE_DAYS - 1)])
      .execute();

    expect(await clearExpired(t.handle.db, now)).toMatchObject({ knownDevices: 1 });

    const kept = await t.handle.db
      .selectFrom("known_devices")
      .select("token_hash")
      .where("user_id", "=", user.id)
      .execute();
    expect(kept).toEqual([{ token_hash: "recent" }]);
  });

  it("drops expired emailed links, and a live one still works", async () => {
    const now = Date.now();
    const email = "linked@example.com";
    const user = await createUser(t.handle.db, {
      username: "linked",
      email,
      email_lower: email,
      email_verified: 0,
    });
    await issueToken(t.handle.db, user.id, "reset_password", null, now - 2 * 3_600_000);
    const live = await issueToken(t.handle.db, user.id, "verify_email", email, now);
    const tokens = () =>
      t.handle.db
        .selectFrom("account_tokens")
        .select("purpose")
        .where("user_id", "=", user.id)
        .execute();
    expect(await tokens()).toHaveLength(2);

    expect(await clearExpired(t.handle.db, now)).toMatchObject({ accountTokens: 1 });

    expect(await tokens()).toEqual([{ purpose: "verify_email" }]);
    const verified = await t.get(`/verify-email?token=${live}`);
    expect(verified.headers.get("location")).toBe("/email-verified");
  });
});
