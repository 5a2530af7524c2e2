import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { DESKTOP, expectNoAxeViolations, logInAt, PHONE, useBrowser } from "./support/browser.ts";
import { hotStories } from "./support/catalogue.ts";
import { useServer } from "./support/server.ts";

const server = useServer();
const { withPage } = useBrowser();

async function openMenuAs(page: Page, moderator: string, profile: string) {
  await logInAt(page, moderator, `/user/${profile}`);
  await page.locator(".profile-safety__menu summary").click();
}

describe("moderation on profiles", () => {
  test("an admin times a reader out; the reader can read but not comment", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await openMenuAs(page, "demo_admin", "demo_reader");
      await page.getByRole("button", { name: "Time-out" }).click();
      const dialog = page.getByRole("dialog", { name: /^Time out/ });
      await expectNoAxeViolations(page, "the time-out modal at 360 px");
      await dialog.getByLabel("Reason").fill("Spamming links in comments");
      await dialog.getByRole("button", { name: "Time-out" }).click();
      await page.getByRole("status").filter({ hasText: "is timed out for 2 days" }).waitFor();
    });

    const [story] = await hotStories(server.url, 1);
    if (!story?.firstPartId) throw new Error("no hot story with a part");
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      const partUrl = `/${story.firstPartId}`;
      await logInAt(page, "demo_reader", partUrl);
      const comments = page.getByRole("region", { name: "Comments", exact: true });
      await comments.getByLabel("Your comment").fill("Still here");
      await comments.getByRole("button", { name: "Comment", exact: true }).click();
      await comments
        .getByRole("alert")
        .filter({ hasText: "Your account is in a time-out until" })
        .waitFor();
    });
  });

  test("an ambassador closes an account: its profile and stories are gone", async () => {
    const [story] = await hotStories(server.url, 1);
    const author = (
      (await (await fetch(`${server.url}/api/v3/stories/${story?.id}?fields=user`)).json()) as {
        user: { username: string };
      }
    ).user.username;
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await openMenuAs(page, "demo_ambassador", author);
      await page.getByRole("button", { name: "Close Account" }).click();
      const dialog = page.getByRole("dialog", { name: /^Close .*'s account\?$/ });
      // Nothing is chosen for the ambassador: Close Account asks for a reason first.
      const reason = dialog.getByLabel("Reason");
      expect(await reason.inputValue()).toBe("");
      await dialog.getByRole("button", { name: "Close Account" }).click();
      expect(
        await reason.evaluate((select: HTMLSelectElement) => select.validity.valueMissing),
      ).toBe(true);
      expect(await dialog.isVisible()).toBe(true);
      await reason.selectOption("spam");
      await expectNoAxeViolations(page, "the close-account modal at 1280 px");
      await dialog.getByRole("button", { name: "Close Account" }).click();
      await page.getByRole("heading", { name: "User not found" }).waitFor();
      expect((await page.goto(`/story/${story?.id}`))?.status()).toBe(404);
    });
  });

  test("a reader's menu has no moderation actions", async () => {
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await openMenuAs(page, "demo_reader", "demo_writer");
      expect(await page.getByRole("button", { name: "Time-out" }).count()).toBe(0);
      expect(await page.getByRole("button", { name: "Close Account" }).count()).toBe(0);
    });
  });
});
