import { ACCOUNT_MESSAGES, type HomeFeed, type PromotionSummary } from "@inkwell/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { forgetCatalogue } from "../home/catalogue.ts";
import { useTestApi } from "../testing/api.ts";
import { createStory, createUser, signedInUser } from "../testing/fixtures.ts";

const t = useTestApi();
const HOUR = 3_600_000;

let staff: Awaited<ReturnType<typeof signedInUser>>;
let reader: Awaited<ReturnType<typeof signedInUser>>;
let story: number;

const iso = (millis: number) => new Date(millis).toISOString();

const campaign = (overrides: Record<string, unknown> = {}) => ({
  storyId: story,
  sponsorName: "Lantern Books",
  startsAt: iso(Date.now() - HOUR),
  endsAt: iso(Date.now() + 24 * HOUR),
  ...overrides,
});

/** The sponsored row of a new reader's feed (feeds and the catalogue are cached 30 s). */
async function sponsoredOnHome(): Promise<{ id: number; sponsorName?: string }[]> {
  forgetCatalogue(t.handle.db);
  const reader = await signedInUser(t.handle.db);
  const response = await t.send("GET", "/v5/home", reader);
  const feed = (await response.json()) as HomeFeed;
  const section = feed.sections.find(
    (candidate) => candidate.type === "storyList" && "isPromoted" in candidate.data,
  );
  return section && "items" in section.data
    ? (section.data.items as { id: number; sponsorName?: string }[])
    : [];
}

const countRows = async () =>
  Number(
    (
      await t.handle.db
        .selectFrom("story_promotions")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  staff = await signedInUser(t.handle.db, { is_staff: 1 });
  reader = await signedInUser(t.handle.db);
  const author = await createUser(t.handle.db);
  story = (await createStory(t.handle.db, author.id, { title: "The Lantern Keeper" })).id;
});

