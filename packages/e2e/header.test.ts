import type { Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import {
  DESKTOP,
  expectNoAxeViolations,
  logInAt,
  PHONE,
  smallTargets,
  useBrowser,
} from "./support/browser.ts";
import { readDatabase } from "./support/database.ts";
import { useServer } from "./support/server.ts";

const server = useServer();
const { withPage } = useBrowser();

const isOpen = (page: Page, selector: string) =>
  page.locator(selector).evaluate((node) => (node as HTMLDetailsElement).open);

describe("the header's menus", () => {
  test("on a phone, one menu at a time, Escape closes it, and the account menu leads to the reader's own pages", async () => {
    await withPage({ viewport: PHONE, colorScheme: "dark", baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_reader", "/home");
      const browse = page.locator("summary", { hasText: "Browse" });
      await browse.click();
      expect(await isOpen(page, "details.browse")).toBe(true);
      // Below the header's search row, which neither covers its first genres nor is covered.
      const firstGenre = page.locator(".browse__menu a").first();
      const topmost = await firstGenre.evaluate((link) => {
        const box = link.getBoundingClientRect();
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return hit !== null && link.contains(hit);
      });
      expect(topmost).toBe(true);
      expect(await page.getByRole("banner").getByRole("searchbox").isVisible()).toBe(true);
      const menuTop = await page
        .locator(".browse__menu")
        .evaluate((menu) => menu.getBoundingClientRect().top);
      const searchBottom = await page
        .getByRole("banner")
        .getByRole("searchbox")
        .evaluate((box) => box.getBoundingClientRect().bottom);
      expect(menuTop).toBeGreaterThanOrEqual(searchBottom);
      await page.keyboard.press("Escape");
      expect(await isOpen(page, "details.browse")).toBe(false);
      expect(await browse.evaluate((node) => node === document.activeElement)).toBe(true);

      // Opening the account menu closes Browse: the two panels never overlap.
      await browse.click();
      await page.getByLabel("Account", { exact: true }).click();
      expect(await isOpen(page, "details.browse")).toBe(false);
      expect(await isOpen(page, "details.account-menu")).toBe(true);
      const menu = page.getByRole("navigation", { name: "Your pages" });
      const links = await menu
        .getByRole("link")
        .evaluateAll((nodes) => nodes.map((node) => [node.textContent, node.getAttribute("href")]));
      expect(links).toEqual([
        ["My profile", "/user/demo_reader"],
        ["Library", "/library"],
        ["Write", "/myworks"],
        ["Settings", "/settings"],
      ]);
      await expectNoAxeViolations(page, "the open account menu at 360 px");

      // A press outside closes it.
      await page.locator("main").click({ position: { x: 5, y: 300 } });
      expect(await isOpen(page, "details.account-menu")).toBe(false);

      await page.getByLabel("Account", { exact: true }).click();
      await menu.getByRole("link", { name: "Library" }).click();
      await page.waitForURL(`${server.url}/library`);
      // The menus mark the page the reader is on, for screen readers.
      await page.getByLabel("Account", { exact: true }).click();
      const current = await menu
        .getByRole("link")
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("aria-current")));
      expect(current).toEqual([null, "page", null, null]);
      await page.goto("/stories/fantasy");
      await browse.click();
      const genres = page.getByRole("navigation", { name: "Genres" });
      expect(await genres.getByRole("link", { name: "Fantasy" }).getAttribute("aria-current")).toBe(
        "page",
      );
      expect(await genres.locator("[aria-current]").count()).toBe(1);
    });
  });
});

describe("the header's landmark", () => {
  /** The banner holds one navigation landmark, Site, with the header's controls in it. */
  async function expectSiteNavigation(page: Page, controls: Locator[]) {
    const banner = page.getByRole("banner");
    expect(await banner.getByRole("navigation").count()).toBe(1);
    const site = banner.getByRole("navigation", { name: "Site", exact: true });
    // One each: a locator matching two would fail waitFor.
    for (const control of [site.getByText("Browse", { exact: true }), ...controls]) {
      await control.waitFor();
    }
  }

  test("with its menus closed, a screen reader finds the site's navigation by landmark", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await page.goto("/terms");
      const site = page.getByRole("navigation", { name: "Site", exact: true });
      await expectSiteNavigation(page, [
        site.getByRole("searchbox", { name: "Search" }),
        site.getByRole("link", { name: "Log in" }),
        site.getByRole("button", { name: "Menu" }),
      ]);
      await logInAt(page, "demo_reader", "/library");
      await expectSiteNavigation(page, [
        site.getByRole("searchbox", { name: "Search" }),
        site.getByRole("button", { name: /^Your Coins/ }),
        site.getByRole("link", { name: /^Inbox/ }),
        site.getByLabel("Account", { exact: true }),
      ]);
      await expectNoAxeViolations(page, "the header's landmark at 360 px");
    });
  });
});

