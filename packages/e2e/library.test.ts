import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import {
  brokenWords,
  confirmationGaps,
  DESKTOP,
  expectNoAxeViolations,
  expectSaidEachTime,
  fingerSize,
  focusHydrated,
  holdRequests,
  logInAt,
  PHONE,
  recordSpeech,
  smallTargets,
  tabThroughChips,
  untilHydrated,
  useBrowser,
} from "./support/browser.ts";
import { squash } from "./support/catalogue.ts";
import { useServer } from "./support/server.ts";
import { signUp, verifyEmail } from "./support/sign-up.ts";

const server = useServer();
const { withPage } = useBrowser();

interface Story {
  id: number;
  title: string;
  firstPartId: number;
}

const LIST_NAME = "Rainy day reads";

let stories: Story[];

beforeAll(async () => {
  const response = await fetch(`${server.url}/api/v3/stories?filter=hot&limit=10`);
  const body = (await response.json()) as { stories: (Story & { firstPartId: number | null })[] };
  stories = body.stories.filter((story): story is Story => story.firstPartId !== null);
});

async function signIn(page: Page, nextUrl: string, username = "demo_reader") {
  await logInAt(page, username, nextUrl);
}

async function openAddTo(page: Page) {
  await (
    await untilHydrated(page.getByRole("button", { name: "Add to", exact: true }).first())
  ).click();
  const popover = page.getByRole("dialog", { name: "Add to" });
  await popover.getByRole("checkbox", { name: "My Library" }).waitFor();
  return popover;
}

