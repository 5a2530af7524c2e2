import {
  type AnalyticsDemographics,
  type AnalyticsOverview,
  DEMOGRAPHICS_MIN_READERS,
  ENGAGED_READER_DAYS,
  OTHER_GROUP,
} from "@inkwell/shared";
import type { Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import {
  DESKTOP,
  expectNoAxeViolations,
  focusHydrated,
  logInAt,
  PHONE,
  pressOnto,
  smallTargets,
  useBrowser,
} from "./support/browser.ts";
import { squash } from "./support/catalogue.ts";
import { readDatabase } from "./support/database.ts";
import { useServer } from "./support/server.ts";

const server = useServer();
const { withPage } = useBrowser();

const query = <T>(sql: string, ...params: number[]) =>
  readDatabase<T>(server.dataDir, sql, ...params);

/** A published story of `username`'s with two or more published parts. */
function storyOf(username: string): { id: number; title: string } {
  const [row] = query<{ id: number; title: string }>(
    `SELECT s.id, s.title FROM stories s JOIN users u ON u.id = s.user_id
     WHERE u.username = '${username}' AND s.draft = 0 AND s.deleted = 0 AND s.num_parts >= 2
     ORDER BY s.id LIMIT 1`,
  );
  if (!row) throw new Error(`${username} has no published story`);
  return row;
}

const overviewOf = async (page: Page, storyId: number) =>
  page.evaluate(async (id) => {
    const response = await fetch(`/v5/analytics/stories/${id}/overview`);
    return (await response.json()) as AnalyticsOverview;
  }, storyId);

const demographicsOf = async (page: Page, storyId: number) =>
  page.evaluate(async (id) => {
    const response = await fetch(`/v5/analytics/stories/${id}/demographics`);
    return (await response.json()) as AnalyticsDemographics;
  }, storyId);

const tabs = ["Overview", "Engagement", "Demographics"] as const;

/** Where each tab link sits: the same on every tab when the current one's bold moves none. */
const tabBoxes = (page: Page) =>
  page
    .getByRole("navigation", { name: "Analytics" })
    .getByRole("link")
    .evaluateAll((links) => links.map((link) => link.getBoundingClientRect().toJSON()));

/**
 * Each figure's name on the page: how many lines it takes, and whether a line ends inside a
 * word (a name that wraps should break between its words).
 */
const figureNames = (page: Page) =>
  page.locator(".analytics-stats__label").evaluateAll((labels) =>
    labels.map((label) => {
      const text = label.textContent ?? "";
      const node = label.firstChild;
      const tops = [...text].map((_, at) => {
        const letter = document.createRange();
        if (node) letter.setStart(node, at);
        if (node) letter.setEnd(node, at + 1);
        return letter.getBoundingClientRect().top;
      });
      return {
        lines: new Set(tops).size,
        brokenWord: tops.some((top, at) => at > 0 && top !== tops[at - 1] && text[at - 1] !== " "),
      };
    }),
  );

describe("writer analytics", () => {
  test("a writer opens a story's analytics from My Stories and reads each tab", async () => {
    await withPage({ viewport: PHONE, colorScheme: "dark", baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_writer", "/myworks");
      const link = page.getByRole("link", { name: /^Analytics for / }).first();
      const title = ((await link.getAttribute("aria-label")) ?? "").replace("Analytics for ", "");
      await link.click();
      await page.waitForURL(/\/myworks\/\d+\/analytics\/$/);
      const storyId = Number(new URL(page.url()).pathname.split("/")[2]);
      await page.getByRole("heading", { level: 1, name: title }).waitFor();
      const current = page.getByRole("navigation", { name: "Analytics" }).getByRole("link", {
        name: "Overview",
      });
      expect(await current.getAttribute("aria-current")).toBe("page");
      const overviewTabs = await tabBoxes(page);

      // The figures are the API's, each with its singular or plural label.
      const overview = await overviewOf(page, storyId);
      const stats = page.locator(".analytics-stats li");
      expect((await stats.allInnerTexts()).map((text) => text.replace(/\s+/g, " "))).toEqual([
        `${overview.story.readCount} ${overview.story.readCount === 1 ? "Total Read" : "Total Reads"}`,
        `${overview.story.voteCount} ${overview.story.voteCount === 1 ? "Vote" : "Votes"}`,
        `${overview.story.numParts} ${overview.story.numParts === 1 ? "Story Part" : "Story Parts"}`,
        `${overview.story.qualifiedUniqueReaders} ${
          overview.story.qualifiedUniqueReaders === 1 ? "Engaged Reader" : "Engaged Readers"
        }`,
      ]);
      const daily = overview.dailyUniqueReaders.reduce((sum, day) => sum + day.value, 0);
      const chart = page.getByRole("img", { name: /^Daily Unique Readers: / });
      expect(await chart.getAttribute("aria-label")).toContain(
        daily === 0 ? "none in the last 30 days" : `${daily} in the last 30 days`,
      );
      // Seen too, under the chart's title: what the bars add up to, and over which days.
      const readersChart = page
        .locator("section")
        .filter({ has: page.getByRole("heading", { name: "Daily Unique Readers" }) });
      expect(await readersChart.getByText(/in the last 30 days$/).textContent()).toBe(
        daily === 0
          ? "None in the last 30 days"
          : `${daily.toLocaleString("en")} in the last 30 days`,
      );
      await expectNoAxeViolations(page, "analytics overview at 360 px, dark");
      // The way back is 44 px to a finger, and sits as near the title as the page's gap.
      const back = page.getByRole("link", { name: "Back to the story" });
      expect(await smallTargets(back)).toEqual([]);
      const [backBox, kicker] = await Promise.all([
        back.boundingBox(),
        page.locator(".analytics__kicker").boundingBox(),
      ]);
      expect((kicker?.y ?? 0) - ((backBox?.y ?? 0) + (backBox?.height ?? 0))).toBeLessThanOrEqual(
        20,
      );

      // The engaged readers' popover explains them, links to more, and Ok closes it.
      const about = page.getByRole("button", { name: "About Engaged Readers" });
      await about.click();
      const popover = page.getByRole("dialog", { name: "Engaged Readers" });
      await popover
        .getByText(/5 minutes or more reading your story in the last 365 days/)
        .waitFor();
      expect(await popover.getByRole("link", { name: "Learn more" }).getAttribute("href")).toBe(
        "/help/writing/analytics",
      );
      await expectNoAxeViolations(page, "analytics popover at 360 px, dark");
      // In normal type, though it opens from a bold label, and wholly on the screen.
      expect(
        await popover
          .getByText(/5 minutes or more/)
          .evaluate((p) => getComputedStyle(p).fontWeight),
      ).toBe("400");
      const popoverBox = await popover.boundingBox();
      expect((popoverBox?.y ?? Infinity) + (popoverBox?.height ?? 0)).toBeLessThanOrEqual(
        PHONE.height,
      );
      await popover.getByRole("button", { name: "Ok" }).click();
      expect(await popover.count()).toBe(0);
      expect(await about.evaluate((button) => button === document.activeElement)).toBe(true);

      // Engagement: one row per published part, in reading order.
      await page.getByRole("link", { name: "Engagement" }).click();
      await page.waitForURL(`${server.url}/myworks/${storyId}/analytics/interactions`);
      expect(await tabBoxes(page)).toEqual(overviewTabs);
      const rows = page.getByRole("table").first().locator("tbody tr");
      expect(await rows.count()).toBe(overview.story.numParts);
      // Each part's title is 44 px to a finger, however short.
      expect(await smallTargets(rows.getByRole("link"))).toEqual([]);
      // Wider than a phone, the table scrolls in a region of its own, which takes focus so
      // that a keyboard can scroll it too, and stays within the page's margins.
      const partsTable = page.getByRole("region", { name: "Reads, votes and comments by part" });
      await partsTable.focus();
      expect(await partsTable.evaluate((region) => region === document.activeElement)).toBe(true);
      expect(
        await partsTable.evaluate(
          (region) =>
            getComputedStyle(region).overflowX === "auto" &&
            region.getBoundingClientRect().right <=
              (region.closest("article")?.getBoundingClientRect().right ?? 0),
        ),
      ).toBe(true);
      // At 360 px all four columns fit: the comments are not left past the region's edge.
      expect(await partsTable.evaluate((region) => region.scrollWidth - region.clientWidth)).toBe(
        0,
      );
      await expectNoAxeViolations(page, "analytics engagement at 360 px, dark");

      await page.getByRole("link", { name: "Demographics" }).click();
      await page.waitForURL(`${server.url}/myworks/${storyId}/analytics/demographics`);
      expect(await tabBoxes(page)).toEqual(overviewTabs);
      await page.getByText(/^\d+ readers? with an account in the last year$/).waitFor();
      // The demo's story has readers enough for bars (seed/demo.ts): the API's groups, each
      // of the minimum or more, the smaller ones together as Other ages.
      const demographics = await demographicsOf(page, storyId);
      expect(demographics.readers).toBeGreaterThanOrEqual(DEMOGRAPHICS_MIN_READERS);
      expect(demographics.ages.length).toBeGreaterThan(0);
      const ages = page.getByRole("region", { name: "Age" });
      expect((await ages.getByRole("listitem").allInnerTexts()).map(squash)).toEqual(
        demographics.ages.map(
          (group) => `${group.key === OTHER_GROUP ? "Other ages" : group.key} ${group.share}%`,
        ),
      );
      await expectNoAxeViolations(page, "analytics demographics at 360 px, dark");

      // No tab scrolls the page sideways on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
    });
  });

  test("every tab passes axe at 1280 px", async () => {
    const story = storyOf("demo_writer");
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_writer", `/myworks/${story.id}/analytics/`);
      for (const tab of tabs) {
        await page.getByRole("link", { name: tab }).click();
        await page.waitForSelector(`a[aria-current="page"]:text-is("${tab}")`);
        await expectNoAxeViolations(page, `analytics ${tab} at 1280 px`);
      }
      // The figures of one day are a table away, for those who cannot see the bars.
      await page.getByRole("link", { name: "Engagement" }).click();
      await page.getByText("Show as a table").first().click();
      expect(
        await page.getByRole("table", { name: "Votes a day" }).locator("tbody tr").count(),
      ).toBe(30);
    });
  });

  test("at 1280 px each figure's name keeps to one line, and its help goes when focus moves on", async () => {
    const story = storyOf("demo_writer");
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_writer", `/myworks/${story.id}/analytics/`);
      // Four cards a row: each name on one line, whether its card has a help button or not.
      expect((await figureNames(page)).map((name) => name.lines)).toEqual([1, 1, 1, 1]);

      // By keyboard: Enter opens a figure's help, Tab past its Ok closes it on the way on.
      const about = page.getByRole("button", { name: "About Engaged Readers" });
      const popover = page.getByRole("dialog", { name: "Engaged Readers" });
      await focusHydrated(about);
      await page.keyboard.press("Enter");
      await popover.waitFor();
      await pressOnto(page, "Tab", "Learn more");
      await pressOnto(page, "Tab", "Ok");
      await pressOnto(page, "Tab", "About Daily Unique Readers");
      expect(await popover.count()).toBe(0);
      expect(await about.getAttribute("aria-expanded")).toBe("false");
      // Escape closes it too, and focus goes back to its button.
      await about.focus();
      await page.keyboard.press("Enter");
      await popover.waitFor();
      await pressOnto(page, "Escape", "About Engaged Readers");
      expect(await popover.count()).toBe(0);
    });
  });

  test("on a 360 px phone each figure's name fits its card, on one line at 200% text", async () => {
    const story = storyOf("demo_writer");
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_writer", `/myworks/${story.id}/analytics/`);
      // Two cards a row: a name too long for one line (Engaged Readers, in a wide font) wraps
      // between its words, never inside one.
      const names = await figureNames(page);
      expect(names.map((name) => name.brokenWord)).toEqual([false, false, false, false]);
      expect(names.every((name) => name.lines <= 2)).toBe(true);
      // At 200% text the cards stack, and each name has a line of its own.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Page.setFontSizes", { fontSizes: { standard: 32 } });
      await page.reload();
      expect(await figureNames(page)).toEqual(
        Array.from({ length: 4 }, () => ({ lines: 1, brokenWord: false })),
      );
    });
  });

  test("reading a part for a while reports the time, kept with the reader's read of it", async () => {
    const story = storyOf("demo_writer");
    const [part] = query<{ id: number }>(
      "SELECT id FROM parts WHERE story_id = ? AND draft = 0 AND deleted = 0 AND paywalled = 0 ORDER BY position LIMIT 1",
      story.id,
    );
    if (!part) throw new Error("the story has no free published part");
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      // The read counts after a few seconds on screen; the time goes when the part is left.
      // Waited for from before the part opens: a busy machine could let the read go unseen
      // between the part's arrival and a wait begun after it.
      const read = page.waitForResponse(
        (response) => response.url().endsWith(`/story_parts/${part.id}/reads`),
        { timeout: 15_000 },
      );
      await logInAt(page, "demo_reader", `/${part.id}`);
      await read;
      await page.waitForTimeout(1500);
      // Leaving the page sends the time with a beacon, which the page's requests do not show:
      // the read in the database tells.
      await page.goto("/home");
      await expect
        .poll(
          () =>
            query<{ seconds: number }>(
              `SELECT r.seconds FROM reads r JOIN users u ON u.id = r.user_id
               WHERE u.username = 'demo_reader' AND r.part_id = ? ORDER BY r.created_at DESC LIMIT 1`,
              part.id,
            )[0]?.seconds ?? 0,
        )
        .toBeGreaterThanOrEqual(6);
    });
  });

  test("a paid story's overview shows the Coins readers spent on it, and its paywall", async () => {
    const [locked] = query<{ storyId: number; partId: number }>(
      `SELECT s.id AS storyId, p.id AS partId FROM stories s
       JOIN users u ON u.id = s.user_id AND u.username = 'demo_writer'
       JOIN parts p ON p.story_id = s.id AND p.paywalled = 1 AND p.is_bonus = 0 AND p.draft = 0
       WHERE s.is_paid = 1 AND s.deleted = 0 ORDER BY s.id, p.position LIMIT 1`,
    );
    if (!locked) throw new Error("the demo writer has no paid story with a locked part");
    // The demo has sold the story before (seed/demo-earnings.ts): the reader adds to that.
    const [sold] = query<{ coins: number; parts: number; stories: number }>(
      `SELECT (SELECT coalesce(sum(coins), 0) FROM part_unlocks WHERE story_id = ?1)
            + (SELECT coalesce(sum(coins), 0) FROM story_unlocks WHERE story_id = ?1) AS coins,
              (SELECT count(*) FROM part_unlocks WHERE story_id = ?1 AND via_story = 0) AS parts,
              (SELECT count(*) FROM story_unlocks WHERE story_id = ?1) AS stories`,
      locked.storyId,
    );
    const [seen] = query<{ views: number; cancelled: number; paid: number }>(
      `SELECT sum(name = 'paywall_view') AS views, sum(name = 'purchase_cancelled') AS cancelled,
              count(DISTINCT CASE WHEN name = 'paywall_view' AND EXISTS (
                SELECT 1 FROM part_unlocks u WHERE u.user_id = e.user_id AND u.story_id = e.story_id
                UNION SELECT 1 FROM story_unlocks u WHERE u.user_id = e.user_id AND u.story_id = e.story_id
              ) THEN user_id END) AS paid
       FROM paywall_events e WHERE story_id = ?`,
      locked.storyId,
    );
    if (!sold || !seen || sold.stories < 2 || seen.cancelled < 2) {
      throw new Error("the demo has not sold the writer's paid story");
    }
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_reader", `/${locked.partId}`);
      // The balance comes once the page runs its scripts: then Unlock works.
      await page.getByText("You have 45 Coins").waitFor();
      // The paywall told the writer's analytics it was seen (a beacon: the database tells).
      await expect
        .poll(
          () =>
            query<{ n: number }>(
              `SELECT count(*) AS n FROM paywall_events e JOIN users u ON u.id = e.user_id
               WHERE e.part_id = ? AND e.name = 'paywall_view' AND u.username = 'demo_reader'`,
              locked.partId,
            )[0]?.n,
        )
        .toBe(1);
      await page.getByRole("button", { name: "Unlock for 6 Coins" }).click();
      await page.locator(".reader__text p").first().waitFor();
    });
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_writer", `/myworks/${locked.storyId}/analytics/`);
      const earnings = page.getByRole("region", { name: "Coins earned" });
      const statsOf = async (list: Locator) =>
        (await list.locator("li").allInnerTexts()).map((text) => text.replace(/\s+/g, " "));
      expect(await statsOf(earnings.locator(".analytics-stats").first())).toEqual([
        `${sold.coins + 6} Coins spent by readers`,
        `${sold.parts + 1} Parts unlocked`,
        `${sold.stories} Whole stories unlocked`,
      ]);
      const paywall = earnings.getByRole("region", { name: "At the paywall, last 30 days" });
      const readers = seen.views + 1;
      expect(await statsOf(paywall.locator(".analytics-stats"))).toEqual([
        `${readers} Paywall views`,
        `${readers} Signed\u2011in readers who saw it`,
        `${seen.cancelled} Purchases cancelled`,
        "0 Purchases failed",
      ]);
      // Two cards a row on a phone: a long name wraps between its words, never inside one.
      expect((await figureNames(page)).filter((name) => name.brokenWord)).toEqual([]);
      const converted = seen.paid + 1;
      expect(
        await paywall
          .getByText(
            `${converted} of the ${readers} readers who saw the paywall went on to unlock a part or the whole story (${Math.round((converted / readers) * 100)}%).`,
          )
          .isVisible(),
      ).toBe(true);
      expect(
        await earnings.getByRole("img", { name: /^Coins a day: / }).getAttribute("aria-label"),
      ).toContain(`${sold.coins + 6} in the last 30 days`);
      await expectNoAxeViolations(page, "a paid story's analytics at 360 px");
    });
  });

  test("a story's overview says where readers found it", async () => {
    let storyId = 0;
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_reader", "/user/demo_writer");
      // What the events call answered, said if the click's row never lands (a refusal, or no
      // beacon at all): this journey once failed so in a whole run, and passed alone.
      const answers: string[] = [];
      page.on("response", (response) => {
        if (response.url().endsWith("/v5/events")) {
          answers.push(`${response.status()} ${response.request().postData()}`);
        }
      });
      // A card opens the story's preview; its More details leads to the story.
      await page
        .getByRole("list", { name: /^Stories by / })
        .getByRole("link")
        .first()
        .click();
      await page.getByRole("dialog").getByRole("link", { name: "More details" }).click();
      await page.waitForURL(/\/story\/\d+$/);
      storyId = Number(new URL(page.url()).pathname.split("/")[2]);
      // A beacon: the database tells.
      await expect
        .poll(() =>
          query<{ source: string }>(
            `SELECT source FROM story_clicks c JOIN users u ON u.id = c.user_id
             WHERE c.story_id = ? AND u.username = 'demo_reader'`,
            storyId,
          ).map((row) => row.source),
        )
        .toEqual(["profile"])
        .catch((error: Error) => {
          throw new Error(`${error.message}\nevents answered: ${answers.join("; ") || "nothing"}`);
        });
    });
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_writer", `/myworks/${storyId}/analytics/`);
      // With the demo's own clicks (seed/demo-writer.ts): the reader's is one of them.
      const [clicks] = query<{ all: number; sources: number }>(
        'SELECT count(*) AS "all", count(DISTINCT source) AS sources FROM story_clicks WHERE story_id = ?',
        storyId,
      );
      const found = page.getByRole("region", { name: "Where readers found it" });
      const total = new RegExp(`^${clicks?.all} clicks on links to it in the last 30 days`);
      expect(await found.getByText(total).isVisible()).toBe(true);
      const shares = (await found.getByRole("listitem").allInnerTexts()).map(squash);
      expect(shares).toHaveLength(Number(clicks?.sources));
      expect(shares.filter((share) => /^Profiles \d+%$/.test(share))).toHaveLength(1);
      await expectNoAxeViolations(page, "where readers found a story, at 360 px");
    });
  });

  test("a story read by fewer readers than the minimum shows no ages or countries", async () => {
    // The demo writer has such stories (seed/demo.ts): readers with an account this last year.
    const [few] = query<{ id: number; readers: number }>(
      `SELECT s.id, count(DISTINCT r.user_id) AS readers FROM stories s
       JOIN users u ON u.id = s.user_id AND u.username = 'demo_writer'
       JOIN reads r ON r.story_id = s.id AND r.user_id IS NOT NULL AND r.created_at >= ?
       WHERE s.draft = 0 AND s.deleted = 0
       GROUP BY s.id HAVING count(DISTINCT r.user_id) < ? ORDER BY s.id LIMIT 1`,
      Date.now() - ENGAGED_READER_DAYS * 86_400_000,
      DEMOGRAPHICS_MIN_READERS,
    );
    if (!few) throw new Error("every story of the demo writer's has many readers");
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_writer", `/myworks/${few.id}/analytics/demographics`);
      await page
        .getByText(
          `${few.readers} ${few.readers === 1 ? "reader" : "readers"} with an account in the last year`,
          { exact: true },
        )
        .waitFor();
      await page
        .getByText(
          `Demographics appear once at least ${DEMOGRAPHICS_MIN_READERS} readers with an account have read this story`,
        )
        .waitFor();
      expect(await page.getByRole("region", { name: "Age" }).count()).toBe(0);
      expect(await page.getByRole("region", { name: "Countries" }).count()).toBe(0);
      await expectNoAxeViolations(page, "demographics of a story with few readers, at 360 px");
    });
  });

  test("another writer's analytics are not found, and visitors are sent to log in", async () => {
    const theirs = storyOf("demo_writer");
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      const visitor = await page.goto(`/myworks/${theirs.id}/analytics/`);
      expect(visitor?.url()).toBe(
        `${server.url}/login?nextUrl=${encodeURIComponent(`/myworks/${theirs.id}/analytics/`)}`,
      );
      await logInAt(page, "demo_reader", "/home");
      const response = await page.goto(`/myworks/${theirs.id}/analytics/demographics`);
      expect(response?.status()).toBe(404);
      expect(await page.getByText(theirs.title).count()).toBe(0);
    });
  });
});