describe("one menu or dialog open at a time (accounts §9)", () => {
  test("by keyboard too: a menu opened closes the other, a dialog opened closes the menu", async () => {
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      const [part] = readDatabase<{ id: number }>(
        server.dataDir,
        `SELECT p.id FROM parts p JOIN stories s ON s.id = p.story_id
         WHERE s.is_paid = 0 AND s.rating <> 4 AND s.draft = 0 AND s.deleted = 0
           AND p.draft = 0 AND p.deleted = 0 ORDER BY p.id LIMIT 1`,
      );
      await logInAt(page, "demo_reader", `/${part?.id}`);
      const browse = page.locator("summary", { hasText: "Browse" });
      await browse.focus();
      await page.keyboard.press("Enter");
      expect(await isOpen(page, "details.browse")).toBe(true);

      // No press outside: focus goes straight to the account menu, which opens.
      await page.getByLabel("Account", { exact: true }).focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => isOpen(page, "details.browse")).toBe(false);
      expect(await isOpen(page, "details.account-menu")).toBe(true);

      // The reading settings dialog, opened from the keyboard, closes the account menu.
      await page.getByRole("button", { name: "Reading settings" }).focus();
      await page.keyboard.press("Enter");
      const settings = page.getByRole("dialog", { name: "Reading settings" });
      await settings.waitFor();
      await expect.poll(() => isOpen(page, "details.account-menu")).toBe(false);
      // The dialog stays open, with focus in it.
      expect(await settings.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(
        true,
      );

      expect(await page.locator("dialog[open]").count()).toBe(1);
      await expectNoAxeViolations(page, "the reading settings opened over the account menu");
    });
  });

  test("the wallet the server sends is styled before its code and the Coin Shop's styles arrive", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_reader", "/home");
      // The Coin Shop's stylesheet never comes: what shows is the server's button alone.
      await page.route("**/assets/buy-coins-flow-*.css", () => undefined);
      await page.goto("/library", { waitUntil: "commit" });
      const wallet = page.getByRole("banner").locator(".wallet-button");
      await wallet.waitFor();
      const look = await wallet.evaluate((node) => {
        const style = getComputedStyle(node);
        return { border: style.borderTopStyle, background: style.backgroundColor };
      });
      expect(look).toEqual({ border: "none", background: "rgba(0, 0, 0, 0)" });
    });
  });
});

describe("the visitor's Menu and the language picker", () => {
  test("tabbing past the Menu's last control closes it", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await page.goto("/terms");
      const header = page.getByRole("banner");
      await header.getByRole("button", { name: "Menu" }).click();
      const menu = header.getByRole("navigation", { name: "Menu" });
      await menu.waitFor();
      const focusInMenu = () =>
        page.evaluate(() => document.activeElement?.closest(".header-menu") !== null);
      await page.keyboard.press("Tab");
      expect(await focusInMenu()).toBe(true);
      for (let presses = 0; presses < 30 && (await focusInMenu()); presses++) {
        await page.keyboard.press("Tab");
      }
      expect(await focusInMenu()).toBe(false);
      expect(await menu.count()).toBe(0);
    });
  });

  test("arrowing through the languages does not switch; Change, or a pick from the list, does", async () => {
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await page.goto("/terms");
      const footer = page.getByRole("contentinfo");
      const picker = footer.getByLabel("Language");
      const change = footer.getByRole("button", { name: "Change" });
      const posts: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
      });
      // The page coming back from POST /locale (its URL never changes).
      const reloaded = async () => {
        await page.waitForResponse(
          (response) =>
            response.request().resourceType() === "document" &&
            new URL(response.url()).pathname === "/terms",
        );
        await page.waitForLoadState();
      };
      expect(await change.count()).toBe(0);
      await picker.focus();
      await page.keyboard.press("ArrowDown");
      const stepped = await picker.inputValue();
      expect(stepped).not.toBe("en");
      // Still this page, focus still on the picker, and the way to apply it next to it.
      await change.waitFor();
      expect(await picker.evaluate((select) => select === document.activeElement)).toBe(true);
      expect(posts).toEqual([]);
      await page.keyboard.press("Tab");
      expect(await change.evaluate((button) => button === document.activeElement)).toBe(true);
      await Promise.all([reloaded(), page.keyboard.press("Enter")]);
      expect(posts).toEqual(["/locale"]);
      expect(await footer.getByLabel("Language").inputValue()).toBe(stepped);
      expect(await change.count()).toBe(0);

      // A pick from the open list (selectOption fires change without a key) switches at once.
      await Promise.all([reloaded(), footer.getByLabel("Language").selectOption("en")]);
      expect(posts).toEqual(["/locale", "/locale"]);
      expect(await footer.getByLabel("Language").inputValue()).toBe("en");
    });
  });
});

