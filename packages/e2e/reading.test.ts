import {
  DEFAULT_READER_SETTINGS,
  READER_SETTINGS_COOKIE,
  serializeReaderSettings,
} from "@inkwell/shared";
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import {
  DESKTOP,
  expectNoAxeViolations,
  holdRequests,
  logInAt,
  nextFrames,
  PHONE,
  recordSpeech,
  smallTargets,
  titleSpacing,
  useBrowser,
} from "./support/browser.ts";
import {
  escapeRegExp,
  findStoryWithParts,
  HOME_POPULAR_LIMIT,
  hotStories,
  htmlToText,
  paragraphWords,
  type StoryFixture,
  squash,
} from "./support/catalogue.ts";
import { useServer } from "./support/server.ts";

const server = useServer();
const { withPage } = useBrowser();
let story: StoryFixture;

beforeAll(async () => {
  story = await findStoryWithParts(server.url, 2);
});

const VIEWPORTS = [
  { name: "phone", viewport: PHONE },
  { name: "desktop", viewport: DESKTOP },
] as const;

/** Nothing wider than the viewport: no sideways scrolling. */
async function expectNoHorizontalOverflow(page: Page, width: number): Promise<void> {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `page width at ${page.url()}`).toBeLessThanOrEqual(width);
}

function partPath(partId: number): RegExp {
  return new RegExp(`^${escapeRegExp(server.url)}/${partId}/?(?:[?#].*)?$`);
}

function text(page: Page, selectorText: string) {
  return page.getByText(selectorText, { exact: true });
}

/** The visible h1 of the page, whitespace collapsed. */
async function h1(page: Page): Promise<string> {
  const heading = page.getByRole("heading", { level: 1 });
  expect(await heading.count(), `one h1 on ${page.url()}`).toBe(1);
  expect(await heading.isVisible()).toBe(true);
  return squash(await heading.textContent());
}

async function expectStoryPage(page: Page): Promise<void> {
  expect(page.url()).toBe(`${server.url}/story/${story.id}`);
  // The header may show the title cut short (reader.md §9); its name is the whole title.
  const heading = page.getByRole("heading", { level: 1 });
  expect(await heading.count(), `one h1 on ${page.url()}`).toBe(1);
  expect(
    await page.getByRole("heading", { level: 1, name: squash(story.title), exact: true }).count(),
  ).toBe(1);
  await expect(page.title()).resolves.toContain(story.title);

  const toc = page.getByRole("region", { name: /^Table of contents/ });
  expect(await toc.isVisible(), "a visible table of contents").toBe(true);
  // A phone lists the last 3 parts until See all is pressed.
  const seeAll = toc.getByRole("button", { name: `See all ${story.parts.length} parts` });
  if (await seeAll.isVisible()) await seeAll.click();
  const entries = toc.getByRole("listitem");
  expect(await entries.count()).toBe(story.parts.length);
  const firstTwo = story.parts.slice(0, 2);
  for (const [index, part] of firstTwo.entries()) {
    const link = entries.nth(index).getByRole("link");
    expect(await link.getAttribute("href")).toBe(part.url);
    expect(squash(await link.textContent())).toContain(squash(part.title));
  }
}

async function expectPartPage(page: Page, number: 1 | 2): Promise<void> {
  const part = story.parts[number - 1];
  if (!part) throw new Error(`The story has no part ${number}`);
  await page.waitForURL(partPath(part.id));
  expect(await h1(page)).toBe(squash(part.title));
  expect(await text(page, `Part ${number} of ${story.numParts}`).isVisible()).toBe(true);
  // The way back to the story, named by its title.
  const storyLink = page.getByRole("link", { name: story.title, exact: true });
  expect(await storyLink.getAttribute("href")).toBe(story.url);

  const paragraphs = page.locator("p[data-p-id]");
  expect(await paragraphs.count(), "the part's paragraphs").toBeGreaterThan(0);
  expect(await paragraphs.first().isVisible()).toBe(true);
  expect(squash(await paragraphs.first().textContent()).length).toBeGreaterThan(0);
}

/**
 * Opens part `id` and waits for its paragraph markers and their counts, which come after
 * hydration. Resolves to the layout shift (as Chromium measures it for CLS) of what moved
 * inside the part's text, whether that text lies within the window, and how many markers
 * begin a line of their own: those would push the text below them down without their room.
 */
