import { MAX_READING_LISTS } from "@inkwell/shared";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { DESKTOP, logInAt, untilHydrated, useBrowser } from "./support/browser.ts";
import { useServer } from "./support/server.ts";

const server = useServer();
const { withPage } = useBrowser();

interface Story {
  id: number;
  title: string;
}

/** More stories than a list page shows at first (LIST_PAGE_SIZE, 50). */
const LONG = 60;
let stories: Story[];

beforeAll(async () => {
  const response = await fetch(`${server.url}/api/v3/stories?filter=new&limit=100`);
  stories = ((await response.json()) as { stories: Story[] }).stories.slice(0, LONG);
  if (stories.length < LONG) throw new Error(`the catalogue has ${LONG} stories a visitor sees`);
});

async function signIn(page: Page, nextUrl: string, username: string) {
  await logInAt(page, username, nextUrl);
}

describe("reading lists longer than a page", () => {
  test("a list shows every story a page at a time, and its owner reorders past the first page", async () => {
    let listId = 0;
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await signIn(page, "/library", "demo_writer");
      listId = await page.evaluate(
        async (ids: number[]) => {
          const send = (path: string, body: object) =>
            fetch(path, {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify(body),
            }).then((response) => response.json() as Promise<{ id: number }>);
          const list = await send("/api/v3/lists/", { id: null, name: "Everything" });
          // An add takes at most 50 stories.
          await send(`/api/v3/lists/${list.id}/stories`, { stories: ids.slice(0, 50) });
          await send(`/api/v3/lists/${list.id}/stories`, { stories: ids.slice(50) });
          return list.id;
        },
        stories.map((story) => story.id),
      );
      const titles = stories.map((story) => story.title);

      // The owner's rows: the first page, then the rest from More stories by keyboard.
      await page.goto(`/list/${listId}`);
      const rows = page.locator(".list-editor__info a");
      expect(await rows.allTextContents()).toEqual(titles.slice(0, 50));
      const more = await untilHydrated(page.getByRole("button", { name: "More stories" }));
      await more.focus();
      await page.keyboard.press("Enter");
      await page
        .getByRole("status")
        .filter({ hasText: "10 more stories, 60 in all, the last of them." })
        .waitFor();
      expect(await rows.allTextContents()).toEqual(titles);
      expect(await page.getByRole("button", { name: "More stories" }).count()).toBe(0);
      // Focus moves on to the first story the set brought.
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(titles[50]);

      // The last story moves up: the whole loaded order is saved.
      const last = titles[LONG - 1] ?? "";
      await page.getByRole("button", { name: `Move ${last} up`, exact: true }).click();
      await page
        .getByRole("status")
        .filter({ hasText: `${last} moved to 59 of 60` })
        .waitFor();
      const saved = await page.evaluate(async (id: number) => {
        const response = await fetch(`/api/v3/lists/${id}?limit=100`);
        const list = (await response.json()) as { stories: { title: string }[] };
        return list.stories.map((story) => story.title);
      }, listId);
      expect(saved).toEqual([...titles.slice(0, 58), last, titles[58]]);
    });

    // A visitor's cards: the first page, then the rest as the end comes near.
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await page.goto(`/list/${listId}`);
      const cards = page.locator(".story-grid > li");
      expect(await cards.count()).toBe(50);
      await untilHydrated(page.getByRole("button", { name: "More stories" }));
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expect.poll(() => cards.count()).toBe(LONG);
    });
  });

  test("a reader with every list they may have hears why the popover makes no more", async () => {
    const story = stories[0];
    if (!story) throw new Error("the catalogue has a story");
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await signIn(page, `/story/${story.id}`, "demo_reader");
      await page.evaluate(async (most: number) => {
        const mine = await fetch("/api/v3/users/demo_reader/lists?limit=1");
        const { total } = (await mine.json()) as { total: number };
        for (let index = total; index < most; index++) {
          await fetch("/api/v3/lists/", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ id: null, name: `Shelf ${index}`, isPrivate: true }),
          });
        }
      }, MAX_READING_LISTS);
      await (
        await untilHydrated(page.getByRole("button", { name: "Add to", exact: true }).first())
      ).click();
      const popover = page.getByRole("dialog", { name: "Add to" });
      await popover.getByRole("checkbox", { name: "My Library" }).waitFor();
      // Every list is there to pick: the popover fetches as many as a reader may have.
      expect(await popover.getByRole("checkbox").count()).toBe(MAX_READING_LISTS + 1);
      await popover.getByLabel("New reading list").fill("One too many");
      await popover.getByRole("button", { name: "Create" }).click();
      await popover
        .getByRole("alert")
        .filter({
          hasText:
            "You have 200 reading lists, the most a reader can have: delete one to make another.",
        })
        .waitFor();
      expect(await popover.getByRole("checkbox", { name: "One too many" }).count()).toBe(0);
    });
  });
});
