import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import {
  DESKTOP,
  expectNoAxeViolations,
  logInAt,
  PHONE,
  pressOnto,
  smallTargets,
  tabOnto,
  useBrowser,
} from "./support/browser.ts";
import { useServer } from "./support/server.ts";
import {
  fillStoryNotes,
  KEEPER_NOTES,
  notesStatus,
  notesTab,
  openStoryNotes,
} from "./support/story-notes.ts";

const server = useServer();
const { withPage } = useBrowser();

/** The writer's first (or last) story in its editor, on the Table of Contents. */
async function openStory(page: Page, which: "first" | "last" = "first") {
  await logInAt(page, "demo_writer", "/myworks");
  await page
    .getByRole("link", { name: /^Continue writing / })
    [which]()
    .click();
  await page.waitForURL(/\/myworks\/\d+$/);
}

describe("Story Notes", () => {
  test("a writer fills in every field, saves, and submits only once the notes are complete", async () => {
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await openStory(page);
      const storyUrl = page.url();

      // The tab is new until first opened; then it stays plain, after a reload too.
      await notesTab(page, "Story Notes New").waitFor();
      await openStoryNotes(page);
      expect(await notesTab(page, "Story Notes New").count()).toBe(0);
      await notesTab(page, "Story Notes").waitFor();
      await page.getByText("All fields must be filled in before you submit").waitFor();
      await expectNoAxeViolations(page, "Story Notes 1280");

      const submit = page.getByRole("button", { name: "Submit", exact: true });
      const hint = page.getByText("Your Story Notes are not complete");
      expect(await submit.isDisabled()).toBe(true);
      await hint.waitFor();

      // Text is held to its limit as it is typed.
      await page.getByLabel("Name", { exact: true }).fill("  Mara of the Northern Light  ");
      expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe(
        "  Mara of the Northe",
      );
      // A chosen attribute leaves the suggestions.
      await page.getByText("Browse suggestions").click();
      const brave = page.getByRole("button", { name: "Brave", exact: true });
      await brave.click();
      await brave.waitFor({ state: "detached" });
      // The goal types follow physical or emotional.
      await page.getByText("Choose physical or emotional first.").waitFor();
      await page.getByRole("radio", { name: "Emotional" }).check();
      await page.getByRole("radio", { name: "Love", exact: true }).waitFor();
      await page.getByRole("radio", { name: "Physical" }).check();
      expect(await page.getByRole("radio", { name: "Love", exact: true }).count()).toBe(0);
      // The opportunities sub-form shows only for an interested writer.
      expect(await page.getByLabel("Logline").count()).toBe(0);
      expect(await submit.isDisabled()).toBe(true);

      await fillStoryNotes(page);
      const chosen = page.getByRole("list", { name: "Chosen attributes" });
      expect(await chosen.getByRole("listitem").allInnerTexts()).toEqual([
        "Brave",
        KEEPER_NOTES.attribute,
      ]);
      expect(
        await page
          .getByRole("slider", { name: "Extrovert or introvert" })
          .getAttribute("aria-valuetext"),
      ).toBe("3, towards Introvert");
      expect(await submit.isEnabled()).toBe(true);
      await hint.waitFor({ state: "detached" });
      // Every item counts: without its logline the notes are not complete again.
      await page.getByLabel("Logline").fill("");
      expect(await submit.isDisabled()).toBe(true);
      await hint.waitFor();
      await page.getByLabel("Logline").fill(KEEPER_NOTES.logline);

      // Save: 'Saved' until the next edit, and the text comes back trimmed.
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await notesStatus(page).filter({ hasText: "Saved" }).waitFor();
      expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe("Mara");
      expect(await page.getByLabel("How does the story end?").inputValue()).toBe(
        "The ships come home.",
      );
      await page.getByRole("checkbox", { name: "Film and TV" }).check();
      expect(await notesStatus(page).textContent()).toBe("");

      await submit.click();
      await notesStatus(page).filter({ hasText: "Submitted" }).waitFor();

      await page.goto(storyUrl);
      await notesTab(page, "Story Notes").waitFor();
      expect(await notesTab(page, "Story Notes New").count()).toBe(0);
      await openStoryNotes(page);
      expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe("Mara");
      expect(await page.getByRole("radio", { name: "She" }).isChecked()).toBe(true);
      expect(await page.getByRole("radio", { name: "Protect" }).isChecked()).toBe(true);
      expect(await page.getByRole("checkbox", { name: "Film and TV" }).isChecked()).toBe(true);
      expect(await page.getByRole("radio", { name: "Halfway" }).isChecked()).toBe(true);
      expect(await page.getByRole("slider", { name: "Laid-back or serious" }).inputValue()).toBe(
        "5",
      );
      expect(await submit.isEnabled()).toBe(true);
    });
  });

  test("notes that fail to load start blank, and a failed save says so", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await openStory(page);
      await page.route(/\/v5\/stories\/\d+\/notes$/, (route) =>
        route.fulfill({ status: 500, body: "{}" }),
      );
      await page.route(/\/v5\/stories$/, (route) => route.fulfill({ status: 500, body: "{}" }));
      await openStoryNotes(page);
      expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe("");
      // The bar that follows the form on a phone is its buttons alone, and Submit still says
      // why it waits (its description, which the form's opening notice shows to the eye).
      const bar = await page.locator(".story-notes__actions").boundingBox();
      expect(bar?.height).toBeLessThanOrEqual(64);
      const submit = page.getByRole("button", { name: "Submit", exact: true });
      expect(await submit.getAttribute("aria-describedby")).toBe("notes-not-complete");
      expect(await page.locator("#notes-not-complete").textContent()).toMatch(
        /^Your Story Notes are not complete/,
      );
      await page.getByLabel("Name", { exact: true }).fill("Nell");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await page
        .getByRole("alert")
        .filter({
          hasText: "Your Story Notes couldn't be saved. Check your connection and try again.",
        })
        .waitFor();
      expect(await notesStatus(page).textContent()).toBe("");
    });
  });

  test("the editor's tabs and the attributes work by keyboard alone, focus never falling to the page", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      // The last story: the other journeys fill in and save the first one's notes.
      await openStory(page, "last");
      const openTab = () =>
        page.evaluate(() => [document.activeElement?.id, document.activeElement?.ariaSelected]);

      // The tab list is one Tab stop, on the open tab; the arrows, Home and End open the others.
      const contents = page.getByRole("tab", { name: "Table of Contents" });
      await contents.waitFor();
      await page.getByRole("link", { name: "View story" }).focus();
      // Past the header's links, and the contest's and sale's when the story has them.
      await tabOnto(page, "Table of Contents", 8);
      await pressOnto(page, "Tab", "New part");
      await pressOnto(page, "Shift+Tab", "Table of Contents");
      await page.keyboard.press("ArrowRight");
      expect(await openTab()).toEqual(["tab-notes", "true"]);
      await page.getByRole("heading", { name: "Protagonist" }).waitFor();
      await page.keyboard.press("ArrowRight");
      expect(await openTab()).toEqual(["tab-details", "true"]);
      await page.keyboard.press("End");
      expect(await openTab()).toEqual(["tab-notes", "true"]);
      await page.keyboard.press("Home");
      expect(await openTab()).toEqual(["tab-details", "true"]);
      await page.keyboard.press("ArrowLeft");
      expect(await openTab()).toEqual(["tab-notes", "true"]);
      await page.locator(".story-notes__fields:not([disabled])").waitFor();

      // Into the notes, on to the attributes' field.
      await tabOnto(page, "New attribute");
      const chosen = page.getByRole("list", { name: "Chosen attributes" }).getByRole("listitem");
      await page.keyboard.type("Brave");
      await pressOnto(page, "Enter", "New attribute");
      await page.keyboard.type("Clever");
      await pressOnto(page, "Tab", "Add");
      // Add empties the field and so turns itself off: focus goes back to the field.
      await pressOnto(page, "Enter", "New attribute");
      expect(await chosen.allTextContents()).toEqual(["Brave", "Clever"]);
      await pressOnto(page, "Shift+Tab", "Remove Clever");
      await pressOnto(page, "Shift+Tab", "Remove Brave");
      // A removed attribute's button goes with it: focus takes the one now in its place,
      // and the field once none is left.
      await pressOnto(page, "Enter", "Remove Clever");
      await pressOnto(page, "Enter", "New attribute");
      expect(await chosen.count()).toBe(0);
      await pressOnto(page, "Tab", "Browse suggestions");
      await page.keyboard.press("Enter");
      const [first, second] = await page.locator(".notes-attributes__suggestion").allTextContents();
      if (!first || !second) throw new Error("the suggestions start with two attributes");
      await pressOnto(page, "Tab", first);
      // A suggestion taken leaves the list: focus goes on to the next one.
      await pressOnto(page, "Enter", second);
      expect(await chosen.allTextContents()).toEqual([first]);
      await expectNoAxeViolations(page, "Story Notes by keyboard at 360");
    });
  });

  test("the tab is hidden for a new story", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_writer", "/myworks/new");
      await page.getByLabel("Title").waitFor();
      expect(await page.getByRole("tab").allInnerTexts()).toEqual(["Story Details"]);
    });
  });

  test("the intro, the notice and each section stand apart on a phone", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await openStory(page);
      await openStoryNotes(page);
      // From each block's bottom to the next one's top: the notice and the four cards.
      const gaps = await page.evaluate(() => {
        const blocks = [
          ...document.querySelectorAll(".story-notes > p:first-child, .story-notes > .alert"),
          ...document.querySelectorAll(".notes-section"),
        ].map((block) => block.getBoundingClientRect());
        return blocks.slice(1).map((box, i) => Math.round(box.top - (blocks[i]?.bottom ?? 0)));
      });
      expect(gaps).toEqual([24, 24, 24, 24, 24]);
      // A section's help link and every slider are 44 px to a finger.
      expect(await smallTargets(page.getByRole("link", { name: /^How to write / }))).toEqual([]);
      expect(await smallTargets(page.getByRole("slider"))).toEqual([]);
    });
  });

  // Two full axe runs over a long form (about 100 suggestion buttons): room for a busy machine.
  for (const viewport of [PHONE, DESKTOP]) {
    test(`Story Notes pass axe at ${viewport.width} px, in the dark theme too`, async () => {
      await withPage({ viewport, baseURL: server.url }, async (page) => {
        await openStory(page);
        await openStoryNotes(page);
        await page.getByRole("radio", { name: "Emotional" }).check();
        await page
          .getByRole("group", { name: "Are you interested in opportunities for this story?" })
          .getByRole("radio", { name: "Yes" })
          .check();
        await page.getByText("Browse suggestions").click();
        for (const colorScheme of ["light", "dark"] as const) {
          await page.emulateMedia({ colorScheme });
          await expectNoAxeViolations(page, `Story Notes ${viewport.width} ${colorScheme}`);
        }
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width).toBeLessThanOrEqual(viewport.width);
      });
    }, 150_000);
  }
});

