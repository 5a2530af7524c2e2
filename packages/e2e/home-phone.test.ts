import type { ContinueReadingSections } from "@inkwell/shared";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import {
  DESKTOP,
  expectNoAxeViolations,
  fingerSize,
  logInAt,
  PHONE,
  smallTargets,
  swipe,
  useBrowser,
  wheelToRest,
} from "./support/browser.ts";
import { useServer } from "./support/server.ts";

const server = useServer();
const { withPage } = useBrowser();

async function signIn(page: Page, nextUrl: string) {
  await logInAt(page, "demo_reader", nextUrl);
}

/** Gives the signed-in reader of the page a reading position in each of the `count` most read stories. */
async function startReading(page: Page, count: number) {
  const statuses = await page.evaluate(async (limit) => {
    const response = await fetch(`/api/v3/stories?filter=hot&limit=${limit}`);
    const { stories } = (await response.json()) as {
      stories: { id: number; firstPartId: number }[];
    };
    return Promise.all(
      stories.map(async (story) => {
        const saved = await fetch("/apiv2/syncreadingposition", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ story_id: story.id, part_id: story.firstPartId, position: 0.2 }),
        });
        return saved.status;
      }),
    );
  }, count);
  expect(statuses).toEqual(Array(count).fill(200));
}

/** The header search box's room for text and what its placeholder needs, in px. */
function placeholderRoom(page: Page) {
  return page
    .getByRole("banner")
    .getByRole("searchbox")
    .evaluate((input: HTMLInputElement) => {
      const box = getComputedStyle(input);
      const text = document.createElement("canvas").getContext("2d");
      if (!text) return { free: 0, needed: Number.POSITIVE_INFINITY };
      text.font = getComputedStyle(input, "::placeholder").font;
      const free =
        input.clientWidth -
        Number.parseFloat(box.paddingLeft) -
        Number.parseFloat(box.paddingRight);
      return { free, needed: text.measureText(input.placeholder).width };
    });
}

