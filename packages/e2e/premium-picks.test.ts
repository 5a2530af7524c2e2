import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { DESKTOP, expectNoAxeViolations, PHONE, useBrowser } from "./support/browser.ts";
import { hotStories } from "./support/catalogue.ts";
import { useServer } from "./support/server.ts";

const server = useServer();
const { withPage } = useBrowser();

/** The picks a visitor gets from the API: the page must show exactly these. */
async function apiPicks() {
  const response = await fetch(
    `${server.url}/v5/premium_picks?fields=currentPicks(stories(id)),upcomingPicks(stories(id))`,
  );
  const body = (await response.json()) as Record<
    "currentPicks" | "upcomingPicks",
    { stories: { id: number }[] }
  >;
  const hrefs = (key: keyof typeof body) => body[key].stories.map((story) => `/story/${story.id}`);
  return { current: hrefs("currentPicks"), upcoming: hrefs("upcomingPicks") };
}

const pickIds = (page: Page, month: string) =>
  page
    .getByRole("list", { name: `Premium Picks for ${month}` })
    .locator('a[href^="/story/"]')
    .evaluateAll((links) => [...new Set(links.map((link) => link.getAttribute("href")))]);

describe("Premium Picks", () => {
  test("from a story's card to this month's and next month's picks, with the FAQ once", async () => {
    const [story] = await hotStories(server.url, 1);
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page, context) => {
      await page.goto(`/story/${story?.id}`);
      await page.getByRole("link", { name: "See this month's picks" }).click();
      await page.waitForURL(`${server.url}/catalog/premiumpicks`);

      const faq = page.getByRole("dialog", { name: "Premium Picks FAQ" });
      await faq.getByText("What are Premium Picks?").waitFor();
      await expectNoAxeViolations(page, "the Premium Picks FAQ at 360 px");
      await faq.getByRole("button", { name: "Got it" }).click();
      expect(
        (await context.cookies()).find((c) => c.name === "premium_picks_faq_seen")?.value,
      ).toBe("1");

      const now = new Date();
      const month = (ahead: number) =>
        new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + ahead, 1)).toLocaleString(
          "en-US",
          { month: "long", year: "numeric", timeZone: "UTC" },
        );
      const expected = await apiPicks();
      expect(expected.current.length).toBeGreaterThan(0);
      const current = await pickIds(page, month(0));
      expect(current).toEqual(expected.current);
      expect(
        await page.getByText(/^New picks in \d+ days?, \d+ hours? and \d+ minutes?$/).count(),
      ).toBe(1);
      await expectNoAxeViolations(page, "the Premium Picks page at 360 px");

      await page.getByRole("link", { name: "Next month" }).click();
      await page.waitForURL(`${server.url}/catalog/premiumpicks?tab=next`);
      const upcoming = await pickIds(page, month(1));
      expect(upcoming).toEqual(expected.upcoming);
      expect(upcoming.some((id) => current.includes(id))).toBe(false);
      // The FAQ was seen: it does not open again.
      expect(await faq.count()).toBe(0);
    });
  });

  test("visitors are offered Premium, and the page passes axe on a desktop", async () => {
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page, context) => {
      await context.addCookies([{ name: "premium_picks_faq_seen", value: "1", url: server.url }]);
      await page.goto("/catalog/premiumpicks");
      await page.getByRole("heading", { name: "Premium Picks", level: 1 }).waitFor();
      await page.getByRole("button", { name: "Subscribe now" }).click();
      await page.getByRole("dialog", { name: "Subscribe now" }).waitFor();
      await page.keyboard.press("Escape");
      await expectNoAxeViolations(page, "the Premium Picks page at 1280 px");
    });
  });
});