describe("the writer onboarding tooltip", () => {
  test("greets a writer with no story until 'Got it', and stays dismissed", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_reader", "/myworks");
      const tip = page.getByRole("complementary", { name: "Interested in writing?" });
      await tip.getByText("Write your first story or edit your published stories here.").waitFor();
      await expectNoAxeViolations(page, "/myworks tooltip 360");
      await tip.getByRole("button", { name: "Got it" }).click();
      await tip.waitFor({ state: "detached" });
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("New Story");
      await page.waitForLoadState("networkidle");
      await page.reload();
      await page.getByRole("heading", { name: "My Stories" }).waitFor();
      expect(await tip.count()).toBe(0);
    });
  });

  test("stays dismissed in this browser when saving the dismissal fails", async () => {
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_ambassador", "/myworks");
      const tip = page.getByRole("complementary", { name: "Interested in writing?" });
      await tip.waitFor();
      await page.route("**/v5/users/me/writer-onboarding", (route) => route.abort());
      await tip.getByRole("button", { name: "Got it" }).click();
      await tip.waitFor({ state: "detached" });
      const cookies = await page.context().cookies();
      const seen = cookies.find((cookie) => cookie.name === "seen-wo-onboard");
      expect(seen?.value).toBe("1");
      // Kept a year (reader.md §9: 365 days), give or take the seconds the test took.
      const days = ((seen?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
      expect(Math.round(days)).toBe(365);
      await page.reload();
      await page.getByRole("heading", { name: "My Stories" }).waitFor();
      expect(await tip.count()).toBe(0);
    });
  });

  test("does not show to a writer who has stories", async () => {
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_writer", "/myworks");
      await page
        .getByRole("link", { name: /^Continue writing / })
        .first()
        .waitFor();
      expect(await page.getByText("Interested in writing?").count()).toBe(0);
    });
  });
});

