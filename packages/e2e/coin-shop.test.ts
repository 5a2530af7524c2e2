import { describe, expect, test } from "vitest";
import {
  DESKTOP,
  expectNoAxeViolations,
  focusHydrated,
  holdRequests,
  logInAt,
  PHONE,
  useBrowser,
} from "./support/browser.ts";
import { readDatabase } from "./support/database.ts";
import { paidStory } from "./support/paid-stories.ts";
import { useServer } from "./support/server.ts";

const server = useServer();
const { withPage } = useBrowser();

describe("the Coin Shop", () => {
  test("a writer short of Coins buys a pack from the paywall and unlocks the part", async () => {
    const story = paidStory(server.dataDir);
    const [partId] = story.locked;
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_writer", `/${partId}`);
      const wallet = page.getByRole("button", { name: /^Your Coins/ });
      await page.getByRole("button", { name: "Your Coins: 0" }).waitFor();
      const paywall = page.getByRole("region", { name: "Unlock this part" });
      await paywall.getByText("You have 0 Coins").waitFor();

      // The first paywall has the wallet introduce itself, once.
      const tip = page.getByRole("complementary", { name: "Your Coins live here" });
      await tip
        .getByText("Coins unlock paid parts of Originals. Tap your balance to get more.")
        .waitFor();
      await expectNoAxeViolations(page, "the wallet's introduction at 360 px");
      await tip.getByRole("button", { name: "Got it" }).click();
      await expect.poll(() => tip.count()).toBe(0);
      await expect
        .poll(() => wallet.evaluate((node) => node === document.activeElement))
        .toBe(true);
      const cookies = await page.context().cookies();
      expect(cookies.find((cookie) => cookie.name === "seen-wallet-onboard")?.value).toBe("1");

      await paywall.getByRole("button", { name: "Unlock for 6 Coins" }).click();
      const shop = page.getByRole("dialog", { name: "Coin Shop" });
      await shop
        .getByText("This costs 6 Coins and you have 0. Get more Coins to unlock it.")
        .waitFor();
      await shop.getByText("Select a Coin package below.").waitFor();
      await shop.getByText("Premium members get up to 66% more Coins").waitFor();
      await shop.getByText("Taxes will be added at checkout.").waitFor();
      const packs = shop.getByRole("list", { name: "Coin packages" }).getByRole("button");
      expect(await packs.count()).toBe(4);
      await expectNoAxeViolations(page, "the Coin Shop from the paywall at 360 px");

      await shop.getByRole("button", { name: /^9 Coins \+ 6 with Premium \$0\.99$/ }).click();
      const bought = page.getByRole("dialog", { name: "Wallet locked and loaded" });
      await bought.getByText("+9 Coins").waitFor();
      expect(await shop.isVisible()).toBe(false);
      const balances = await bought.locator("div:has(> dt)").allInnerTexts();
      expect(balances.map((row) => row.replace(/\s+/g, " "))).toEqual([
        "Previous balance 0 Coins",
        "Coins added +9 Coins",
        "New balance 9 Coins",
      ]);
      await expectNoAxeViolations(page, "Wallet locked and loaded at 360 px");
      await bought.getByRole("button", { name: "Complete" }).click();
      await expect.poll(() => bought.isVisible()).toBe(false);
      await page.getByRole("button", { name: "Your Coins: 9" }).waitFor();
      await paywall.getByText("You have 9 Coins").waitFor();

      await paywall.getByRole("button", { name: "Unlock for 6 Coins" }).click();
      await page.locator(".reader__text p").first().waitFor();
      await page.getByRole("status").getByText("-6 Coins for next part").first().waitFor();
      await page.getByRole("button", { name: "Your Coins: 3" }).waitFor();
      expect(await wallet.count()).toBe(1);

      await page.goto(`/${story.locked[1]}`);
      await paywall.getByText("You have 3 Coins").waitFor();
      expect(await tip.count()).toBe(0);
    });
    const purchases = readDatabase<{ pack_id: string; coins: number; checkout: string }>(
      server.dataDir,
      `SELECT pack_id, coins, checkout FROM coin_purchases
       WHERE user_id = (SELECT id FROM users WHERE username = 'demo_writer')`,
    );
    expect(purchases).toEqual([{ pack_id: "coins_9", coins: 9, checkout: "demo" }]);
  });

  test("the header's wallet opens the shop by keyboard, in the dark theme too", async () => {
    await withPage(
      { viewport: DESKTOP, colorScheme: "dark", baseURL: server.url },
      async (page) => {
        await logInAt(page, "demo_reader", "/library");
        const wallet = page.getByRole("button", { name: "Your Coins: 45" });
        await focusHydrated(wallet);
        await page.keyboard.press("Enter");
        const shop = page.getByRole("dialog", { name: "Coin Shop" });
        const featured = shop.getByRole("button", { name: /^Most Popular 74 Coins/ });
        await featured.waitFor();
        expect(await featured.textContent()).toContain("+ 25 with Premium");
        expect(await featured.textContent()).toContain("$3.99");
        // Each pack's Coins and price keep to one line: its text has one line box.
        const lines = await shop
          .getByRole("list", { name: "Coin packages" })
          .locator("button span")
          .evaluateAll((spans) =>
            spans
              .filter((span) => /^(\d+ Coins|\$[\d.]+)$/.test(span.textContent ?? ""))
              .map((span) => {
                const text = document.createRange();
                text.selectNodeContents(span);
                const tops = new Set([...text.getClientRects()].map((line) => line.top));
                return `${span.textContent}: ${tops.size}`;
              }),
          );
        expect(lines).toEqual([
          "9 Coins: 1",
          "$0.99: 1",
          "74 Coins: 1",
          "$3.99: 1",
          "244 Coins: 1",
          "$8.99: 1",
          "400 Coins: 1",
          "$13.99: 1",
        ]);
        await expectNoAxeViolations(page, "the Coin Shop at 1280 px, dark");

        await page.keyboard.press("Escape");
        await expect.poll(() => shop.isVisible()).toBe(false);
        await expect
          .poll(() => wallet.evaluate((node) => node === document.activeElement))
          .toBe(true);
      },
    );
  });

  test("a purchase whose answer is lost is bought once when the reader tries again", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_ambassador", "/library");
      // The packs first fail to load: said where "Loading…" was, with a way to try again.
      const release = await holdRequests(page, "**/v5/coins/packs", {
        answer: { status: 500, body: "{}" },
      });
      await page.getByRole("button", { name: "Your Coins: 0" }).click();
      const shop = page.getByRole("dialog", { name: "Coin Shop" });
      await shop.getByRole("status").filter({ hasText: "Loading Coin packages…" }).waitFor();
      const regions = await shop.getByRole("alert").elementHandles();
      release();
      await expect
        .poll(() => Promise.all(regions.map((region) => region.textContent())))
        .toContain("The Coin packages did not load. Please try again.");
      await page.unroute("**/v5/coins/packs");
      await shop.getByRole("button", { name: "Try again" }).click();
      const pack = shop.getByRole("button", { name: /^9 Coins/ });
      await pack.waitFor();
      expect(await shop.getByRole("alert").filter({ hasText: /./ }).count()).toBe(0);
      // The server buys the pack, but its answer never reaches the page.
      await page.route("**/v5/coins/purchase", async (route) => {
        await route.fetch();
        await route.abort("connectionreset");
      });
      // Pressed by keyboard, the pack keeps the focus while it is bought and after it fails.
      await pack.focus();
      await page.keyboard.press("Enter");
      await shop.getByRole("alert").getByText("Something went wrong. Please try again.").waitFor();
      expect(await pack.evaluate((node) => node === document.activeElement)).toBe(true);
      await page.unroute("**/v5/coins/purchase");

      await pack.click();
      const bought = page.getByRole("dialog", { name: "Wallet locked and loaded" });
      await bought.getByText("+9 Coins").waitFor();
      expect(await bought.locator("div:has(> dt)").first().textContent()).toContain("0 Coins");
      await bought.getByRole("button", { name: "Complete" }).click();
      await page.getByRole("button", { name: "Your Coins: 9" }).waitFor();
    });
    const purchases = readDatabase<{ coins: number }>(
      server.dataDir,
      `SELECT coins FROM coin_purchases
       WHERE user_id = (SELECT id FROM users WHERE username = 'demo_ambassador')`,
    );
    expect(purchases).toEqual([{ coins: 9 }]);
  });

  test("visitors have no wallet", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await page.goto("/");
      await page.getByRole("link", { name: "Log in" }).first().waitFor();
      expect(await page.getByRole("button", { name: /^Your Coins/ }).count()).toBe(0);
    });
  });
});
