import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { DESKTOP, expectNoAxeViolations, logInAt, PHONE, useBrowser } from "./support/browser.ts";
import { hotStories } from "./support/catalogue.ts";
import { readDatabase } from "./support/database.ts";
import { paidStories } from "./support/paid-stories.ts";
import { useServer } from "./support/server.ts";

const server = useServer();
const { withPage } = useBrowser();

/** The picks a visitor gets from the API: the page must show exactly these. */
async function apiPicks() {
  const response = await fetch(
    `${server.url}/reading/v1/premiumPicks?fields=current(stories(id)),next(stories(id))`,
  );
  const body = (await response.json()) as Record<"current" | "next", { stories: { id: number }[] }>;
  const hrefs = (key: keyof typeof body) => body[key].stories.map((story) => `/story/${story.id}`);
  return { current: hrefs("current"), upcoming: hrefs("next") };
}

/** Premium given by staff: the flag set by hand, with no paid month and no end. */
function makePremium(username: string) {
  const db = new DatabaseSync(join(server.dataDir, "inkwell.sqlite"));
  try {
    db.exec("PRAGMA busy_timeout = 5000");
    db.prepare("UPDATE users SET is_premium = 1 WHERE username = ?").run(username);
  } finally {
    db.close();
  }
}

const pickIds = (page: Page, month: string) =>
  page
    .getByRole("list", { name: `Premium Picks for ${month}` })
    .locator('a[href^="/story/"]')
    .evaluateAll((links) => [...new Set(links.map((link) => link.getAttribute("href")))]);

