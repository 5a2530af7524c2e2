import { truncate } from "@inkwell/shared";
import type { Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import {
  DESKTOP,
  expectNoAxeViolations,
  focusHydrated,
  logInAt,
  PHONE,
  recordSpeech,
  useBrowser,
  wheelToRest,
} from "./support/browser.ts";
import { hotStories } from "./support/catalogue.ts";
import { useServer } from "./support/server.ts";
import { fillSignup } from "./support/sign-up.ts";

const server = useServer();
const browser = useBrowser();
const { withPage } = browser;

async function signIn(page: Page, nextUrl: string) {
  await logInAt(page, "demo_reader", nextUrl);
}

/** A JSON call from the page, as its own scripts make them (same origin, its cookies). */
function post(page: Page, path: string, body: unknown) {
  return page.evaluate(
    async ([url, payload]) => {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(payload),
      });
      return response.status;
    },
    [path, body] as const,
  );
}

/** The most read story the page's reader may see, with its first part. */
function hotStory(page: Page) {
  return page.evaluate(async () => {
    const response = await fetch("/api/v3/stories?filter=hot&limit=1");
    const [story] = (
      (await response.json()) as {
        stories: { id: number; title: string; numParts: number; firstPartId: number }[];
      }
    ).stories;
    if (!story) throw new Error("the catalogue has a hot story");
    return story;
  });
}

/** How many of a list's items show, counting a cut one by the share of it that shows. */
const storiesShown = (list: Locator) =>
  list.evaluate((element) => {
    const box = element.getBoundingClientRect();
    let shown = 0;
    for (const item of element.children) {
      const rect = item.getBoundingClientRect();
      const inside = Math.min(rect.right, box.right) - Math.max(rect.left, box.left);
      if (inside > 0) shown += inside / rect.width;
    }
    return Math.round(shown * 100) / 100;
  });

/** The slide of the featured carousel that is showing (the others are hidden). */
const currentSlide = (page: Page) =>
  page.locator(".featured__slide:not([aria-hidden='true'])").first().getAttribute("aria-label");

