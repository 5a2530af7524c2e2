import type { Locator } from "playwright-core";
import { describe, expect, test } from "vitest";
import {
  DESKTOP,
  expectNoAxeViolations,
  holdRequests,
  logIn,
  logInAt,
  PHONE,
  useBrowser,
} from "./support/browser.ts";
import { paidStory } from "./support/paid-stories.ts";
import { useServer } from "./support/server.ts";

const server = useServer();
const { withPage } = useBrowser();

/**
 * Notes each step the header's wallet shows from now on: the coin (with the animations it
 * runs) or the button's visible text. Returns a reader of the steps noted so far.
 */
async function watchWalletSteps(walletButton: Locator): Promise<() => Promise<string[]>> {
  await walletButton.evaluate((button: HTMLElement) => {
    const seen: string[] = [];
    new MutationObserver(() => {
      const coin = button.querySelector(".wallet-button__coin");
      const turning = coin
        ?.getAnimations()
        .map((animation) => (animation as CSSAnimation).animationName)
        .join();
      // biome-ignore lint/performance/useDomNodeTextContent: what shows, not the hidden figure
      const step = coin ? `coin: ${turning}` : button.innerText;
      if (seen.at(-1) !== step) seen.push(step);
      document.documentElement.dataset.walletSteps = JSON.stringify(seen);
    }).observe(button, { subtree: true, childList: true, characterData: true });
  });
  return () =>
    walletButton
      .page()
      .evaluate(() => JSON.parse(document.documentElement.dataset.walletSteps ?? "[]"));
}

