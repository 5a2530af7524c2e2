import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { logInAt, PHONE, useBrowser } from "./support/browser.ts";
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