async function openPartMeasuringText(page: Page, id: number) {
  const counts = page.waitForResponse(`**/v5/comments/namespaces/parts/resources/${id}/paragraphs`);
  // The server's HTML is painted before the page's script runs, as on a slow connection.
  const hydration = await holdRequests(page, "**/assets/entry.client-*.js");
  await page.goto(`/${id}`, { waitUntil: "commit" });
  await page.locator(".reader__text").waitFor();
  await nextFrames(page);
  hydration();
  await counts;
  const paragraphs = page.locator(".reader__text p[data-p-id]");
  await expect
    .poll(() => page.locator(".reader__text .paragraph-marker").count())
    .toBe(await paragraphs.count());
  await nextFrames(page);
  return page.evaluate(
    () =>
      new Promise<{ shift: number; inView: boolean; markersOnOwnLine: number }>((resolve) => {
        const text = document.querySelector(".reader__text");
        let shift = 0;
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            sources: { node: Node | null }[];
          })[]) {
            if (entry.sources.some(({ node }) => node !== null && text?.contains(node))) {
              shift += entry.value;
            }
          }
        });
        observer.observe({ type: "layout-shift", buffered: true });
        const inView = (text?.getBoundingClientRect().bottom ?? Infinity) <= window.innerHeight;
        const markersOnOwnLine = [...document.querySelectorAll(".paragraph-marker-host")].filter(
          (host) => {
            const paragraph = host.parentElement?.getBoundingClientRect();
            return paragraph && host.getBoundingClientRect().left - paragraph.left < 1;
          },
        ).length;
        // Buffered entries are delivered before the next frame is painted.
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            observer.disconnect();
            resolve({ shift, inView, markersOnOwnLine });
          }),
        );
      }),
  );
}