describe("sponsored-story campaigns", () => {
  it("are staff work: readers are refused, visitors asked to log in", async () => {
    expect((await t.send("GET", "/v5/promotions", reader)).status).toBe(403);
    expect((await t.send("POST", "/v5/promotions", reader, campaign())).status).toBe(403);
    expect((await t.send("GET", "/v5/promotions", null)).status).toBe(401);
    expect(await countRows()).toBe(0);
  });

  it("put a published story on the home feed under its sponsor, with its counts", async () => {
    expect(await sponsoredOnHome()).toEqual([]);
    const response = await t.send("POST", "/v5/promotions", staff, campaign());
    expect(response.status).toBe(200);
    const created = (await response.json()) as PromotionSummary;
    expect(created).toMatchObject({
      story: { id: story, title: "The Lantern Keeper", url: `/story/${story}` },
      sponsorName: "Lantern Books",
      status: "running",
      clicks: 0,
      impressions: 0,
    });
    expect(await sponsoredOnHome()).toEqual([
      expect.objectContaining({ id: story, sponsorName: "Lantern Books" }),
    ]);
    await t.get(`/v5/promotions/${created.id}/impression`);
    await t.send("GET", `/v5/promotions/${created.id}/impression`, reader);
    await t.get(`/v5/promotions/${created.id}/click`);
    const listed = (await (await t.send("GET", "/v5/promotions", staff)).json()) as {
      promotions: PromotionSummary[];
    };
    expect(listed.promotions[0]).toMatchObject({ id: created.id, impressions: 2, clicks: 1 });

    // Ending it now takes it off the feed and keeps its counts.
    const ended = await t.send("PATCH", `/v5/promotions/${created.id}`, staff, {
      endsAt: iso(Date.now()),
    });
    expect(ended.status).toBe(200);
    expect(await ended.json()).toMatchObject({ status: "ended", impressions: 2, clicks: 1 });
    expect(await sponsoredOnHome()).toEqual([]);
  });

  it("can be scheduled to start later, and called off before it starts", async () => {
    const response = await t.send(
      "POST",
      "/v5/promotions",
      staff,
      campaign({ startsAt: iso(Date.now() + HOUR), endsAt: iso(Date.now() + 2 * HOUR) }),
    );
    const scheduled = (await response.json()) as PromotionSummary;
    expect(scheduled.status).toBe("scheduled");
    expect(await sponsoredOnHome()).toEqual([]);
    const now = Date.now();
    const called = await t.send("PATCH", `/v5/promotions/${scheduled.id}`, staff, {
      endsAt: iso(now),
    });
    expect(await called.json()).toMatchObject({
      status: "ended",
      startsAt: iso(now),
      endsAt: iso(now),
    });
  });

  it("refuse bad input, field by field, and change nothing", async () => {
    const before = await countRows();
    const author = await createUser(t.handle.db);
    const draft = (await createStory(t.handle.db, author.id, { draft: 1 })).id;
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ storyId: "abc" }, "storyId", /storyId is a story's number/],
      [{ storyId: draft }, "storyId", /No published story has this number/],
      [{ sponsorName: "   " }, "sponsorName", /sponsorName is 1 to 60 characters/],
      [{ sponsorName: "\u0000" }, "sponsorName", /sponsorName is 1 to 60 characters/],
      [{ sponsorName: "x".repeat(61) }, "sponsorName", /1 to 60 characters/],
      [{ startsAt: "tomorrow" }, "startsAt", /startsAt is a date and time with its offset/],
      [{ endsAt: "2027-01-01T09:00:00" }, "endsAt", /with its offset/],
      [{ endsAt: iso(Date.now() - 2 * HOUR) }, "endsAt", /endsAt must come after startsAt/],
      [
        { startsAt: iso(Date.now() - 3 * HOUR), endsAt: iso(Date.now() - HOUR) },
        "endsAt",
        /The end must be in the future/,
      ],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await t.send("POST", "/v5/promotions", staff, campaign(overrides));
      expect(response.status).toBe(400);
      const body = (await response.json()) as { fields: Record<string, string> };
      expect(body.fields[field]).toMatch(message);
    }
    expect(await countRows()).toBe(before);
    const missing = await t.send("PATCH", "/v5/promotions/999999", staff, {
      endsAt: iso(Date.now()),
    });
    expect(missing.status).toBe(404);
  });
});