describe("the Library and reading lists", () => {
  test("a reader adds a story to the Library and a new list, reads it, reorders and removes", async () => {
    const [first, second] = stories;
    if (!first || !second) throw new Error("the catalogue has two hot stories with parts");
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await signIn(page, `/story/${first.id}`);

      let popover = await openAddTo(page);
      // Focus moves into the popover.
      expect(await popover.evaluate((node) => node.contains(document.activeElement))).toBe(true);
      // What it says goes into a live region already there, the kind screen readers announce.
      const said = await popover.getByRole("status").elementHandle();
      await popover.getByRole("checkbox", { name: "My Library" }).check();
      await expect.poll(() => said?.textContent()).toBe("Added to My Library");
      await popover.getByLabel("New reading list").fill(LIST_NAME);
      await popover.getByRole("button", { name: "Create" }).click();
      await popover.getByRole("checkbox", { name: LIST_NAME }).waitFor();
      expect(await popover.getByRole("checkbox", { name: LIST_NAME }).isChecked()).toBe(true);

      // Escape closes it and gives focus back to the button.
      await page.keyboard.press("Escape");
      await popover.waitFor({ state: "detached" });
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Add to");

      await page.reload();
      popover = await openAddTo(page);
      expect(await popover.getByRole("checkbox", { name: "My Library" }).isChecked()).toBe(true);
      expect(await popover.getByRole("checkbox", { name: LIST_NAME }).isChecked()).toBe(true);

      // Halfway through the first part, saved by the reading page's own call.
      await page.goto(`/${first.firstPartId}`);
      const saved = await page.evaluate(
        async ([storyId, partId]) => {
          const response = await fetch("/apiv2/syncreadingposition", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ story_id: storyId, part_id: partId, position: 0.5 }),
          });
          return response.status;
        },
        [first.id, first.firstPartId],
      );
      expect(saved).toBe(200);
      await page.goto("/library");
      const item = page.getByRole("listitem").filter({
        has: page.getByRole("heading", { name: first.title, exact: true }),
      });
      expect(squash(await item.textContent())).toMatch(/Part 1 of \d+/);
      // The story's own bar, in its entry: not the reading page's bar across the window's top.
      const bar = item.getByRole("progressbar", { name: `Reading progress in ${first.title}` });
      const [barBox, itemBox] = [await bar.boundingBox(), await item.boundingBox()];
      if (!barBox || !itemBox) throw new Error("the entry and its bar are on screen");
      expect(barBox.y).toBeGreaterThan(itemBox.y);
      expect(barBox.x).toBeGreaterThan(itemBox.x);
      expect(barBox.width).toBeLessThan(itemBox.width);
      // On a phone, the link that continues the story is finger-sized.
      await page.setViewportSize(PHONE);
      // Its place and progress, set apart by a dot, are read with a pause between them.
      const resume = item.getByRole("link", { name: /^Part 1 of \d+, \d+% read$/ });
      expect((await fingerSize(resume)).height).toBeGreaterThanOrEqual(44);
      // The dot stands apart from both: "Part 1 of 9 · 50% read", never "9·50%".
      const gaps = await resume.evaluate((link) => {
        const [place, dot, percent] = [...link.children].map((part) =>
          part.getBoundingClientRect(),
        );
        if (!place || !dot || !percent) throw new Error("the place, the dot and the percentage");
        return [dot.left - place.right, percent.left - dot.right];
      });
      for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(3);
      await page.setViewportSize(DESKTOP);

      // A second story in the list, from its own page.
      await page.goto(`/story/${second.id}`);
      popover = await openAddTo(page);
      await popover.getByRole("checkbox", { name: LIST_NAME }).check();
      await popover
        .getByRole("status")
        .filter({ hasText: `Added to ${LIST_NAME}` })
        .waitFor();

      await page.goto("/library");
      await page.getByRole("link", { name: new RegExp(LIST_NAME) }).click();
      await page.waitForURL(/\/list\/\d+$/);
      expect(squash(await page.getByRole("heading", { level: 1 }).textContent())).toBe(LIST_NAME);
      const titles = () => page.locator(".list-editor__info a").allTextContents();
      expect(await titles()).toEqual([first.title, second.title]);

      // Reorder by keyboard: focus Move up on the second story and press Enter.
      await page.getByRole("button", { name: `Move ${second.title} up`, exact: true }).focus();
      await page.keyboard.press("Enter");
      await page.getByRole("status").filter({ hasText: "moved to 1 of 2" }).waitFor();
      await page.reload();
      expect(await titles()).toEqual([second.title, first.title]);

      await page.getByRole("button", { name: `Remove ${first.title} from this list` }).focus();
      await page.keyboard.press("Enter");
      await page
        .getByRole("status")
        .filter({ hasText: `${first.title} removed from this list` })
        .waitFor();
      // Focus goes to the story now last, not down to the page with the removed button.
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(second.title);
      await page.reload();
      expect(await titles()).toEqual([second.title]);
    });
  });

  for (const viewport of [PHONE, DESKTOP]) {
    test(`/library and a list page pass axe at ${viewport.width} px`, async () => {
      await withPage({ viewport, baseURL: server.url }, async (page) => {
        await signIn(page, "/library");
        await expectNoAxeViolations(page, `/library at ${viewport.width} px`);
        // The views and the sorts are each one row of 44 px chips: a chip past a phone's edge
        // comes into sight by Tab, and the page itself never scrolls sideways.
        for (const name of ["Library views", "Sort by"]) {
          const chips = await tabThroughChips(page, page.getByRole("navigation", { name }));
          expect(chips.length).toBeGreaterThan(1);
          for (const chip of chips) {
            expect(chip).toMatchObject({ top: chips[0]?.top, inSight: true });
            expect(chip.height).toBeGreaterThanOrEqual(44);
          }
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        );
        // Every story's title is a finger-sized link on a phone, one line long as well as two.
        const titles = page.getByRole("heading", { level: 2 }).getByRole("link");
        if (viewport === PHONE) expect(await smallTargets(titles)).toEqual([]);
        // The first journey left demo_reader a list with one story.
        await page.getByRole("link", { name: new RegExp(LIST_NAME) }).click();
        await page.waitForURL(/\/list\/\d+$/);
        await expectNoAxeViolations(page, `a list page at ${viewport.width} px`);
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(scrollWidth).toBeLessThanOrEqual(viewport.width);
        // Dragging needs a mouse: the rows show a grip on a desktop, none on a phone.
        const grips = await page
          .locator(".list-editor__grip")
          .evaluateAll((all) => all.filter((grip) => grip.getClientRects().length > 0).length);
        expect(grips > 0).toBe(viewport === DESKTOP);
        // Its owner's link and each story's title, alone on their lines, are 44 px on a phone.
        if (viewport === PHONE) {
          const links = page.getByRole("main").getByRole("link", { name: /^A reading list by/ });
          expect(await smallTargets(links)).toEqual([]);
          expect(await smallTargets(page.locator(".list-editor__info a"))).toEqual([]);
        }
      });
    });
  }

  for (const viewport of [PHONE, DESKTOP]) {
    test(`a story's place in the Library ('Part 2 of 10 · 13% read') keeps its dot as far from each side, at ${viewport.width} px`, async () => {
      await withPage({ viewport, baseURL: server.url }, async (page) => {
        await signIn(page, "/library");
        const places = page.locator(".library-item__progress a");
        await places.first().waitFor();
        const gaps = await places.evaluateAll((links) =>
          links.map((link) => {
            // The words seen, each piece's box: the Pause's hidden comma is no piece.
            const boxes = [...link.querySelectorAll(":scope > span")].map((piece) => {
              const range = document.createRange();
              range.selectNodeContents(piece.firstChild ?? piece);
              const text = range.toString().trim();
              const start = (piece.firstChild?.textContent ?? "").indexOf(text);
              range.setStart(piece.firstChild ?? piece, start);
              range.setEnd(piece.firstChild ?? piece, start + text.length);
              return range.getBoundingClientRect();
            });
            const [part, dot, percent] = boxes;
            if (!part || !dot || !percent) return null;
            return [Math.round(dot.left - part.right), Math.round(percent.left - dot.right)];
          }),
        );
        expect(gaps.length).toBeGreaterThan(0);
        for (const gap of gaps) {
          const [before = 0, after = 0] = gap ?? [];
          expect(before).toBeGreaterThanOrEqual(4);
          expect(before).toBe(after);
        }
      });
    });
  }

  test("with 20 px text on a 360 px phone the Library's places and list names, and a list's own name, keep their words whole", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Page.setFontSizes", { fontSizes: { standard: 20 } });
      await signIn(page, "/library");
      await page.locator(".library-item__progress a").first().waitFor();
      // "Part 2 of / 10" and "13% / read" wrapped inside each piece; "Recommende/d" broke.
      const pieces = await page
        .locator(".library-item__progress a > span:not([aria-hidden])")
        .evaluateAll(
          (spans) =>
            spans.filter((span) => {
              // A piece's own text, line by line (a flex item's box is one rectangle).
              const range = document.createRange();
              range.selectNodeContents(span.firstChild ?? span);
              const lines = [...range.getClientRects()].map((box) => Math.round(box.top));
              return new Set(lines).size > 1;
            }).length,
        );
      expect(pieces).toBe(0);
      expect(await brokenWords(page)).toEqual([]);
      await page.getByRole("link", { name: /^Recommended by friends/ }).click();
      await page.getByRole("heading", { level: 1, name: "Recommended by friends" }).waitFor();
      expect(await brokenWords(page)).toEqual([]);
    });
  });

  test("a private list's lock is an image named Private, on the list page and in the Library", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await signIn(page, "/library");
      const id = await page.evaluate(async () => {
        const created = await fetch("/api/v3/lists/", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            id: null,
            name: "Kept to myself",
            numStories: 0,
            cover: 0,
            tags: [],
          }),
        });
        const list = (await created.json()) as { id: number };
        await fetch(`/api/v3/lists/${list.id}`, {
          method: "PUT",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ isPrivate: true }),
        });
        return list.id;
      });
      await page.goto(`/list/${id}`);
      expect(await page.getByRole("main").getByRole("img", { name: "Private" }).count()).toBe(1);
      await page.goto("/library");
      const link = page.getByRole("link", { name: /Kept to myself/ });
      expect(await link.getByRole("img", { name: "Private" }).count()).toBe(1);
    });
  });

  test("the open popover passes axe; a new list named My Library is the Library itself", async () => {
    const story = stories[2];
    if (!story) throw new Error("the catalogue has three hot stories");
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      // Not demo_reader, whose Library the other tests count on.
      await signIn(page, `/story/${story.id}`, "demo_ambassador");
      const popover = await openAddTo(page);
      await expectNoAxeViolations(page, "the add-to popover");

      const library = popover.getByRole("checkbox", { name: "My Library" });
      expect(await library.isChecked()).toBe(false);
      await popover.getByLabel("New reading list").fill("my library");
      await popover.getByRole("button", { name: "Create" }).click();
      await popover.getByRole("status").filter({ hasText: "Added to My Library" }).waitFor();
      expect(await library.isChecked()).toBe(true);
      expect(await popover.getByRole("checkbox", { name: /my library/i }).count()).toBe(1);
      expect(await popover.getByLabel("New reading list").inputValue()).toBe("");
    });
  });

  test("a list named with one long word keeps the phone's popover, and its Create, in view", async () => {
    const story = stories[3];
    if (!story) throw new Error("the catalogue has four hot stories");
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await signUp(page, "long_list_namer");
      await verifyEmail(page, "long_list_namer");
      await page.goto(`/story/${story.id}`);
      const popover = await openAddTo(page);
      const name = "Lantern".repeat(14);
      await popover.getByLabel("New reading list").fill(name);
      await popover.getByRole("button", { name: "Create" }).click();
      await popover
        .getByRole("status")
        .filter({ hasText: `Added to ${name}` })
        .waitFor();

      // Nothing in the sheet is wider than the sheet: the button to make another list stays on it.
      const fit = await popover.evaluate((sheet) => ({
        overflow: sheet.scrollWidth - sheet.clientWidth,
        sheetRight: sheet.getBoundingClientRect().right,
        createRight: sheet.querySelector("button[type=submit]")?.getBoundingClientRect().right,
      }));
      expect(fit.overflow).toBe(0);
      expect(fit.createRight).toBeLessThanOrEqual(fit.sheetRight);
    });
  });

  test("tabbing out of the popover closes it, so it never covers what has focus", async () => {
    const story = stories[4];
    if (!story) throw new Error("the catalogue has five hot stories");
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await signIn(page, `/story/${story.id}`);
      const popover = await openAddTo(page);
      const focusInAddTo = () =>
        page.evaluate(() => document.activeElement?.closest(".add-to") !== null);
      for (let presses = 0; presses < 30 && (await focusInAddTo()); presses++) {
        await page.keyboard.press("Tab");
      }
      expect(await focusInAddTo()).toBe(false);
      expect(await popover.count()).toBe(0);
      expect(
        await page
          .getByRole("button", { name: "Add to", exact: true })
          .first()
          .getAttribute("aria-expanded"),
      ).toBe("false");
    });
  });

  for (const viewport of [PHONE, DESKTOP]) {
    test(`the popover is non-modal at ${viewport.width} px: Escape gives focus back, Tab goes on to the page, a click outside closes it`, async () => {
      const story = stories[4];
      if (!story) throw new Error("the catalogue has five hot stories");
      await withPage({ viewport, baseURL: server.url }, async (page) => {
        await signIn(page, `/story/${story.id}`, "demo_ambassador");
        const addTo = await untilHydrated(
          page.getByRole("button", { name: "Add to", exact: true }).first(),
        );
        const focusedHtml = () => page.evaluate(() => document.activeElement?.outerHTML ?? "");
        // What Tab reaches after Add to while the popover is closed.
        await addTo.focus();
        await page.keyboard.press("Tab");
        const next = await focusedHtml();

        // Escape from a control deep inside gives focus back to Add to.
        let popover = await openAddTo(page);
        await popover.getByLabel("New reading list").focus();
        await page.keyboard.press("Escape");
        await popover.waitFor({ state: "detached" });
        expect(await addTo.evaluate((button) => button === document.activeElement)).toBe(true);
        expect(await addTo.getAttribute("aria-expanded")).toBe("false");

        // Tab past its last control, Create, closes it and goes on to what follows Add to.
        popover = await openAddTo(page);
        await popover.getByRole("button", { name: "Create" }).focus();
        await page.keyboard.press("Tab");
        await popover.waitFor({ state: "detached" });
        expect(await focusedHtml()).toBe(next);
        expect(await addTo.getAttribute("aria-expanded")).toBe("false");

        // A click on the page outside it closes it, and leaves focus where the click put it.
        popover = await openAddTo(page);
        await page.getByRole("heading", { level: 1 }).click();
        await popover.waitFor({ state: "detached" });
        expect(await addTo.getAttribute("aria-expanded")).toBe("false");
        expect(await popover.count()).toBe(0);
        // A click inside it does not.
        popover = await openAddTo(page);
        await popover.getByLabel("New reading list").click();
        expect(await popover.count()).toBe(1);
        await expectNoAxeViolations(page, `the open add-to popover at ${viewport.width} px`);
      });
    });
  }

  test("each failure in the popover says what failed (reader.md §8); a second tap waits for the first", async () => {
    const story = stories[3];
    if (!story) throw new Error("the catalogue has four hot stories");
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await signIn(page, `/story/${story.id}`);
      const refuse = (pattern: string) =>
        page.route(pattern, (route) => route.fulfill({ status: 500, body: "{}" }));
      await refuse("**/v4/stories/collections**");
      let popover = await openAddTo(page);
      await popover
        .getByRole("alert")
        .filter({ hasText: "Error: fetching stories collections failed" })
        .waitFor();
      await page.keyboard.press("Escape");

      await page.unrouteAll();
      await refuse("**/api/v3/users/demo_reader/lists**");
      popover = await openAddTo(page);
      await popover
        .getByRole("alert")
        .filter({ hasText: "Error: fetching reading lists failed" })
        .waitFor();
      await page.keyboard.press("Escape");

      await page.unrouteAll();
      await refuse("**/api/v3/users/demo_reader/library**");
      await refuse("**/api/v3/lists/");
      popover = await openAddTo(page);
      const library = popover.getByRole("checkbox", { name: "My Library" });
      await library.click();
      await popover
        .getByRole("alert")
        .filter({ hasText: "Error: collection update failed" })
        .waitFor();
      expect(await library.isChecked()).toBe(false);
      // The same failure again is said again: the alert empties as the tap goes out and
      // takes the words back, where unchanged words would be silence to a screen reader.
      const said = await recordSpeech(popover.getByRole("alert").filter({ hasText: "collection" }));
      await library.click();
      await expect.poll(said).toBe("said: [] [Error: collection update failed]");
      await popover.getByLabel("New reading list").fill("Never made");
      await popover.getByRole("button", { name: "Create" }).click();
      await popover
        .getByRole("alert")
        .filter({ hasText: "We are unable to add this story to your reading list at this time" })
        .waitFor();

      // A reader in a time-out is told why, and until when.
      const timedOut =
        "Your account is in a time-out until Tue, 01 Dec 2026 12:00:00 GMT: you can read, but not post, comment or message.";
      await page.unroute("**/api/v3/lists/");
      await page.route("**/api/v3/lists/", (route) =>
        route.fulfill({ status: 403, json: { code: "timed_out", message: timedOut } }),
      );
      await popover.getByRole("button", { name: "Create" }).click();
      await popover.getByRole("alert").filter({ hasText: timedOut }).waitFor();

      // On a slow network a second tap while the first is on its way changes nothing: no
      // remove races the add, and the mark says what the server holds.
      await page.unrouteAll();
      const removals: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "DELETE") removals.push(request.url());
      });
      const release = await holdRequests(page, "**/api/v3/users/demo_reader/library**", {
        method: "POST",
      });
      await library.click();
      await library.click();
      release();
      await popover.getByRole("status").filter({ hasText: "My Library" }).waitFor();
      expect(await library.isChecked()).toBe(true);
      expect(removals).toEqual([]);
      await page.keyboard.press("Escape");
      popover = await openAddTo(page);
      await expect.poll(() => library.isChecked()).toBe(true);
    });
  });

  test("a refusal said twice is heard twice, in the popover and in the list editor", async () => {
    const [first, second] = stories;
    if (!first || !second) throw new Error("the catalogue has two hot stories with parts");
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      // Not demo_reader, whose lists the other tests count on.
      await signIn(page, `/story/${first.id}`, "demo_ambassador");
      const popover = await openAddTo(page);
      await expectSaidEachTime(
        popover.getByRole("alert"),
        () => popover.getByRole("button", { name: "Create" }).click(),
        "Give the list a name.",
      );
      await page.keyboard.press("Escape");

      const listId = await page.evaluate(
        async ([one, two]) => {
          const send = (url: string, method: string, body: object) =>
            fetch(url, {
              method,
              headers: { accept: "application/json", "content-type": "application/json" },
              body: JSON.stringify(body),
            }).then((response) => response.json() as Promise<{ id: number }>);
          const list = await send("/api/v3/lists/", "POST", {
            id: null,
            name: "Said twice",
            numStories: 0,
            cover: 0,
            tags: [],
            featured: false,
            stories: one,
          });
          await send(`/api/v3/lists/${list.id}/stories`, "POST", { stories: two });
          return list.id;
        },
        [first.id, second.id],
      );
      await page.goto(`/list/${listId}`);
      await page.route(`**/api/v3/lists/${listId}/stories`, (route) =>
        route.request().method() === "PUT"
          ? route.fulfill({ status: 500, body: "{}" })
          : route.fallback(),
      );
      const moveUp = await untilHydrated(
        page.getByRole("button", { name: `Move ${second.title} up`, exact: true }),
      );
      await expectSaidEachTime(
        page.locator(".list-view > .alert[role=alert]"),
        () => moveUp.click(),
        "The new order could not be saved. Please try again.",
      );
      expect(await page.locator(".list-editor__info a").allTextContents()).toEqual([
        first.title,
        second.title,
      ]);
      await expectNoAxeViolations(page, "the list editor after a refused move");
    });
  });

  test("archiving or removing a story by keyboard leaves focus on the story in its place", async () => {
    const picked = stories.slice(5, 8);
    if (picked.length < 3) throw new Error("the catalogue has eight hot stories");
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await signIn(page, "/library", "demo_admin");
      for (const story of picked) {
        const status = await page.evaluate(async (storyId) => {
          const response = await fetch("/api/v3/users/demo_admin/library", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ stories: storyId }),
          });
          return response.status;
        }, story.id);
        expect(status).toBe(200);
      }
      await page.goto("/library?sort=title");
      const titles = () => page.locator(".story-item__title a").allTextContents();
      const before = await titles();
      expect(before).toHaveLength(3);
      const focused = () => page.evaluate(() => document.activeElement?.textContent);

      const said = await page.getByRole("main").getByRole("status").elementHandle();
      await focusHydrated(page.getByRole("button", { name: `Archive ${before[1]}`, exact: true }));
      await page.keyboard.press("Enter");
      await expect.poll(() => said?.textContent()).toBe(`${before[1]} archived`);
      expect(await titles()).toEqual([before[0], before[2]]);
      expect(await focused()).toBe(before[2]);

      await page.getByRole("button", { name: `Remove ${before[2]} from the Library` }).focus();
      await page.keyboard.press("Enter");
      await expect.poll(titles).toEqual([before[0]]);
      expect(await focused()).toBe(before[0]);

      // The last one gone, focus lands on the words saying the view is empty.
      await page.goto("/library?view=archive");
      await focusHydrated(
        page.getByRole("button", { name: `Move ${before[1]} back to the Library` }),
      );
      await page.keyboard.press("Enter");
      await page.getByText("Nothing archived.").waitFor();
      expect(await focused()).toBe("Nothing archived.");
    });
  });

  test("the owner renames a list by keyboard and deletes it, and the Library says it is gone", async () => {
    const story = stories[8];
    if (!story) throw new Error("the catalogue has nine hot stories");
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await signIn(page, "/library", "demo_admin");
      const created = await page.evaluate(async (storyId) => {
        const response = await fetch("/api/v3/lists/", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ id: null, name: "Beach reads", stories: storyId }),
        });
        return (await response.json()) as { id: number };
      }, story.id);
      await page.goto(`/list/${created.id}`);

      const rename = page.getByRole("button", { name: "Rename" });
      await focusHydrated(rename);
      await page.keyboard.press("Enter");
      // Focus is in the name, all of it selected: typing replaces it.
      await page.keyboard.type("Summer reads");
      await page.getByRole("button", { name: "Save" }).focus();
      await page.keyboard.press("Enter");
      await page.getByRole("heading", { level: 1, name: "Summer reads" }).waitFor();
      expect(await rename.evaluate((button) => button === document.activeElement)).toBe(true);

      await page.keyboard.press("Enter");
      await page.getByRole("button", { name: "Cancel" }).focus();
      await page.keyboard.press("Enter");
      expect(await rename.evaluate((button) => button === document.activeElement)).toBe(true);

      // Escape cancels as well: what was typed goes, and focus is back on Rename.
      await page.keyboard.press("Enter");
      const name = page.getByLabel("Reading list name");
      await page.keyboard.type("Winter reads");
      await page.keyboard.press("Escape");
      await name.waitFor({ state: "detached" });
      expect(await rename.evaluate((button) => button === document.activeElement)).toBe(true);
      await page.getByRole("heading", { level: 1, name: "Summer reads" }).waitFor();
      await page.keyboard.press("Enter");
      expect(await name.inputValue()).toBe("Summer reads");
      await page.keyboard.press("Escape");
      await name.waitFor({ state: "detached" });

      // While the deletion runs the question cannot be closed; a failure is said in it.
      await page.getByRole("button", { name: "Delete list" }).click();
      const question = page.getByRole("dialog", { name: "Delete this reading list?" });
      // Spaced as every modal: its question as far from the title as from the buttons.
      await question.waitFor();
      expect(await confirmationGaps(question)).toEqual([16, 16]);
      const answer = await holdRequests(page, "**/api/v3/lists/*", {
        method: "DELETE",
        answer: { status: 500, body: "{}" },
      });
      await question.getByRole("button", { name: "Delete list" }).click();
      await expect
        .poll(() => question.getByRole("button", { name: "Cancel" }).isDisabled())
        .toBe(true);
      await page.keyboard.press("Escape");
      expect(await question.isVisible()).toBe(true);
      answer();
      await expect
        .poll(() => question.getByRole("alert").textContent())
        .toBe("The list could not be deleted. Please try again.");
      await page.unrouteAll();
      await question.getByRole("button", { name: "Delete list" }).click();
      await page.waitForURL(`${server.url}/library`);
      const notice = page.getByRole("status").filter({ hasText: "Summer reads was deleted." });
      await notice.waitFor();
      expect(await notice.evaluate((node) => node === document.activeElement)).toBe(true);
      expect(await page.getByRole("link", { name: /Summer reads/ }).count()).toBe(0);
      await expectNoAxeViolations(page, "the Library after a list was deleted");
    });
  });

  test("an empty Library says how to fill it and leads to a first story", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      // The demo writer has read nothing yet.
      await signIn(page, "/library", "demo_writer");
      await page
        .getByText("Your Library is empty. Add stories with the Add to button on any story.")
        .waitFor();
      await expectNoAxeViolations(page, "an empty Library at 360 px");
      await page.getByRole("link", { name: "Find a story" }).click();
      await page.waitForURL(`${server.url}/home`);
    });
  });

  test("visitors find Add to disabled and are sent to log in for /library", async () => {
    const story = stories[0];
    if (!story) throw new Error("the catalogue has a hot story");
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await page.goto(`/story/${story.id}`);
      const button = page.getByRole("button", { name: "Add to", exact: true });
      expect(await button.isDisabled()).toBe(true);
      const reason = await button.getAttribute("aria-describedby");
      expect(await page.locator(`[id="${reason}"]`).textContent()).toBe(
        "Log in to add stories to your Library and reading lists",
      );
      await page.goto("/library");
      await page.waitForURL(`${server.url}/login?nextUrl=%2Flibrary`);
    });
  });
});