describe("visitor opens a story and reads its first two parts", () => {
  for (const { name, viewport } of VIEWPORTS) {
    test(`on a ${name} (${viewport.width}×${viewport.height})`, async () => {
      await withPage({ viewport, baseURL: server.url }, async (page) => {
        // Home: the popular story cards.
        const home = await page.goto("/");
        expect(home?.status()).toBe(200);
        expect(await h1(page)).not.toBe("");
        const popular = page.getByRole("list", { name: "Popular right now" });
        const hot = await hotStories(server.url, HOME_POPULAR_LIMIT);
        const cards = popular.getByRole("listitem");
        expect(await cards.count()).toBe(hot.length);
        // A carousel card is its cover and its title, in one link named by the title.
        const firstTitle = hot[0]?.title ?? "";
        expect(
          await cards.first().getByRole("link", { name: firstTitle, exact: true }).count(),
        ).toBe(1);
        await expectNoHorizontalOverflow(page, viewport.width);
        await expectNoAxeViolations(page, "the home page");

        // Pick the story: by its card when the home page shows it, else by its address.
        const card = popular.getByRole("link", { name: story.title, exact: true });
        if ((await card.count()) > 0) {
          // A card opens the story's preview; More details leads on to the story page.
          await card.first().click();
          const preview = page.getByRole("dialog", { name: story.title });
          await preview.waitFor();
          await expectNoAxeViolations(page, "the story preview");
          await preview.getByRole("link", { name: "More details", exact: true }).click();
          await page.waitForURL(`${server.url}/story/${story.id}`);
        } else {
          const response = await page.goto(story.url);
          expect(response?.status()).toBe(200);
        }

        // Story page.
        await expectStoryPage(page);
        await expectNoHorizontalOverflow(page, viewport.width);
        await expectNoAxeViolations(page, "the story page");

        // Part 1.
        await page.getByRole("link", { name: "Start reading", exact: true }).click();
        await expectPartPage(page, 1);
        await expectNoHorizontalOverflow(page, viewport.width);
        await expectNoAxeViolations(page, "part 1");

        // Part 2.
        await page.getByRole("link", { name: "Continue to next part", exact: true }).click();
        await expectPartPage(page, 2);
        await expectNoHorizontalOverflow(page, viewport.width);
        await expectNoAxeViolations(page, "part 2");
      });
    });

    test(`the text does not move as the paragraph markers arrive on a ${name}`, async () => {
      // Only what moves within the window counts as a shift: the window holds the whole text.
      const tall = { width: viewport.width, height: 4000 };
      await withPage({ viewport: tall, baseURL: server.url }, async (page) => {
        let ownLine = 0;
        for (const part of story.parts.slice(0, 2)) {
          const { shift, inView, markersOnOwnLine } = await openPartMeasuringText(page, part.id);
          expect(inView, `part ${part.id}'s text within the window`).toBe(true);
          expect(shift, `the layout shift inside part ${part.id}'s text`).toBe(0);
          ownLine += markersOnOwnLine;
        }
        // Checked on a paragraph whose marker does not fit on its last line.
        expect(ownLine).toBeGreaterThan(0);
      });
    });

    test(`with the keyboard only on a ${name}`, async () => {
      await withPage({ viewport, baseURL: server.url }, async (page) => {
        await page.goto(story.url);
        await expectStoryPage(page);
        // Fresh focus: checking the page may have pressed See all.
        await page.reload();

        // The first Tab lands on the skip link, shown on screen while it has focus.
        await page.keyboard.press("Tab");
        const skip = page.getByRole("link", { name: "Skip to content", exact: true });
        expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
        const box = await skip.boundingBox();
        expect(box, "the focused skip link has a box").not.toBeNull();
        expect(box?.y ?? -1).toBeGreaterThanOrEqual(0);
        expect(await smallTargets(skip)).toEqual([]);

        // Tab on until "Start reading" has focus.
        const startReading = page.getByRole("link", { name: "Start reading", exact: true });
        const visited: string[] = [];
        let reached = false;
        for (let press = 0; press < 60 && !reached; press++) {
          await page.keyboard.press("Tab");
          reached = await startReading.evaluate((el) => el === document.activeElement);
          if (!reached) {
            visited.push(
              await page.evaluate(() => {
                const el = document.activeElement;
                const label = el?.getAttribute("aria-label") ?? el?.textContent ?? "";
                return `${el?.tagName.toLowerCase()} "${label.trim().slice(0, 40)}"`;
              }),
            );
          }
        }
        expect(
          reached,
          `Tab never reached "Start reading"; focus went: ${visited.join(" → ")}`,
        ).toBe(true);

        await page.keyboard.press("Enter");
        await expectPartPage(page, 1);
      });
    });
  }

  test("in the dark colour scheme, story and part pages pass axe", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url, colorScheme: "dark" }, async (page) => {
      await page.goto(story.url);
      await expectStoryPage(page);
      // The dark palette is really in use (a dark page background).
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      const channels = (background.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
      expect(channels).toHaveLength(3);
      expect(Math.max(...channels), `body background ${background}`).toBeLessThan(96);
      await expectNoAxeViolations(page, "the story page (dark)");

      await page.getByRole("link", { name: "Start reading", exact: true }).click();
      await expectPartPage(page, 1);
      await expectNoAxeViolations(page, "part 1 (dark)");
    });
  });

  test("the story page is complete in the HTML the server sends", async () => {
    const response = await fetch(`${server.url}${story.url}`, {
      headers: { accept: "text/html" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await response.text();

    const heading = html.match(/<h1\b[^>]*>([\s\S]*?)<\/h1>/);
    expect(heading, "an <h1> in the server's HTML").not.toBeNull();
    expect(htmlToText(heading?.[1] ?? "")).toBe(squash(story.title));

    // Scripts (the hydration data repeats everything) are left out: only rendered markup counts.
    const visibleText = htmlToText(html);
    for (const paragraph of story.description.split(/\n+/).filter((line) => line.trim())) {
      expect(visibleText).toContain(squash(paragraph));
    }
    expect(visibleText).toContain("Table of contents");
    for (const part of story.parts) {
      expect(visibleText).toContain(squash(part.title));
    }
  });
});

/** Counts as the markers show them: the widest each unit of the count rule gives. */
const WIDE_COUNTS = [
  { count: 1_234, shown: "1.2K" },
  { count: 88_888, shown: "88.8K" },
  { count: 999_999, shown: "999K" },
  { count: 88_888_888, shown: "88.8M" },
] as const;

describe("a paragraph's comment marker with a count in the thousands", () => {
  for (const { name, viewport } of VIEWPORTS) {
    test(`stays within its paragraph's room at the largest text on a ${name}`, async () => {
      await withPage({ viewport, baseURL: server.url }, async (page, context) => {
        const part = story.parts[0];
        if (!part) throw new Error("The story has no parts");
        // The largest of the reader's sizes, in a browser whose own text is 20 px.
        const settings = { ...DEFAULT_READER_SETTINGS, fontSize: "xlarge" } as const;
        await context.addCookies([
          {
            name: READER_SETTINGS_COOKIE,
            value: serializeReaderSettings(settings),
            url: server.url,
          },
        ]);
        const cdp = await context.newCDPSession(page);
        await cdp.send("Page.setFontSizes", { fontSizes: { standard: 20 } });
        const paragraphs = page.locator(".reader__text p[data-p-id]");
        await page.route(
          `**/v5/comments/namespaces/parts/resources/${part.id}/paragraphs`,
          async (route) => {
            const ids = await paragraphs.evaluateAll((found) =>
              found.map((p) => (p as HTMLElement).dataset.pId ?? ""),
            );
            const counts = ids.map((id, index) => [
              id,
              WIDE_COUNTS[index % WIDE_COUNTS.length]?.count,
            ]);
            await route.fulfill({ json: { paragraphs: Object.fromEntries(counts) } });
          },
        );
        await page.goto(part.url);
        const markers = page.locator(".reader__text .paragraph-marker--active");
        await expect.poll(() => markers.count()).toBe(await paragraphs.count());
        await nextFrames(page);

        const shown = await markers.evaluateAll((found) => found.map((m) => m.textContent));
        expect(shown).toEqual(
          shown.map((_, index) => WIDE_COUNTS[index % WIDE_COUNTS.length]?.shown),
        );
        const misplaced = await paragraphs.evaluateAll((found) =>
          found.flatMap((paragraph) => {
            const host = paragraph.querySelector(".paragraph-marker-host");
            const marker = host?.querySelector(".paragraph-marker");
            if (!host || !marker) return [`paragraph ${paragraph.dataset.pId} has no marker`];
            const room = host.getBoundingClientRect();
            const box = marker.getBoundingClientRect();
            const bounds = paragraph.getBoundingClientRect();
            // The paragraph's own text: everything before the marker's room.
            const text = document.createRange();
            text.selectNodeContents(paragraph);
            text.setEndBefore(host);
            const overlaps = [...text.getClientRects()].some(
              (line) =>
                line.width > 0 &&
                line.left < box.right &&
                box.left < line.right &&
                line.top < box.bottom &&
                box.top < line.bottom,
            );
            const label = `"${marker.textContent}" on paragraph ${paragraph.dataset.pId}`;
            return [
              ...(box.left < room.left || box.right > room.right
                ? [`${label} leaves its room`]
                : []),
              ...(room.right > bounds.right ? [`${label} has its room outside the paragraph`] : []),
              ...(overlaps ? [`${label} overlaps the text`] : []),
            ];
          }),
        );
        expect(misplaced).toEqual([]);
      });
    });
  }
});

/** Whether the reader sees `target` at its middle: in the window, and nothing drawn over it. */
const seenAtMiddle = (target: Locator) =>
  target.evaluate((node) => {
    const box = node.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    const inWindow = y >= 0 && y <= window.innerHeight && x >= 0 && x <= window.innerWidth;
    return inWindow && node.contains(document.elementFromPoint(x, y));
  });

describe("reading settings on a phone", () => {
  test("show each choice on the part's opening words, kept in sight above the choices", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      const part = story.parts[0];
      if (!part) throw new Error("The story has no parts");
      await page.goto(part.url);
      const text = page.locator(".reader__text p[data-p-id]").first();
      const opening = await paragraphWords(text);
      const button = page.getByRole("button", { name: "Reading settings" });
      await button.click();
      const settings = page.getByRole("dialog", { name: "Reading settings" });
      // The part's text is below the sheet: its opening words are in the sheet, at its top.
      expect(await seenAtMiddle(text)).toBe(false);
      const preview = settings.locator(".reader-settings__preview");
      const shown = squash(await preview.textContent());
      expect(shown.endsWith("…")).toBe(true);
      expect(opening.startsWith(shown.slice(0, -1))).toBe(true);
      expect(await seenAtMiddle(preview)).toBe(true);
      await expectNoAxeViolations(page, "the reading settings at 360 px");

      // Each choice shows at once on those words, as the text behind will read.
      const looks = (target: Locator) =>
        target.evaluate((node) => {
          const { fontSize, lineHeight } = getComputedStyle(node);
          return { fontSize, lineHeight, height: node.getBoundingClientRect().height };
        });
      const before = await looks(preview);
      await settings.getByText("Extra large", { exact: true }).click();
      const larger = await looks(preview);
      expect(larger.fontSize).toBe((await looks(text)).fontSize);
      expect(Number.parseFloat(larger.fontSize)).toBeGreaterThan(
        Number.parseFloat(before.fontSize),
      );
      expect(larger.height).toBeGreaterThan(before.height);
      await settings.getByText("Relaxed", { exact: true }).click();
      const relaxed = await looks(preview);
      expect(relaxed.lineHeight).toBe((await looks(text)).lineHeight);
      expect(relaxed.height).toBeGreaterThan(larger.height);

      // The last theme, scrolled to, leaves the words where they were, still in sight.
      const where = await preview.boundingBox();
      await settings.getByText("Sage", { exact: true }).scrollIntoViewIfNeeded();
      expect(await seenAtMiddle(settings.getByText("Sage", { exact: true }))).toBe(true);
      expect(await preview.boundingBox()).toEqual(where);
      expect(await seenAtMiddle(preview)).toBe(true);

      await page.keyboard.press("Escape");
      await expect.poll(() => settings.count()).toBe(0);
      expect(await button.evaluate((node) => node === document.activeElement)).toBe(true);
    });
  });
});

