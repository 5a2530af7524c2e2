import { type StorySearchResult, truncate } from "@inkwell/shared";
import type { Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import {
  DESKTOP,
  expectNoAxeViolations,
  holdRequests,
  logInAt,
  PHONE,
  smallTargets,
  untilHydrated,
  useBrowser,
} from "./support/browser.ts";
import { useServer } from "./support/server.ts";

const server = useServer();
const { withPage } = useBrowser();

/** "wren" finds demo stories (dozens, some complete) and demo_writer (Wren Writer). */
const TERM = "wren";

const storyList = (page: Page, term = TERM) =>
  page.getByRole("list", { name: `Stories matching ${term}` });

/** Result cards a reader can see (a phone keeps the rest of the page hidden). */
const visibleResults = (page: Page) => storyList(page).locator(":scope > li:visible");

async function searchFromHeader(page: Page, term: string) {
  const input = page.getByRole("searchbox", { name: "Search" }).first();
  await input.fill(term);
  await input.press("Enter");
  await page.waitForURL(`${server.url}/search/${term}/stories`);
}

describe("search", () => {
  test("a visitor searches from the header, filters by complete (told while they apply) and opens a profile", async () => {
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await page.goto("/");
      await searchFromHeader(page, TERM);
      expect(await visibleResults(page).count()).toBe(15);
      const first = storyList(page).getByRole("heading", { level: 2 }).first();
      expect((await first.textContent())?.length).toBeLessThanOrEqual(35);

      expect(await page.getByRole("checkbox", { name: "Hide mature stories" }).count()).toBe(0);
      await page.getByRole("checkbox", { name: "Completed stories" }).check();
      // On a slow network the old results stay a while: the button says the filters apply.
      const release = await holdRequests(page, "**/stories.data?*content=complete*");
      await page.getByRole("button", { name: "Apply filters" }).click();
      const applying = page.getByRole("button", { name: "Applying filters…" });
      await applying.waitFor();
      expect(await applying.getAttribute("aria-disabled")).toBe("true");
      release();
      await page.waitForURL(/content=complete/);
      await page.getByRole("button", { name: "Apply filters" }).waitFor();
      // The new results render just after the URL changes.
      await page.getByText("Filters (1)").waitFor();
      const results = await visibleResults(page).count();
      expect(results).toBeGreaterThan(0);
      expect(await storyList(page).getByText("Ongoing", { exact: true }).count()).toBe(0);
      expect(await storyList(page).getByText("Complete", { exact: true }).count()).toBe(results);

      // More than a page of complete matches: 'Show more' fetches the next one in place, and
      // focus goes to the first new result (by keyboard, as a screen reader presses it).
      await untilHydrated(page.getByRole("link", { name: "Show more" }));
      await page.getByRole("link", { name: "Show more" }).focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => visibleResults(page).count()).toBeGreaterThan(results);
      const firstNew = visibleResults(page).nth(results).getByRole("heading").getByRole("link");
      expect(await firstNew.evaluate((link) => link === document.activeElement)).toBe(true);
      expect(await storyList(page).getByText("Ongoing", { exact: true }).count()).toBe(0);

      await page.getByRole("link", { name: "Profiles" }).click();
      await page.waitForURL(`${server.url}/search/${TERM}/people`);
      const profiles = page.getByRole("list", { name: `Profiles matching ${TERM}` });
      // The card shows the start of their About (§3's description).
      const about = (await (
        await fetch(`${server.url}/api/v3/users/demo_writer?fields=description`)
      ).json()) as { description: string };
      expect(about.description).not.toBe("");
      const card = profiles.getByRole("listitem").filter({ hasText: "@demo_writer" });
      expect(await card.locator(".profile-result__about").textContent()).toBe(
        truncate(about.description, 170),
      );
      await profiles.getByRole("link", { name: /@demo_writer/ }).click();
      await page.waitForURL(`${server.url}/user/demo_writer`);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toContain("Wren Writer");
    });
  });

  test("a phone shows one search box, three stories a step, and folds the filters away", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await page.goto("/");
      await searchFromHeader(page, TERM);
      // The page's search bar stands in for the header's, whose row goes: one header row.
      const searchBoxes = page.getByRole("searchbox");
      expect(await searchBoxes.filter({ visible: true }).count()).toBe(1);
      expect(await searchBoxes.filter({ visible: true }).inputValue()).toBe(TERM);
      const header = await page.getByRole("banner").boundingBox();
      const menu = await page.getByRole("button", { name: "Menu" }).boundingBox();
      expect(header?.height).toBeLessThan(70);
      expect((menu?.y ?? 0) + (menu?.height ?? 0)).toBeLessThanOrEqual(header?.height ?? 0);
      expect(await visibleResults(page).count()).toBe(3);
      // Each story's title, a line of it or two, is 44 px to a finger.
      expect(
        await smallTargets(visibleResults(page).getByRole("heading").getByRole("link")),
      ).toEqual([]);
      // On the narrowest phones (320 px, WCAG's reflow width) the bar's Cancel stays on screen.
      await page.setViewportSize({ width: 320, height: PHONE.height });
      const cancel = await page.getByRole("link", { name: "Cancel" }).boundingBox();
      expect((cancel?.x ?? 0) + (cancel?.width ?? 0)).toBeLessThanOrEqual(320);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(320);
      await page.setViewportSize(PHONE);
      await page.getByRole("link", { name: "Show more" }).focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => visibleResults(page).count()).toBe(6);
      // The step's first story takes the focus.
      const fourth = visibleResults(page).nth(3).getByRole("heading").getByRole("link");
      expect(await fourth.evaluate((link) => link === document.activeElement)).toBe(true);

      const completed = page.getByRole("checkbox", { name: "Completed stories" });
      expect(await completed.isVisible()).toBe(false);
      await page.getByText("Filters", { exact: true }).click();
      const row = page.locator("label", { has: completed });
      expect((await row.boundingBox())?.height).toBeGreaterThanOrEqual(40);
      await completed.check();
      await page.getByRole("button", { name: "Apply filters" }).click();
      await page.waitForURL(/content=complete/);
      await page.getByText("Filters (1)").waitFor();
      expect(await visibleResults(page).count()).toBe(3);
    });
  });

  test("a 'Show more' that fails or brings nothing new keeps focus and says so", async () => {
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await page.goto(`/search/${TERM}/stories`);
      const more = await untilHydrated(page.getByRole("link", { name: "Show more" }));
      const nextPage = "**/v4/search/stories?*";
      await page.route(nextPage, (route) =>
        route.fulfill({ status: 500, contentType: "application/json", body: "{}" }),
      );
      await more.focus();
      await page.keyboard.press("Enter");
      const alert = page.locator(".page-more ~ [role=alert]");
      await expect.poll(() => alert.textContent()).toBe("Something went wrong. Please try again");
      expect(await more.evaluate((link) => link === document.activeElement)).toBe(true);

      // The list ended since it was shown: no new stories, and the reader is told.
      await page.unroute(nextPage);
      const ended: StorySearchResult = { stories: [], nextUrl: null };
      await page.route(nextPage, (route) => route.fulfill({ json: ended }));
      await page.keyboard.press("Enter");
      const status = page.locator(".page-more ~ [role=status]");
      await expect.poll(() => status.textContent()).toBe("Nothing more to show");
      expect(await more.evaluate((link) => link === document.activeElement)).toBe(true);
      expect(await visibleResults(page).count()).toBe(15);
    });
  });

  test("on a phone, a writer's username or only people matching opens Profiles", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await page.goto("/");
      const input = page.getByRole("searchbox", { name: "Search" }).first();
      await input.fill("demo_writer");
      await input.press("Enter");
      await page.waitForURL(`${server.url}/search/demo_writer/people`);
      const writer = page.getByRole("list", { name: "Profiles matching demo_writer" });
      expect(await writer.getByRole("listitem").first().getByText("@demo_writer").isVisible()).toBe(
        true,
      );
      expect(await page.getByRole("link", { name: "Profiles" }).getAttribute("aria-current")).toBe(
        "page",
      );

      // No story mentions "ambassador", Ada Ambassador does: her card, not an empty page.
      await page.goto("/search?q=ambassador");
      await page.waitForURL(`${server.url}/search/ambassador/people`);
      const people = page.getByRole("list", { name: "Profiles matching ambassador" });
      expect(await people.getByText("@demo_ambassador").isVisible()).toBe(true);

      // A word stories hold still opens Stories, even when people match it too.
      await page.goto(`/search/${TERM}`);
      await page.waitForURL(`${server.url}/search/${TERM}/stories`);
    });
  });

  test("on a touch phone, a tapped button keeps its colours and no tap box lingers", async () => {
    const touch = { viewport: PHONE, baseURL: server.url, hasTouch: true, isMobile: true };
    await withPage(touch, async (page) => {
      await page.goto(`/search/${TERM}/stories`);
      const more = await untilHydrated(page.getByRole("link", { name: "Show more" }));
      const look = (target: Locator) =>
        target.evaluate((element) => {
          const style = getComputedStyle(element);
          return [
            style.backgroundColor,
            style.color,
            style.getPropertyValue("-webkit-tap-highlight-color"),
          ];
        });
      const [background, color] = await look(more);
      await more.tap();
      await expect.poll(() => visibleResults(page).count()).toBe(6);
      // The finger's :hover stays on the button after the tap: its hover fill must not show.
      expect(await more.evaluate((element) => element.matches(":hover"))).toBe(true);
      expect(await look(more)).toEqual([background, color, "rgba(0, 0, 0, 0)"]);
      const card = visibleResults(page).first().getByRole("heading").getByRole("link");
      expect((await look(card))[2]).toBe("rgba(0, 0, 0, 0)");
    });
  });

  test("no results say so, with a hint", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await page.goto("/search/qqzzxxv/stories");
      expect(await page.getByText("Hmmm...there are no results").isVisible()).toBe(true);
      // Someone's name finds no story: the empty Stories tab points to Profiles.
      const people = page.getByRole("link", { name: "Look for people named “qqzzxxv”" });
      expect(await people.getAttribute("href")).toBe("/search/qqzzxxv/people");
      await page.getByRole("link", { name: "Cancel" }).click();
      await page.waitForURL(`${server.url}/search`);
      expect(await page.getByRole("heading", { name: "Browse Categories" }).isVisible()).toBe(true);
    });
  });

  test("a signed-in reader sees a recent search and removes it", async () => {
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_reader", "/search");
      const term = "lighthouse keeper at dawn and dusk";
      const bar = page.locator("#search-page-input");
      await bar.fill(term);
      await bar.press("Enter");
      await page.waitForURL(/\/search\/lighthouse/);

      await page.goto("/search");
      const recent = page.getByRole("region", { name: "Recent Searches" });
      // Cut to 30 characters for display; the link keeps the whole search.
      const shown = recent.getByRole("link", { name: "lighthouse keeper at dawn and…" });
      expect(await shown.isVisible()).toBe(true);
      await recent
        .getByRole("button", {
          name: 'Remove "lighthouse keeper at dawn and…" from recent searches',
        })
        .click();
      await expect.poll(() => shown.count()).toBe(0);
      await page.reload();
      expect(await page.getByRole("link", { name: "lighthouse keeper at dawn and…" }).count()).toBe(
        0,
      );
    });
  });

  test("a reader's profile cards count public reading lists, and Follow counts them in", async () => {
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_reader", "/search/demo/stories");
      // An adult who sees mature stories may hide them; a visitor is never offered it.
      expect(await page.getByRole("checkbox", { name: "Hide mature stories" }).count()).toBe(1);

      await page.getByRole("link", { name: "Profiles" }).click();
      await page.waitForURL(`${server.url}/search/demo/people`);
      const profiles = page.getByRole("list", { name: "Profiles matching demo" });
      const card = (username: string) =>
        profiles.getByRole("listitem").filter({ hasText: `@${username}` });
      // demo_reader's two public lists, as her profile counts them.
      await card("demo_reader").getByText("2 reading lists", { exact: true }).waitFor();
      const ada = card("demo_ambassador");
      await ada.getByText("0 followers", { exact: true }).waitFor();
      await ada.getByRole("button", { name: "Follow" }).click();
      await ada.getByText("1 follower", { exact: true }).waitFor();
    });
  });

  for (const viewport of [PHONE, DESKTOP]) {
    test(`the search pages pass axe at ${viewport.width} px`, async () => {
      await withPage({ viewport, baseURL: server.url }, async (page) => {
        for (const path of ["/search", `/search/${TERM}/stories`, `/search/${TERM}/people`]) {
          const response = await page.goto(path);
          expect(response?.status()).toBe(200);
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          expect(width, `page width at ${path}`).toBeLessThanOrEqual(viewport.width);
          await expectNoAxeViolations(page, `${path} at ${viewport.width} px`);
        }
      });
    });
  }
});