describe("tracking URLs (reader.md §7; decision 036)", () => {
  const counts = async (id: number) => {
    const row = await t.handle.db
      .selectFrom("story_promotions")
      .select(["clicks", "impressions"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    return { clicks: Number(row.clicks), impressions: Number(row.impressions) };
  };
  const hit = (id: number, event: string, who: Awaited<ReturnType<typeof signedInUser>> | null) =>
    t.send("GET", `/v5/promotions/${id}/${event}`, who);
  const created = async (overrides: Record<string, unknown> = {}) =>
    (
      (await (
        await t.send("POST", "/v5/promotions", staff, campaign(overrides))
      ).json()) as PromotionSummary
    ).id;

  it("count nothing for a campaign that has ended or not started, and answer the same", async () => {
    const ended = await created();
    await t.send("PATCH", `/v5/promotions/${ended}`, staff, { endsAt: iso(Date.now()) });
    const scheduled = await created({
      startsAt: iso(Date.now() + HOUR),
      endsAt: iso(Date.now() + 2 * HOUR),
    });
    for (const id of [ended, scheduled]) {
      for (const who of [null, reader, await signedInUser(t.handle.db)]) {
        for (const event of ["click", "impression"]) {
          const answer = await hit(id, event, who);
          expect(answer.status).toBe(204);
          expect(await answer.text()).toBe("");
        }
      }
      expect(await counts(id)).toEqual({ clicks: 0, impressions: 0 });
    }
  });

  it("count each viewer once a day per campaign and kind: an account, else an address", async () => {
    const id = await created();
    const other = await created();
    const readers = [reader, await signedInUser(t.handle.db)];
    for (let visit = 0; visit < 5; visit++) {
      for (const who of [null, ...readers]) {
        expect((await hit(id, "impression", who)).status).toBe(204);
        expect((await hit(id, "click", who)).status).toBe(204);
      }
    }
    // The visitor (this address), and each signed-in reader: three viewers.
    expect(await counts(id)).toEqual({ clicks: 3, impressions: 3 });
    // Another campaign counts them afresh.
    await hit(other, "click", reader);
    expect(await counts(other)).toEqual({ clicks: 1, impressions: 0 });
    // The next UTC day, they count again.
    await t.handle.db
      .updateTable("promotion_views")
      .set((eb) => ({ day: eb("day", "-", 1) }))
      .where("promotion_id", "=", id)
      .execute();
    await hit(id, "impression", null);
    await hit(id, "impression", reader);
    await hit(id, "impression", reader);
    expect(await counts(id)).toEqual({ clicks: 3, impressions: 5 });
  });

  it("keep counts exact when many viewers' hits arrive at once", async () => {
    const id = await created();
    const readers = await Promise.all(Array.from({ length: 12 }, () => signedInUser(t.handle.db)));
    const answers = await Promise.all(
      readers.flatMap((who) => [hit(id, "impression", who), hit(id, "impression", who)]),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 204));
    expect(await counts(id)).toEqual({ clicks: 0, impressions: 12 });
  });

  it("count only a page's own fetch of them, never a picture or another site's request", async () => {
    const id = await created();
    const hitWith = (headers: Record<string, string>) =>
      t.get(`/v5/promotions/${id}/click`, { headers: { cookie: reader.cookie, ...headers } });
    const refused = {
      code: "cross_origin",
      message: "Only Inkwell's own pages may send this request.",
    };
    const pictureOrElsewhere: Record<string, string>[] = [
      // <img src="/v5/promotions/1/click"> in a part's text, or on another site.
      { "sec-fetch-site": "same-origin", "sec-fetch-dest": "image", "sec-fetch-mode": "no-cors" },
      { "sec-fetch-site": "cross-site", "sec-fetch-dest": "image", "sec-fetch-mode": "no-cors" },
      { "sec-fetch-site": "cross-site", "sec-fetch-dest": "empty", "sec-fetch-mode": "cors" },
      // A link to it, followed.
      { "sec-fetch-site": "none", "sec-fetch-dest": "document", "sec-fetch-mode": "navigate" },
      { origin: "https://elsewhere.example" },
    ];
    for (const headers of pictureOrElsewhere) {
      const answer = await hitWith(headers);
      expect([answer.status, await answer.json()]).toEqual([403, refused]);
    }
    expect(await counts(id)).toEqual({ clicks: 0, impressions: 0 });
    const own = {
      "sec-fetch-site": "same-origin",
      "sec-fetch-dest": "empty",
      "sec-fetch-mode": "cors",
    };
    expect((await hitWith(own)).status).toBe(204);
    expect(await counts(id)).toEqual({ clicks: 1, impressions: 0 });
  });

  it("are limited per address: 429 past 600 an hour, and nothing counted then", async () => {
    const id = await created();
    let answer = await hit(id, "impression", null);
    for (let sent = 1; answer.status === 204 && sent <= 600; sent++) {
      answer = await hit(id, "impression", null);
    }
    expect(answer.status).toBe(429);
    expect(await answer.json()).toEqual({
      code: "rate_limited",
      message: ACCOUNT_MESSAGES.rateLimited,
    });
    // A signed-in reader on the same address is held back too, and not counted.
    const late = await signedInUser(t.handle.db);
    expect((await hit(id, "click", late)).status).toBe(429);
    expect(await counts(id)).toEqual({ clicks: 0, impressions: 1 });
  });
});
