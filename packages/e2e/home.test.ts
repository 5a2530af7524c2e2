import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { DESKTOP, expectNoAxeViolations, logIn, PHONE, useBrowser } from "./support/browser.ts";
import { useServer } from "./support/server.ts";

const server = useServer();
const { withPage } = useBrowser();

async function signIn(page: Page, nextUrl: string) {
  await page.goto(`/login?${new URLSearchParams({ nextUrl })}`);
  await logIn(page, "demo_reader", "inkwell-demo");
  await page.waitForURL(`${server.url}${nextUrl}`);
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

describe("the home feed and genre onboarding", () => {
  test("a reader's feed follows their genres, loads more on scroll and continues reading", async () => {
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await signIn(page, "/home");
      const hot = await page.evaluate(async () => {
        const response = await fetch("/api/v3/stories?filter=hot&limit=1");
        return ((await response.json()) as { stories: { id: number; firstPartId: number }[] })
          .stories[0];
      });
      if (!hot) throw new Error("the catalogue has a hot story");
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
      expect(await page.getByRole("heading", { name: "Top picks in Mystery" }).isVisible()).toBe(
        true,
      );
      // Five sections first (the greeting draws nothing): the genre links come later.
      expect(await page.getByRole("heading", { name: "Browse genres" }).count()).toBe(0);
      await expectNoAxeViolations(page, "the home feed at 1280 px");

      await page.locator(".home-feed__end").scrollIntoViewIfNeeded();
      await page.getByRole("heading", { name: "Browse genres" }).waitFor();
      expect(await page.getByRole("button", { name: "Load more" }).count()).toBe(0);

      await page.setViewportSize(PHONE);
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectNoAxeViolations(page, "the home feed at 360 px");

      const strip = page.getByRole("list", { name: "Continue reading" });
      await strip.getByRole("link").first().click();
      await page.waitForURL(`${server.url}/${hot.firstPartId}`);
    });
  });

  test("onboarding takes at most three genres, then goes to All done and home", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await signIn(page, "/start/genres");
      await page.getByRole("heading", { level: 1, name: /^Hi, / }).waitFor();
      const finish = page.getByRole("button", { name: "Finish" });
      expect(await finish.isDisabled()).toBe(true);
      await expectNoAxeViolations(page, "genre onboarding at 360 px");

      for (const genre of ["Horror", "Poetry", "Humor"]) {
        await page.getByRole("button", { name: genre }).click();
      }
      await page.getByRole("button", { name: "Thriller" }).click();
      const toast = page.getByRole("status");
      await toast
        .filter({ hasText: "Oops, you can only select three genres. Try removing one" })
        .waitFor();
      expect(
        await page.getByRole("button", { name: "Thriller" }).getAttribute("aria-pressed"),
      ).toBe("false");
      // A tile given back makes room for another.
      await page.getByRole("button", { name: "Humor" }).click();
      await page.getByRole("button", { name: "Thriller" }).click();
      expect(
        await page.getByRole("button", { name: "Thriller" }).getAttribute("aria-pressed"),
      ).toBe("true");

      await page.setViewportSize(DESKTOP);
      await expectNoAxeViolations(page, "genre onboarding at 1280 px");
      await finish.click();
      await page.waitForURL(`${server.url}/start/success`);
      await page.getByRole("heading", { name: "All done" }).waitFor();
      await page.getByRole("link", { name: "Start reading" }).click();
      await page.waitForURL(`${server.url}/home`);
      await page.getByRole("heading", { name: "Top picks in Thriller" }).waitFor();
    });
  });
});
