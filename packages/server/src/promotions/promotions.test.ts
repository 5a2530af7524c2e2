import type { HomeFeed, PromotionSummary } from "@inkwell/shared";
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
    await t.get(`/v5/promotions/${created.id}/impression`);
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
