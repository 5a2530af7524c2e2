import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { logInAt, PHONE, untilHydrated, useBrowser } from "./support/browser.ts";
import { findStoryWithParts, type StoryFixture } from "./support/catalogue.ts";
import { useServer } from "./support/server.ts";

const server = useServer();
const { withPage } = useBrowser();
let story: StoryFixture;

beforeAll(async () => {
  story = await findStoryWithParts(server.url, 2);
});

/**
 * The page's headings as a screen reader lists them (hidden ones left out), each a problem
 * if it is a second h1 or skips a level below the one before it.
 */
async function outlineProblems(page: Page): Promise<string[]> {
  const tree = await page.locator("body").ariaSnapshot();
  const levels = [...tree.matchAll(/heading "(.*)" \[level=(\d)\]/g)].map((match) => ({
    name: match[1] ?? "",
    level: Number(match[2]),
  }));
  const problems: string[] = [];
  if (levels[0]?.level !== 1) problems.push(`${page.url()} does not start with its h1`);
  levels.forEach(({ name, level }, index) => {
    const before = levels[index - 1]?.level ?? 0;
    if (index > 0 && level === 1) problems.push(`${page.url()} has a second h1 "${name}"`);
    if (level > before + 1)
      problems.push(`${page.url()}: "${name}" (h${level}) skips from h${before}`);
  });
  return problems;
}

describe("the reader's pages, heard as a screen reader lists their headings", () => {
  test("each has one h1, first, and no heading skips a level, for a visitor and a reader", async () => {
    const part = story.parts[0];
    if (!part) throw new Error("The story has no parts");
    const shared = ["/", `/story/${story.id}`, part.url, "/user/demo_writer", "/search/the"];
    const problems: string[] = [];
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      for (const path of shared) {
        await page.goto(path);
        problems.push(...(await outlineProblems(page)));
      }
    });
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_reader", "/library");
      for (const path of ["/library", ...shared]) {
        await page.goto(path);
        problems.push(...(await outlineProblems(page)));
      }
    });
    expect(problems).toEqual([]);
  });
});

/** Whether focus is inside `dialog` (or on it). */
const focusIn = (dialog: Locator) =>
  dialog.evaluate(
    (node) => node === document.activeElement || node.contains(document.activeElement),
  );

/**
 * Whether focus is nowhere on the page behind `dialog`: in it, or, past its last control,
 * out in the browser's own controls (the body), from where Tab comes back into it.
 */
const focusNotBehind = (dialog: Locator) =>
  dialog.evaluate(
    (node) => document.activeElement === document.body || node.contains(document.activeElement),
  );

/**
 * Opens a dialog from `opener` by keyboard: it is named `title` and takes focus; while modal,
 * Tab goes round inside it, never to the page behind; Escape closes it and focus is back on
 * the opener.
 */
async function expectKeyboardDialog(page: Page, opener: Locator, title: string, modal: boolean) {
  await untilHydrated(opener);
  await opener.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: title, exact: true });
  await dialog.waitFor();
  await expect.poll(() => focusIn(dialog), { message: `focus in ${title}` }).toBe(true);
  if (modal) {
    const stops: boolean[] = [];
    for (let tab = 0; tab < 24; tab++) {
      await page.keyboard.press("Tab");
      expect(await focusNotBehind(dialog), `Tab ${tab + 1} in ${title}`).toBe(true);
      stops.push(await focusIn(dialog));
    }
    expect(stops.lastIndexOf(true), `Tab back into ${title}`).toBeGreaterThan(stops.indexOf(false));
  }
  await page.keyboard.press("Escape");
  await expect.poll(() => dialog.count()).toBe(0);
  expect(
    await opener.evaluate((node) => node === document.activeElement),
    `back from ${title}`,
  ).toBe(true);
}

describe("the reader's dialogs, by keyboard", () => {
  test("each is named, keeps Tab inside while modal, and gives focus back to its opener on Escape", async () => {
    const part = story.parts[0];
    if (!part) throw new Error("The story has no parts");
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_reader", part.url);
      const settings = page.getByRole("button", { name: "Reading settings" });
      await expectKeyboardDialog(page, settings, "Reading settings", true);
      await page.goto(`/story/${story.id}`);
      const report = page.getByRole("button", { name: "Report this story" });
      await expectKeyboardDialog(page, report, "Report this story", true);
      // Add to is a popover beside its button, not modal: Tab may leave it.
      const addTo = page.getByRole("main").getByRole("button", { name: "Add to", exact: true });
      await expectKeyboardDialog(page, addTo.first(), "Add to", false);
    });
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await page.goto("/");
      // A carousel's story opens its preview, named with the story's title.
      const preview = page.locator("a.carousel__item[aria-haspopup=dialog]").first();
      await preview.waitFor();
      const title = await preview.locator(".carousel__title").textContent();
      if (!title) throw new Error("the landing page's stories show their titles");
      await expectKeyboardDialog(page, preview, title, true);
    });
  });
});
