import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import {
  expectNoAxeViolations,
  logInAt,
  nextFrames,
  PHONE,
  untilHydrated,
  useBrowser,
} from "./support/browser.ts";
import { type StoryFixture, type StoryListEntry, squash } from "./support/catalogue.ts";
import { useServer } from "./support/server.ts";
import { signUp, verifyEmail } from "./support/sign-up.ts";
import { writerStory } from "./support/works.ts";

const server = useServer();
const { withPage } = useBrowser();

/** A short story (2 to 4 parts), so the journey reads every part to the end. */
let story: StoryFixture & { completed: boolean };

beforeAll(async () => {
  const list = (await (
    await fetch(`${server.url}/api/v3/stories?filter=new&limit=100`)
  ).json()) as {
    stories: StoryListEntry[];
  };
  const entry = list.stories.find(
    (candidate) => candidate.numParts >= 2 && candidate.numParts <= 4,
  );
  if (!entry) throw new Error("No story with 2 to 4 parts among the newest 100");
  const response = await fetch(
    `${server.url}/api/v3/stories/${entry.id}?fields=id,title,url,description,numParts,parts,completed`,
  );
  story = await response.json();
});

const SEPIA_BACKGROUND = "rgb(244, 236, 216)";

async function signIn(page: Page, nextUrl: string) {
  await logInAt(page, "demo_reader", nextUrl);
}

/** The percentage the progress bar announces ("42% read"). */
async function percentRead(page: Page): Promise<number> {
  const bar = page.getByRole("progressbar", { name: "Reading progress" });
  const text = (await bar.getAttribute("aria-valuetext")) ?? "";
  const match = /^(\d+)% read$/.exec(text);
  expect(match, `progress text "${text}"`).not.toBeNull();
  return Number(match?.[1]);
}

async function partHeading(page: Page): Promise<string> {
  return squash(await page.getByRole("heading", { level: 1 }).textContent());
}

/** Waits for the page to save a position past `least` (the throttled save while scrolling). */
function positionSaved(page: Page, least: number) {
  return page.waitForResponse((response) => {
    if (!response.url().endsWith("/apiv2/syncreadingposition")) return false;
    if (response.request().method() !== "POST" || response.status() !== 200) return false;
    const body = JSON.parse(response.request().postData() ?? "{}") as { position?: number };
    return (body.position ?? 0) >= least;
  });
}

/**
 * A writer of their own publishes a story of three parts, each a line long: a part that fits
 * on one screen, which the demo catalogue does not have.
 */
async function shortPartsStory(): Promise<{ storyId: number; partIds: number[] }> {
  let storyId = 0;
  const partIds: number[] = [];
  await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
    storyId = await writerStory(page, server.dataDir, "short_part_writer", {
      title: "Notes in the Margin",
      description: "Three parts, each a line long.",
      tag: "notes",
    });
    for (const title of ["One", "Two", "Three"]) {
      const part = await page.request.post(`/v4/works/${storyId}/parts`, {
        data: { title, text: `<p>Part ${title}, in a line.</p>` },
      });
      const { id } = (await part.json()) as { id: number };
      expect((await page.request.post(`/v4/parts/${id}/publish`)).status()).toBe(200);
      partIds.push(id);
    }
  });
  return { storyId, partIds };
}

const LIBRARY_HINT = "Add this story to your Library to be notified when new parts are published.";
const IN_LIBRARY = "It's in your Library: you'll be notified when new parts are published.";

/** The last part's address of the newest free story that is not complete. */
async function lastPartOfAnOngoingStory(): Promise<string> {
  const list = (await (
    await fetch(
      `${server.url}/api/v3/stories?filter=new&limit=50&fields=stories(id,completed,isPaid)`,
    )
  ).json()) as { stories: { id: number; completed: boolean; isPaid: boolean }[] };
  const ongoing = list.stories.find((entry) => !entry.completed && !entry.isPaid);
  if (!ongoing) throw new Error("no free ongoing story among the newest 50");
  const { parts } = (await (
    await fetch(`${server.url}/api/v3/stories/${ongoing.id}?fields=parts(url)`)
  ).json()) as { parts: { url: string }[] };
  const last = parts.at(-1)?.url;
  if (!last) throw new Error("the story has no parts");
  return last;
}

