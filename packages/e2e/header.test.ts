import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { expectNoAxeViolations, logInAt, PHONE, useBrowser } from "./support/browser.ts";
import { useServer } from "./support/server.ts";

const server = useServer();
const { withPage } = useBrowser();

const isOpen = (page: Page, selector: string) =>
  page.locator(selector).evaluate((node) => (node as HTMLDetailsElement).open);

describe("the header's menus", () => {
  test("on a phone, one menu at a time, Escape closes it, and the account menu leads to the reader's own pages", async () => {
    await withPage({ viewport: PHONE, colorScheme: "dark", baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_reader", "/home");
      const browse = page.locator("summary", { hasText: "Browse" });
      await browse.click();
      expect(await isOpen(page, "details.browse")).toBe(true);
      await page.keyboard.press("Escape");
      expect(await isOpen(page, "details.browse")).toBe(false);
      expect(await browse.evaluate((node) => node === document.activeElement)).toBe(true);

      // Opening the account menu closes Browse: the two panels never overlap.
      await browse.click();
      await page.getByLabel("Account", { exact: true }).click();
      expect(await isOpen(page, "details.browse")).toBe(false);
      expect(await isOpen(page, "details.account-menu")).toBe(true);
      const menu = page.getByRole("navigation", { name: "Your pages" });
      const links = await menu
        .getByRole("link")
        .evaluateAll((nodes) => nodes.map((node) => [node.textContent, node.getAttribute("href")]));
      expect(links).toEqual([
        ["My profile", "/user/demo_reader"],
        ["Library", "/library"],
        ["Write", "/myworks"],
        ["Settings", "/settings"],
      ]);
      await expectNoAxeViolations(page, "the open account menu at 360 px");

      // A press outside closes it.
      await page.locator("main").click({ position: { x: 5, y: 300 } });
      expect(await isOpen(page, "details.account-menu")).toBe(false);

      await page.getByLabel("Account", { exact: true }).click();
      await menu.getByRole("link", { name: "Library" }).click();
      await page.waitForURL(`${server.url}/library`);
    });
  });
});
