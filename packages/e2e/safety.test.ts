import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { DESKTOP, expectNoAxeViolations, logIn, PHONE, useBrowser } from "./support/browser.ts";
import { useServer } from "./support/server.ts";

const server = useServer();
const { withPage } = useBrowser();

interface ListedStory {
  id: number;
  tags: string[];
  mature: boolean;
  user: { username: string; name: string };
}

async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(`${server.url}${path}`, { headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/** Ids on the first page of a tag, as a visitor's API call lists them. */
async function firstPageOf(tag: string): Promise<number[]> {
  const { stories } = await getJson<{ stories: { id: number }[] }>(
    `/api/v3/stories?${new URLSearchParams({ tag, filter: "hot", limit: "24", fields: "stories(id)" })}`,
  );
  return stories.map((story) => story.id);
}

/**
 * A popular story that is on the first page of one of its tags, `shownOn`, and carries
 * another tag, `other`: blocking `other` must take it off `shownOn`'s page.
 */
async function storyOnATagPage(skipAuthor?: string) {
  const { stories } = await getJson<{ stories: ListedStory[] }>(
    "/api/v3/stories?filter=hot&limit=50&fields=stories(id,tags,mature,user(username,name))",
  );
  for (const story of stories) {
    if (story.mature || story.user.username === skipAuthor || story.tags.length < 2) continue;
    const [shownOn, other] = story.tags;
    if (shownOn && other && (await firstPageOf(shownOn)).includes(story.id)) {
      return { ...story, shownOn, other };
    }
  }
  throw new Error("no popular story with two tags is on its first tag's first page");
}

const cardOf = (page: Page, storyId: number) => page.locator(`main a[href="/story/${storyId}"]`);

async function logInAsReader(page: Page, nextUrl: string) {
  await page.goto(`/login?${new URLSearchParams({ nextUrl })}`);
  await logIn(page, "demo_reader", "inkwell-demo");
  await page.waitForURL(`${server.url}${nextUrl}`);
}

describe("safety", () => {
  test("blocking a writer from their profile takes their stories off a tag page, until unblocked", async () => {
    const story = await storyOnATagPage("demo_reader");
    const { username, name } = story.user;
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await logInAsReader(page, `/stories/${encodeURIComponent(story.shownOn)}`);
      await cardOf(page, story.id).first().waitFor();

      await page.goto(`/user/${username}`);
      await page.getByLabel(`Options for ${name}`).click();
      await page.getByRole("button", { name: "Block", exact: true }).click();
      const confirm = page.getByRole("dialog", { name: `Block ${name}?` });
      await confirm.getByRole("button", { name: "Block", exact: true }).click();
      await page.getByText(`${name} is now blocked. You can unblock them at any time.`).waitFor();
      // The restricted profile: About, Conversations and Following, and an Unblock button.
      await page.getByRole("heading", { name: "Conversations" }).waitFor();
      expect(await page.getByRole("heading", { name: `Stories by ${name}` }).count()).toBe(0);
      expect(await page.getByRole("button", { name: "Follow", exact: true }).count()).toBe(0);
      await expectNoAxeViolations(page, "a blocked writer's restricted profile");

      await page.goto(`/stories/${encodeURIComponent(story.shownOn)}`);
      await page.getByRole("heading", { level: 1 }).waitFor();
      expect(await cardOf(page, story.id).count()).toBe(0);

      await page.goto(`/user/${username}`);
      await page.getByRole("button", { name: "Unblock", exact: true }).first().click();
      const unblock = page.getByRole("dialog", { name: `Unblock ${name}?` });
      expect(await unblock.textContent()).toContain("30 minutes");
      await unblock.getByRole("button", { name: "Unblock", exact: true }).click();
      await page.getByText(`${name} is now unblocked. You can block them at any time.`).waitFor();
      await page.getByRole("heading", { name: `Stories by ${name}` }).waitFor();

      await page.goto(`/stories/${encodeURIComponent(story.shownOn)}`);
      await cardOf(page, story.id).first().waitFor();
    });
  });

  test("a tag blocked in settings takes its stories off another tag's page", async () => {
    const story = await storyOnATagPage("demo_reader");
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await logInAsReader(page, `/stories/${encodeURIComponent(story.shownOn)}`);
      await cardOf(page, story.id).first().waitFor();

      await page.goto("/settings#content");
      await page.getByRole("button", { name: "Edit Tags" }).click();
      const input = page.getByPlaceholder("Separate tags with a space");
      await input.fill("featured");
      await input.press("Enter");
      await page.getByText("Oops! This tag can't be blocked.").waitFor();
      await input.fill(`#${story.other.toUpperCase()}`);
      await input.press(" ");
      await page.getByRole("button", { name: `Remove #${story.other}` }).waitFor();
      await expectNoAxeViolations(page, "the blocked tags editor");
      // Escape leaves the editor for the summary, which lists the new tag first.
      await input.press("Escape");
      await page.getByRole("button", { name: "Apply Changes" }).click();
      await page.getByText("Your content preferences were updated.").waitFor();
      const summary = page.getByRole("list", { name: "Blocked tags" });
      expect(await summary.getByRole("listitem").first().textContent()).toBe(`#${story.other}`);

      await page.goto(`/stories/${encodeURIComponent(story.shownOn)}`);
      await page.getByRole("heading", { level: 1 }).waitFor();
      expect(await cardOf(page, story.id).count()).toBe(0);
    });
  });

  test("the mature gate opens Content Preferences: Escape leaves the editor, then the panel", async () => {
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await logInAsReader(page, "/settings");
      const listed = await page.request.get(
        "/api/v3/stories?filter=hot&limit=50&fields=stories(id,mature)",
      );
      const { stories } = (await listed.json()) as { stories: { id: number; mature: boolean }[] };
      const mature = stories.find((story) => story.mature);
      if (!mature) throw new Error("no mature story among the hottest 50");
      await page.request.put("/v5/users/demo_reader/content-settings/include-mature", {
        data: { includeMature: false },
      });

      await page.goto(`/story/${mature.id}`);
      await page.getByRole("button", { name: "Content preferences" }).click();
      const panel = page.getByRole("dialog", { name: "Content Preferences" });
      await panel.getByRole("button", { name: "Edit Tags" }).click();
      await panel.getByPlaceholder("Separate tags with a space").press("Escape");
      await panel.getByRole("button", { name: "Edit Tags" }).waitFor();
      expect(await panel.isVisible()).toBe(true);
      await expectNoAxeViolations(page, "the Content Preferences panel");
      await page.keyboard.press("Escape");
      // The first close confirms where the settings live, once (the cookie remembers).
      const confirm = page.getByRole("dialog", { name: "Content Preferences saved" });
      await confirm.getByRole("button", { name: "OK" }).click();
      await page.getByRole("button", { name: "Content preferences" }).click();
      await panel.getByRole("button", { name: "Cancel" }).click();
      expect(await confirm.isVisible()).toBe(false);

      // Turning mature stories back on shows the story.
      await page.getByRole("button", { name: "Content preferences" }).click();
      await panel.getByRole("switch", { name: "Show mature content" }).click();
      await panel.getByRole("button", { name: "Apply Changes" }).click();
      await page.waitForEvent("load");
      await page.getByRole("heading", { name: "This story is for mature readers" }).waitFor({
        state: "detached",
      });
    });
  });

  test("the settings tabs pass axe on a phone and a desktop", async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      await withPage({ viewport, baseURL: server.url }, async (page) => {
        await logInAsReader(page, "/settings");
        for (const [hash, heading] of [
          ["content", "Content Preferences"],
          ["mute", "Muted Accounts"],
          ["block", "Blocked Accounts"],
        ] as const) {
          await page.goto(`/settings#${hash}`);
          await page.getByRole("heading", { level: 2, name: heading }).waitFor();
          await expectNoAxeViolations(page, `settings #${hash} at ${viewport.width} px`);
        }
      });
    }
  });
});