describe("the header's menus on a short screen", () => {
  // A phone held sideways: the admin's account menu (their pages, staff tools, Log out) and
  // Browse are taller than what is left below the header.
  const sideways = { width: 640, height: 360 };

  test("the account menu and Browse end within the screen and scroll to their last item", async () => {
    await withPage({ viewport: sideways, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_admin", "/home");
      const fits = async (selector: string, last: Locator) => {
        const box = await page.locator(selector).boundingBox();
        if (!box) throw new Error(`${selector} is laid out`);
        expect(box.y + box.height, selector).toBeLessThanOrEqual(sideways.height);
        await last.scrollIntoViewIfNeeded();
        const end = await last.boundingBox();
        expect(end && end.y + end.height, selector).toBeLessThanOrEqual(sideways.height);
      };
      await page.getByLabel("Account", { exact: true }).click();
      await fits(".account-menu__panel", page.getByRole("button", { name: "Log out" }));
      await page.keyboard.press("Escape");
      await page.locator("summary", { hasText: "Browse" }).click();
      await fits(".browse__menu", page.locator(".browse__menu a").last());
    });
  });
});

describe("Browse's categories", () => {
  /** The distinct left edges of Browse's category links: one per column. */
  const columns = async (page: Page) => {
    await page.goto("/");
    await page.locator("summary", { hasText: "Browse" }).click();
    const lefts = await page
      .locator(".browse__menu ul a:visible")
      .evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().left)));
    return new Set(lefts).size;
  };

  /** How many heights the category links have: one while every name keeps to a line. */
  const heights = (page: Page) =>
    page
      .locator(".browse__menu ul a:visible")
      .evaluateAll(
        (links) => new Set(links.map((link) => link.getBoundingClientRect().height)).size,
      );

  test("stand in two columns at the usual text size and in one, whole words, at 150% text", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      expect(await columns(page)).toBe(2);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Page.setFontSizes", { fontSizes: { standard: 24 } });
      expect(await columns(page)).toBe(1);
      // Each name on one line: two columns broke 'Paranormal' after its ninth letter.
      expect(await heights(page)).toBe(1);
    });
  });

  test("on a desktop stand in two columns, each name on one line", async () => {
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      expect(await columns(page)).toBe(2);
      // A 17 em menu put 'Science Fiction' and 'Historical Fiction' on two lines each.
      expect(await heights(page)).toBe(1);
    });
  });
});

describe("the visitor's header on a phone", () => {
  test("Log in is 44 px to a finger, in a header no taller for it", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await page.goto("/");
      const banner = page.getByRole("banner");
      expect(await smallTargets(banner.getByRole("link", { name: "Log in" }))).toEqual([]);
      // The first row is the logo's 44 px already: the page below stays where it was.
      expect((await banner.boundingBox())?.height).toBe(113);
    });
  });
});