describe("the home page on a phone", () => {
  // Beside the Menu button on a phone, and beside the header's links on a wide screen.
  test("the header's search box shows its whole placeholder, from 360 px to desktop", async () => {
    // Up to 767 px the search has a row of its own; from 768 px it shares the first.
    const widths = [360, 600, 700, 767, 768, 1000, 1200, 1201, 1280];
    for (const width of widths) {
      await withPage({ viewport: { width, height: 800 }, baseURL: server.url }, async (page) => {
        await page.goto("/");
        const room = await placeholderRoom(page);
        expect(room.needed, `a visitor at ${width} px`).toBeLessThanOrEqual(room.free);
      });
    }
    // A signed-in reader's first row holds the wallet, the inbox and the account menu instead.
    await withPage({ viewport: { width: 360, height: 800 }, baseURL: server.url }, async (page) => {
      await signIn(page, "/home");
      for (const width of widths) {
        await page.setViewportSize({ width, height: 800 });
        const room = await placeholderRoom(page);
        expect(room.needed, `a reader at ${width} px`).toBeLessThanOrEqual(room.free);
      }
    });
  });

  test("the header's logo and search, the carousels' arrows, a story's Read more and tags, the landing's links and the footer's links and language are 44 px to a finger; each section stands 12 px below its head", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      // The landing page's Get Discovered links, a line each on a phone.
      await page.goto("/");
      const discovered = page.getByRole("region", { name: "Get Discovered" }).getByRole("link");
      expect(await discovered.count()).toBe(3);
      expect(await smallTargets(discovered)).toEqual([]);
      await signIn(page, "/home");
      const banner = page.getByRole("banner");
      // Square targets, 44 px across as well as down.
      const squares = [
        banner.getByRole("link", { name: "Inkwell home" }),
        ...["Pause slides", "Previous slide", "Next slide", "Previous stories", "Next stories"].map(
          (name) => page.getByRole("button", { name }).first(),
        ),
      ];
      for (const target of squares) {
        const size = await fingerSize(target);
        expect(Math.min(size.width, size.height)).toBeGreaterThanOrEqual(44);
      }
      const rows = [
        banner.getByRole("searchbox"),
        page.getByRole("button", { name: /^Read more/ }),
        page.locator(".story-feature__tags:visible").getByRole("link").first(),
        page.getByRole("contentinfo").getByRole("combobox"),
      ];
      for (const target of rows) {
        expect((await fingerSize(target)).height).toBeGreaterThanOrEqual(44);
      }
      // The footer's links, a short word (Terms) among them, are 44 px across as well as down.
      expect(await smallTargets(page.getByRole("contentinfo").getByRole("link"))).toEqual([]);

      // What a section heads starts 12 px below the lowest of its heading, its subheading and
      // its buttons (See all wraps under the words): among the sections loaded further down.
      const picks = page.getByRole("region", { name: "Premium Picks" });
      for (let i = 0; i < 10 && (await picks.count()) === 0; i++) {
        await page.mouse.wheel(0, 2000);
        await page.waitForTimeout(300);
      }
      const heads = await page.locator(".home-section__head").evaluateAll((found) =>
        found.map((head) => {
          const bottom = (box: Element) => box.getBoundingClientRect().bottom;
          const [lowest] = [
            head.querySelector(":scope > div > :last-child"),
            head.querySelector(":scope > div + *"),
          ]
            .filter((box): box is Element => box !== null)
            .sort((a, b) => bottom(b) - bottom(a));
          const next = head.nextElementSibling;
          if (!lowest || !next) return { ends: undefined, gap: Number.NaN };
          return {
            ends: lowest.tagName,
            gap: Math.round(next.getBoundingClientRect().top - bottom(lowest)),
          };
        }),
      );
      // A heading alone, a subheading, and buttons below the words each end a head.
      expect(heads.map((head) => head.ends)).toEqual(expect.arrayContaining(["H2", "P", "A"]));
      for (const head of heads) expect(head).toEqual({ ends: head.ends, gap: 12 });
    });
  });

  test("the featured lists' buttons end at the right edge, as every story carousel's arrows do", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await signIn(page, "/home");
      const rightEdges = await page
        .locator(".carousel-controls")
        .evaluateAll((rows) =>
          rows.map((row) => row.lastElementChild?.getBoundingClientRect().right),
        );
      // The featured lists' Pause, Previous and Next, and at least one story carousel's arrows.
      expect(rightEdges.length).toBeGreaterThan(1);
      expect(new Set(rightEdges)).toEqual(new Set([PHONE.width - 16]));
    });
  });

  test("a visitor reaches Writer Opportunities, Community and the language from the header's Menu", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await page.goto("/");
      const header = page.getByRole("banner");
      const toggle = header.getByRole("button", { name: "Menu" });
      const menu = header.getByRole("navigation", { name: "Menu" });
      // The links do not fit beside the search box: they wait behind the Menu button.
      expect(await header.getByRole("link", { name: "Writer Opportunities" }).count()).toBe(0);
      expect(await toggle.getAttribute("aria-expanded")).toBe("false");
      await expectNoAxeViolations(page, "the visitors' header at 360 px");

      await toggle.click();
      expect(await toggle.getAttribute("aria-expanded")).toBe("true");
      expect(
        await menu.getByRole("link", { name: "Writer Opportunities" }).getAttribute("href"),
      ).toBe("/#get-discovered");
      expect(await menu.getByRole("list", { name: "Community" }).getByRole("link").count()).toBe(3);
      expect(await menu.getByLabel("Language").isVisible()).toBe(true);
      await expectNoAxeViolations(page, "the header's open Menu at 360 px");

      // Escape closes it and gives focus back to the button.
      await page.keyboard.press("Escape");
      expect(await toggle.getAttribute("aria-expanded")).toBe("false");
      expect(await menu.isVisible()).toBe(false);
      expect(await toggle.evaluate((button) => button === document.activeElement)).toBe(true);

      // From the keyboard: Enter opens it, Tab walks into its links.
      await page.keyboard.press("Enter");
      expect(await toggle.getAttribute("aria-expanded")).toBe("true");
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
        "Writer Opportunities",
      );
      // A press elsewhere on the page closes it too.
      await page.mouse.click(PHONE.width / 2, PHONE.height - 20);
      expect(await menu.isVisible()).toBe(false);

      await toggle.click();
      await menu.getByRole("link", { name: "Content guidelines" }).click();
      await page.waitForURL(`${server.url}/guidelines`);

      // On a wide screen the header shows the links itself, and no Menu.
      await page.setViewportSize(DESKTOP);
      expect(await toggle.isVisible()).toBe(false);
      expect(await header.getByRole("link", { name: "Writer Opportunities" }).isVisible()).toBe(
        true,
      );
    });
  });

  test("on a short phone screen the open Menu ends within the screen, under the two-row header", async () => {
    const short = { width: 360, height: 400 };
    await withPage({ viewport: short, baseURL: server.url }, async (page) => {
      await page.goto("/");
      const header = page.getByRole("banner");
      const menu = header.getByRole("navigation", { name: "Menu" });
      // Closed, the panel is not on the page at all: the header and footer carry its links.
      expect(await menu.count()).toBe(0);
      await header.getByRole("button", { name: "Menu" }).click();
      const box = await menu.boundingBox();
      if (!box) throw new Error("the open Menu is laid out");
      expect(box.y + box.height).toBeLessThanOrEqual(short.height);
      // What does not fit scrolls inside it, down to the language.
      await menu.getByLabel("Language").scrollIntoViewIfNeeded();
      const language = await menu.getByLabel("Language").boundingBox();
      expect(language && language.y + language.height).toBeLessThanOrEqual(short.height);
    });
  });

  test("scrolling back up brings the continue-reading strip back whole, below the two-row header", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await signIn(page, "/home");
      const strip = page.locator(".continue-strip");
      await strip.getByRole("heading", { name: "Continue reading" }).waitFor();
      const hidden = () =>
        strip.evaluate((node) => node.classList.contains("continue-strip--hidden"));
      await page.mouse.wheel(0, 1500);
      await expect.poll(hidden).toBe(true);
      await page.mouse.wheel(0, -300);
      await expect.poll(hidden).toBe(false);
      // Its slide back in has finished when it stops moving.
      await expect
        .poll(async () => {
          const before = (await strip.boundingBox())?.y;
          await page.waitForTimeout(300);
          return before === (await strip.boundingBox())?.y;
        })
        .toBe(true);
      const header = await page.locator(".site-header").boundingBox();
      const box = await strip.boundingBox();
      if (!header || !box) throw new Error("the header and the strip are laid out");
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(header.height);
      expect(box.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
    });
  });

  test("back on the feed mid-way, the continue-reading strip leaves the reader's place uncovered", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await signIn(page, "/home");
      const strip = page.locator(".continue-strip");
      await strip.getByRole("heading", { name: "Continue reading" }).waitFor();
      const place = await wheelToRest(page, 1500);
      await expect.poll(() => strip.isVisible()).toBe(false);

      await page.goto("/search");
      await page.goBack();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(place);
      await expect.poll(() => strip.isVisible()).toBe(false);
      await page.reload();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(place);
      await expect.poll(() => strip.isVisible()).toBe(false);

      // Scrolling up brings it back, as ever.
      await page.mouse.wheel(0, -300);
      await expect.poll(() => strip.isVisible()).toBe(true);
    });
  });

  test("the continue-reading strip moves a page on a swipe of 150 px or more, not less", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url, hasTouch: true }, async (page) => {
      await signIn(page, "/home");
      await startReading(page, 8);
      // The strip asks its dynamic path again once the page is live: then it takes touches.
      // Waiting from the new page's commit skips a request the sign-in's /home still had open.
      await page.goto("/home", { waitUntil: "commit" });
      const refreshed = page.waitForResponse((response) =>
        response.url().includes("/continue-reading"),
      );
      // The path answers the strip's section again (reader.md §7): the eight just started,
      // then the stories the demo reader came with, up to ten; and the strip shows them.
      const answer = (await (await refreshed).json()) as ContinueReadingSections;
      expect(answer.sections.map((section) => section.data.items.length)).toEqual([10]);
      const strip = page.getByRole("list", { name: "Continue reading" });
      expect(await strip.getByRole("listitem").count()).toBe(10);
      const box = await strip.boundingBox();
      if (!box) throw new Error("the strip is on the page");
      // Where the strip rests once a smooth scroll (and its snap to a card) has finished.
      const settled = async () => {
        let last = -1;
        for (let read = 0; read < 20; read++) {
          const now = await strip.evaluate((list) => list.scrollLeft);
          if (now === last) return now;
          last = now;
          await page.waitForTimeout(300);
        }
        throw new Error("the strip kept moving");
      };
      const width = await strip.evaluate((list) => list.clientWidth);
      const x = box.x + box.width - 20;
      const y = box.y + box.height / 2;
      const cdp = await page.context().newCDPSession(page);

      // 149 px: under the threshold, the strip stays where it was.
      await swipe(cdp, x, y, -149);
      expect(await settled()).toBe(0);

      // 150 px: a page on, snapped to a card, about a strip's width along.
      await swipe(cdp, x, y, -150);
      const moved = await settled();
      expect(moved).toBeGreaterThan(width / 2);

      // A short swipe back leaves it; a long one brings the first page back.
      await swipe(cdp, box.x + 20, y, 120);
      expect(await settled()).toBe(moved);
      await swipe(cdp, box.x + 20, y, 200);
      expect(await settled()).toBe(0);
    });
  });

  test("Try Premium leads to the plans, and the Originals' See all to the paid catalog", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await signIn(page, "/home");
      await page.getByRole("link", { name: /Try Premium/ }).click();
      await page.waitForURL(`${server.url}/premium`);
      await page.getByRole("heading", { level: 1, name: "Inkwell Premium" }).waitFor();

      await page.goto("/home");
      const seeAll = page.getByRole("link", { name: "See all: Inkwell Originals" });
      for (let i = 0; i < 10 && (await seeAll.count()) === 0; i++) {
        await page.mouse.wheel(0, 3000);
        await page.waitForTimeout(400);
      }
      await seeAll.click();
      await page.waitForURL(`${server.url}/catalog/paidstories`);
      await page.getByRole("heading", { level: 1, name: "Catalog - Paid Stories" }).waitFor();

      // One carousel per group, four at first (a batch): the catalog's own groups, genres later.
      const groups = page.locator(".paid-catalog section");
      expect(await groups.count()).toBe(4);
      expect(await groups.getByRole("heading", { level: 2 }).allTextContents()).toEqual([
        "Featured picks",
        "On sale",
        "New releases",
        "Ongoing stories",
      ]);
      // Each group's heading stands clear of the titles of the carousel above it.
      const second = await groups.nth(1).getByRole("heading", { level: 2 }).boundingBox();
      const above = await groups.first().getByRole("list").boundingBox();
      expect((second?.y ?? 0) - ((above?.y ?? 0) + (above?.height ?? 0))).toBeGreaterThanOrEqual(
        24,
      );
      const first = groups.first();
      const genre = (await first.getByRole("heading", { level: 2 }).textContent()) ?? "";
      const stories = first.getByRole("list", { name: genre });
      expect(await stories.getByRole("listitem").count()).toBeGreaterThan(0);
      await expectNoAxeViolations(page, "the paid catalog at 360 px");
      // Every story shown is paid: the API says so of the group's first story.
      const href = (await stories.getByRole("link").first().getAttribute("href")) ?? "";
      const storyId = /\/story\/(\d+)/.exec(href)?.[1];
      expect(storyId).toBeDefined();
      expect(
        await page.evaluate(async (id) => {
          const response = await fetch(`/api/v3/stories/${id}?fields=isPaid`);
          return ((await response.json()) as { isPaid: boolean }).isPaid;
        }, storyId),
      ).toBe(true);

      // Near the end, four more groups load in place.
      await page.getByRole("link", { name: "More groups" }).scrollIntoViewIfNeeded();
      await expect.poll(() => groups.count(), { timeout: 10_000 }).toBeGreaterThan(4);
      expect(page.url()).toBe(`${server.url}/catalog/paidstories?groups=8`);

      await page.setViewportSize(DESKTOP);
      await expectNoAxeViolations(page, "the paid catalog at 1280 px");
    });
  });

  test("a genre's Hottest Originals lead, by a 44 px All Originals, to the originals catalog: the same view, its own title", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await page.goto("/catalog/paidstories");
      // The genres come after the catalog's own five groups: in the next batch.
      await page.getByRole("link", { name: "More groups" }).scrollIntoViewIfNeeded();
      const allOfGenre = page.getByRole("link", { name: /^All .+ stories$/ });
      await allOfGenre.first().click();
      await page.waitForURL(/\/stories\/[^/]+$/);
      const originals = page.getByRole("region", { name: "Hottest Originals" });
      const allOriginals = originals.getByRole("link", { name: "All Originals" });
      expect(await smallTargets(allOriginals)).toEqual([]);
      await allOriginals.click();
      await page.waitForURL(`${server.url}/catalog/inkwelloriginals`);
      await page.getByRole("heading", { level: 1, name: "Catalog - Originals" }).waitFor();
      expect(await page.title()).toBe("Catalog - Originals · Inkwell");
      expect(await page.locator(".paid-catalog section").count()).toBe(4);
      await page.getByRole("link", { name: "More groups" }).scrollIntoViewIfNeeded();
      await expect
        .poll(() => page.locator(".paid-catalog section").count(), { timeout: 10_000 })
        .toBeGreaterThan(4);
      expect(page.url()).toBe(`${server.url}/catalog/inkwelloriginals?groups=8`);
      // Groups loaded in place keep the page's title, and the next batch loads too.
      await page.getByRole("heading", { level: 1, name: "Catalog - Originals" }).waitFor();
      await page.getByRole("link", { name: "More groups" }).scrollIntoViewIfNeeded();
      await expect
        .poll(() => page.locator(".paid-catalog section").count(), { timeout: 10_000 })
        .toBeGreaterThan(8);
      expect(page.url()).toBe(`${server.url}/catalog/inkwelloriginals?groups=12`);
      await page.getByRole("heading", { level: 1, name: "Catalog - Originals" }).waitFor();
      await expectNoAxeViolations(page, "the originals catalog at 360 px");
    });
  });
  // Last in the file: it puts more stories in the paid programme than the demo has.
  test("every story of a catalog group is reachable: by keyboard past its first page, and by scrolling to its end", async () => {
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_admin", "/catalog/paidstories");
      // The demo's groups fit one page each: 40 more Originals make New releases three pages.
      const joined = await page.evaluate(async () => {
        const answer = await fetch(
          "/api/v3/stories?filter=new&limit=100&fields=stories(id,isPaid)",
        );
        const { stories } = (await answer.json()) as { stories: { id: number; isPaid: boolean }[] };
        return Promise.all(
          stories
            .filter((story) => !story.isPaid)
            .slice(0, 40)
            .map(async (story) => {
              const response = await fetch(`/v5/admin/stories/${story.id}/paid-programme`, {
                method: "POST",
                headers: { "content-type": "application/json" },
                body: JSON.stringify({ freeParts: 1 }),
              });
              return response.status;
            }),
        );
      });
      expect(joined).toEqual(Array(40).fill(200));
      // The whole group as the API pages it, for what the carousel should come to show.
      const all = await page.evaluate(async () => {
        const urls: string[] = [];
        let next: string | null =
          "/v4/paid_stories/tags/~new_releases?limit=100&fields=stories(url),nextUrl";
        while (next !== null) {
          const response = await fetch(next);
          const answer = (await response.json()) as {
            stories: { url: string }[];
            nextUrl: string | null;
          };
          urls.push(...answer.stories.map((story) => story.url));
          next = answer.nextUrl;
        }
        return urls;
      });
      expect(all.length).toBeGreaterThan(48);

      await page.reload();
      const list = page
        .getByRole("region", { name: "New releases" })
        .getByRole("list", { name: "New releases" });
      const links = list.getByRole("link");
      const more = list.getByRole("button", { name: "More stories in New releases" });
      const status = page.locator(".paid-catalog > [role=status]");
      expect(await links.count()).toBe(24);
      expect(await status.textContent()).toBe("");

      // Tab from the 24th story reaches More stories; the next page comes, focus on its first.
      await links.nth(23).focus();
      await page.keyboard.press("Tab");
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute("href")))
        .toBe(all[24]);
      expect(await links.count()).toBe(48);
      expect(await more.count()).toBe(1);
      expect(await status.textContent()).toBe("24 more stories in New releases, 48 in all.");
      await page.keyboard.press("Enter");
      // Enter opens that story's preview, which leads on to its page.
      const preview = page.getByRole("dialog");
      await preview.waitFor();
      expect(await preview.getByRole("link", { name: "More details" }).getAttribute("href")).toBe(
        all[24],
      );
      await page.keyboard.press("Escape");
      await expectNoAxeViolations(page, "a catalog group's second page at 1280 px");

      // Scrolled to its end on a phone, the carousel loads the rest, and More stories goes.
      await page.setViewportSize(PHONE);
      await list.evaluate((row) => row.scrollTo({ left: row.scrollWidth }));
      await expect.poll(() => links.count()).toBe(all.length);
      expect(await links.evaluateAll((found) => found.map((a) => a.getAttribute("href")))).toEqual(
        all,
      );
      expect(await more.count()).toBe(0);
      expect(await status.textContent()).toBe(
        `${all.length - 48} more stories in New releases, ${all.length} in all, the last of them.`,
      );
      await expectNoAxeViolations(page, "a whole catalog group at 360 px");
    });
  });
});