describe("the writer onboarding questionnaire", () => {
  const answers = (page: Page) =>
    page.evaluate(async () => (await fetch("/v5/users/me/writer-onboarding")).json());

  test("a writer answers, skips the novel question, and goes on to /start", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_ambassador", "/start/writerjourney");
      await page.getByRole("heading", { name: "Are you a reader, a writer, or both?" }).waitFor();
      await expectNoAxeViolations(page, "writer journey / 360");
      await page.getByRole("button", { name: "Writer" }).click();

      await page.waitForURL(`${server.url}/start/writerjourney/motivation`);
      await page.getByRole("heading", { name: "What brings you to writing?" }).waitFor();
      await expectNoAxeViolations(page, "writer journey /motivation 360");
      await page.getByRole("button", { name: "I write for fun" }).click();

      await page.waitForURL(`${server.url}/start/writerjourney/motivation/novel#fun`);
      await page.getByRole("heading", { name: "Have you finished writing a novel?" }).waitFor();
      await expectNoAxeViolations(page, "writer journey /motivation/novel 360");
      await page.getByRole("button", { name: "Skip" }).click();

      await page.waitForURL(`${server.url}/start/genres`);
      expect(await answers(page)).toMatchObject({
        user_type: "writer",
        writer_stage: "fun",
        finished_story: null,
      });

      // Unknown routes go back to the first question; the novel question without a
      // motivation in its hash asks for the motivation first.
      await page.goto("/start/writerjourney/somewhere/else");
      await page.waitForURL(`${server.url}/start/writerjourney`);
      await page.getByRole("heading", { name: "Are you a reader, a writer, or both?" }).waitFor();
      await page.goto("/start/writerjourney/motivation/novel");
      await page.waitForURL(`${server.url}/start/writerjourney/motivation`);
    });
  });

  test("Skip at the motivation records null; a finished novel is recorded; a reader goes straight on", async () => {
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_admin", "/start/writerjourney");
      await expectNoAxeViolations(page, "writer journey / 1280");
      await page.getByRole("button", { name: "Both" }).click();
      await page.waitForURL(`${server.url}/start/writerjourney/motivation`);
      await expectNoAxeViolations(page, "writer journey /motivation 1280");
      await page.getByRole("button", { name: "Skip" }).click();
      await page.waitForURL(`${server.url}/start/genres`);
      expect(await answers(page)).toMatchObject({
        user_type: "reader_writer",
        writer_stage: null,
        finished_story: null,
      });

      await page.goto("/start/writerjourney");
      await page.getByRole("button", { name: "Writer" }).click();
      await page.getByRole("button", { name: "I'm a professional writer" }).click();
      await page.waitForURL(/#professional$/);
      await expectNoAxeViolations(page, "writer journey /motivation/novel 1280");
      await page.getByRole("button", { name: "Almost" }).click();
      await page.waitForURL(`${server.url}/start/genres`);
      expect(await answers(page)).toMatchObject({
        user_type: "writer",
        writer_stage: "professional",
        finished_story: "almost",
      });

      await page.goto("/start/writerjourney/motivation");
      await page.getByRole("button", { name: "None of these" }).click();
      await page.waitForURL(`${server.url}/start/genres`);
      expect(await answers(page)).toMatchObject({ writer_stage: "none", finished_story: null });

      await page.goto("/start/writerjourney");
      await page.getByRole("button", { name: "Reader" }).click();
      await page.waitForURL(`${server.url}/start/genres`);
      expect(await answers(page)).toMatchObject({
        user_type: "reader",
        writer_stage: null,
        finished_story: null,
      });
    });
  });

  test("visitors are sent to log in", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await page.goto("/start/writerjourney/motivation");
      await page.waitForURL(
        `${server.url}/login?nextUrl=${encodeURIComponent("/start/writerjourney/motivation")}`,
      );
    });
  });
});