describe("the header on the smallest phones", () => {
  const narrow = { width: 320, height: 640 };

  /** Where the controls sit: their vertical middles, and how far right they reach. */
  const firstRow = (page: Page, selectors: string[]) =>
    Promise.all(
      selectors.map(async (selector) => {
        const box = await page.locator(selector).first().boundingBox();
        if (!box) throw new Error(`${selector} is laid out`);
        return { selector, middle: box.y + box.height / 2, right: box.x + box.width };
      }),
    );

  const expectOneRow = (row: Array<{ middle: number; right: number }>, width = narrow.width) => {
    const middles = row.map((control) => control.middle);
    expect(Math.max(...middles) - Math.min(...middles), JSON.stringify(row)).toBeLessThan(4);
    expect(Math.max(...row.map((control) => control.right))).toBeLessThanOrEqual(width);
  };

  test("at 320 px a reader's Browse, wallet, inbox and menu share one row, and the menu opens on the screen", async () => {
    await withPage({ viewport: narrow, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_reader", "/home");
      const readersRow = [".browse", ".wallet-slot", ".inbox-link", ".account-menu__toggle"];
      expectOneRow(await firstRow(page, readersRow));
      // A wealthier reader's balance, abbreviated from 10,000 (§9) to at most three digits,
      // leaves the row whole too; the button's name gives the balance in full.
      for (const [amount, shown, spoken] of [
        [12_345, "12.3K", "12,345"],
        [123_456, "123K", "123,456"],
        [1_234_567, "1.2M", "1,234,567"],
      ] as const) {
        await page.route("**/v5/users/*/wallet", (route) =>
          route.fulfill({ json: [{ id: "coins", amount }] }),
        );
        await page.reload();
        const wallet = page.getByRole("button", { name: `Your Coins: ${spoken}`, exact: true });
        await wallet.getByText(shown, { exact: true }).waitFor();
        expectOneRow(await firstRow(page, readersRow));
        await page.unroute("**/v5/users/*/wallet");
      }
      await page.reload();
      await page.getByLabel("Account", { exact: true }).click();
      const panel = await page.locator(".account-menu__panel").boundingBox();
      if (!panel) throw new Error("the account menu opened");
      expect(panel.x).toBeGreaterThanOrEqual(0);
      expect(panel.x + panel.width).toBeLessThanOrEqual(narrow.width);
    });
  });

  test("at 320 px a visitor's logo, Browse and Log in share one row, with larger text too", async () => {
    await withPage({ viewport: narrow, baseURL: server.url }, async (page) => {
      await page.goto("/");
      const row = await firstRow(page, [".logo", ".browse", ".site-header__login"]);
      expectOneRow(row);
      expect(await page.locator(".logo__word").isVisible()).toBe(true);
      // 18 px on this phone, 20 and 24 px on a 360 px one took Log in onto a row of its own;
      // the logo is its mark alone there, the link's name still the way home.
      const cdp = await page.context().newCDPSession(page);
      for (const [width, size] of [
        [320, 18],
        [360, 20],
        [360, 24],
      ] as const) {
        await page.setViewportSize({ width, height: narrow.height });
        await cdp.send("Page.setFontSizes", { fontSizes: { standard: size } });
        await page.reload();
        expectOneRow(await firstRow(page, [".logo", ".browse", ".site-header__login"]), width);
        expect(await page.locator(".logo__word").isVisible()).toBe(false);
        await page.getByRole("link", { name: "Inkwell home", exact: true }).waitFor();
      }
    });
  });
});

describe("the header with larger text on a tablet or laptop", () => {
  test("the search box holds its placeholder on one line, every control stays on the screen, and the Menu's language reads whole", async () => {
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      const cdp = await page.context().newCDPSession(page);
      // At 768 px with 32 px text the box was squeezed to a pill five lines tall; at 1440 px
      // with 24 px the language dropdown went past the screen's edge.
      for (const [width, size] of [
        [768, 32],
        [1024, 24],
        [1280, 20],
        [1280, 32],
        [1440, 24],
      ] as const) {
        await page.setViewportSize({ width, height: 900 });
        await cdp.send("Page.setFontSizes", { fontSizes: { standard: size } });
        await page.goto("/");
        const label = `${width} px at ${size} px text`;
        // How many lines the placeholder's text takes.
        const lines = await page
          .getByRole("banner")
          .locator(".search-field__placeholder")
          .evaluate((own) => {
            const style = getComputedStyle(own);
            const padding =
              Number.parseFloat(style.paddingTop) + Number.parseFloat(style.paddingBottom);
            return (own.clientHeight - padding) / Number.parseFloat(style.lineHeight);
          });
        expect(Math.round(lines), label).toBe(1);
        const rights = await page
          .getByRole("banner")
          .locator("a, button, select, input")
          .evaluateAll((controls) =>
            controls
              .filter((control) => control.checkVisibility())
              .map((control) => control.getBoundingClientRect().right),
          );
        expect(Math.max(...rights), label).toBeLessThanOrEqual(width);
        // Where the links are in the Menu, its language dropdown shows "English" whole (in
        // 280 px at 24 px text it read "Englis"); its arrow takes about an em of the box.
        const toggle = page.locator(".header-menu__toggle");
        if (!(await toggle.isVisible())) continue;
        await toggle.click();
        const language = await page
          .locator(".header-menu__panel select")
          .evaluate((select: HTMLSelectElement) => {
            const style = getComputedStyle(select);
            const canvas = document.createElement("canvas").getContext("2d");
            if (!canvas) throw new Error("a 2d canvas");
            canvas.font = style.font;
            const room =
              select.clientWidth -
              Number.parseFloat(style.paddingLeft) -
              Number.parseFloat(style.paddingRight) -
              Number.parseFloat(style.fontSize);
            return { text: canvas.measureText(select.selectedOptions[0]?.text ?? "").width, room };
          });
        expect(language.text, label).toBeLessThanOrEqual(language.room);
      }
    });
  });
});
