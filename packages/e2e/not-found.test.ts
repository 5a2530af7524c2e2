import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { DESKTOP, expectNoAxeViolations, PHONE, useBrowser } from "./support/browser.ts";
import { useServer } from "./support/server.ts";

const NOT_FOUND_TEXT = "This page got lost in a good story and never came back.";

const server = useServer();
const { withPage } = useBrowser();

async function expectNotFoundPage(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), `status of ${path}`).toBe(404);
  expect(await page.getByText(NOT_FOUND_TEXT, { exact: true }).isVisible()).toBe(true);
  const heading = page.getByRole("heading", { level: 1 });
  expect(await heading.textContent()).toBe("Page not found");
  await expect(page.title()).resolves.toContain("Page not found");
  await expectNoAxeViolations(page, `the 404 page for ${path}`);

  const goHome = page.getByRole("link", { name: "Go home", exact: true });
  expect(await goHome.isVisible()).toBe(true);
  await goHome.click();
  await page.waitForURL(`${server.url}/`);
  expect(await page.getByRole("heading", { level: 2, name: "Popular right now" }).isVisible()).toBe(
    true,
  );
  expect(await page.getByText(NOT_FOUND_TEXT).count()).toBe(0);
}

describe("a visitor who follows a broken link", () => {
  const cases = [
    { name: "an unknown path", path: "/no-such-page/at-all" },
    { name: "an unknown story id", path: "/story/987654321" },
    { name: "an unknown part id", path: "/987654321" },
  ];
  for (const viewport of [PHONE, DESKTOP]) {
    for (const { name, path } of cases) {
      test(`${name} (${path}) answers 404 at ${viewport.width} px`, async () => {
        await withPage({ baseURL: server.url, viewport }, (page) => expectNotFoundPage(page, path));
      });
    }
  }
});
