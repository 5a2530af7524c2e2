import { type PremiumPicks, picksFor, picksMonth } from "@inkwell/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApi } from "../testing/api.ts";
import { createStory, createUser, isoYearsAgo, sessionCookie } from "../testing/fixtures.ts";

const t = useTestApi();

let writer: { id: number; username: string };
let free: number;
/** The Originals, each with a free first part and a paywalled second one. */
const originalStories: Array<{ id: number; partIds: number[] }> = [];

const picksAs = async (cookie?: string) =>
  (await (
    await t.get("/reading/v1/premiumPicks", cookie ? { headers: { cookie } } : {})
  ).json()) as PremiumPicks;

const idsOf = (period: PremiumPicks["current"]) => period.stories.map((story) => story.id);

/** What the rotation should pick this month and next, from the Originals in the database. */
async function expectedPicks() {
  const wheel = (
    await t.handle.db
      .selectFrom("stories")
      .select("id")
      .where("is_paid", "=", 1)
      .orderBy("id")
      .execute()
  ).map((row) => Number(row.id));
  const now = new Date();
  return {
    current: picksFor(wheel, picksMonth(now).index),
    upcoming: picksFor(wheel, picksMonth(now, 1).index),
  };
}

async function reader(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.handle.db, { birthdate: isoYearsAgo(30), ...overrides });
  return { ...user, cookie: await sessionCookie(t.handle.db, user.id) };
}

beforeAll(async () => {
  writer = await createUser(t.handle.db);
  for (let i = 0; i < 12; i++) {
    const story = await createStory(t.handle.db, writer.id, {
      title: `Original ${i}`,
      is_paid: 1,
      is_paywalled: 1,
      paid_model: "paid_story",
      tags: [i % 2 === 0 ? "even" : "odd"],
      parts: [{}, { paywalled: 1 }],
    });
    originalStories.push(story);
  }
  free = (await createStory(t.handle.db, writer.id, { title: "Free to all" })).id;
});

describe("GET /reading/v1/premiumPicks", () => {
  it("gives five Originals this month and five others next month, with the months' ends", async () => {
    const picks = await picksAs();
    const expected = await expectedPicks();
    expect(idsOf(picks.current)).toEqual(expected.current);
    expect(idsOf(picks.next)).toEqual(expected.upcoming);
    expect(picks.current.total).toBe(5);
    expect(idsOf(picks.current)).not.toContain(free);
    expect(idsOf(picks.current).some((id) => idsOf(picks.next).includes(id))).toBe(false);
    const month = picksMonth(new Date());
    expect(picks.current).toMatchObject({
      id: month.id,
      name: month.name,
      expiresAt: month.expiresAt.toISOString(),
    });
    expect(picks.next.id).toBe(picksMonth(new Date(), 1).id);
    expect(picks.current.stories.every((story) => story.isPaid)).toBe(true);
  });

  it("leaves out mature picks for visitors and readers who exclude mature", async () => {
    const [mature] = (await expectedPicks()).current;
    await t.handle.db
      .updateTable("stories")
      .set({ rating: 4 })
      .where("id", "=", mature as number)
      .execute();
    const adult = await reader({ include_mature: 1 });
    const careful = await reader({ include_mature: 0 });
    expect(idsOf((await picksAs()).current)).not.toContain(mature);
    expect(idsOf((await picksAs(careful.cookie)).current)).not.toContain(mature);
    expect(idsOf((await picksAs(adult.cookie)).current)).toContain(mature);
    expect((await picksAs()).current.total).toBe(4);
    await t.handle.db
      .updateTable("stories")
      .set({ rating: 0 })
      .where("id", "=", mature as number)
      .execute();
  });

  it("leaves out picks with a tag the reader blocked", async () => {
    const someone = await reader();
    const put = await t.get(`/v5/users/${someone.username}/content-settings/blocked-tags`, {
      method: "PUT",
      headers: { cookie: someone.cookie, "content-type": "application/json" },
      body: JSON.stringify({ blockedTags: ["even"] }),
    });
    expect(put.status).toBe(200);
    const seen = (await picksAs(someone.cookie)).current.stories;
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((story) => Number(story.title.split(" ")[1]) % 2 === 1)).toBe(true);
  });

  it("projects fields and refuses malformed ones", async () => {
    const answer = await t.get("/reading/v1/premiumPicks?fields=current(name,stories(id))");
    expect(Object.keys((await answer.json()) as object)).toEqual(["current"]);
    expect((await t.get("/reading/v1/premiumPicks?fields=current(")).status).toBe(400);
  });
});

describe("the free monthly bundle", () => {
  it("lets a Premium member read this month's picks in full, and nothing else for free", async () => {
    // Twelve Originals, five picked a month: whatever the month, each kind is there.
    const { current, upcoming } = await expectedPicks();
    const pick = originalStories.find((story) => current.includes(story.id));
    const later = originalStories.find((story) => upcoming.includes(story.id));
    const notPicked = originalStories.find(
      (story) => !current.includes(story.id) && !upcoming.includes(story.id),
    );
    if (!pick || !later || !notPicked) throw new Error("the rotation left no story of a kind");

    const member = await reader({ is_premium: 1, email_verified: 1 });
    const other = await reader();
    const part = async (story: { partIds: number[] }, who: { cookie: string }) => {
      const response = await t.get(`/api/v3/story_parts/${story.partIds[1]}`, {
        headers: { cookie: who.cookie },
      });
      expect(response.status).toBe(200);
      return (await response.json()) as { isBlocked: boolean; text: string };
    };
    expect(await part(pick, member)).toMatchObject({ isBlocked: false });
    expect((await part(pick, member)).text).toContain("<p");
    expect(await part(pick, other)).toMatchObject({ isBlocked: true, text: "" });
    expect(await part(later, member)).toMatchObject({ isBlocked: true, text: "" });
    expect(await part(notPicked, member)).toMatchObject({ isBlocked: true });

    const metadata = await t.get(`/v5/story/${pick.id}/paid-content/metadata`, {
      headers: { cookie: member.cookie },
    });
    expect(await metadata.json()).toMatchObject({ has_full_access: true });
    const vote = await t.send(
      "POST",
      `/api/v3/stories/${pick.id}/parts/${pick.partIds[1]}/votes`,
      member,
    );
    expect(vote.status).toBe(200);
  });
});
