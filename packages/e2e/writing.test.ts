import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { DESKTOP, expectNoAxeViolations, logInAt, PHONE, useBrowser } from "./support/browser.ts";
import { useServer } from "./support/server.ts";

const server = useServer();
const { withPage } = useBrowser();

const TITLE = "The Lighthouse Keeper";
const FIRST_WORDS = "The storm came in at dusk, and the lamp would not light.";

const signIn = (page: Page, nextUrl: string) => logInAt(page, "demo_writer", nextUrl);

/** Types into the part editor and waits for the autosave. */
async function write(page: Page, title: string, text: string) {
  await page.getByLabel("Part title").fill(title);
  await page.getByRole("textbox", { name: "Part text" }).click();
  await page.keyboard.type(text);
  await page.getByRole("status").filter({ hasText: "Saved" }).waitFor({ timeout: 10_000 });
}

const partIdOf = (page: Page) => Number(new URL(page.url()).pathname.split("/").at(-1));

describe("writing a story", () => {
  test("a writer creates a story, publishes part 1, schedules part 2; a visitor reads part 1", async () => {
    let storyId = 0;
    let firstPartId = 0;
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await signIn(page, "/myworks");
      await page.getByRole("link", { name: "New Story" }).click();
      await page.waitForURL(`${server.url}/myworks/new`);
      await page.getByLabel("Title").fill(TITLE);
      await page
        .getByLabel("Description")
        .fill("A keeper, a storm and a light that will not burn.");
      await page.getByLabel("Tags").fill("sea, storm");
      await page.getByLabel("Category").selectOption({ index: 1 });
      await page.getByLabel("Copyright").selectOption({ label: "CC Attribution" });
      await page.getByRole("button", { name: "Save" }).click();
      await page.waitForURL(/\/myworks\/\d+\/write\/\d+$/);
      storyId = Number(new URL(page.url()).pathname.split("/")[2]);
      firstPartId = partIdOf(page);

      await write(page, "The Storm", FIRST_WORDS);
      await expectNoAxeViolations(page, "part editor 1280");
      await page.getByRole("button", { name: "Publish" }).click();
      const modal = page.getByRole("dialog", { name: "Publish this part" });
      await modal.getByRole("button", { name: "Publish" }).click();
      await page.getByRole("status").filter({ hasText: "Your part is published." }).waitFor();

      await page.getByRole("link", { name: "Back to story" }).click();
      await page.getByRole("tab", { name: "Table of Contents" }).waitFor();
      await page.getByRole("button", { name: "New part" }).click();
      await page.waitForURL(/\/write\/\d+$/);
      await write(page, "The Morning After", "By morning the sea was glass.");
      await page.getByRole("button", { name: "Publish" }).click();
      await modal.getByLabel("Schedule to publish later").check();
      await modal.getByRole("button", { name: "Schedule" }).isDisabled();
      await modal.getByLabel(/I understand/).check();
      await modal.getByRole("button", { name: "Schedule" }).click();
      const scheduled = page.getByRole("dialog", { name: "Your part is scheduled!" });
      await scheduled.waitFor();
      await scheduled.getByRole("button", { name: "Continue" }).click();
      await page.getByRole("button", { name: "Change schedule" }).waitFor();

      await page.goto(`/myworks/${storyId}`);
      const contents = page.getByRole("tabpanel");
      await contents.getByText("Published").waitFor();
      await contents.getByText(/^Scheduled for /).waitFor();
    });

    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await page.goto(`/story/${storyId}`);
      await page.getByRole("heading", { name: TITLE }).first().waitFor();
      expect(await page.getByText("The Morning After").count()).toBe(0);
      await page.goto(`/${firstPartId}`);
      await page.getByText(FIRST_WORDS).waitFor();
    });
  });

  for (const viewport of [PHONE, DESKTOP]) {
    test(`My Stories and the editor pass axe at ${viewport.width} px`, async () => {
      await withPage({ viewport, baseURL: server.url }, async (page) => {
        await signIn(page, "/myworks");
        await page.getByRole("heading", { name: "My Stories" }).waitFor();
        await expectNoAxeViolations(page, `/myworks ${viewport.width}`);
        await page
          .getByRole("link", { name: /^Edit / })
          .first()
          .click();
        await page.getByRole("tab", { name: "Story Details" }).click();
        await expectNoAxeViolations(page, `story editor ${viewport.width}`);
        const tab = page.getByRole("tab", { name: "Table of Contents" });
        await tab.click();
        await page.getByRole("tabpanel").getByRole("link").first().click();
        await page.getByRole("textbox", { name: "Part text" }).waitFor();
        await expectNoAxeViolations(page, `part editor ${viewport.width}`);
      });
    });
  }

  test("visitors are sent to log in", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await page.goto("/myworks");
      await page.waitForURL(`${server.url}/login?nextUrl=%2Fmyworks`);
    });
  });
});