describe("reader settings that fail to save", () => {
  test("say so each time, in the dialog's alert region, and go back to what was saved", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      const part = story.parts[0];
      if (!part) throw new Error("The story has no parts");
      await logInAt(page, "demo_reader", part.url);
      await page.route("**/api/v3/users/me/reader-settings", (route) =>
        route.fulfill({ status: 500, body: "{}" }),
      );
      await page.getByRole("button", { name: "Reading settings" }).click();
      const settings = page.getByRole("dialog", { name: "Reading settings" });
      const alert = settings.getByRole("alert");
      expect(await alert.textContent()).toBe("");
      const said = await recordSpeech(alert);
      const failure = "Your settings couldn't be saved. Please try again.";
      const large = settings.getByRole("radio", { name: "Large", exact: true });
      await settings.getByText("Large", { exact: true }).click();
      await expect.poll(said).toBe(`said: [${failure}]`);
      expect(await large.isChecked()).toBe(false);
      // The same failure again is said again: the region empties as the save goes out.
      await settings.getByText("Large", { exact: true }).click();
      await expect.poll(said).toBe(`said: [${failure}] [] [${failure}]`);
    });
  });
});

describe("a modal whose title wraps on a phone", () => {
  test("spaces its title as a one-line title is, its close button beside the first line", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      const part = story.parts[0];
      if (!part) throw new Error("The story has no parts");
      await page.goto(part.url);
      await page.getByRole("button", { name: "Reading settings" }).click();
      const settings = page.getByRole("dialog", { name: "Reading settings" });
      const oneLine = await titleSpacing(settings);
      expect(oneLine.lines).toBe(1);
      await page.keyboard.press("Escape");
      await expect.poll(() => settings.count()).toBe(0);

      // A visitor's vote asks them to sign up, under a title of four lines at 360 px.
      await page.getByRole("button", { name: /^Vote/ }).click();
      const gate = page.getByRole("dialog", {
        name: "Sign up to comment and interact with the largest storytelling community",
      });
      const wrapped = await titleSpacing(gate);
      expect(wrapped.lines).toBe(4);
      expect({ ...wrapped, lines: 1 }).toEqual(oneLine);
    });
  });
});

