import {
  ALERT_DIGEST_MS,
  ALERT_ITEMS_SHOWN,
  ALL_ALERTS,
  alertMaskOf,
  formatZonedDate,
} from "@inkwell/shared";
import { describe, expect, it } from "vitest";
import { hashPassword } from "../accounts/passwords.ts";
import { grantCoins } from "../coins/service.ts";
import { forgetCatalogue } from "../home/catalogue.ts";
import { useTestApi } from "../testing/api.ts";
import { createStory, isoYearsAgo, mailedReader, type Person } from "../testing/fixtures.ts";
import { sendAlertDigests } from "./digest.ts";
import { sendDueAlertDigest } from "./job.ts";
import { sendDueNewsletter } from "./newsletter.ts";
import { alertsKeyOf, unsubscribeLink } from "./unsubscribe.ts";

const t = useTestApi();
const BASE = "https://inkwell.test";

const person = (overrides: Parameters<typeof mailedReader>[2] = {}): Promise<Person> =>
  mailedReader(t.handle.db, "alerted", overrides);

async function ok(response: Response, status = 200) {
  const body = await response.text();
  expect(response.status, body).toBe(status);
  return body ? JSON.parse(body) : null;
}

const follow = async (who: Person, whom: Person) =>
  ok(
    await t.send("POST", `/api/v3/users/${who.username}/following`, who, {
      users: whom.username,
    }),
  );

async function comment(who: Person, partId: number, text = "What a chapter.") {
  const resource = { namespace: "parts", resourceId: String(partId) };
  return (await ok(await t.send("POST", "/v5/comments", who, { resource, text }), 201)) as {
    commentId: { resourceId: string };
  };
}

const reply = async (who: Person, commentId: string, text = "Thank you!") =>
  ok(
    await t.send("POST", "/v5/comments", who, {
      resource: { namespace: "comments", resourceId: commentId },
      text,
    }),
    201,
  );

const message = async (from: Person, to: Person, body = "Hello there") =>
  ok(
    await t.send("POST", `/api/v3/users/${from.username}/inbox/${to.username}`, from, {
      sender: from.username,
      recipient: to.username,
      body,
    }),
  );

const addToLibrary = async (who: Person, storyId: number) =>
  ok(await t.send("POST", `/api/v3/users/${who.username}/library`, who, { stories: storyId }));

/** The digests sent to `who` since the test began, newest first. */
async function mailTo(who: Person) {
  return t.handle.db
    .selectFrom("outbox")
    .select(["subject", "text_body"])
    .where("to_address", "=", `${who.username}@example.com`)
    .orderBy("id", "desc")
    .execute();
}

/** The key of a reader's unsubscribe link, made with their first digest. */
async function keyOf(who: Person): Promise<string> {
  const row = await t.handle.db
    .selectFrom("users")
    .select("alerts_key")
    .where("id", "=", who.id)
    .executeTakeFirstOrThrow();
  expect(row.alerts_key).toMatch(/^[\w-]{24}$/);
  return row.alerts_key ?? "";
}

/**
 * The start of a window that holds nothing done before it: the clock moves on a
 * millisecond first, since what the set-up did may share this one.
 */
async function windowStart(): Promise<number> {
  const before = Date.now();
  while (Date.now() <= before) await new Promise((tick) => setTimeout(tick, 1));
  return Date.now();
}

/** Sends the digest of everything since `since`, as the hourly job would. */
const digest = (since: number) =>
  sendAlertDigests(t.handle.db, { since, until: Date.now() + 1 }, BASE);