describe("a signed-in reader reads a story to its end", () => {
  test("reads every part, votes (told when a vote fails), and sees the end message", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await signIn(page, story.url);
      const firstPart = story.parts[0];
      // A few seconds on the part count as a read: waited for from before the part opens, as
      // a busy machine could spend those seconds on the checks made on arrival.
      const read = page.waitForResponse(
        (response) => response.url().endsWith(`/api/v3/story_parts/${firstPart?.id}/reads`),
        { timeout: 15_000 },
      );
      await page.getByRole("link", { name: "Start reading", exact: true }).click();
      await page.waitForURL(`${server.url}${firstPart?.url}`);
      expect(await partHeading(page)).toBe(squash(firstPart?.title ?? ""));
      expect(await percentRead(page)).toBe(0);

      expect(await (await read).json()).toMatchObject({ counted: true });

      const vote = page.getByRole("button", { name: /^Vote\b/ });
      expect(await vote.getAttribute("aria-pressed")).toBe("false");
      // On a bad network a vote that fails says so, and the button is unpressed again.
      await page.route("**/votes", (route) => route.abort("internetdisconnected"));
      await vote.click();
      await page
        .getByRole("alert")
        .filter({ hasText: "Your vote was not saved. Please try again." })
        .waitFor();
      expect(await vote.getAttribute("aria-pressed")).toBe("false");
      await page.unroute("**/votes");
      // By keyboard: focus stays on the button while the vote saves and after, so a screen
      // reader hears it pressed and a second Enter could take the vote back.
      await vote.focus();
      await page.keyboard.press("Enter");
      const voted = page.getByRole("button", { name: /^Voted\b/ });
      await voted.waitFor();
      expect(await voted.getAttribute("aria-pressed")).toBe("true");
      await expect
        .poll(() =>
          voted.evaluate(
            (button) => button === document.activeElement && !button.hasAttribute("aria-disabled"),
          ),
        )
        .toBe(true);
      await expectNoAxeViolations(page, "part 1 after voting");

      for (const [index, part] of story.parts.entries()) {
        if (index === 0) continue;
        await page.getByRole("link", { name: "Continue to next part", exact: true }).click();
        await page.waitForURL(`${server.url}${part.url}`);
        expect(await partHeading(page)).toBe(squash(part.title));
        expect(
          await page
            .getByText(`Part ${index + 1} of ${story.numParts}`, { exact: true })
            .isVisible(),
        ).toBe(true);
      }

      expect(await page.getByRole("link", { name: "Continue to next part" }).count()).toBe(0);
      const end = story.completed
        ? "You've finished this story. Thank you for reading!"
        : "You've reached the end of published parts";
      expect(await page.getByText(end, { exact: true }).isVisible()).toBe(true);
    });
  });

  test("resumes where the reader left off, after a reload and from the story page", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      const part = story.parts[0];
      await signIn(page, part?.url ?? "/");

      // Scroll about 40% into the text.
      const saved = positionSaved(page, 0.2);
      const target = await page.evaluate(() => {
        const text = document.querySelector(".reader__text")?.getBoundingClientRect();
        if (!text) throw new Error("no part text");
        return text.top + window.scrollY + 0.4 * (text.height - window.innerHeight);
      });
      await page.mouse.wheel(0, target);
      await page.waitForFunction((y) => window.scrollY >= y - 2, target);
      await saved;
      const before = await percentRead(page);
      expect(before).toBeGreaterThanOrEqual(30);
      expect(before).toBeLessThanOrEqual(50);

      await page.reload();
      await page.waitForFunction(() => window.scrollY > 0);
      expect(Math.abs((await percentRead(page)) - before)).toBeLessThanOrEqual(2);

      // The story page offers to continue, and the part opens at the same place.
      await page.goto(story.url);
      const resume = page.getByRole("link", { name: "Continue reading", exact: true });
      expect(await resume.getAttribute("href")).toBe(part?.url);
      await resume.click();
      await page.waitForURL(`${server.url}${part?.url}`);
      await page.waitForFunction(() => window.scrollY > 0);
      expect(Math.abs((await percentRead(page)) - before)).toBeLessThanOrEqual(2);
    });
  });

  test("re-reading an earlier part keeps the furthest place until its text is read", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      const [first, last] = [story.parts[0], story.parts.at(-1)];
      if (!first || !last) throw new Error("the story has no parts");
      await signUp(page, "furthest_reader");
      const reachedLast = positionSaved(page, 0);
      await page.goto(last.url);
      const lastPlace = await (await reachedLast).json();
      expect(lastPlace.part).toBe(last.id);

      // Part 1 again, only opened: the story page still continues from the last part.
      const reopened = positionSaved(page, 0);
      await page.goto(first.url);
      expect(await (await reopened).json()).toEqual(lastPlace);
      await page.goto(story.url);
      const resume = page.getByRole("link", { name: "Continue reading", exact: true });
      expect(await resume.getAttribute("href")).toBe(last.url);

      // Reading on into part 1's text makes it the place to continue from.
      await page.goto(first.url);
      const readAgain = positionSaved(page, 0.1);
      await page.locator(".reader__text").evaluate((text) => {
        const box = text.getBoundingClientRect();
        window.scrollTo({ top: box.top + window.scrollY + box.height / 3, behavior: "instant" });
      });
      expect((await (await readAgain).json()).part).toBe(first.id);
      await page.goto(story.url);
      expect(await resume.getAttribute("href")).toBe(first.url);
    });
  });

  test("opening a short earlier part keeps the furthest place; a new reader's is its end", async () => {
    const { storyId, partIds } = await shortPartsStory();
    const [first, , last] = partIds;
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await signUp(page, "short_part_reader");
      // New to the story, the short first part is read whole as it opens: that is the place.
      const firstOpen = positionSaved(page, 1);
      await page.goto(`/${first}`);
      expect(await (await firstOpen).json()).toEqual({ part: first, position: "1.0" });
      expect(await percentRead(page)).toBe(100);
      await page.goto(`/story/${storyId}`);
      const resume = page.getByRole("link", { name: "Continue reading", exact: true });
      expect(await resume.getAttribute("href")).toBe(`/${first}`);

      const reachedLast = positionSaved(page, 1);
      await page.goto(`/${last}`);
      expect(await (await reachedLast).json()).toEqual({ part: last, position: "1.0" });

      // The short first part again, to look something up: the place stays in the last part.
      const reopened = positionSaved(page, 1);
      await page.goto(`/${first}`);
      expect(await (await reopened).json()).toEqual({ part: last, position: "1.0" });
      await page.goto(`/story/${storyId}`);
      expect(await resume.getAttribute("href")).toBe(`/${last}`);
    });
  });

  test("brings a reader who reached the end of a part's text back to that end", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      const part = story.parts.at(-1);
      await signIn(page, part?.url ?? "/");

      // Read to the end of the text and on into the comments below it.
      const saved = positionSaved(page, 1);
      await page.getByRole("region", { name: "Comments", exact: true }).scrollIntoViewIfNeeded();
      await saved;
      expect(await percentRead(page)).toBe(100);

      await page.goto(story.url);
      await page.getByRole("link", { name: "Continue reading", exact: true }).click();
      await page.waitForURL(`${server.url}${part?.url}`);
      await page.waitForFunction(() => window.scrollY > 0);
      expect(await percentRead(page)).toBe(100);
      // The text's last lines are on screen, and the place is still saved as the end.
      const lastLines = await page
        .locator(".reader__text")
        .evaluate((text) => text.getBoundingClientRect().bottom - window.innerHeight);
      expect(Math.abs(lastLines)).toBeLessThanOrEqual(1);
      const position = await page.request.get(`/apiv2/syncreadingposition?story_id=${story.id}`);
      expect(await position.json()).toEqual({ part: part?.id, position: "1.0" });
    });
  });

  test("keeps a sepia theme and a larger font, chosen by keyboard and pointer", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      const part = story.parts[1];
      await signIn(page, part?.url ?? "/");
      const text = page.locator(".reader__text");
      const fontSize = () =>
        text.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
      const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      const normalSize = await fontSize();

      await page.getByRole("button", { name: "Reading settings" }).click();
      const dialog = page.getByRole("dialog", { name: "Reading settings" });
      await dialog.waitFor();
      await expectNoAxeViolations(page, "the reading settings");

      // Font size by keyboard: arrow keys move the choice within the group.
      await dialog.getByRole("radio", { name: "Medium", exact: true }).focus();
      await page.keyboard.press("ArrowRight");
      expect(await dialog.getByRole("radio", { name: "Large", exact: true }).isChecked()).toBe(
        true,
      );
      // Theme by pointer, on the choice's label.
      await dialog.locator("label", { hasText: "Sepia" }).click();
      expect(await dialog.getByRole("radio", { name: "Sepia", exact: true }).isChecked()).toBe(
        true,
      );
      expect(await background()).toBe(SEPIA_BACKGROUND);

      // Arrowing on from the last free theme wraps to the first: the premium ones are not
      // among the choices, so no step swaps the dialog for the Premium explanation.
      await dialog.getByRole("radio", { name: "Sepia", exact: true }).focus();
      await page.keyboard.press("ArrowRight");
      expect(await dialog.getByRole("radio", { name: "Auto", exact: true }).isChecked()).toBe(true);
      await page.keyboard.press("ArrowLeft");
      expect(await dialog.getByRole("radio", { name: "Sepia", exact: true }).isChecked()).toBe(
        true,
      );
      expect(await dialog.isVisible()).toBe(true);

      // A premium theme explains Premium instead of applying, in place of the settings: one
      // modal at a time (§4).
      await dialog.getByRole("button", { name: "Midnight Premium" }).click();
      const premium = page.getByRole("dialog", { name: "Read in every theme with Premium" });
      await premium.waitFor();
      await dialog.waitFor({ state: "hidden" });
      await expectNoAxeViolations(page, "the Premium explanation");
      await premium.getByRole("button", { name: "Keep reading" }).click();
      await premium.waitFor({ state: "hidden" });
      await page.getByRole("button", { name: "Reading settings" }).click();
      expect(await dialog.getByRole("radio", { name: "Sepia", exact: true }).isChecked()).toBe(
        true,
      );
      expect(await background()).toBe(SEPIA_BACKGROUND);
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });

      const largeSize = await fontSize();
      expect(largeSize).toBeGreaterThan(normalSize);
      await expectNoAxeViolations(page, "the part in sepia");

      // The choice is kept on the account and applied in the server's HTML.
      await page.waitForLoadState("networkidle");
      await page.reload();
      expect(await background()).toBe(SEPIA_BACKGROUND);
      expect(await fontSize()).toBe(largeSize);
      await page.getByRole("button", { name: "Reading settings" }).click();
      expect(await dialog.getByRole("radio", { name: "Sepia", exact: true }).isChecked()).toBe(
        true,
      );
      expect(await dialog.getByRole("radio", { name: "Large", exact: true }).isChecked()).toBe(
        true,
      );
    });
  });

  test("keeps the paragraph at the top of the window there as the text's size changes", async () => {
    // A phone on its side: its short window makes a few screens of the short part's text.
    const sideways = { width: PHONE.height, height: PHONE.width };
    await withPage({ viewport: sideways, baseURL: server.url }, async (page) => {
      const part = story.parts[0];
      await signIn(page, part?.url ?? "/");
      // A paragraph a fifth into the text, more than a screen before its end, at the top.
      const index = await page.locator(".reader__text").evaluate((text) => {
        const box = text.getBoundingClientRect();
        const paragraphs = [...text.children];
        const into = paragraphs.findIndex(
          (paragraph) => paragraph.getBoundingClientRect().top >= box.top + box.height / 5,
        );
        const top = paragraphs[into]?.getBoundingClientRect().top ?? box.bottom;
        if (box.bottom - top < 1.2 * window.innerHeight) throw new Error("the text is too short");
        window.scrollTo({ top: top + window.scrollY, behavior: "instant" });
        return into;
      });
      // Measured once the page has painted the change (and held the text in place).
      const paragraphTop = async () => {
        await nextFrames(page);
        return page
          .locator(".reader__text > *")
          .nth(index)
          .evaluate((paragraph) => paragraph.getBoundingClientRect().top);
      };
      await page.waitForFunction(() => window.scrollY > 0);
      expect(Math.abs(await paragraphTop())).toBeLessThanOrEqual(1);

      // Opened where the reader is: a click by the pointer would first scroll up to the button.
      const settings = page.getByRole("button", { name: "Reading settings" });
      await settings.dispatchEvent("click");
      const dialog = page.getByRole("dialog", { name: "Reading settings" });
      await dialog.locator("label", { hasText: "Extra large" }).click();
      expect(
        await dialog.getByRole("radio", { name: "Extra large", exact: true }).isChecked(),
      ).toBe(true);
      await dialog.locator("label", { hasText: "Relaxed" }).click();
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
      expect(Math.abs(await paragraphTop())).toBeLessThanOrEqual(3);

      // Back to the defaults, smaller again.
      await settings.dispatchEvent("click");
      await dialog.locator("label", { hasText: "Medium" }).click();
      await dialog.locator("label", { hasText: "Normal" }).click();
      await page.waitForLoadState("networkidle");
      expect(Math.abs(await paragraphTop())).toBeLessThanOrEqual(3);
    });
  });

  test("a visitor at the end of an ongoing story is offered a Library by signing up", async () => {
    const last = await lastPartOfAnOngoingStory();
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await page.goto(last);
      await page.getByText("You've reached the end of published parts", { exact: true }).waitFor();
      expect(await page.getByRole("button", { name: "Add to" }).count()).toBe(0);
      const signUp = page.getByRole("link", { name: "Sign up to add it" });
      expect(await signUp.getAttribute("href")).toBe(
        `/signup?${new URLSearchParams({ nextUrl: last })}`,
      );
      await expectNoAxeViolations(page, "a visitor at the end of published parts at 360 px");
    });
  });

  test("a reader is offered the Library at the end of an ongoing story until it is there", async () => {
    const last = await lastPartOfAnOngoingStory();
    const username = "end_hint_reader";
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await signUp(page, username);
      await verifyEmail(page, username);
      await page.goto(last);
      await page.getByText("You've reached the end of published parts", { exact: true }).waitFor();
      const hint = page.getByText(LIBRARY_HINT, { exact: true });
      expect(await hint.count()).toBe(1);
      await (
        await untilHydrated(page.getByRole("button", { name: "Add to", exact: true }))
      ).click();
      const popover = page.getByRole("dialog", { name: "Add to" });
      const library = popover.getByRole("checkbox", { name: "My Library" });
      await library.check();
      await popover.getByText("Added to My Library").waitFor();
      // The line follows at once; the popover stays open for a change of mind.
      await page.getByText(IN_LIBRARY, { exact: true }).waitFor();
      expect(await hint.count()).toBe(0);
      await library.uncheck();
      await popover.getByText("Removed from My Library").waitFor();
      await hint.waitFor();
      await library.check();
      await page.getByText(IN_LIBRARY, { exact: true }).waitFor();

      await page.reload();
      await page.getByText(IN_LIBRARY, { exact: true }).waitFor();
      expect(await hint.count()).toBe(0);
      expect(await page.getByRole("button", { name: "Add to", exact: true }).count()).toBe(0);
      await expectNoAxeViolations(page, "a reader with the story in the Library at its end");
    });
  });

  test("a visitor's settings are kept in a cookie for a year", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page, context) => {
      await page.goto(story.parts[0]?.url ?? "/");
      await page.getByRole("button", { name: "Reading settings" }).click();
      const dialog = page.getByRole("dialog", { name: "Reading settings" });
      await dialog.locator("label", { hasText: "Sepia" }).click();
      await page.keyboard.press("Escape");
      const cookie = (await context.cookies()).find((c) => c.name === "reader_settings");
      expect(cookie?.value).toBe("medium.normal.sepia");
      const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
      expect(Math.round(days)).toBe(365);

      await page.reload();
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(background).toBe(SEPIA_BACKGROUND);
    });
  });
});
