import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { DESKTOP, expectNoAxeViolations, logInAt, PHONE, useBrowser } from "./support/browser.ts";
import { readDatabase } from "./support/database.ts";
import { useServer } from "./support/server.ts";

const server = useServer();
const { withPage, newContext } = useBrowser();

/** A free story of the demo catalogue (not mature, not a demo account's) with 4+ parts. */
function freeStory(): { id: number; title: string } {
  const [story] = readDatabase<{ id: number; title: string }>(
    server.dataDir,
    `SELECT s.id, s.title FROM stories s JOIN users u ON u.id = s.user_id
     WHERE s.is_paid = 0 AND s.draft = 0 AND s.deleted = 0 AND s.rating <> 4
       AND s.num_parts >= 4 AND u.username NOT LIKE 'demo_%'
     ORDER BY s.id LIMIT 1`,
  );
  if (!story) throw new Error("the demo catalogue has no free story of four parts");
  return story;
}

/** The story's paid flag and which of its parts are locked, in order. */
function programmeState(storyId: number) {
  const [story] = readDatabase<{ is_paid: number }>(
    server.dataDir,
    "SELECT is_paid FROM stories WHERE id = ?",
    storyId,
  );
  const parts = readDatabase<{ paywalled: number }>(
    server.dataDir,
    "SELECT paywalled FROM parts WHERE story_id = ? AND deleted = 0 ORDER BY position, id",
    storyId,
  );
  return { isPaid: story?.is_paid === 1, locked: parts.map((part) => part.paywalled === 1) };
}

/** An Original not on sale (not mature, not a demo account's), and its first paid part. */
function originalNotOnSale() {
  const [story] = readDatabase<{
    id: number;
    title: string;
    partId: number;
    isBonus: number;
    bonusType: string | null;
  }>(
    server.dataDir,
    `SELECT s.id, s.title, p.id AS partId, p.is_bonus AS isBonus, p.bonus_type AS bonusType
     FROM stories s JOIN users u ON u.id = s.user_id
     JOIN parts p ON p.story_id = s.id AND p.paywalled = 1 AND p.draft = 0 AND p.deleted = 0
     WHERE s.is_paid = 1 AND s.sale_percent IS NULL AND s.draft = 0 AND s.deleted = 0
       AND s.rating <> 4 AND u.username NOT LIKE 'demo_%'
     ORDER BY s.id, p.position LIMIT 1`,
  );
  if (!story) throw new Error("the demo catalogue has no Original off sale");
  return story;
}

const saleOf = (storyId: number) =>
  readDatabase<{ sale_percent: number | null }>(
    server.dataDir,
    "SELECT sale_percent FROM stories WHERE id = ?",
    storyId,
  )[0]?.sale_percent;

const noSideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe("the paid story manager", () => {
  test("an admin makes a story an Original from its page at 360 px, then frees it again", async () => {
    const story = freeStory();
    const manager = `/admin/paid_stories_manager?storyId=${story.id}`;
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      // A visitor's page is kept from its second render (decision 025): render it twice.
      const browser = page.context().browser();
      if (!browser) throw new Error("no browser");
      const visitor = await browser.newPage({ baseURL: server.url });
      for (let i = 0; i < 2; i++) await visitor.goto(`/story/${story.id}`);
      const originalBadge = visitor
        .locator(".story-header")
        .getByText("Inkwell Original", { exact: true });
      expect(await originalBadge.count()).toBe(0);

      await logInAt(page, "demo_admin", `/story/${story.id}`);
      const adminPanel = page.locator("details.staff-admin");
      await adminPanel.locator("summary").click();
      await adminPanel.getByRole("link", { name: "Paid story manager" }).click();
      await page.waitForURL(`${server.url}${manager}`);
      const found = page.getByRole("article", { name: story.title });
      await found.getByText("Free to read", { exact: true }).waitFor();
      await found.getByText("No reader has bought any of it yet.").waitFor();
      await expectNoAxeViolations(page, "the paid story manager at 360 px, a free story");
      expect(await noSideScroll(page)).toBe(true);

      // Nothing is locked without at least one free part: refused, and nothing changes.
      const freeParts = found.getByLabel("Free parts at the start");
      expect(await freeParts.inputValue()).toBe("3");
      await freeParts.fill("0");
      await found.getByRole("button", { name: "Add to the programme" }).click();
      await found.getByText("freeParts must be a whole number from 1 to 200").waitFor();
      expect(programmeState(story.id).isPaid).toBe(false);

      await freeParts.fill("2");
      await freeParts.press("Enter");
      await found.getByText("The story is in the Paid Stories programme.").waitFor();
      await found.getByText("In the Paid Stories programme", { exact: true }).waitFor();
      // The Enter pressed in the field leaves the keyboard on the button now in its place.
      const takeOut = found.getByRole("button", { name: "Take out of the programme" });
      await expect
        .poll(() => takeOut.evaluate((button) => button === document.activeElement))
        .toBe(true);
      const prices = await found
        .getByRole("region", { name: "Parts" })
        .getByRole("listitem")
        .evaluateAll((items) => items.map((item) => item.lastElementChild?.textContent));
      expect(prices.slice(0, 3)).toEqual(["Free", "Free", "6 Coins"]);
      const state = programmeState(story.id);
      expect(state.isPaid).toBe(true);
      expect(state.locked.slice(0, 3)).toEqual([false, false, true]);
      expect(state.locked.slice(2).every(Boolean)).toBe(true);
      await expectNoAxeViolations(page, "the paid story manager at 360 px, an Original");
      expect(await noSideScroll(page)).toBe(true);

      // Visitors see it as an Original at once: the page kept from before is gone.
      await visitor.reload();
      await originalBadge.waitFor();
      await visitor.close();

      await takeOut.click();
      const confirm = page.getByRole("dialog", { name: "Take this story out of the programme?" });
      await confirm.getByText("Every part becomes free to read.", { exact: false }).waitFor();
      await expectNoAxeViolations(page, "the take-out confirmation at 360 px");
      await confirm.getByRole("button", { name: "Take out of the programme" }).click();
      await found
        .getByText("The story is out of the programme: every part is free to read.")
        .waitFor();
      await found.getByText("Free to read", { exact: true }).waitFor();
      const join = found.getByRole("button", { name: "Add to the programme" });
      await expect
        .poll(() => join.evaluate((button) => button === document.activeElement))
        .toBe(true);
      expect(programmeState(story.id)).toMatchObject({ isPaid: false });
      expect(programmeState(story.id).locked.some(Boolean)).toBe(false);

      // Both changes are in the story's admin notes, as demo_admin's.
      await page.goto(`/story/${story.id}`);
      await adminPanel.locator("summary").click();
      const notes = adminPanel.getByRole("region", { name: "Admin notes" });
      await notes
        .getByText("Added to the Paid Stories programme, the first 2 parts free.")
        .waitFor();
      await notes
        .getByText("Removed from the Paid Stories programme: every part is free to read.")
        .waitFor();
    });
  });

  test("system admins find it in the account menu and open a story by its link; readers can't", async () => {
    const story = freeStory();
    await withPage(
      { viewport: DESKTOP, colorScheme: "dark", baseURL: server.url },
      async (page) => {
        await logInAt(page, "demo_admin", "/");
        await page.getByLabel("Account").click();
        const staff = page.getByRole("navigation", { name: "Staff tools" });
        await staff.getByRole("link", { name: "Paid story manager" }).click();
        await page.waitForURL(`${server.url}/admin/paid_stories_manager`);
        await page.getByRole("heading", { name: "Paid story manager", level: 1 }).waitFor();
        expect(await page.getByRole("article").count()).toBe(0);
        await expectNoAxeViolations(page, "the paid story manager at 1280 px, dark, no story");

        const field = page.getByRole("textbox", { name: "Story" });
        await field.fill("999999999");
        await page.getByRole("button", { name: "Open" }).click();
        await page.getByText("No story has that number.").waitFor();
        await field.fill(`${server.url}/story/${story.id}-a-title`);
        await page.getByRole("button", { name: "Open" }).click();
        await page.getByRole("article", { name: story.title }).waitFor();
        expect(new URL(page.url()).searchParams.get("storyId")).toBe(
          `${server.url}/story/${story.id}-a-title`,
        );
        await expectNoAxeViolations(page, "the paid story manager at 1280 px, dark, a story");
      },
    );
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_reader", "/");
      const response = await page.goto(`/admin/paid_stories_manager?storyId=${story.id}`);
      expect(response?.status()).toBe(404);
    });
  });
  test("an admin puts an Original on sale: readers find it On sale and pay less, until it ends", async () => {
    const story = originalNotOnSale();
    const list = story.isBonus ? (story.bonusType === "Exclusive Chapter" ? 15 : 8) : 6;
    // 40% off, down to a whole Coin.
    const onSale = Math.floor((list * 60) / 100);
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_admin", `/admin/paid_stories_manager?storyId=${story.id}`);
      const found = page.getByRole("article", { name: story.title });
      const sale = found.getByRole("region", { name: "Sale" });
      await sale.getByText("Not on sale.", { exact: false }).waitFor();
      const percent = sale.getByLabel("Percent off");
      // The last day starts a week ahead, set once the page runs in the browser.
      await expect.poll(() => sale.getByLabel("Last day of the sale").inputValue()).not.toBe("");

      await percent.fill("95");
      await sale.getByRole("button", { name: "Start the sale" }).click();
      await sale.getByText("Percent off must be a whole number from 10 to 90").waitFor();
      expect(saleOf(story.id)).toBeNull();

      await percent.fill("40");
      await sale.getByRole("button", { name: "Start the sale" }).click();
      await sale.getByText("The story is on sale.").waitFor();
      await sale.getByText(/^On sale: 40% off until \w{3} \d{2}, \d{4} 11:59PM/).waitFor();
      expect(saleOf(story.id)).toBe(40);
      // The parts list gives each paid part's price on sale beside its list price.
      const parts = found.getByRole("region", { name: "Parts" });
      await parts.getByText(`${list} Coins, ${onSale} on sale`, { exact: false }).first().waitFor();
      await expectNoAxeViolations(page, "the paid story manager at 360 px, a sale on");
      expect(await noSideScroll(page)).toBe(true);

      // A context of its own: axe needs one it may open pages in.
      const readerContext = await newContext({ viewport: PHONE, baseURL: server.url });
      const reader = await readerContext.newPage();
      await logInAt(reader, "demo_reader", "/catalog/paidstories");
      const group = reader.locator(".paid-catalog section").filter({
        has: reader.getByRole("heading", { level: 2, name: "On sale" }),
      });
      await group.getByRole("link", { name: story.title }).first().waitFor();

      await reader.goto(`/story/${story.id}`);
      await reader.locator(".story-header").getByText("40% off", { exact: true }).waitFor();
      await reader.goto(`/${story.partId}`);
      const paywall = reader.locator(".paywall");
      await paywall.getByText("40% off", { exact: true }).waitFor();
      await paywall.getByText(`Usually ${list} Coins for this part`, { exact: false }).waitFor();
      await paywall.getByRole("button", { name: `Unlock for ${onSale} Coin` }).waitFor();
      await expectNoAxeViolations(reader, "a paywall on sale at 360 px");

      await sale.getByRole("button", { name: "End the sale" }).click();
      await sale.getByText("The sale has ended: every part is back at its list price.").waitFor();
      await sale.getByText("Not on sale.", { exact: false }).waitFor();
      expect(saleOf(story.id)).toBeNull();
      await reader.reload();
      await reader
        .locator(".paywall")
        .getByRole("button", { name: `Unlock for ${list} Coins` })
        .waitFor();
      expect(await reader.locator(".paywall").getByText("40% off").count()).toBe(0);
      await readerContext.close();
    });
  });

  test("a writer puts their own Original on sale from its editor at 360 px, then ends it", async () => {
    const [story] = readDatabase<{ id: number; title: string }>(
      server.dataDir,
      `SELECT s.id, s.title FROM stories s JOIN users u ON u.id = s.user_id
       WHERE u.username = 'demo_writer' AND s.is_paid = 1 AND s.deleted = 0
         AND s.sale_percent IS NULL ORDER BY s.id LIMIT 1`,
    );
    if (!story) throw new Error("demo_writer has no Original off sale");
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_writer", `/myworks/${story.id}`);
      const sale = page.locator(".own-sale");
      const summary = sale.locator("summary");
      await summary.getByText("Not on sale").waitFor();
      // Folded: the form shows once the writer opens it.
      expect(await sale.getByLabel("Percent off").isVisible()).toBe(false);
      await summary.click();
      const percent = sale.getByLabel("Percent off");
      await expect.poll(() => sale.getByLabel("Last day of the sale").inputValue()).not.toBe("");

      await percent.fill("5");
      await sale.getByRole("button", { name: "Start the sale" }).click();
      await sale.getByText("Percent off must be a whole number from 10 to 90").waitFor();
      expect(saleOf(story.id)).toBeNull();

      await percent.fill("30");
      await sale.getByRole("button", { name: "Start the sale" }).click();
      await sale.getByText("The story is on sale.").waitFor();
      await summary.getByText("30% off now").waitFor();
      expect(saleOf(story.id)).toBe(30);
      await expectNoAxeViolations(page, "the writer's sale at 360 px");
      expect(await noSideScroll(page)).toBe(true);

      // Readers see it on the story's page at once.
      const browser = page.context().browser();
      if (!browser) throw new Error("no browser");
      const visitor = await browser.newPage({ baseURL: server.url });
      await visitor.goto(`/story/${story.id}`);
      await visitor.locator(".story-header").getByText("30% off", { exact: true }).waitFor();

      await sale.getByRole("button", { name: "End the sale" }).click();
      await sale.getByText("The sale has ended: every part is back at its list price.").waitFor();
      await summary.getByText("Not on sale").waitFor();
      expect(saleOf(story.id)).toBeNull();
      // The next sale waits a month from this one's start, or Library readers could be mailed
      // each hour (decision 054): the panel says when, and the server refuses sooner.
      await sale
        .getByText(/^A story can go on sale once every 30 days: your next sale can start on /)
        .waitFor();
      await sale.getByRole("button", { name: "Start the sale" }).click();
      await sale
        .getByText(/^A story can go on sale once every 30 days: its next sale can start on /)
        .waitFor();
      expect(saleOf(story.id)).toBeNull();
      await visitor.reload();
      await visitor
        .locator(".story-header")
        .getByText("Inkwell Original", { exact: true })
        .waitFor();
      expect(await visitor.locator(".story-header").getByText("30% off").count()).toBe(0);
      await visitor.close();
    });
  });
});