describe("the landing page, sign-up, genre onboarding and the home feed", () => {
  test("a visitor lands, signs up from the hero, picks three genres and gets a feed of them", async () => {
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await page.goto("/");
      await page.getByRole("heading", { level: 1, name: "Where stories live" }).waitFor();
      for (const figure of ["85 million", "50+", "1000+"]) {
        expect(
          await page.getByRole("list", { name: "Inkwell in numbers" }).textContent(),
        ).toContain(figure);
      }
      for (const heading of ["How Inkwell works", "Writers on Inkwell", "Get Discovered"]) {
        expect(await page.getByRole("heading", { name: heading }).isVisible()).toBe(true);
      }
      const header = page.getByRole("banner");
      expect(await header.getByRole("link", { name: "Writer Opportunities" }).isVisible()).toBe(
        true,
      );
      await header.getByText("Browse").click();
      expect(
        await header.getByRole("link", { name: "Inkwell Picks" }).getAttribute("href"),
      ).toMatch(/^\/featured\/\d+$/);
      await expectNoAxeViolations(page, "the landing page at 1280 px");

      // The quotes wrap around from the first back to the last.
      const quotes = page.getByRole("region", { name: "Writers on Inkwell" });
      await quotes.getByRole("button", { name: "Previous quote" }).click();
      expect(await quotes.getByRole("figure").getAttribute("aria-label")).toBe("Quote 3 of 3");

      // The closing Start Writing opens log in; the top one the sign-up modal.
      expect(
        await page.getByRole("link", { name: "Start Writing" }).last().getAttribute("href"),
      ).toBe("/login?nextUrl=%2Fmyworks");
      await page.setViewportSize(PHONE);
      await expectNoAxeViolations(page, "the landing page at 360 px");
      await page.getByRole("link", { name: "Start Reading" }).first().click();
      const modal = page.getByRole("dialog", { name: "Join Inkwell" });
      await modal.waitFor();
      await expectNoAxeViolations(page, "the sign-up modal at 360 px");
      await modal.getByRole("link", { name: "Sign up with email" }).click();
      await page.waitForURL(`${server.url}/signup?source=reader_top`);

      await fillSignup(page, "genre_picker", true);
      await page.getByRole("button", { name: "Sign up with email" }).click();
      await page.waitForURL(`${server.url}/home`);
      const welcome = page.getByRole("region", { name: "Welcome to Inkwell" });
      await welcome.getByRole("link", { name: "Get started" }).click();
      await page.waitForURL(`${server.url}/start/writerjourney`);
      await page.getByRole("button", { name: "Reader" }).click();
      await page.waitForURL(`${server.url}/start/genres`);
      for (const genre of ["Horror", "Poetry", "Humor"]) {
        await page.getByRole("button", { name: genre }).click();
      }
      await page.getByRole("button", { name: "Finish" }).click();
      await page.waitForURL(`${server.url}/start/success`);
      await page.getByRole("link", { name: "Start reading" }).click();
      await page.waitForURL(`${server.url}/home`);
      // The account remembers the landing page's button it came from.
      expect(
        await page.evaluate(async () => {
          const response = await fetch("/api/v3/internal/current_user");
          return ((await response.json()) as { signupSource: string | null }).signupSource;
        }),
      ).toBe("reader_top");

      // The first genre leads with a hero; the other two follow as rows.
      const hero = page.getByRole("region", { name: "Top picks in Horror" });
      await hero.getByRole("article").first().waitFor();
      // Onboarded, the feed welcomes no more.
      expect(await welcome.count()).toBe(0);
      expect(await page.getByRole("heading", { name: "Top picks in Poetry" }).isVisible()).toBe(
        true,
      );
      expect(await page.getByRole("heading", { name: "Top picks in Humor" }).count()).toBe(1);
      expect(await page.getByRole("link", { name: /Try Premium/ }).isVisible()).toBe(true);
      await page.setViewportSize(DESKTOP);
      expect(await page.getByRole("link", { name: /Try Premium/ }).isVisible()).toBe(false);
    });
  });

  test("a screen reader hears each popular story's card once: its title, not its cover too", async () => {
    const hot = await hotStories(server.url);
    for (const viewport of [PHONE, DESKTOP]) {
      await withPage({ viewport, baseURL: server.url }, async (page) => {
        await page.goto("/");
        const popular = page.getByRole("list", { name: "Popular right now" });
        expect(await popular.getByRole("link").count()).toBe(hot.length);
        // The cover sits in the card's link beside the title: read, it said the title twice.
        expect(await popular.getByRole("img").count()).toBe(0);
        for (const story of hot) {
          expect(await popular.getByRole("link", { name: story.title, exact: true }).count()).toBe(
            1,
          );
        }
      });
    }
  });

  test("a reader's feed loads more on scroll, remembers it and the place on Back, and continues reading from the strip", async () => {
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await signIn(page, "/home");
      // The tab names the feed, not the visitors' landing page.
      expect(await page.title()).toBe("Your home · Inkwell");
      const hot = await hotStory(page);
      expect(
        await post(page, "/v5/users/demo_reader/content-settings", {
          preferredTags: ["romance", "fantasy", "mystery"],
        }),
      ).toBe(200);
      expect(
        await post(page, "/apiv2/syncreadingposition", {
          story_id: hot.id,
          part_id: hot.firstPartId,
          position: 0.5,
        }),
      ).toBe(200);

      await page.goto("/home");
      await page.getByRole("heading", { name: "Top picks in Romance" }).waitFor();
      // Five sections first: the genre links come last, and the page as sent carries no
      // section past the five, not even in its data; the feed fetches them as they near.
      expect(await page.getByRole("heading", { name: "Browse genres" }).count()).toBe(0);
      expect((await (await page.request.get("/home")).text()).includes("Browse genres")).toBe(
        false,
      );
      await expectNoAxeViolations(page, "the home feed at 1280 px");

      const strip = page.locator(".continue-strip");
      for (
        let i = 0;
        i < 6 && (await page.getByRole("heading", { name: "Browse genres" }).count()) === 0;
        i++
      ) {
        await page.mouse.wheel(0, 3000);
        await page.waitForTimeout(400);
      }
      await page.getByRole("heading", { name: "Browse genres" }).waitFor();
      // The picks row offers Premium as the picks banner does everywhere (reader.md §2).
      const picks = page.getByRole("region", { name: "Premium Picks" });
      expect(
        await picks
          .getByText("Any Premium or Premium+ plan gives you access to 5 Originals a month.")
          .isVisible(),
      ).toBe(true);
      expect(await picks.getByRole("link", { name: "Subscribe now" }).getAttribute("href")).toBe(
        "/premium",
      );
      // Scrolling down put the strip away; scrolling up brings it back.
      await page.waitForFunction(() =>
        document.querySelector(".continue-strip")?.classList.contains("continue-strip--hidden"),
      );
      await page.mouse.wheel(0, -400);
      await page.waitForFunction(
        () =>
          !document.querySelector(".continue-strip")?.classList.contains("continue-strip--hidden"),
      );
      await strip.waitFor({ state: "visible" });

      // Back to the feed from a page opened on it, the sections loaded before are there
      // again and the reader is where they were, not where the first five ended.
      const left = await wheelToRest(page, 1500, 3000);
      await page.goto("/search");
      await page.goBack();
      await page.getByRole("heading", { name: "Browse genres" }).waitFor();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(left);

      // Opened again in this tab, the feed shows the sections loaded before, from the top.
      await page.goto("/search");
      await page.goto("/home");
      await page.getByRole("heading", { name: "Browse genres" }).waitFor();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);

      await page.setViewportSize(PHONE);
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectNoAxeViolations(page, "the home feed at 360 px");
      // Title and place, which only style sets apart, are read with a pause between them.
      await page
        .getByRole("list", { name: "Continue reading" })
        .getByRole("link", { name: `${hot.title}, Part 1 of ${hot.numParts}`, exact: true })
        .click();
      await page.waitForURL(`${server.url}/${hot.firstPartId}`);
    });
  });

  test("sections past the first five that fail to load say so, and Load more tries again", async () => {
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await signIn(page, "/home");
      const feed = "**/v5/home?*";
      await page.route(feed, (route) => route.abort("internetdisconnected"));
      await page.goto("/home");
      const sections = page.locator(".home-feed > .home-section");
      const first = await sections.count();
      const more = page.getByRole("button", { name: "Load more", exact: true });
      await more.click();
      const failure = page
        .getByRole("alert")
        .filter({ hasText: "More sections could not be loaded. Press Load more to try again." });
      await failure.waitFor();
      expect(await sections.count()).toBe(first);
      await page.unroute(feed);
      // Pressed by keyboard, Load more hands focus to the first section it added.
      const labels = () =>
        page
          .locator('.home-feed > [aria-labelledby^="home-section-"]')
          .evaluateAll((all) => all.map((section) => section.getAttribute("aria-labelledby")));
      const before = await labels();
      await more.focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => sections.count()).toBeGreaterThan(first);
      expect(await failure.count()).toBe(0);
      const added = (await labels()).filter((label) => !before.includes(label));
      expect(added.length).toBeGreaterThan(0);
      await expect
        .poll(() =>
          page.evaluate(() =>
            document.activeElement?.tagName === "A"
              ? document.activeElement
                  .closest('.home-feed > [aria-labelledby^="home-section-"]')
                  ?.getAttribute("aria-labelledby")
              : null,
          ),
        )
        .toBe(added[0]);
    });
  });

  test("the featured carousel wraps, autoplays on desktop once seen and pauses on hover", async () => {
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      // The page's own clock, run on by the test: 5.5 s steps without waiting them out.
      await page.clock.install();
      await signIn(page, "/home");
      const carousel = page.getByRole("region", { name: "Featured lists" });
      await carousel.waitFor();
      const count = await carousel.locator(".featured__slide").count();
      expect(count).toBeGreaterThan(1);
      expect(await currentSlide(page)).toBe(`1 of ${count}`);
      // The first slide's cover is the first thing a reader sees: it does not wait its turn.
      const images = carousel.locator(".featured__image");
      expect(
        await images.evaluateAll((all) =>
          all
            .slice(0, 2)
            .map((image) => [image.getAttribute("loading"), image.getAttribute("fetchpriority")]),
        ),
      ).toEqual([
        ["eager", "high"],
        ["lazy", "auto"],
      ]);
      await expectNoAxeViolations(page, "the featured carousel at 1280 px");

      // It moves on by itself after 5.5 s…
      await page.clock.runFor(5600);
      await expect.poll(() => currentSlide(page)).toBe(`2 of ${count}`);
      // …but not while a slide is hovered.
      await carousel.locator(".featured__slide:not([aria-hidden='true']) a").hover();
      await page.clock.runFor(6500);
      expect(await currentSlide(page)).toBe(`2 of ${count}`);

      await carousel.getByRole("button", { name: "Pause slides" }).click();
      await carousel.getByRole("button", { name: "Previous slide" }).click();
      await carousel.getByRole("button", { name: "Previous slide" }).click();
      expect(await currentSlide(page)).toBe(`${count} of ${count}`);
      await carousel.getByRole("button", { name: "Next slide" }).click();
      expect(await currentSlide(page)).toBe(`1 of ${count}`);

      const link = carousel.locator(".featured__slide:not([aria-hidden='true']) a");
      const href = (await link.getAttribute("href")) ?? "";
      expect(href).toMatch(/^\/featured\/\d+$/);
      await link.click();
      await page.waitForURL(`${server.url}${href}`);
      await page.getByText("Featured list").waitFor();
      expect(
        await page
          .getByRole("list", { name: "Stories in this list" })
          .getByRole("listitem")
          .count(),
      ).toBeGreaterThan(0);

      await page.setViewportSize(PHONE);
      await page.goto("/home");
      await carousel.waitFor();
      await expectNoAxeViolations(page, "the featured carousel at 360 px");
      // No autoplay on phones.
      await page.clock.runFor(6500);
      expect(await currentSlide(page)).toBe(`1 of ${count}`);
    });
  });

  test("story carousels show 5, 2.5, 3.5 or 3 stories a row before any script, and arrows move a row", async () => {
    // The server's HTML and the CSS alone size the rows: no script runs in this context.
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      for (const [width, shown] of [
        [1280, 5],
        [961, 5],
        [960, 2.5],
        [576, 2.5],
        [575, 3.5],
        [361, 3.5],
        [360, 3],
      ] as const) {
        await page.setViewportSize({ width, height: 800 });
        if (page.url() === "about:blank") await page.goto(`${server.url}/`);
        const popular = page.getByRole("list", { name: "Popular right now" });
        expect(await storiesShown(popular), `stories shown at ${width} px`).toBe(shown);
      }
    } finally {
      await context.close();
    }

    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      // A carousel's preview cuts the description at 200 characters (reader.md §2).
      await page.goto("/");
      const cards = page.getByRole("list", { name: "Popular right now" }).getByRole("link");
      let checked = false;
      for (let i = 0; i < (await cards.count()) && !checked; i++) {
        const href = (await cards.nth(i).getAttribute("href")) ?? "";
        const id = /\/story\/(\d+)/.exec(href)?.[1];
        const answer = await page.request.get(`/api/v3/stories/${id}?fields=description`);
        const { description } = (await answer.json()) as { description: string };
        if (description.length <= 200) continue;
        await cards.nth(i).click();
        const shown = page.getByRole("dialog").locator(".preview__description");
        expect(await shown.textContent()).toBe(truncate(description, 200));
        checked = true;
      }
      expect(checked, "a popular story with a description over 200 characters").toBe(true);
    });

    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await page.goto("/");
      const section = page.getByRole("region", { name: "Popular right now" });
      const list = section.getByRole("list", { name: "Popular right now" });
      const previous = section.getByRole("button", { name: "Previous stories" });
      const next = section.getByRole("button", { name: "Next stories" });
      const count = await list.getByRole("listitem").count();
      expect(count).toBeGreaterThan(5);
      expect(await previous.isDisabled()).toBe(true);
      // The arrows need the page's scripts: Next is on once they run.
      await expect.poll(() => next.isDisabled()).toBe(false);
      await expectNoAxeViolations(page, "a story carousel with arrows at 1280 px");

      // From the keyboard: Next moves on by the five stories a row shows.
      const firstShown = () =>
        list.evaluate((element) => {
          const left = element.getBoundingClientRect().left;
          return [...element.children].findIndex(
            (item) => Math.abs(item.getBoundingClientRect().left - left) < 2,
          );
        });
      await focusHydrated(next);
      await page.keyboard.press("Enter");
      await expect.poll(firstShown).toBe(5);
      expect(await previous.isDisabled()).toBe(false);
      // At the end Next is off, and keeps the focus.
      for (let press = 0; press < count && !(await next.isDisabled()); press++) {
        await page.keyboard.press("Enter");
        await page.waitForTimeout(600);
      }
      expect(await next.isDisabled()).toBe(true);
      expect(await next.evaluate((button) => button === document.activeElement)).toBe(true);
      expect(await storiesShown(list)).toBe(5);
      await previous.click();
      await expect.poll(firstShown).toBe(count - 10);

      // A story still opens its preview.
      await list.getByRole("link").first().click();
      await page.getByRole("dialog").getByRole("link", { name: "More details" }).waitFor();
    });
  });

  test("on a wide screen a section's buttons, its carousel and its arrows end in line", async () => {
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await signIn(page, "/home");
      await page.getByRole("heading", { level: 2 }).first().waitFor();
      // Further down once the reader has picked genres (an earlier test): load until it shows.
      const originals = page.getByRole("region", { name: "Inkwell Originals" });
      for (let i = 0; i < 8 && (await originals.count()) === 0; i++) {
        await page.mouse.wheel(0, 2000);
        await page.waitForTimeout(300);
      }
      await originals.scrollIntoViewIfNeeded();
      const rightEdge = (box: { x: number; width: number } | null) =>
        box ? Math.round(box.x + box.width) : Number.NaN;
      const seeAll = rightEdge(
        await originals.getByRole("link", { name: "See all: Inkwell Originals" }).boundingBox(),
      );
      const next = rightEdge(
        await originals.getByRole("button", { name: "Next stories" }).boundingBox(),
      );
      const stories = rightEdge(await originals.getByRole("list").first().boundingBox());
      expect(Math.abs(seeAll - next)).toBeLessThanOrEqual(1);
      expect(Math.abs(seeAll - stories)).toBeLessThanOrEqual(1);
    });
  });

  test("a sponsored story's impression and click URLs get one GET each", async () => {
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await signIn(page, "/home");
      const tracked: string[] = [];
      page.on("request", (request) => {
        const path = new URL(request.url()).pathname;
        if (path.startsWith("/v5/promotions/")) tracked.push(path);
      });
      await page.getByRole("heading", { name: "Top picks in Romance" }).waitFor();
      const sponsored = page.getByRole("list", { name: "Sponsored stories" });
      for (let i = 0; i < 8 && (await sponsored.count()) === 0; i++) {
        await page.mouse.wheel(0, 2000);
        await page.waitForTimeout(300);
      }
      await sponsored.scrollIntoViewIfNeeded();
      await expect.poll(() => tracked.filter((p) => p.endsWith("/impression")).length).toBe(1);
      expect(await sponsored.getByText("Sponsored by Moonlit Press").isVisible()).toBe(true);
      await page.mouse.wheel(0, -3000);
      await page.waitForTimeout(300);
      await sponsored.scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
      expect(tracked.filter((p) => p.endsWith("/impression"))).toHaveLength(1);

      await sponsored.getByRole("link").first().click();
      await page.waitForURL(/\/story\/\d+/);
      expect(tracked.filter((p) => p.endsWith("/click"))).toHaveLength(1);
    });
  });

  test("onboarding takes at most three genres, then goes to All done, its extras and home", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await signIn(page, "/start/genres");
      await page.getByRole("heading", { level: 1, name: /^Hi, / }).waitFor();
      const finish = page.getByRole("button", { name: "Finish" });
      expect(await finish.isDisabled()).toBe(true);
      await expectNoAxeViolations(page, "genre onboarding at 360 px");

      for (const genre of ["Horror", "Poetry", "Humor"]) {
        await page.getByRole("button", { name: genre }).click();
      }
      // A fourth tile at the top of the list: the toast shows on the screen tapped.
      await page.getByRole("button", { name: "Romance" }).click();
      const toast = page.getByText("Oops, you can only select three genres. Try removing one");
      await toast.waitFor();
      const shown = await toast.boundingBox();
      expect(shown && shown.y >= 0 && shown.y + shown.height <= PHONE.height).toBe(true);
      expect(await page.getByRole("button", { name: "Romance" }).getAttribute("aria-pressed")).toBe(
        "false",
      );
      // A fifth tile refused is said again: the alert empties and takes the words back
      // (decision 087).
      const said = await recordSpeech(
        page.getByRole("alert").filter({ hasText: "only select three genres" }),
      );
      await page.getByRole("button", { name: "Fantasy" }).click();
      await expect
        .poll(said)
        .toBe(
          "said: [] [Oops, you can only select three genres. Try removing one before adding another]",
        );
      // Still under the finger (or pointer), the refused tile looks like the unchosen ones.
      const fill = (genre: string) =>
        page
          .getByRole("button", { name: genre })
          .evaluate((tile) => getComputedStyle(tile).backgroundColor);
      expect(await fill("Romance")).toBe(await fill("Fantasy"));
      expect(await fill("Romance")).not.toBe(await fill("Horror"));
      // A tile given back makes room for another.
      await page.getByRole("button", { name: "Humor" }).click();
      await page.getByRole("button", { name: "Thriller" }).click();
      expect(
        await page.getByRole("button", { name: "Thriller" }).getAttribute("aria-pressed"),
      ).toBe("true");

      await finish.focus();
      await page.keyboard.press("Enter");
      await page.waitForURL(`${server.url}/start/success`);
      await page.getByRole("heading", { name: "All done" }).waitFor();
      // The page changed without a load: focus, lost with Finish, lands on the new heading,
      // which a screen reader then reads out.
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("All done");

      // The buy-coins how-to: three steps, and the store links on a phone.
      await page.getByRole("button", { name: "How to buy Coins" }).click();
      const coins = page.getByRole("dialog", { name: "How to buy Coins" });
      expect(await coins.getByRole("listitem").count()).toBe(3);
      expect(await coins.getByRole("link", { name: "Download on the App Store" }).isVisible()).toBe(
        true,
      );
      await expectNoAxeViolations(page, "the buy-coins how-to at 360 px");
      await coins.getByRole("button", { name: "Got it" }).click();
      await page.getByRole("button", { name: "Inkwell merch" }).click();
      await page
        .getByRole("dialog", { name: "Inkwell merch" })
        .getByText("Sorry this product is in beta and only available on iOS at the moment.")
        .waitFor();
      await page
        .getByRole("dialog", { name: "Inkwell merch" })
        .getByRole("button", { name: "Got it" })
        .click();

      await page.getByRole("link", { name: "Start reading" }).click();
      await page.waitForURL(`${server.url}/home`);
      await page.getByRole("heading", { name: "Top picks in Thriller" }).waitFor();
    });
  });
});