describe("paid parts", () => {
  test("a visitor meets the paywall, logs in, and unlocks the part with Coins", async () => {
    const [partId] = paidStory(server.dataDir).locked;
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      const response = await page.goto(`/${partId}`);
      expect(response?.status()).toBe(200);
      const paywall = page.getByRole("region", { name: "Unlock this part" });
      await paywall
        .getByText("This part belongs to a paid story: unlock it with Coins to keep reading.")
        .waitFor();
      // The text is not on the page at all, nor the vote button or comments.
      expect(await page.locator(".reader__text").count()).toBe(0);
      expect(await page.getByRole("button", { name: /^Vote/ }).count()).toBe(0);
      // Not read yet, it offers no Continue beside its Unlock: the next part is a link below.
      const next = page
        .getByRole("navigation", { name: "Parts" })
        .getByRole("link", { name: /Next/ });
      await next.waitFor();
      const goOn = page.getByRole("link", { name: "Continue to next part" });
      expect(await goOn.count()).toBe(0);
      await expectNoAxeViolations(page, "a locked part for a visitor at 360 px");

      await paywall.getByText(/^This part costs 6 Coins; the whole story \d+ Coins\.$/).waitFor();
      // reader.md §6: all but Premium members are offered Premium beside the Coins.
      const subscribe = paywall.getByRole("link", { name: "Subscribe now" });
      expect(await subscribe.getAttribute("href")).toBe("/premium");
      await paywall.getByRole("link", { name: "Log in to unlock" }).click();
      await page.waitForURL(/\/login\?nextUrl=/);
      await logIn(page, "demo_reader", "inkwell-demo");
      await page.waitForURL(`${server.url}/${partId}`);
      await paywall.getByText("You have 45 Coins").waitFor();
      expect(await subscribe.getAttribute("href")).toBe("/premium");
      // The balance sits with the Coins buttons it is spent by, before the offer that needs none.
      const actions = await paywall
        .locator("button, a, p.paywall__balance")
        .evaluateAll((nodes) => nodes.map((node) => node.textContent));
      expect(actions.slice(-4)).toEqual([
        "Unlock for 6 Coins",
        expect.stringMatching(/^Whole story for \d+ Coins$/),
        "You have 45 Coins",
        "Subscribe now",
      ]);
      await expectNoAxeViolations(page, "a locked part for a reader at 360 px");

      // Bought by keyboard on a slow network: the unlocked part takes a while, and meanwhile
      // the paywall says it is coming and offers nothing for sale again.
      const release = await holdRequests(page, `**/${partId}.data*`);
      const bought = page.waitForResponse((response) => response.url().endsWith("/purchase"));
      await paywall.getByRole("button", { name: "Unlock for 6 Coins" }).focus();
      await page.keyboard.press("Enter");
      expect((await bought).status()).toBe(200);
      const opening = paywall.getByRole("button", { name: "Unlocked, opening…" });
      await opening.waitFor();
      expect(await opening.getAttribute("aria-disabled")).toBe("true");
      expect(await paywall.getByRole("button", { name: /^Unlock for/ }).count()).toBe(0);
      release();
      await page.locator(".reader__text p").first().waitFor();
      const title = await page.getByRole("heading", { level: 1 }).textContent();
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(title);
      const thanks = page.getByRole("status").filter({ hasText: "Thank you for supporting" });
      await thanks.getByText("-6 Coins for next part").waitFor();
      expect(await page.getByRole("region", { name: "Unlock this part" }).count()).toBe(0);
      await goOn.waitFor();

      // Unlocked for good: a reload reads the text, without thanks this time.
      await page.reload();
      await page.locator(".reader__text p").first().waitFor();
      await page.getByRole("button", { name: /^Vote/ }).waitFor();
      expect(await thanks.count()).toBe(0);
    });
  });

  test("the whole story unlocks after a confirmation, and its parts lose their locks", async () => {
    const story = paidStory(server.dataDir, (candidate) => candidate.hasBonus);
    const partId = story.locked[1];
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_reader", `/${partId}`);
      const paywall = page.getByRole("region", { name: /^Unlock this/ });
      const whole = paywall.getByRole("button", { name: /^Whole story for \d+ Coins$/ });
      const price = Number((await whole.textContent())?.match(/\d+/)?.[0]);
      await paywall.getByText(/^You have \d+ Coins$/).waitFor();
      const before = Number((await paywall.getByText(/^You have/).textContent())?.match(/\d+/));
      await whole.click();

      const confirm = page.getByRole("dialog", { name: "Unlock the whole story?" });
      await confirm
        .getByText(
          `${price} Coins unlock every locked part of ${story.title} published so far. Parts published later are unlocked on their own.`,
        )
        .waitFor();
      await expectNoAxeViolations(page, "the whole-story confirmation at 1280 px");
      // The header's wallet says what the purchase is doing, in words at this width, step by
      // step (§4): its coin turns over, then Deducting, what was spent, and the balance.
      const walletButton = page.getByRole("button", { name: /^Your Coins/ });
      const walletSteps = await watchWalletSteps(walletButton);
      const release = await holdRequests(page, `**/v5/story/${story.id}/paid-content/purchase`);
      await confirm.getByRole("button", { name: `Unlock for ${price} Coins` }).click();
      await walletButton.getByText("Deducting").waitFor();
      // Back from the confirmation, focus is on Whole story, busy but not dropped to the page.
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Deducting…");
      await expect.poll(walletSteps).toEqual(["coin: wallet-coin-turn", "Deducting"]);
      release();
      await page.locator(".reader__text p").first().waitFor();
      await walletButton.getByText(`-${price} Coins for story`).waitFor();
      const thanks = page.getByRole("status").filter({ hasText: "Thank you for supporting" });
      await thanks.getByText(`-${price} Coins for story`).waitFor();
      await walletButton.getByText(/for story$/).waitFor({ state: "detached" });
      await walletButton.getByText(String(before - price), { exact: true }).waitFor();
      expect(await walletSteps()).toEqual([
        "coin: wallet-coin-turn",
        "Deducting",
        `-${price} Coins for story`,
        String(before - price),
      ]);

      await page.goto(`/story/${story.id}`);
      const contents = page.getByRole("region", { name: /^Table of contents/ });
      await contents.getByRole("link").first().waitFor();
      expect(await contents.getByText("Locked part").count()).toBe(0);
      // Its bonus part is named as such.
      await contents.getByRole("link", { name: /Exclusive Chapter/ }).waitFor();
      const wallet = await page.evaluate(async () => {
        const me = await (await fetch("/api/v3/internal/current_user")).json();
        return (await fetch(`/v5/users/${me.id}/wallet`)).json();
      });
      expect(wallet).toEqual([{ id: "coins", amount: before - price }]);
    });
  });

  test("with reduced motion the wallet's coin stays still and the purchase still goes on to Deducting", async () => {
    const story = paidStory(server.dataDir, (_, index) => index === 2);
    const [partId] = story.locked;
    await withPage(
      { viewport: DESKTOP, baseURL: server.url, reducedMotion: "reduce" },
      async (page) => {
        await logInAt(page, "demo_reader", `/${partId}`);
        const paywall = page.getByRole("region", { name: "Unlock this part" });
        const balance = (await paywall.getByText(/^You have \d+ Coins$/).textContent())?.match(
          /\d+/,
        )?.[0];
        const walletButton = page.getByRole("button", { name: /^Your Coins/ });
        await walletButton.getByText(`${balance}`, { exact: true }).waitFor();
        const walletSteps = await watchWalletSteps(walletButton);
        // The purchase is held, then refused: nothing is spent, the steps are what counts.
        const release = await holdRequests(page, "**/paid-content/purchase", {
          answer: { status: 503, body: "" },
        });
        await paywall.getByRole("button", { name: /^Unlock for \d+ Coins$/ }).click();
        await expect.poll(walletSteps).toEqual(["coin: ", "Deducting"]);
        release();
        await expect.poll(walletSteps).toEqual(["coin: ", "Deducting", balance]);
      },
    );
  });

  test("while Coins are not sold on the web, a reader short of them is shown how to get them in the app", async () => {
    const story = paidStory(server.dataDir, (_, index) => index === 1);
    const [partId] = story.locked;
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      // The demo opens the Coin Shop (coin-shop.test.ts); a system admin closes it here.
      await logInAt(page, "demo_admin", "/");
      const closed = await page.request.put("/api/v3/internal/features/WEB_COIN_PURCHASING", {
        data: { enabled: false },
      });
      expect(closed.status()).toBe(200);
    });
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_writer", `/${partId}`);
      const contents = await page.goto(`/story/${story.id}`);
      expect(contents?.status()).toBe(200);
      await page
        .getByRole("region", { name: /^Table of contents/ })
        .getByText("Locked part")
        .first()
        .waitFor({ state: "attached" });
      await page.goto(`/${partId}`);
      const paywall = page.getByRole("region", { name: /^Unlock this/ });
      await paywall.getByText("You have 0 Coins").waitFor();
      await paywall.getByRole("button", { name: /^Unlock for \d+ Coins$/ }).click();
      const howTo = page.getByRole("dialog", { name: "How to buy Coins" });
      await howTo.getByText(/^This costs \d+ Coins and you have 0\./).waitFor();
      await howTo.getByRole("link", { name: "Get it on Google Play" }).waitFor();
      await expectNoAxeViolations(page, "the buy-coins how-to from the paywall at 360 px");
      await howTo.getByRole("button", { name: "Got it" }).click();
      expect(await page.locator(".reader__text").count()).toBe(0);
      await paywall.getByText("You have 0 Coins").waitFor();
    });
  });
});
