import { PICKS_FAQ_COOKIE } from "@inkwell/shared";
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { expectNoAxeViolations, tabThroughChips, useBrowser } from "./support/browser.ts";
import { readDatabase } from "./support/database.ts";
import { useServer } from "./support/server.ts";

const server = useServer();
const { withPage, sessionOf } = useBrowser();

/** The narrowest phone the app is made for. */
const NARROW = { width: 320, height: 740 } as const;

type Role = "demo_reader" | "demo_writer";

interface Row {
  role: Role;
  path: () => string;
  /** The row, by its accessible name. */
  find: (page: Page) => Locator;
  /** Its items: links, or a tab list's tabs. */
  items: "link" | "tab";
  /** Round the focused item: 0 where the ring is drawn inside a tab. */
  ring: number;
  /** A tab list with one Tab stop moves between its tabs by the arrows instead. */
  arrows?: true;
}

let ownStory = 0;
let tag = "";

beforeAll(() => {
  [{ id: ownStory }] = readDatabase<{ id: number }>(
    server.dataDir,
    `SELECT stories.id FROM stories JOIN parts ON parts.story_id = stories.id
     WHERE stories.user_id = (SELECT id FROM users WHERE username = 'demo_writer')
       AND parts.published_at IS NOT NULL
     ORDER BY stories.id LIMIT 1`,
  ) as [{ id: number }];
  [{ name: tag }] = readDatabase<{ name: string }>(
    server.dataDir,
    "SELECT tags.name FROM tags JOIN story_tags ON story_tags.tag_id = tags.id LIMIT 1",
  ) as [{ name: string }];
});

const navigation = (name: string) => (page: Page) =>
  page.getByRole("navigation", { name, exact: true });

/** Every tab strip and chip row of the app. */
const ROWS: Record<string, Row> = {
  "the story editor's tabs": {
    role: "demo_writer",
    path: () => `/myworks/${ownStory}`,
    find: (page) => page.getByRole("tablist", { name: "Story editor" }),
    items: "tab",
    ring: 0,
    arrows: true,
  },
  "the analytics tabs": {
    role: "demo_writer",
    path: () => `/myworks/${ownStory}/analytics/`,
    find: navigation("Analytics"),
    items: "link",
    ring: 0,
  },
  "the settings tabs": {
    role: "demo_reader",
    path: () => "/settings",
    find: navigation("Settings"),
    items: "link",
    ring: 0,
  },
  "the Library's views": {
    role: "demo_reader",
    path: () => "/library",
    find: navigation("Library views"),
    items: "link",
    ring: 5,
  },
  "the Library's sorts": {
    role: "demo_reader",
    path: () => "/library",
    find: navigation("Sort by"),
    items: "link",
    ring: 5,
  },
  "the inbox's filters": {
    role: "demo_reader",
    path: () => "/inbox",
    find: navigation("Show conversations"),
    items: "link",
    ring: 5,
  },
  "the search tabs": {
    role: "demo_reader",
    path: () => "/search/love/stories",
    find: navigation("Search results"),
    items: "link",
    ring: 0,
  },
  "a tag's sorts": {
    role: "demo_reader",
    path: () => `/stories/${encodeURIComponent(tag)}`,
    find: navigation("Sort stories"),
    items: "link",
    ring: 0,
  },
  "Premium Picks' months": {
    role: "demo_reader",
    path: () => "/catalog/premiumpicks",
    find: navigation("Which month"),
    items: "link",
    ring: 0,
  },
};

/** The fades at a row's start and end (app.css: 32 px where more lies past that edge). */
const fades = (row: Locator) =>
  row.evaluate((node) => {
    const style = getComputedStyle(node);
    return [style.getPropertyValue("--less-fade"), style.getPropertyValue("--more-fade")];
  });

