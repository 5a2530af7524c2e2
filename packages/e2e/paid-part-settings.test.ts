import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import {
  DESKTOP,
  expectNoAxeViolations,
  holdRequests,
  logInAt,
  PHONE,
  useBrowser,
} from "./support/browser.ts";
import { readDatabase } from "./support/database.ts";
import { useServer } from "./support/server.ts";

const server = useServer();
const { withPage } = useBrowser();

const query = <T>(sql: string, ...params: number[]) =>
  readDatabase<T>(server.dataDir, sql, ...params);

/** The demo writer's paid story and one of its locked plain parts (the demo seeds one). */
function writersLockedPart(): { storyId: number; partId: number; title: string } {
  const [row] = query<{ storyId: number; partId: number; title: string }>(
    `SELECT s.id AS storyId, p.id AS partId, p.title FROM stories s
     JOIN users u ON u.id = s.user_id AND u.username = 'demo_writer'
     JOIN parts p ON p.story_id = s.id AND p.paywalled = 1 AND p.is_bonus = 0
       AND p.draft = 0 AND p.deleted = 0
     WHERE s.is_paid = 1 AND s.deleted = 0 ORDER BY p.position LIMIT 1`,
  );
  if (!row) throw new Error("the demo writer has no paid story with a locked part");
  return row;
}

const columnsOf = (partId: number) =>
  query<{ paywalled: number; is_bonus: number; bonus_type: string | null }>(
    "SELECT paywalled, is_bonus, bonus_type FROM parts WHERE id = ?",
    partId,
  )[0];

async function openPaidSettings(page: Page) {
  await page.getByRole("button", { name: "Part settings" }).click();
  await page.getByRole("button", { name: "Paid part settings" }).click();
  const dialog = page.getByRole("dialog", { name: "Paid part settings" });
  await dialog.getByRole("radio").first().waitFor();
  return dialog;
}

