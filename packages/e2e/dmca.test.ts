import { describe, expect, test } from "vitest";
import { DESKTOP, expectNoAxeViolations, PHONE, useBrowser } from "./support/browser.ts";
import { hotStories } from "./support/catalogue.ts";
import { readDatabase } from "./support/database.ts";
import { useServer } from "./support/server.ts";

const server = useServer();
const { withPage } = useBrowser();

describe("copyright takedown notice", () => {
  test("a visitor sends a notice with a field missing, is shown it, then completes it", async () => {
    const [story] = await hotStories(server.url, 1);
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await page.goto(`/help/dmca?storyId=${story?.id}&reportedUser=copycat`);
      await page
        .getByText(
          "IMPORTANT: There may be legal and financial consequences for submitting false claims.",
        )
        .waitFor();
      await expectNoAxeViolations(page, "the notice form at 360 px");
      const fill = async (label: string, value: string) => page.getByLabel(label).fill(value);
      await fill("First name", "Ada");
      await fill("Last name", "Quill");
      await fill("Email", "ada@example.com");
      await fill("Street address", "1 Harbour Road");
      await fill("Country", "United States");
      await fill("City", "Salem");
      // State or province left out.
      await fill("Postal code", "01970");
      await fill("Phone number", "+1 555 0100");
      await fill("Where is your original work? (URL)", "https://example.com/my-book");
      expect(
        await page.getByLabel("Inkwell URLs of the infringing content (one per line)").inputValue(),
      ).toBe(`${server.url}/story/${story?.id}`);
      await page.getByLabel("The information in this notice is accurate.").check();
      await page.getByLabel(/^I believe in good faith/).check();
      await page.getByLabel(/^Under penalty of perjury/).check();
      await fill("Electronic signature: type your full name", "Ada Quill");
      // The banner is said in the alert region already on the page (decision 058).
      const banner = await page.locator(".dmca__banner").elementHandle();
      if (!banner) throw new Error("the notice form has a banner region");
      expect(await banner.textContent()).toBe("");
      await page.getByRole("button", { name: "Send notice" }).click();

      await expect
        .poll(() => banner.textContent())
        .toBe(
          "A mandatory field has been left blank. Please ensure all necessary fields are filled in.",
        );
      const province = page.getByLabel("State or province");
      expect(await province.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await province.getAttribute("aria-invalid")).toBe("true");
      await expectNoAxeViolations(page, "the notice form with errors at 360 px");

      await province.fill("MA");
      await page.getByRole("button", { name: "Send notice" }).click();
      await page.getByRole("heading", { name: "Thank you: your notice is filed" }).waitFor();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      // Support gets §9's copyright form, about the story and the account the link named.
      expect(
        readDatabase(
          server.dataDir,
          `SELECT ticket_form_id, report_type, reason, subject, story_id, reported_username
             FROM support_tickets WHERE requester_email = ?`,
          "ada@example.com",
        ),
      ).toEqual([
        {
          ticket_form_id: 48864,
          report_type: "DMCA",
          reason: "reported_copyright",
          subject: "Story Report",
          story_id: story?.id,
          reported_username: "copycat",
        },
      ]);
    });
  });

  test("a failed call says so and keeps the form", async () => {
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await page.route("**/v4/support/tickets/", (route) =>
        route.fulfill({ status: 500, body: "{}" }),
      );
      await page.goto("/help/dmca");
      for (const [label, value] of [
        ["First name", "Ada"],
        ["Last name", "Quill"],
        ["Email", "ada@example.com"],
        ["Street address", "1 Harbour Road"],
        ["Country", "United States"],
        ["City", "Salem"],
        ["State or province", "MA"],
        ["Postal code", "01970"],
        ["Phone number", "+1 555 0100"],
        ["Where is your original work? (URL)", "https://example.com/my-book"],
        ["Inkwell URLs of the infringing content (one per line)", "https://x.example/story/1"],
        ["Electronic signature: type your full name", "Ada Quill"],
      ] as const) {
        await page.getByLabel(label).fill(value);
      }
      await page.getByLabel("The information in this notice is accurate.").check();
      await page.getByLabel(/^I believe in good faith/).check();
      await page.getByLabel(/^Under penalty of perjury/).check();
      // A failed call is a toast (§ copyright notice), in an alert region already there.
      const toast = await page.locator(".toast__message").elementHandle();
      if (!toast) throw new Error("the notice form has a toast region");
      await page.getByRole("button", { name: "Send notice" }).click();
      await expect.poll(() => toast.textContent()).toBe("Something went wrong. Please try again");
      expect(await page.getByLabel("First name").inputValue()).toBe("Ada");
      await expectNoAxeViolations(page, "the notice form with its failure toast at 1280 px");
      await page.getByRole("button", { name: "Dismiss" }).click();
      expect(await toast.textContent()).toBe("");
    });
  });
});