describe("email alert digests", () => {
  it("mails a writer the comments, replies, followers, messages and profile messages of the window", async () => {
    const writer = await person();
    const fan = await person();
    const story = await createStory(t.handle.db, writer.id, { title: "The Lantern" });
    const partId = story.partIds[0] as number;
    const since = await windowStart();

    const first = await comment(fan, partId, "Loved it");
    const own = await comment(writer, partId, "Thanks for reading");
    await reply(fan, own.commentId.resourceId);
    await reply(writer, first.commentId.resourceId);
    await follow(fan, writer);
    await message(fan, writer);
    await message(fan, writer, "And another thing");
    await ok(
      await t.send("POST", `/api/v3/users/${writer.username}/messages`, fan, { body: "Hi!" }),
      201,
    );

    expect(await digest(since)).toBeGreaterThanOrEqual(2);
    const [mail] = await mailTo(writer);
    expect(mail?.subject).toBe("5 new things for you on Inkwell");
    expect(mail?.text_body).toBe(
      [
        `Hi ${writer.username},`,
        "",
        "Here's what's new for you on Inkwell.",
        "",
        "Messages",
        `- ${fan.username} sent you 2 messages`,
        `  ${BASE}/inbox/${fan.username}`,
        "",
        "Comments",
        `- ${fan.username} commented on "Part 1" of The Lantern`,
        `  ${BASE}/${partId}`,
        `- ${fan.username} replied to your comment on "Part 1"`,
        `  ${BASE}/${partId}`,
        "",
        "On your profile",
        `- ${fan.username} left a message on your profile`,
        `  ${BASE}/user/${writer.username}`,
        "",
        "New followers",
        `- ${fan.username} started following you`,
        `  ${BASE}/user/${fan.username}`,
        "",
        `You get these emails because of your notification settings. To change them: ${BASE}/settings#notifications`,
        `To stop them: ${BASE}/unsubscribe?u=${writer.id}&k=${await keyOf(writer)}`,
      ].join("\n"),
    );
    // The fan hears of the writer's reply to their comment, and of nothing they did.
    const [fanMail] = await mailTo(fan);
    expect(fanMail?.subject).toBe(`${writer.username} replied to your comment on "Part 1"`);
  });

  it("tells no reader of a reply on a part its writer has since unpublished", async () => {
    const writer = await person();
    const fan = await person();
    const story = await createStory(t.handle.db, writer.id, {
      title: "Pulled",
      parts: [{ title: "Part 1" }, { title: "Part 2" }],
    });
    const [kept, pulled] = story.partIds as [number, number];
    const since = await windowStart();
    const onKept = await comment(fan, kept);
    const onPulled = await comment(fan, pulled);
    await reply(writer, onKept.commentId.resourceId);
    await reply(writer, onPulled.commentId.resourceId);
    await ok(await t.send("POST", `/v4/parts/${pulled}/unpublish`, writer));

    await digest(since);
    const [fanMail] = await mailTo(fan);
    expect(fanMail?.subject).toBe(`${writer.username} replied to your comment on "Part 1"`);
    expect(fanMail?.text_body).not.toContain(`${BASE}/${pulled}`);
  });

  it("mails readers new parts of stories in their Library and new stories of writers they follow", async () => {
    const writer = await person();
    const reader = await person();
    const archived = await person();
    const older = await createStory(t.handle.db, writer.id, { title: "Old Roads" });
    await addToLibrary(reader, older.id);
    await addToLibrary(archived, older.id);
    await ok(
      await t.send("PUT", `/api/v3/users/${archived.username}/library/${older.id}`, archived, {
        archived: true,
      }),
    );
    await follow(reader, writer);
    const since = await windowStart();
    const now = Date.now();
    const [newPart] = (
      await t.handle.db
        .insertInto("parts")
        .values({
          story_id: older.id,
          position: 5,
          title: "The Crossing",
          create_date: now,
          modify_date: now,
          published_at: now,
          draft: 0,
        })
        .returning("id")
        .execute()
    ).map((row) => Number(row.id));
    const fresh = await createStory(t.handle.db, writer.id, {
      title: "New Shores",
      parts: [{ create_date: now }, { create_date: now }],
    });
    // A draft and a story whose first part came out before the window are not news.
    await createStory(t.handle.db, writer.id, { parts: [{ draft: 1, create_date: now }] });

    await digest(since);
    const [mail] = await mailTo(reader);
    expect(mail?.text_body).toContain(
      [
        "From your Library",
        `- New part of Old Roads: "The Crossing"`,
        `  ${BASE}/${newPart}`,
        "",
        "From people you follow",
        `- ${writer.username} published a new story: New Shores`,
        `  ${BASE}/story/${fresh.id}`,
        "",
      ].join("\n"),
    );
    expect(mail?.text_body.match(/published a new story/g)).toHaveLength(1);
    expect(await mailTo(archived)).toEqual([]);
  });

  it("tells readers once when a story in their Library goes on sale, unless they have it all", async () => {
    const writer = await person();
    const admin = await person({ is_sysadmin: 1, is_staff: 1 });
    const [reader, buyer, archived] = [await person(), await person(), await person()];
    const [partBuyer, pieceBuyer] = [await person(), await person()];
    const story = await createStory(t.handle.db, writer.id, {
      title: "Salt and Lanterns",
      parts: [{}, {}, {}],
    });
    await ok(
      await t.send("POST", `/v5/admin/stories/${story.id}/paid-programme`, admin, {
        freeParts: 1,
      }),
    );
    for (const who of [reader, buyer, partBuyer, pieceBuyer, archived, writer]) {
      await addToLibrary(who, story.id);
    }
    await ok(
      await t.send("PUT", `/api/v3/users/${archived.username}/library/${story.id}`, archived, {
        archived: true,
      }),
    );
    // Readers who bought every paid part (the whole story, or part by part), and one of two.
    const purchase = `/v5/story/${story.id}/paid-content/purchase`;
    for (const who of [buyer, partBuyer, pieceBuyer]) await grantCoins(t.handle.db, who.id, 20);
    await ok(await t.send("POST", purchase, buyer, { wholeStory: true }));
    await ok(await t.send("POST", purchase, partBuyer, { partId: story.partIds[1] }));
    for (const partId of story.partIds.slice(1)) {
      await ok(await t.send("POST", purchase, pieceBuyer, { partId }));
    }

    const since = await windowStart();
    const endsAt = new Date(Date.now() + 5 * 86_400_000).toISOString();
    await ok(await t.send("PUT", `/v4/works/${story.id}/sale`, writer, { percent: 30, endsAt }));
    // Changing the sale on is not a new one.
    await ok(await t.send("PUT", `/v4/works/${story.id}/sale`, writer, { percent: 40, endsAt }));
    await digest(since);
    const [mail] = await mailTo(reader);
    const until = formatZonedDate(endsAt, "UTC");
    expect(mail?.text_body).toContain(
      [
        "From your Library",
        `- Salt and Lanterns is on sale: 40% off until ${until}`,
        `  ${BASE}/story/${story.id}`,
      ].join("\n"),
    );
    for (const who of [buyer, pieceBuyer, archived]) expect(await mailTo(who)).toEqual([]);
    // A part still locked: the sale is news to the reader who bought only the other.
    expect((await mailTo(partBuyer))[0]?.text_body).toContain("Salt and Lanterns is on sale");
    // The writer's only mail is staff's note that the story joined the programme.
    expect((await mailTo(writer)).map((sent) => sent.subject)).toEqual([
      "Salt and Lanterns is now an Inkwell Original",
    ]);

    // The next hour's digest does not tell it again, though the sale was changed in it.
    const next = await windowStart();
    await ok(await t.send("PUT", `/v4/works/${story.id}/sale`, writer, { percent: 20, endsAt }));
    await digest(next);
    expect(await mailTo(reader)).toHaveLength(1);

    // Ended and started again at once: refused (decision 054), so readers are not told again.
    await ok(await t.send("DELETE", `/v4/works/${story.id}/sale`, writer));
    const restart = await windowStart();
    const refused = await t.send("PUT", `/v4/works/${story.id}/sale`, writer, {
      percent: 25,
      endsAt,
    });
    expect(refused.status).toBe(409);
    await digest(restart);
    expect(await mailTo(reader)).toHaveLength(1);

    // A month after the last began, a new sale, told again; one that ends within its hour is not.
    await t.handle.db
      .updateTable("stories")
      .set({ sale_started_at: Date.now() - 30 * 86_400_000 })
      .where("id", "=", story.id)
      .execute();
    const again = await windowStart();
    await ok(await t.send("PUT", `/v4/works/${story.id}/sale`, writer, { percent: 25, endsAt }));
    await digest(again);
    const [second] = await mailTo(reader);
    expect(second?.text_body).toContain("Salt and Lanterns is on sale: 25% off");
    await t.handle.db
      .updateTable("stories")
      .set({ sale_ends_at: Date.now() })
      .where("id", "=", story.id)
      .execute();
    await digest(again);
    expect(await mailTo(reader)).toHaveLength(2);
  });

  it("honours each reader's switches and kinds, and mails only verified addresses", async () => {
    const writer = await person();
    const noActivity = await person();
    const noFollowers = await person();
    const unverified = await person({ email_verified: 0 });
    const fan = await person();
    const settings = (who: Person, alerts: boolean, alertssubmask = ALL_ALERTS) =>
      t.send("PUT", `/api/v3/users/${who.username}/notification-settings`, who, {
        id: who.id,
        alerts,
        alertssub: true,
        subscribe: false,
        alertssubmask,
      });
    await ok(await settings(noActivity, false));
    await ok(await settings(noFollowers, true, ALL_ALERTS & ~alertMaskOf(["followers"])));
    const since = await windowStart();
    for (const whom of [writer, noActivity, noFollowers, unverified]) await follow(fan, whom);

    await digest(since);
    expect((await mailTo(writer))[0]?.subject).toBe(`${fan.username} started following you`);
    expect(await mailTo(noActivity)).toEqual([]);
    expect(await mailTo(noFollowers)).toEqual([]);
    expect(await mailTo(unverified)).toEqual([]);
  });

  it("passes on nothing from people the reader muted or blocked, or who blocked them, nor mature stories to readers who don't see them", async () => {
    const writer = await person();
    const muted = await person();
    const blocked = await person();
    const blocker = await person();
    const minor = await person({ birthdate: isoYearsAgo(15) });
    await ok(
      await t.send("POST", `/apiv2/ignoreuser?action=ignore_user&id=${muted.username}`, writer),
    );
    await ok(await t.send("POST", `/v4/users/${blocked.username}/blocks`, writer));
    await ok(await t.send("POST", `/v4/users/${writer.username}/blocks`, blocker));
    await follow(minor, writer);
    const since = await windowStart();
    await follow(muted, writer);
    // Blocks refuse follows; rows written here stand for news the digest must still drop.
    await t.handle.db
      .insertInto("follows")
      .values(
        [blocked, blocker].map((who) => ({
          follower_id: who.id,
          followee_id: writer.id,
          created_at: Date.now(),
        })),
      )
      .execute();
    await createStory(t.handle.db, writer.id, {
      title: "Night Garden",
      rating: 4,
      parts: [{ create_date: Date.now() }],
    });

    await digest(since);
    expect(await mailTo(writer)).toEqual([]);
    expect(await mailTo(minor)).toEqual([]);
  });

  it("lists a few of each kind and counts the rest", async () => {
    const writer = await person();
    const since = await windowStart();
    const fans = await Promise.all(Array.from({ length: ALERT_ITEMS_SHOWN + 3 }, () => person()));
    for (const fan of fans) await follow(fan, writer);
    await digest(since);
    const [mail] = await mailTo(writer);
    expect(mail?.text_body.match(/started following you/g)).toHaveLength(ALERT_ITEMS_SHOWN);
    expect(mail?.text_body).toContain("- and 3 more");
  });
});