describe("the writer's paid-part settings", () => {
  test("a writer makes a locked part an Exclusive Chapter, readers see its words, then frees it", async () => {
    const part = writersLockedPart();
    const editor = `/myworks/${part.storyId}/write/${part.partId}`;
    // The phone in the dark theme, the desktop below in the light one.
    await withPage({ viewport: PHONE, colorScheme: "dark", baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_writer", editor);
      let dialog = await openPaidSettings(page);
      // The part is a plain paid part of the story, as the programme locks it.
      expect(await dialog.getByRole("radio", { name: /^Paid part · 6 Coins/ }).isChecked()).toBe(
        true,
      );
      await expectNoAxeViolations(page, "the paid-part dialog at 360 px, dark");

      // An Exclusive Chapter needs a description and a note: both are asked for, nothing saved.
      await dialog.getByRole("radio", { name: /^Exclusive Chapter · 15 Coins/ }).check();
      await dialog.getByLabel("Part Description").fill("   ");
      await dialog.getByLabel("Author's Note").fill("");
      await dialog.getByRole("button", { name: "Save" }).click();
      await dialog.getByText("Part Description is required").waitFor();
      await dialog.getByText("Author's Note is required for exclusive chapters").waitFor();
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-invalid")))
        .toBe("true");
      expect(await dialog.getByLabel("Part Description").getAttribute("aria-invalid")).toBe("true");
      await expectNoAxeViolations(page, "the paid-part dialog with errors at 360 px, dark");
      // Taller than the phone, the dialog scrolls under its title: Close stays in reach.
      const scrolled = await dialog.evaluate((element) => {
        element.scrollTo(0, element.scrollHeight);
        return element.scrollTop;
      });
      expect(scrolled).toBeGreaterThan(0);
      const closeTop = (await dialog.getByRole("button", { name: "Close" }).boundingBox())?.y ?? 0;
      expect(closeTop).toBeGreaterThanOrEqual((await dialog.boundingBox())?.y ?? Infinity);
      expect(columnsOf(part.partId)).toEqual({ paywalled: 1, is_bonus: 0, bonus_type: null });

      // Mending a field takes its error away; the other field's stays until it is mended.
      const noteRequired = dialog.getByText("Author's Note is required for exclusive chapters");
      await dialog.getByLabel("Part Description").fill("Mara's letter, never sent.");
      expect(await dialog.getByText("Part Description is required").count()).toBe(0);
      expect(await dialog.getByLabel("Part Description").getAttribute("aria-invalid")).toBeNull();
      expect(await noteRequired.count()).toBe(1);
      // A Writer Reveal needs no note: choosing it leaves no word of the Exclusive Chapter's.
      await dialog.getByRole("radio", { name: /^Writer Reveal · 8 Coins/ }).check();
      expect(await noteRequired.count()).toBe(0);
      await dialog.getByRole("radio", { name: /^Exclusive Chapter · 15 Coins/ }).check();

      await dialog.getByLabel("Part Description").fill("Mara's letter, never sent.");
      await dialog.getByLabel("Author's Note").fill("I wrote this one for you.");
      expect(await dialog.getByText("25 / 250").count()).toBe(1);
      await dialog.getByRole("button", { name: "Save" }).click();
      await page
        .getByText(`${part.title} is an Exclusive Chapter: readers unlock it for 15 Coins.`)
        .waitFor();
      expect(await dialog.isVisible()).toBe(false);
      expect(columnsOf(part.partId)).toEqual({
        paywalled: 1,
        is_bonus: 1,
        bonus_type: "Exclusive Chapter",
      });

      // The story's table of contents shows it, and opened again the dialog shows it too.
      await page.goto(`/myworks/${part.storyId}`);
      const row = page.getByRole("listitem").filter({ hasText: part.title });
      await row.getByText("Exclusive Chapter · 15 Coins").waitFor();
      await page.goto(editor);
      dialog = await openPaidSettings(page);
      expect(await dialog.getByRole("radio", { name: /^Exclusive Chapter/ }).isChecked()).toBe(
        true,
      );
      expect(await dialog.getByLabel("Part Description").inputValue()).toBe(
        "Mara's letter, never sent.",
      );
      await dialog.getByRole("button", { name: "Cancel" }).click();
      // Focus is back where the writer opened the settings from.
      expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(
        "Part settings",
      );
    });

    // A reader meets the chapter's paywall, with the writer's words.
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_reader", `/${part.partId}`);
      const paywall = page.getByRole("region", { name: "Unlock this Exclusive Chapter" });
      await paywall.getByText("Mara's letter, never sent.").waitFor();
      await paywall.getByText("A note from Wren Writer").waitFor();
      await paywall.getByText("I wrote this one for you.").waitFor();
      await paywall.getByRole("button", { name: "Unlock for 15 Coins" }).waitFor();
      await expectNoAxeViolations(page, "an Exclusive Chapter's paywall at 360 px");
    });

    // The writer sets it free; the reader reads it without Coins.
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_writer", editor);
      const dialog = await openPaidSettings(page);
      await dialog.getByRole("radio", { name: /^Free/ }).check();
      // A free part has no description or note to give.
      expect(await dialog.getByLabel("Part Description").count()).toBe(0);
      await expectNoAxeViolations(page, "the paid-part dialog at 1280 px");
      // Making a paid part free asks first (§4: Remove, after a confirm, sets it free).
      await dialog.getByRole("button", { name: "Save" }).click();
      const question = dialog.getByText(`Make ${part.title} free?`, { exact: false });
      await question.waitFor();
      expect(columnsOf(part.partId)?.paywalled).toBe(1);
      // Keeping it paid puts the form back as it was saved: an Exclusive Chapter, its fields.
      const exclusive = dialog.getByRole("radio", { name: /^Exclusive Chapter/ });
      await dialog.getByRole("button", { name: "Keep it paid" }).click();
      expect(await exclusive.isChecked()).toBe(true);
      await dialog.getByLabel("Part Description").waitFor();
      expect(columnsOf(part.partId)?.paywalled).toBe(1);
      await dialog.getByRole("button", { name: "Remove" }).click();
      await question.waitFor();
      await dialog.getByRole("button", { name: "Keep it paid" }).click();
      expect(await exclusive.isChecked()).toBe(true);
      await dialog.getByLabel("Part Description").waitFor();
      await dialog.getByRole("button", { name: "Remove" }).click();
      await question.waitFor();
      await expectNoAxeViolations(page, "the Remove confirmation at 1280 px");
      await dialog.getByRole("button", { name: "Remove" }).click();
      await page.getByText(`${part.title} is free to read.`).waitFor();
      expect(columnsOf(part.partId)).toEqual({ paywalled: 0, is_bonus: 0, bonus_type: null });
    });
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_reader", `/${part.partId}`);
      await page.locator(".reader__text p").first().waitFor();
      expect(await page.getByRole("region", { name: /^Unlock this/ }).count()).toBe(0);
    });
  });

  test("a failed load and a failed save say so, keep the dialog and change nothing", async () => {
    const part = writersLockedPart();
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_writer", `/myworks/${part.storyId}/write/${part.partId}`);
      // The settings fail to load at first: said in the alert beside "Loading…" (decision 058).
      const settings = "**/v5/bonus-content/paywall/*/free-parts*";
      const release = await holdRequests(page, settings, { answer: { status: 500, body: "{}" } });
      await page.getByRole("button", { name: "Part settings" }).click();
      await page.getByRole("button", { name: "Paid part settings" }).click();
      const dialog = page.getByRole("dialog", { name: "Paid part settings" });
      await dialog
        .getByRole("status")
        .filter({ hasText: "Loading this part's settings…" })
        .waitFor();
      const said = await dialog.getByRole("alert").elementHandle();
      if (!said) throw new Error("the loading dialog has an alert region");
      expect(await said.textContent()).toBe("");
      release();
      await expect.poll(() => said.textContent()).toBe("We couldn't load this part's settings.");
      await page.unroute(settings);
      await dialog.getByRole("button", { name: "Try again" }).click();
      await dialog.getByRole("radio").first().waitFor();

      await page.route("**/v5/bonus-content/paywall", (route) =>
        route.fulfill({ status: 500, body: "{}" }),
      );
      await dialog.getByRole("radio", { name: /^Writer Reveal · 8 Coins/ }).check();
      await dialog.getByLabel("Part Description").fill("How the letter came to be written.");
      await dialog.getByRole("button", { name: "Save" }).click();
      await dialog
        .getByRole("alert")
        .filter({ hasText: "Something went wrong and nothing was saved. Please try again." })
        .waitFor();
      expect(await dialog.getByLabel("Part Description").inputValue()).toBe(
        "How the letter came to be written.",
      );
      expect(await dialog.getByRole("radio", { name: /^Writer Reveal/ }).isChecked()).toBe(true);
      expect(columnsOf(part.partId)).toEqual({ paywalled: 1, is_bonus: 0, bonus_type: null });
    });
  });

  test("a story outside the Paid Stories programme has no paid-part settings", async () => {
    const [row] = query<{ storyId: number; partId: number }>(
      `SELECT s.id AS storyId, p.id AS partId FROM stories s
       JOIN users u ON u.id = s.user_id AND u.username = 'demo_writer'
       JOIN parts p ON p.story_id = s.id AND p.deleted = 0
       WHERE s.is_paid = 0 AND s.deleted = 0 ORDER BY s.id LIMIT 1`,
    );
    if (!row) throw new Error("the demo writer has no free story");
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_writer", `/myworks/${row.storyId}/write/${row.partId}`);
      await page.getByRole("button", { name: "Part settings" }).click();
      const settings = page.getByRole("dialog", { name: "Part settings" });
      await settings.getByRole("link", { name: "Story details" }).waitFor();
      expect(await settings.getByRole("button", { name: "Paid part settings" }).count()).toBe(0);
    });
  });
});