/** The colour the reader sees at the middle of `target`, as "rgb(r, g, b)". */
async function colourAtCentre(page: Page, target: Locator): Promise<string> {
  const png = (await target.screenshot()).toString("base64");
  return page.evaluate(async (data) => {
    const image = new Image();
    image.src = `data:image/png;base64,${data}`;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no 2d canvas");
    context.drawImage(image, 0, 0);
    const [r, g, b] = context.getImageData(image.width >> 1, image.height >> 1, 1, 1).data;
    return `rgb(${r}, ${g}, ${b})`;
  }, png);
}

describe("a signed-in reader votes for a part", () => {
  test("the star fills in the button's colour once voted, and empties again", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      const part = story.parts[0];
      if (!part) throw new Error("The story has no parts");
      await logInAt(page, "demo_reader", part.url);
      const vote = page.getByRole("button", { name: /^Vote/ });
      const star = page.locator(".vote-button svg");
      const colours = () =>
        vote.evaluate((button) => ({
          background: getComputedStyle(button).backgroundColor,
          text: getComputedStyle(button).color,
        }));

      const before = await colours();
      expect(await colourAtCentre(page, star)).toBe(before.background);

      await vote.click();
      const voted = page.getByRole("button", { name: /^Voted/ });
      await voted.waitFor();
      const after = await colours();
      expect(await colourAtCentre(page, star)).toBe(after.text);

      await voted.click();
      await vote.waitFor();
      expect(await colourAtCentre(page, star)).toBe((await colours()).background);
    });
  });
});