describe("the unsubscribe link", () => {
  it("stops a reader's alerts without signing in, by form or by a mail app's one-click post, and keeps its key", async () => {
    const writer = await person();
    const fan = await person();
    const since = await windowStart();
    await follow(fan, writer);
    await digest(since);
    const key = await keyOf(writer);
    const query = `u=${writer.id}&k=${key}`;

    expect(await ok(await t.get(`/v5/alerts/unsubscribe?${query}`))).toEqual({
      username: writer.username,
      alerts: true,
      news: false,
    });
    // A wrong key, another reader's account, one that does not exist or a name instead of an
    // id all answer alike, find nothing and change nothing; no key at all is a bad request.
    const wrongKey = await t.get(`/v5/alerts/unsubscribe?u=${writer.id}&k=${key.slice(1)}x`);
    expect(wrongKey.status).toBe(404);
    const refusal = await wrongKey.json();
    for (const u of [fan.id, 9_999_999_999, writer.username, `${writer.id}.0`, `0${writer.id}`]) {
      const bad = `u=${u}&k=${key}`;
      for (const method of ["GET", "POST"]) {
        const response = await t.get(`/v5/alerts/unsubscribe?${bad}`, { method });
        expect(response.status).toBe(404);
        expect(await response.json()).toEqual(refusal);
      }
    }
    expect((await ok(await t.get(`/v5/alerts/unsubscribe?${query}`))).alerts).toBe(true);
    expect((await t.get(`/v5/alerts/unsubscribe?u=${writer.id}`)).status).toBe(400);

    // The page's form: back to the page, done.
    const form = await t.get("/v5/alerts/unsubscribe", {
      method: "POST",
      headers: { accept: "text/html", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ u: String(writer.id), k: key }).toString(),
    });
    expect(form.status).toBe(303);
    expect(form.headers.get("location")).toBe(`/unsubscribe?u=${writer.id}&k=${key}&done=1`);
    expect((await ok(await t.get(`/v5/alerts/unsubscribe?${query}`))).alerts).toBe(false);
    expect(
      (
        await ok(
          await t.get("/api/v3/internal/current_user", { headers: { cookie: writer.cookie } }),
        )
      ).notificationSettings,
    ).toMatchObject({ alerts: false, alertssub: false });

    // Nothing more is mailed; a later digest keeps the same key, so old links still work.
    const before = (await mailTo(writer)).length;
    const again = await windowStart();
    await follow(await person(), writer);
    await digest(again);
    expect(await mailTo(writer)).toHaveLength(before);

    await ok(
      await t.send("PUT", `/api/v3/users/${writer.username}/notification-settings`, writer, {
        id: writer.id,
        alerts: true,
        alertssub: true,
        subscribe: false,
        alertssubmask: ALL_ALERTS,
      }),
    );
    await follow(await person(), writer);
    await digest(again);
    expect(await keyOf(writer)).toBe(key);
    // RFC 8058's one-click post carries only its own body; the key is in the address.
    const oneClick = await t.get(`/v5/alerts/unsubscribe?${query}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(await ok(oneClick)).toEqual({ username: writer.username, alerts: false, news: false });
  });

  it("refuses a key not shaped like one as a bad request, by GET and by POST, changing nothing", async () => {
    const reader = await person();
    const key = await alertsKeyOf(t.handle.db, reader.id);
    const call = (k: string) =>
      `/v5/alerts/unsubscribe?${new URLSearchParams({ u: String(reader.id), k })}`;
    const shapeRefusal = {
      code: "bad_request",
      message: "k must be the link's key: 24 letters, digits, - or _",
      fields: { k: "k must be the link's key: 24 letters, digits, - or _" },
    };
    for (const k of [
      `é${key.slice(1)}`, // 24 characters but 25 bytes
      `${key.slice(0, 23)}€`,
      key.slice(1),
      `${key}A`,
      `${key.slice(1)}+`,
      `${key.slice(1)}=`,
      "",
    ]) {
      for (const method of ["GET", "POST"]) {
        const response = await t.get(call(k), { method });
        expect([response.status, await response.json()], `${method} k=${k}`).toEqual([
          400,
          shapeRefusal,
        ]);
      }
    }
    expect(await ok(await t.get(call(key)))).toMatchObject({ alerts: true });
    // The stored key is compared as bytes: a string of its length in other bytes is no match.
    expect(await unsubscribeLink(t.handle.db, String(reader.id), `é${key.slice(1)}`)).toBeNull();
  });

  it("still works from an older mail after the reader changes their username", async () => {
    const password = "Alerted-Pass-1";
    const writer = await person({ password_hash: await hashPassword(password) });
    const since = await windowStart();
    await follow(await person(), writer);
    await digest(since);
    const [mail] = await mailTo(writer);
    const link = new URL(/^To stop them: (\S+)$/m.exec(mail?.text_body ?? "")?.[1] ?? "");

    const renamed = `${writer.username}_renamed`;
    await ok(
      await t.send("POST", "/apiv2/updateusername", writer, { username: renamed, password }),
    );
    const call = `/v5/alerts/unsubscribe${link.search}`;
    expect(await ok(await t.get(call))).toEqual({ username: renamed, alerts: true, news: false });
    expect(await ok(await t.get(call, { method: "POST" }))).toEqual({
      username: renamed,
      alerts: false,
      news: false,
    });
  });
});

describe("the hourly digest job", () => {
  it("sends each hour once, among racing processes, and catches up after a stop", async () => {
    const writer = await person();
    const fan = await person();
    const hour = Math.floor(Date.now() / ALERT_DIGEST_MS) * ALERT_DIGEST_MS + 10 * ALERT_DIGEST_MS;
    // The first run only marks its hour: there is no earlier window to report.
    expect(await sendDueAlertDigest(t.handle.db, BASE, hour + 5)).toBe(0);
    await t.handle.db
      .insertInto("follows")
      .values({ follower_id: fan.id, followee_id: writer.id, created_at: hour + 60_000 })
      .execute();
    // Within the same hour nothing is due; three hours on, one of the racers sends it all.
    expect(await sendDueAlertDigest(t.handle.db, BASE, hour + 120_000)).toBe(0);
    const later = hour + 3 * ALERT_DIGEST_MS + 1_000;
    const sent = await Promise.all(
      Array.from({ length: 4 }, () => sendDueAlertDigest(t.handle.db, BASE, later)),
    );
    expect(sent.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect((await mailTo(writer))[0]?.subject).toBe(`${fan.username} started following you`);
    expect(await sendDueAlertDigest(t.handle.db, BASE, later + 60_000)).toBe(0);
    expect(await mailTo(writer)).toHaveLength(1);
  });
});

describe("the monthly newsletter", () => {
  const NOVEMBER = Date.parse("2031-11-03T09:00:00Z");
  const DECEMBER = Date.parse("2031-12-01T00:30:00Z");

  it("goes once a month to readers who asked for it, with picks and a link that stops it alone", async () => {
    const subscriber = await person({ notify_subscribe: 1 });
    const unverified = await person({ notify_subscribe: 1, email_verified: 0 });
    const notAsked = await person();
    const writer = await person({ name: "Ottoline Marsh" });
    const story = await createStory(t.handle.db, writer.id, {
      title: "The Salt Road",
      read_count: 9_000_000,
    });
    await createStory(t.handle.db, writer.id, {
      title: "Not For Everyone",
      rating: 4,
      read_count: 9_500_000,
    });
    forgetCatalogue(t.handle.db);

    // The first run ever only marks its month; within it nothing more is due.
    expect(await sendDueNewsletter(t.handle.db, BASE, NOVEMBER)).toBe(0);
    expect(await sendDueNewsletter(t.handle.db, BASE, NOVEMBER + 86_400_000)).toBe(0);
    // The next month: one of the racing processes sends it.
    const sent = await Promise.all(
      Array.from({ length: 3 }, () => sendDueNewsletter(t.handle.db, BASE, DECEMBER)),
    );
    expect(sent.filter((n) => n > 0)).toHaveLength(1);
    expect(await mailTo(unverified)).toEqual([]);
    expect(await mailTo(notAsked)).toEqual([]);
    const [letter, ...more] = await mailTo(subscriber);
    expect(more).toEqual([]);
    expect(letter?.subject).toBe("Your Inkwell reading picks for December 2031");
    expect(letter?.text_body).toContain(
      `- The Salt Road, by Ottoline Marsh\n  ${BASE}/story/${story.id}`,
    );
    expect(letter?.text_body).not.toContain("Not For Everyone");
    expect(await sendDueNewsletter(t.handle.db, BASE, DECEMBER + 3_600_000)).toBe(0);

    const link = new URL(/^To stop it: (\S+)$/m.exec(letter?.text_body ?? "")?.[1] ?? "");
    expect(link.searchParams.get("list")).toBe("news");
    const call = `/v5/alerts/unsubscribe${link.search}`;
    expect(await ok(await t.get(call))).toEqual({
      username: subscriber.username,
      alerts: true,
      news: true,
    });
    // The newsletter stops; the reader's alerts stay as they were.
    expect(await ok(await t.get(call, { method: "POST" }))).toEqual({
      username: subscriber.username,
      alerts: true,
      news: false,
    });
    const settings = await ok(
      await t.get("/api/v3/internal/current_user", { headers: { cookie: subscriber.cookie } }),
    );
    expect(settings.notificationSettings).toMatchObject({
      alerts: true,
      alertssub: true,
      subscribe: false,
    });
  });
});