describe("at 320 px, every tab strip and chip row", () => {
  for (const [label, row] of Object.entries(ROWS)) {
    for (const text of ["100%", "200%"]) {
      test(`shows each of ${label} whole once the keyboard reaches it, with text at ${text}`, async () => {
        const storageState = await sessionOf(row.role, server.url);
        const options = { viewport: NARROW, baseURL: server.url, storageState };
        await withPage(options, async (page, context) => {
          // Premium Picks' FAQ, seen: it would open over the page on a first visit.
          await context.addCookies([{ name: PICKS_FAQ_COOKIE, value: "1", url: server.url }]);
          await page.goto(row.path(), { waitUntil: "load" });
          await page.evaluate((size) => {
            document.documentElement.style.fontSize = size;
          }, text);
          const strip = row.find(page);
          const items = await tabThroughChips(page, strip, {
            ring: row.ring,
            role: row.items,
            next: row.arrows ? "ArrowRight" : "Tab",
          });
          expect(items.length).toBeGreaterThan(1);
          expect(items.filter((item) => !item.inSight).map((item) => item.name)).toEqual([]);
          expect(items.filter((item) => !item.clearOfFade).map((item) => item.name)).toEqual([]);
          // Back to the first: it is focused, and whole in sight again.
          for (let left = items.length - 1; left > 0; left -= 1) {
            await page.keyboard.press(row.arrows ? "ArrowLeft" : "Shift+Tab");
          }
          const first = strip.getByRole(row.items).first();
          expect(
            await first.evaluate((node) => {
              let scroller = node.parentElement;
              while (scroller && getComputedStyle(scroller).overflowX === "visible") {
                scroller = scroller.parentElement;
              }
              const [box, frame] = [
                node.getBoundingClientRect(),
                scroller?.getBoundingClientRect(),
              ];
              return {
                focused: node === document.activeElement,
                whole:
                  box.left >= Math.max(frame?.left ?? 0, 0) - 0.5 &&
                  box.right <= Math.min(frame?.right ?? window.innerWidth, window.innerWidth) + 0.5,
              };
            }),
          ).toEqual({ focused: true, whole: true });
          if (text === "100%") {
            expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(320);
          }
          await expectNoAxeViolations(page, `${label} at 320 px, text at ${text}`);
        });
      });
    }
  }

  test("a row cut off at an edge fades there, and only there", async () => {
    const storageState = await sessionOf("demo_reader", server.url);
    await withPage(
      { viewport: NARROW, baseURL: server.url, storageState },
      async (page, context) => {
        await context.addCookies([{ name: PICKS_FAQ_COOKIE, value: "1", url: server.url }]);
        await page.goto("/settings", { waitUntil: "load" });
        const strip = page.locator(".tab-links ul");
        await expect.poll(() => fades(strip)).toEqual(["0px", "32px"]);
        await strip.evaluate((list) => list.scrollTo({ left: list.scrollWidth / 2 }));
        await expect.poll(() => fades(strip)).toEqual(["32px", "32px"]);
        await strip.evaluate((list) => list.scrollTo({ left: list.scrollWidth }));
        await expect.poll(() => fades(strip)).toEqual(["32px", "0px"]);
        // A row that fits has no fade at all.
        await page.goto("/catalog/premiumpicks", { waitUntil: "load" });
        await expect.poll(() => fades(page.locator(".sort-tabs"))).toEqual(["0px", "0px"]);
      },
    );
  });

  test("the current chip is in sight as the page opens, though past the screen's edge", async () => {
    const storageState = await sessionOf("demo_reader", server.url);
    await withPage({ viewport: NARROW, baseURL: server.url, storageState }, async (page) => {
      await page.goto("/library?sort=title", { waitUntil: "load" });
      const current = page
        .getByRole("navigation", { name: "Sort by" })
        .getByRole("link", { name: "Title" });
      await expect
        .poll(() =>
          current.evaluate((node) => {
            const box = node.getBoundingClientRect();
            return box.left >= 0 && box.right <= window.innerWidth;
          }),
        )
        .toBe(true);
    });
  });
});