describe("Premium Picks", () => {
  test("from a story's card to this month's and next month's picks, with the FAQ once", async () => {
    const [story] = await hotStories(server.url, 1);
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page, context) => {
      await page.goto(`/story/${story?.id}`);
      await page.getByRole("link", { name: "See this month's picks" }).click();
      await page.waitForURL(`${server.url}/catalog/premiumpicks`);

      const faq = page.getByRole("dialog", { name: "Premium Picks FAQ" });
      await faq.getByText("What are Premium Picks?").waitFor();
      await expectNoAxeViolations(page, "the Premium Picks FAQ at 360 px");
      await faq.getByRole("button", { name: "Got it" }).click();
      expect(
        (await context.cookies()).find((c) => c.name === "seen-premium-picks-faq")?.value,
      ).toBe("1");

      const now = new Date();
      const month = (ahead: number) =>
        new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + ahead, 1)).toLocaleString(
          "en-US",
          { month: "long", year: "numeric", timeZone: "UTC" },
        );
      const expected = await apiPicks();
      expect(expected.current.length).toBeGreaterThan(0);
      const current = await pickIds(page, month(0));
      expect(current).toEqual(expected.current);
      expect(
        await page.getByText(/^New picks in \d+ days?, \d+ hours? and \d+ minutes?$/).count(),
      ).toBe(1);
      await expectNoAxeViolations(page, "the Premium Picks page at 360 px");

      await page.getByRole("link", { name: "Next month" }).click();
      await page.waitForURL(`${server.url}/catalog/premiumpicks?tab=next`);
      const upcoming = await pickIds(page, month(1));
      expect(upcoming).toEqual(expected.upcoming);
      expect(upcoming.some((id) => current.includes(id))).toBe(false);
      // The FAQ was seen: it does not open again.
      expect(await faq.count()).toBe(0);
    });
  });

  test("a page left open past the change asks for the new month's picks", async () => {
    const response = await fetch(`${server.url}/reading/v1/premiumPicks?fields=current(expiresAt)`);
    const { current } = (await response.json()) as { current: { expiresAt: string } };
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page, context) => {
      await context.addCookies([{ name: "seen-premium-picks-faq", value: "1", url: server.url }]);
      // The reader's clock two minutes before the change.
      await page.clock.install({ time: Date.parse(current.expiresAt) - 2 * 60_000 });
      await page.goto("/catalog/premiumpicks");
      // Hydrated: the countdown runs on the reader's clock.
      await page.getByText(/^New picks in 0 days, 0 hours and [12] minutes?$/).waitFor();
      const asked: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).pathname.endsWith(".data")) asked.push(request.url());
      });
      await page.clock.fastForward("01:00");
      expect(asked).toEqual([]);
      await page.clock.fastForward("01:30");
      await expect.poll(() => asked.length).toBe(1);
    });
  });

  test("visitors are offered Premium, and the page passes axe on a desktop", async () => {
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page, context) => {
      await context.addCookies([{ name: "seen-premium-picks-faq", value: "1", url: server.url }]);
      await page.goto("/catalog/premiumpicks");
      await page.getByRole("heading", { name: "Premium Picks", level: 1 }).waitFor();
      await expectNoAxeViolations(page, "the Premium Picks page at 1280 px");
      await page.getByRole("link", { name: "Subscribe now" }).click();
      await page.waitForURL(`${server.url}/premium`);
      await page.getByRole("heading", { name: "Inkwell Premium", level: 1 }).waitFor();
      await page.getByRole("heading", { name: "Choose your plan" }).waitFor();
      expect(await page.getByRole("link", { name: "Log in to subscribe" }).count()).toBe(2);
      await page.getByRole("heading", { name: "Up to 66% more Coins" }).waitFor();
      expect(
        await page
          .getByRole("list", { name: "Coins per pack, without and with Premium" })
          .getByRole("listitem")
          .allTextContents(),
      ).toEqual([
        "9 Coins, 15 with Premium, $0.99",
        "74 Coins, 99 with Premium, $3.99",
        "244 Coins, 325 with Premium, $8.99",
        "400 Coins, 533 with Premium, $13.99",
      ]);
      await expectNoAxeViolations(page, "the Premium page at 1280 px");
      await page.setViewportSize(PHONE);
      await expectNoAxeViolations(page, "the Premium page at 360 px");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
    });
  });

  test("a Premium member is thanked on /premium and not asked to subscribe", async () => {
    makePremium("demo_admin");
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_admin", "/premium");
      await page.getByRole("heading", { name: "You're a Premium member" }).waitFor();
      expect(await page.getByRole("link", { name: "Subscribe now" }).count()).toBe(0);
      await expectNoAxeViolations(page, "the Premium page for a member at 360 px");
      // Nor is the home page's phone prompt to try it offered.
      await page.goto("/home");
      await page.locator(".home-feed").waitFor();
      expect(await page.getByRole("link", { name: /Try Premium/ }).count()).toBe(0);
    });
  });

  test("a Premium member reads this month's picks in full; other readers meet the paywall", async () => {
    const current = (await apiPicks()).current.map((href) => Number(href.split("/").pop()));
    const [locked] = readDatabase<{ id: number }>(
      server.dataDir,
      `SELECT p.id FROM parts p JOIN stories s ON s.id = p.story_id
       JOIN users u ON u.id = s.user_id AND u.username NOT LIKE 'demo_%'
       WHERE p.paywalled = 1 AND p.draft = 0 AND p.deleted = 0 AND s.rating <> 4
         AND s.id IN (${current.join(",")}) ORDER BY p.id LIMIT 1`,
    );
    if (!locked) throw new Error("no pick of this month has a locked part");
    makePremium("demo_writer");
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_writer", `/${locked.id}`);
      await page.locator(".reader__text p").first().waitFor();
      expect(await page.getByRole("region", { name: /^Unlock this/ }).count()).toBe(0);
      // An Original that is not a pick is Coins for them too, with no offer of Premium.
      const picks = new Set(current);
      const [paid] = paidStories(server.dataDir).filter((story) => !picks.has(story.id));
      if (!paid) throw new Error("the demo has a paid story that is not a pick");
      await page.goto(`/${paid.locked[0]}`);
      const paywall = page.getByRole("region", { name: /^Unlock this/ });
      await paywall.getByRole("button", { name: /^Unlock for/ }).waitFor();
      expect(await paywall.getByRole("link", { name: "Subscribe now" }).count()).toBe(0);
    });
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_reader", `/${locked.id}`);
      const paywall = page.getByRole("region", { name: /^Unlock this/ });
      await paywall.waitFor();
      expect(await page.locator(".reader__text").count()).toBe(0);
      // reader.md §6: the paywall offers them Premium, which would open it.
      expect(await paywall.getByRole("link", { name: "Subscribe now" }).getAttribute("href")).toBe(
        "/premium",
      );
    });
  });

  test("a reader subscribes to Premium+ on a phone, gets its Coins, and cancels the renewal", async () => {
    await withPage({ viewport: PHONE, colorScheme: "dark", baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_ambassador", "/premium");
      await page.getByRole("heading", { name: "Choose your plan" }).waitFor();
      const plus = page.getByRole("list", { name: "Premium+ includes" });
      expect(await plus.getByRole("listitem").allTextContents()).toEqual([
        "Everything in Premium",
        "100 Coins added every month",
      ]);
      await page.getByRole("button", { name: "Your Coins: 0" }).waitFor();
      await expectNoAxeViolations(page, "the Premium plans at 360 px, dark");

      await page.getByRole("button", { name: "Subscribe to Premium+" }).click();
      const confirm = page.getByRole("dialog", { name: "Subscribe to Premium+" });
      await confirm
        .getByText(
          "You pay $8.99 now and each month after, until you cancel. Taxes will be added at checkout.",
        )
        .waitFor();
      await expectNoAxeViolations(page, "the subscription confirmation at 360 px, dark");
      await confirm.getByRole("button", { name: "Pay $8.99" }).click();

      await page
        .getByRole("status")
        .getByText("Welcome to Premium+! This month's picks are yours to read.")
        .waitFor();
      await page.getByRole("heading", { name: "You're a Premium+ member" }).waitFor();
      await page.getByText(/^Your plan renews on [A-Z][a-z]{2} \d{2}, \d{4} /).waitFor();
      await page.getByRole("button", { name: "Your Coins: 100" }).waitFor();
      expect(await page.getByRole("heading", { name: "Choose your plan" }).count()).toBe(0);
      await expectNoAxeViolations(page, "a member's plan at 360 px, dark");

      await page.getByRole("button", { name: "Cancel renewal" }).click();
      const cancel = page.getByRole("dialog", { name: "Cancel your renewal?" });
      await cancel
        .getByText(/^You keep Premium until .+, and you won't be charged again\.$/)
        .waitFor();
      await cancel.getByRole("button", { name: "Cancel renewal" }).click();
      await page.getByText(/^Your plan ends on .+\. You won't be charged again\.$/).waitFor();
      await page.reload();
      await page.getByRole("button", { name: "Keep my plan" }).waitFor();
      await page.getByRole("heading", { name: "You're a Premium+ member" }).waitFor();
    });
  });
});
