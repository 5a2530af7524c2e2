import { describe, expect, test } from "vitest";
import {
  DESKTOP,
  expectNoAxeViolations,
  logInAt,
  PHONE,
  recordSpeech,
  untilHydrated,
  useBrowser,
} from "./support/browser.ts";
import { hotStories } from "./support/catalogue.ts";
import { readDatabase } from "./support/database.ts";
import { useServer } from "./support/server.ts";

const server = useServer();
const { withPage } = useBrowser();

const campaignsOf = (sponsor: string) =>
  readDatabase<{ story_id: number; starts_at: number; ends_at: number }>(
    server.dataDir,
    "SELECT story_id, starts_at, ends_at FROM story_promotions WHERE sponsor_name = ?",
    sponsor,
  );

describe("sponsored stories", () => {
  test("a system admin sponsors a story from its link, then ends the campaign", async () => {
    const [story] = await hotStories(server.url, 1);
    if (!story) throw new Error("the demo catalogue has no stories");
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_admin", "/admin/promotions");
      const campaigns = page.getByRole("list", { name: "Campaigns" });
      // The demo's own campaign is there, running.
      await campaigns.getByText("Sponsored by Moonlit Press").waitFor();
      await expectNoAxeViolations(page, "the sponsored stories page at 1280 px");

      // Something that names no story is refused before anything is sent.
      await page.getByLabel("Story").fill("the long way home");
      await page.getByLabel("Sponsor's name").fill("Lantern Books");
      await page.getByRole("button", { name: "Start the campaign" }).click();
      await page.getByText("That is neither a story's link nor its number.").waitFor();
      expect(campaignsOf("Lantern Books")).toEqual([]);
      // The same refusal again is said again: the alert empties and takes the words back,
      // where unchanged words would be silence to a screen reader (decision 087).
      const refused = "The campaign could not be saved. Check the fields below.";
      const said = await recordSpeech(page.getByRole("alert").filter({ hasText: refused }));
      await page.getByRole("button", { name: "Start the campaign" }).click();
      await expect.poll(said).toBe(`said: [] [${refused}]`);

      await page.getByLabel("Story").fill(`${server.url}${story.url}`);
      await page.getByRole("button", { name: "Start the campaign" }).click();
      await page.getByText("The campaign is saved.").waitFor();
      const created = campaigns.getByRole("listitem").first();
      await created.getByRole("link", { name: story.title }).waitFor();
      await created.getByText("Sponsored by Lantern Books").waitFor();
      await created.getByText("0 impressions, 0 clicks", { exact: true }).waitFor();
      const [saved] = campaignsOf("Lantern Books");
      expect(saved?.story_id).toBe(story.id);
      // The next full hour, for a week (the form's defaults).
      expect(Number(saved?.ends_at) - Number(saved?.starts_at)).toBe(7 * 86_400_000);

      await created.getByRole("button", { name: "End now" }).click();
      const confirm = page.getByRole("dialog", { name: "End this campaign?" });
      await confirm
        .getByText(
          `${story.title} leaves readers' home feeds within a minute. Its counts are kept.`,
        )
        .waitFor();
      await confirm.getByRole("button", { name: "End now" }).click();
      await created.getByText("Ended").waitFor();
      // End now is gone: focus is on the campaign's title and new status, not the page.
      const head = created.getByRole("paragraph").filter({ hasText: "Ended" });
      expect(await head.evaluate((line) => line === document.activeElement)).toBe(true);
      expect(await created.getByRole("button", { name: "End now" }).count()).toBe(0);
      expect(Number(campaignsOf("Lantern Books")[0]?.ends_at)).toBeLessThanOrEqual(Date.now());
    });
  });

  test("staff find it in the account menu; it works on a phone and is not there for readers", async () => {
    await withPage({ viewport: PHONE, colorScheme: "dark", baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_admin", "/");
      await page.getByLabel("Account").click();
      const staff = page.getByRole("navigation", { name: "Staff tools" });
      expect(await staff.getByRole("link").allTextContents()).toEqual([
        "Reports queue",
        "Image appeals",
        "Sponsored stories",
        "Inkwell Awards",
        "Paid story manager",
        "Story rating history",
      ]);
      await expectNoAxeViolations(page, "the account menu of a system admin at 360 px, dark");
      await staff.getByRole("link", { name: "Sponsored stories" }).click();
      await page.waitForURL(`${server.url}/admin/promotions`);
      await page.getByRole("heading", { name: "Sponsored stories", level: 1 }).waitFor();
      await expectNoAxeViolations(page, "the sponsored stories page at 360 px, dark");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);

      // Sent blank, the form says what each field needs in staff's words, not the API's, and
      // takes focus to the first, above the button and out of sight on a phone.
      const start = page.getByRole("button", { name: "Start the campaign" });
      await untilHydrated(start);
      await page.getByLabel("Starts").fill("");
      await start.click();
      const errors = page.locator(".admin-form .field__error");
      await errors.first().waitFor();
      expect(await errors.allTextContents()).toEqual([
        "That is neither a story's link nor its number.",
        "Enter the sponsor's name.",
        "Choose when the campaign starts.",
      ]);
      const story = page.getByLabel("Story");
      expect(await story.evaluate((input) => input === document.activeElement)).toBe(true);
      await story.fill("1");
      await page.getByLabel("Sponsor's name").fill("   ");
      await start.click();
      await page.getByText("Enter the sponsor's name.").waitFor();
      expect(await errors.allTextContents()).toEqual([
        "Enter the sponsor's name.",
        "Choose when the campaign starts.",
      ]);
      expect(
        await page
          .getByLabel("Sponsor's name")
          .evaluate((input) => input === document.activeElement),
      ).toBe(true);
      expect(await page.getByLabel("Sponsor's name").getAttribute("maxlength")).toBe("60");
    });
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_reader", "/");
      await page.getByLabel("Account").click();
      await page.getByText("Signed in as demo_reader").waitFor();
      expect(await page.getByRole("navigation", { name: "Staff tools" }).count()).toBe(0);
      const response = await page.goto("/admin/promotions");
      expect(response?.status()).toBe(404);
    });
  });

  // Last: its campaign, years ahead, heads the list the other journeys read.
  test("times are in the staff member's own time zone, in the form and the list alike", async () => {
    const [story] = await hotStories(server.url, 1);
    if (!story) throw new Error("the demo catalogue has no stories");
    const options = { viewport: DESKTOP, timezoneId: "Asia/Kolkata", baseURL: server.url };
    await withPage(options, async (page) => {
      await logInAt(page, "demo_admin", "/admin/promotions");
      const campaigns = page.getByRole("list", { name: "Campaigns" });
      await campaigns.getByText("Sponsored by Moonlit Press").waitFor();
      // The form names the zone the list shows its times in: never UTC here.
      await untilHydrated(page.getByRole("button", { name: "Start the campaign" }));
      const hint = "In your time zone (GMT+5:30).";
      expect(await page.getByText(hint, { exact: true }).count()).toBe(2);
      expect(await page.getByRole("main").getByText(/UTC/).count()).toBe(0);

      await page.getByLabel("Story").fill(String(story.id));
      await page.getByLabel("Sponsor's name").fill("Saffron House");
      await page.getByLabel("Starts").fill("2030-01-15T09:00");
      await page.getByLabel("Ends").fill("2030-01-22T09:00");
      await page.getByRole("button", { name: "Start the campaign" }).click();
      await page.getByText("The campaign is saved.").waitFor();
      const created = campaigns.getByRole("listitem").filter({ hasText: "Saffron House" });
      await created
        .getByText("Jan 15, 2030 09:00AM GMT+5:30 to Jan 22, 2030 09:00AM GMT+5:30")
        .waitFor();
      expect(campaignsOf("Saffron House")).toEqual([
        {
          story_id: story.id,
          starts_at: Date.UTC(2030, 0, 15, 3, 30),
          ends_at: Date.UTC(2030, 0, 22, 3, 30),
        },
      ]);
    });
  });
});
