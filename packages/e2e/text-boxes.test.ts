import type { Locator } from "playwright-core";
import { describe, expect, test } from "vitest";
import { logInAt, PHONE, useBrowser } from "./support/browser.ts";
import { readDatabase } from "./support/database.ts";
import { useServer } from "./support/server.ts";

const server = useServer();
const { withPage } = useBrowser();

/** What a multi-line text box looks like, all but its size (each place sets its own height). */
const look = (box: Locator) =>
  box.evaluate((element) => {
    const style = getComputedStyle(element);
    return [
      style.borderTopWidth,
      style.borderTopStyle,
      style.borderTopColor,
      style.borderRadius,
      style.padding,
      style.backgroundColor,
      style.color,
      style.font,
      style.resize,
    ].join(" ");
  });

describe("multi-line text boxes", () => {
  test("a message, a comment and a story's description look alike, light and dark", async () => {
    const [own] = readDatabase<{ story: number; part: number }>(
      server.dataDir,
      `SELECT stories.id AS story, MIN(parts.id) AS part FROM stories JOIN parts ON parts.story_id = stories.id
       WHERE stories.user_id = (SELECT id FROM users WHERE username = 'demo_writer')
       GROUP BY stories.id ORDER BY stories.id LIMIT 1`,
    );
    if (!own) throw new Error("the demo catalogue is missing");
    for (const colorScheme of ["light", "dark"] as const) {
      await withPage({ viewport: PHONE, colorScheme, baseURL: server.url }, async (page) => {
        await logInAt(page, "demo_writer", `/myworks/${own.story}`);
        await page.getByRole("tab", { name: "Story Details" }).click();
        const description = await look(page.getByRole("textbox", { name: "Description" }));
        await page.goto(`/${own.part}`);
        const comment = await look(page.getByRole("textbox", { name: "Your comment" }).first());
        await page.goto("/inbox/demo_reader");
        const message = await look(page.getByRole("textbox", { name: /^Message / }));
        expect({ comment, description }).toEqual({ comment: message, description: message });
      });
    }
  });
});
