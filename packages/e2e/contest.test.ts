import type { Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import {
  DESKTOP,
  expectNoAxeViolations,
  focusHydrated,
  logInAt,
  PHONE,
  smallTargets,
  untilHydrated,
  useBrowser,
} from "./support/browser.ts";
import { readDatabase } from "./support/database.ts";
import { useServer } from "./support/server.ts";

const server = useServer();
const { withPage } = useBrowser();

const CONTEST = "inkwellawards2027";

interface WriterStory {
  id: number;
  title: string;
  words: number;
}

/** The demo writer's free, published stories, complete or not, with their published words. */
function writersStories(completed: 0 | 1): WriterStory[] {
  return readDatabase<WriterStory>(
    server.dataDir,
    `SELECT s.id, s.title, SUM(p.word_count) AS words FROM stories s
     JOIN users u ON u.id = s.user_id AND u.username = 'demo_writer'
     JOIN parts p ON p.story_id = s.id AND p.draft = 0 AND p.deleted = 0
     WHERE s.deleted = 0 AND s.draft = 0 AND s.is_paid = 0 AND s.completed = ?
     GROUP BY s.id ORDER BY words DESC`,
    completed,
  );
}

const submissionsOf = (storyId: number) =>
  readDatabase<{ entry: string }>(
    server.dataDir,
    "SELECT entry FROM contest_submissions WHERE story_id = ?",
    storyId,
  );

const tagsOf = (storyId: number) =>
  readDatabase<{ name: string }>(
    server.dataDir,
    `SELECT t.name FROM story_tags st JOIN tags t ON t.id = st.tag_id
     WHERE st.story_id = ? ORDER BY st.position`,
    storyId,
  ).map((row) => row.name);

/** The days §4's view event counted the story's entry form as opened. */
const formViewsOf = (storyId: number) =>
  readDatabase<{ day: number }>(
    server.dataDir,
    "SELECT day FROM contest_form_views WHERE story_id = ?",
    storyId,
  );

const group = (scope: Locator | Page, name: string) => scope.getByRole("group", { name });

/** The groups of many options: long enough to wrap onto several rows. */
const LONG_GROUPS = ["Other genres (up to 3)", "Mature themes", "Character representation"];

/** The widths of a group's options (each a box holding its checkbox) and their left edges. */
const optionColumns = (scope: Locator | Page, name: string) =>
  group(scope, name)
    .getByRole("checkbox")
    .evaluateAll((boxes) =>
      boxes.map((box) => {
        const option = box.closest("label")?.getBoundingClientRect();
        return { width: Math.round(option?.width ?? 0), left: Math.round(option?.left ?? 0) };
      }),
    );

/** Every option as wide as the others, in at most `columns` columns: rows that line up. */
async function expectEvenRows(scope: Locator | Page, columns: number) {
  for (const name of LONG_GROUPS) {
    const options = await optionColumns(scope, name);
    expect(new Set(options.map((option) => option.width)).size, name).toBe(1);
    expect(new Set(options.map((option) => option.left)).size, name).toBeLessThanOrEqual(columns);
  }
}

/** Answers every question an entry asks of a story that is not part of a series. */
async function fillEntry(scope: Locator | Page, ongoing: boolean) {
  if (ongoing) {
    await group(scope, "How long do you expect the finished story to be?")
      .getByRole("radio", { name: "Under 100,000 words" })
      .check();
  }
  await group(scope, "Is this story part of a series?").getByRole("radio", { name: "No" }).check();
  await group(scope, "Who is it written for?").getByRole("radio", { name: "Teen fiction" }).check();
  await scope.getByLabel("Main genre").selectOption({ label: "Fantasy" });
  await group(scope, "Mature themes").getByRole("checkbox", { name: "None" }).check();
  await group(scope, "Character representation").getByRole("checkbox", { name: "BIPOC" }).check();
  await scope
    .getByLabel("Logline")
    .fill("A lighthouse keeper must choose between her lamp and her sister.");
  await scope
    .getByLabel("Plot summary")
    .fill("Mara keeps the last lamp on the coast burning while the storm takes the ships.");
  await scope.getByLabel("Email address", { exact: true }).fill("wren@example.com");
  await scope.getByLabel("Confirm email address").fill("wren@example.com");
  await scope.getByLabel(/^I confirm this story is my own original work/).check();
  await scope.getByLabel(/^I understand that once I submit/).check();
}

describe("the Inkwell Awards", () => {
  test("a writer enters an eligible story from its editor, and the form holds them to its rules", async () => {
    const [story] = writersStories(1).filter((one) => one.words >= 3000);
    if (!story) throw new Error("the demo writer has no eligible complete story");
    await withPage({ viewport: PHONE, colorScheme: "dark", baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_writer", `/myworks/${story.id}`);
      const banner = page.getByRole("complementary", { name: "Inkwell Awards" });
      await banner.getByText("This story is eligible for the 2027 Inkwell Awards.").waitFor();
      await banner.getByRole("button", { name: "Enter the Awards" }).click();
      const dialog = page.getByRole("dialog", { name: "Enter the 2027 Inkwell Awards" });
      const intro = dialog.getByText(`Tell the judges about “${story.title}”.`);
      await intro.waitFor();
      // The title wraps at 360 px: it lines up with the form and leaves the close button whole.
      const left = async (locator: Locator) => (await locator.boundingBox())?.x;
      expect(await left(dialog.getByRole("heading", { level: 2 }).first())).toBe(await left(intro));
      const close = await dialog.getByRole("button", { name: "Close" }).boundingBox();
      expect(close?.width).toBeGreaterThanOrEqual(44);
      // Closing gives focus back to the button that opened the form, not to the page's top.
      await page.keyboard.press("Escape");
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent))
        .toBe("Enter the Awards");
      await banner.getByRole("button", { name: "Enter the Awards" }).click();
      await intro.waitFor();
      // What the story tells us is filled in already.
      expect(await dialog.getByLabel("Story language").inputValue()).toBe("English");
      expect(
        await group(dialog, "Story status").getByRole("radio", { name: "Complete" }).isChecked(),
      ).toBe(true);
      // A complete story is not asked how long it will be.
      expect(await group(dialog, "How long do you expect the finished story to be?").count()).toBe(
        0,
      );
      await expectNoAxeViolations(page, "the contest form at 360 px, dark");
      // On a phone the options stack in one column, all as wide.
      await expectEvenRows(dialog, 1);

      // Rules run when focus leaves a field.
      await dialog.getByLabel("Logline").fill("Too short");
      await dialog.getByLabel("Plot summary").focus();
      await dialog.getByText("This field has to contain more than 20 characters.").waitFor();
      expect(await dialog.getByLabel("Logline").getAttribute("aria-invalid")).toBe("true");

      // Sex as a theme asks how it is shown; None clears every other theme.
      const themes = group(dialog, "Mature themes");
      await themes.getByRole("checkbox", { name: "Sex" }).check();
      await group(dialog, "How is sex shown?").waitFor();
      await themes.getByRole("checkbox", { name: "None" }).check();
      expect(await themes.getByRole("checkbox", { name: "Sex" }).isChecked()).toBe(false);
      expect(await group(dialog, "How is sex shown?").count()).toBe(0);

      // Up to three other genres, never the main one.
      await dialog.getByLabel("Main genre").selectOption({ label: "Fantasy" });
      const others = group(dialog, "Other genres (up to 3)");
      expect(await others.getByRole("checkbox", { name: "Fantasy" }).count()).toBe(0);
      for (const genre of ["Romance", "Horror", "Historical"]) {
        await others.getByRole("checkbox", { name: genre }).check();
      }
      expect(await others.getByRole("checkbox", { name: "Paranormal" }).isDisabled()).toBe(true);
      // Changing the main genre starts the others afresh.
      await dialog.getByLabel("Main genre").selectOption({ label: "Horror" });
      expect(await others.getByRole("checkbox", { name: "Romance" }).isChecked()).toBe(false);

      // Submitting too soon names what is missing and sends nothing.
      await dialog.getByRole("button", { name: "Submit my story" }).click();
      await dialog
        .getByRole("alert")
        .filter({ hasText: /fields need your attention\./ })
        .waitFor();
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-invalid")))
        .toBe("true");
      await expectNoAxeViolations(page, "the contest form with errors at 360 px, dark");
      expect(submissionsOf(story.id)).toEqual([]);

      await fillEntry(dialog, false);
      await dialog.getByLabel("Confirm email address").fill("wren@example.org");
      await dialog.getByLabel("Logline").focus();
      await dialog.getByText("These two fields must match.").waitFor();
      await dialog.getByLabel("Confirm email address").fill("wren@example.com");
      await dialog.getByRole("button", { name: "Submit my story" }).click();

      await dialog.getByRole("heading", { name: "Congratulations!" }).waitFor();
      // The form and its Submit button are gone: the news has the focus, not the page.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent))
        .toBe("Congratulations!");
      await dialog
        .getByText(`We added #${CONTEST} to your story so readers can find the contest's entries.`)
        .waitFor();
      await expectNoAxeViolations(page, "the contest success view at 360 px, dark");
      const [saved] = submissionsOf(story.id);
      expect(JSON.parse(saved?.entry ?? "{}")).toMatchObject({
        language: "English",
        storyStatus: "COMPLETE",
        isSeries: false,
        genrePrimary: "FANTASY",
        matureThemes: ["NONE"],
        writerEmail: "wren@example.com",
      });
      expect(tagsOf(story.id)).toContain(CONTEST);

      await dialog.getByRole("button", { name: "Done" }).click();
      await banner.getByText("This story is entered in the 2027 Inkwell Awards.").waitFor();
      await banner.getByRole("link", { name: "View your entry" }).waitFor();
    });
  });

  test("the contest page enters an ongoing story, then shows the entry read-only", async () => {
    const [story] = writersStories(0);
    if (!story) throw new Error("the demo writer has no ongoing story");
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_writer", `/contests/${CONTEST}`);
      await page.getByRole("heading", { name: "The 2027 Inkwell Awards", level: 1 }).waitFor();
      await expectNoAxeViolations(page, "the contest page at 1280 px");
      // A story that cannot be entered says why.
      const short = writersStories(1).find((one) => one.words < 2250);
      if (!short) throw new Error("the demo writer has a complete story far short of words");
      await page
        .getByRole("listitem")
        .filter({ hasText: short.title })
        .getByText(
          `Can't be entered yet: ${short.words.toLocaleString("en-US")} of 3,000 words for a complete story`,
        )
        .waitFor();
      await page.getByRole("link", { name: `Enter “${story.title}”` }).click();
      await page.waitForURL(`**/contests/${CONTEST}?storyId=${story.id}`);
      expect(
        await group(page, "Story status").getByRole("radio", { name: "Ongoing" }).isChecked(),
      ).toBe(true);
      // Not entered yet: the form's view is counted (a beacon, so the database tells).
      await expect.poll(() => formViewsOf(story.id).length).toBe(1);
      // Under the page's h1 its sections are h2s: no heading level is skipped.
      await page.getByRole("heading", { name: "About your story", level: 2 }).waitFor();
      await expectNoAxeViolations(page, "the contest form page at 1280 px");
      // Wider, they pair up in two columns of one width, not rows as long as their names.
      await expectEvenRows(page, 2);

      // On a phone, an empty entry's summary lands in sight below the sticky header, with
      // focus on the first field to fix.
      await page.setViewportSize(PHONE);
      // The link to the story's details stands on its own line: 44 px to a finger.
      expect(
        await smallTargets(page.getByRole("link", { name: "Edit your story details" })),
      ).toEqual([]);
      await page.getByRole("button", { name: "Submit my story" }).click();
      const summary = page.getByRole("alert").filter({ hasText: /fields need your attention\./ });
      await summary.waitFor();
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-invalid")))
        .toBe("true");
      const banner = await page.getByRole("banner").boundingBox();
      const summaryBox = await summary.boundingBox();
      expect(summaryBox?.y ?? 0).toBeGreaterThanOrEqual(
        (banner?.y ?? 0) + (banner?.height ?? Infinity),
      );
      expect((summaryBox?.y ?? Infinity) + (summaryBox?.height ?? 0)).toBeLessThanOrEqual(
        PHONE.height,
      );
      await page.setViewportSize(DESKTOP);
      await fillEntry(page, true);
      await page.getByRole("button", { name: "Submit my story" }).click();
      await page.waitForURL(
        `**/contests/${CONTEST}?storyId=${story.id}&success=true&hasAddedWattysTag=true`,
      );
      await page.getByRole("heading", { name: "Congratulations!" }).waitFor();
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent))
        .toBe("Congratulations!");
      await expectNoAxeViolations(page, "the contest success page at 1280 px");
      expect(JSON.parse(submissionsOf(story.id)[0]?.entry ?? "{}")).toMatchObject({
        storyStatus: "ONGOING",
        anticipatedStoryLength: "LESS_100",
      });

      // Submitted: the answers show, nothing can change.
      await page.goto(`/contests/${CONTEST}?storyId=${story.id}`);
      await page.getByText("This story has been submitted. Changes cannot be made.").waitFor();
      expect(await page.getByLabel("Logline").isDisabled()).toBe(true);
      expect(await page.getByLabel("Logline").inputValue()).toBe(
        "A lighthouse keeper must choose between her lamp and her sister.",
      );
      expect(await page.getByRole("button", { name: "Submit my story" }).count()).toBe(0);
    });
  });

  test("a refused entry says why, and a form sent too late or twice shows what a fresh load would", async () => {
    // Not the ongoing story the contest page test enters.
    const [, story] = writersStories(0);
    if (!story) throw new Error("the demo writer has no second ongoing story");
    const url = `/contests/${CONTEST}?storyId=${story.id}`;
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page, context) => {
      await logInAt(page, "demo_writer", url);
      await fillEntry(page, true);
      const submit = page.getByRole("button", { name: "Submit my story" });
      /** The server's next refusal of this entry, as it words it. */
      const refuse = async (status: number, code: string, message: string) => {
        await page.unroute("**/submission");
        await page.route("**/submission", (route) =>
          route.request().method() === "POST"
            ? route.fulfill({ status, json: { code, message } })
            : route.fallback(),
        );
      };

      // A story that cannot enter: the apology, and the server's reason.
      await refuse(403, "not_eligible", "This story can't be entered in the 2027 Inkwell Awards.");
      await submit.click();
      await page
        .getByRole("alert")
        .filter({
          hasText:
            "Sorry, something went wrong. Please try again. This story can't be entered in the 2027 Inkwell Awards.",
        })
        .waitFor();

      // Closed since the form loaded: the closed notice, and nothing left to send.
      await refuse(
        403,
        "contest_closed",
        "The 2027 Inkwell Awards are now closed. Thanks for your participation!",
      );
      await submit.click();
      await page
        .getByRole("status")
        .filter({ hasText: "The 2027 Inkwell Awards are now closed." })
        .waitFor();
      expect(await page.getByLabel("Logline").isDisabled()).toBe(true);
      expect(await submit.count()).toBe(0);
      expect(await page.getByText("Sorry, something went wrong.").count()).toBe(0);

      // Entered from another tab meanwhile: the entry as saved, read-only.
      await page.unroute("**/submission");
      await page.reload();
      await fillEntry(page, true);
      const other = await context.newPage();
      await other.goto(url);
      await fillEntry(other, true);
      await other
        .getByLabel("Logline")
        .fill("Two sisters, one lamp, and the longest night of the year.");
      await other.getByRole("button", { name: "Submit my story" }).click();
      await other.getByRole("heading", { name: "Congratulations!" }).waitFor();
      await submit.click();
      await page.getByText("This story has been submitted. Changes cannot be made.").waitFor();
      expect(await page.getByLabel("Logline").inputValue()).toBe(
        "Two sisters, one lamp, and the longest night of the year.",
      );
      expect(await page.getByLabel("Logline").isDisabled()).toBe(true);
      expect(await submit.count()).toBe(0);
      expect(submissionsOf(story.id)).toHaveLength(1);
    });
  });

  test("a text's counter reaches its limit when the form says the text is too long", async () => {
    // A story no test enters before this one; nothing is sent here.
    const story = writersStories(0).at(-1);
    if (!story) throw new Error("the demo writer has no ongoing story");
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_writer", `/contests/${CONTEST}?storyId=${story.id}`);
      await untilHydrated(page.getByRole("button", { name: "Submit my story" }));
      const logline = page.getByLabel("Logline");
      const counter = page.locator("#contest-logLine-count");
      // 250 letters of two bytes each: §5's 500 'characters' in encoded bytes.
      await logline.fill("é".repeat(250));
      await page.getByLabel("Plot summary").focus();
      expect(await counter.textContent()).toBe("500 / 500");
      expect(await logline.getAttribute("aria-invalid")).toBeNull();
      await logline.fill("é".repeat(251));
      await page.getByLabel("Plot summary").focus();
      await expect.poll(() => logline.getAttribute("aria-invalid")).toBe("true");
      expect(await counter.textContent()).toBe("502 / 500");
      await page.getByText("This field has to contain less than 500 characters.").waitFor();
    });
  });

  test("an ongoing story short of a complete story's words is not entered as complete", async () => {
    // The shortest ongoing story: not one the tests above enter.
    const story = writersStories(0).at(-1);
    if (!story || story.words >= 3000)
      throw new Error("the demo writer has no short ongoing story");
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_writer", `/contests/${CONTEST}?storyId=${story.id}`);
      await untilHydrated(page.getByRole("button", { name: "Submit my story" }));
      await fillEntry(page, true);
      const status = group(page, "Story status");
      await status.getByRole("radio", { name: "Complete" }).check();
      await page.getByRole("button", { name: "Submit my story" }).click();
      await status
        .getByText(
          `A complete story needs at least 3,000 words; this one has ${story.words.toLocaleString("en-US")}. Choose Ongoing if you're still writing it.`,
        )
        .waitFor();
      expect(submissionsOf(story.id)).toEqual([]);
      // Called ongoing, as it is, the same answers enter it.
      await status.getByRole("radio", { name: "Ongoing" }).check();
      await group(page, "How long do you expect the finished story to be?")
        .getByRole("radio", { name: "Under 100,000 words" })
        .check();
      await page.getByRole("button", { name: "Submit my story" }).click();
      await page.waitForURL(`**/contests/${CONTEST}?storyId=${story.id}&success=true**`);
      expect(JSON.parse(submissionsOf(story.id)[0]?.entry ?? "{}")).toMatchObject({
        storyStatus: "ONGOING",
      });
    });
  });

  test("a complete story short of words is nearly eligible and has nothing to enter yet", async () => {
    const story = writersStories(1).find((one) => one.words >= 2250 && one.words < 3000);
    if (!story) throw new Error("the demo writer has no nearly eligible story");
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_writer", `/myworks/${story.id}`);
      const banner = page.getByRole("complementary", { name: "Inkwell Awards" });
      await banner
        .getByText(
          `Almost there! Complete stories need 3,000 words to enter the 2027 Inkwell Awards; this one has ${story.words.toLocaleString("en-US")}.`,
        )
        .waitFor();
      // Nothing to enter, only the invitation to answer.
      expect(await banner.getByRole("button").allTextContents()).toEqual(["Not this story"]);
      await expectNoAxeViolations(page, "the nearly-eligible banner at 360 px");
    });
  });

  test("a writer with nothing published is shown where to start", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_reader", `/contests/${CONTEST}`);
      await page.getByText("Publish a story to enter it in the Awards.").waitFor();
      await page.getByRole("link", { name: "Go to My Stories" }).click();
      await page.waitForURL((url) => url.pathname === "/myworks");
      // My Stories' buttons share one row on a phone: Awards says just that, beside New Story.
      const newStory = await page.getByRole("link", { name: "New Story" }).boundingBox();
      const awards = await page.getByRole("link", { name: /Awards$/ }).boundingBox();
      expect(awards?.y).toBe(newStory?.y);
      expect((awards?.x ?? Infinity) + (awards?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
      expect(await page.getByRole("link", { name: "Awards", exact: true }).count()).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
      await expectNoAxeViolations(page, "My Stories with the Awards at 360 px");
    });
  });

  test("'Not this story' on the editor's banner thanks the writer for the input, and the banner stays away", async () => {
    // An ongoing story the tests above do not enter.
    const [, , story] = writersStories(0);
    if (!story) throw new Error("the demo writer has no third ongoing story");
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_writer", `/myworks/${story.id}`);
      const banner = page.getByRole("complementary", { name: "Inkwell Awards" });
      await banner.getByText(/^This story may be eligible for the 2027 Inkwell Awards/).waitFor();
      // Answered by keyboard: focus moves to the confirmation's Got it, which reads the thanks.
      await focusHydrated(banner.getByRole("button", { name: "Not this story" }));
      await page.keyboard.press("Enter");
      const thanks =
        "Thanks for the input! We won't suggest entering this story in the 2027 Inkwell Awards again. You can still enter it from the Awards page.";
      await banner.getByText(thanks).waitFor();
      const gotIt = banner.getByRole("button", { name: "Got it" });
      await expect.poll(() => gotIt.evaluate((node) => node === document.activeElement)).toBe(true);
      expect(await gotIt.getAttribute("aria-describedby")).toBe(
        await banner.getByText(thanks).getAttribute("id"),
      );
      expect(await banner.getByRole("button", { name: "Enter the Awards" }).count()).toBe(0);
      await expectNoAxeViolations(page, "the contest banner's thanks at 1280 px");
      expect(
        readDatabase(
          server.dataDir,
          "SELECT contest_key FROM contest_banner_declines WHERE story_id = ?",
          story.id,
        ),
      ).toEqual([{ contest_key: CONTEST }]);

      // Got it: the banner goes, and focus lands on the story's tabs that follow it.
      await page.keyboard.press("Enter");
      await banner.waitFor({ state: "detached" });
      expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-selected"))).toBe(
        "true",
      );

      // It stays away on the next visit; the Awards page still offers the story.
      const checked = page.waitForResponse((response) => response.url().includes("/eligibility"));
      await page.reload();
      await checked;
      await page.evaluate(() => new Promise(requestAnimationFrame));
      expect(await banner.count()).toBe(0);
      await page.goto(`/contests/${CONTEST}`);
      await page.getByRole("link", { name: `Enter “${story.title}”` }).waitFor();
    });
  });

  test("the Awards page says which stories the writer answered 'Not this story', and Undo brings the banner back", async () => {
    // The ongoing story the test above declined.
    const [, , story] = writersStories(0);
    if (!story) throw new Error("the demo writer has no third ongoing story");
    const declines = () =>
      readDatabase(
        server.dataDir,
        "SELECT contest_key FROM contest_banner_declines WHERE story_id = ?",
        story.id,
      );
    expect(declines()).toEqual([{ contest_key: CONTEST }]);
    await withPage({ viewport: PHONE, colorScheme: "dark", baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_writer", `/contests/${CONTEST}`);
      const row = page
        .getByRole("listitem")
        .filter({ has: page.getByRole("heading", { name: story.title, exact: true }) });
      await row
        .getByText("You chose “Not this story”: its editor doesn't suggest entering it.")
        .waitFor();
      // Entering is still offered, beside Undo; only the declined story has Undo.
      await row.getByRole("link", { name: `Enter “${story.title}”` }).waitFor();
      expect(await page.getByRole("button", { name: /^Undo/ }).count()).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
      await expectNoAxeViolations(page, "the Awards page with a declined story at 360 px, dark");

      // Undo by keyboard: it goes, and focus moves to the words saying what it changed.
      const undo = await untilHydrated(
        row.getByRole("button", { name: `Undo “Not this story” for “${story.title}”` }),
      );
      await undo.focus();
      await page.keyboard.press("Enter");
      const done = row.getByText("Done: its editor suggests entering it again.");
      await done.waitFor();
      await expect.poll(() => done.evaluate((node) => node === document.activeElement)).toBe(true);
      expect(await row.getByRole("button").count()).toBe(0);
      expect(declines()).toEqual([]);
      await expectNoAxeViolations(page, "the Awards page after Undo at 360 px, dark");

      // The editor's banner invites the writer again.
      await page.goto(`/myworks/${story.id}`);
      const banner = page.getByRole("complementary", { name: "Inkwell Awards" });
      await banner.getByText(/^This story may be eligible for the 2027 Inkwell Awards/).waitFor();
      await banner.getByRole("button", { name: "Not this story" }).waitFor();
    });
  });

  // Last: it closes the contest for the rest of this file's server.
  test("a system admin sets the contest; once it has closed, writers can only read about it", async () => {
    const [story] = writersStories(1).filter(
      (one) => one.words >= 3000 && submissionsOf(one.id).length === 0,
    );
    if (!story) throw new Error("the demo writer has no eligible story left to enter");
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_reader", "/admin/contest");
      await page.getByRole("heading", { name: "Page not found" }).waitFor();
    });
    const options = { viewport: DESKTOP, timezoneId: "Asia/Kolkata", baseURL: server.url };
    await withPage(options, async (page) => {
      await logInAt(page, "demo_admin", "/admin/contest");
      await page.getByText(`Active now: the 2027 Inkwell Awards (${CONTEST}).`).waitFor();
      // The closing time is on the admin's own clock, and its hint names that clock's zone.
      await untilHydrated(page.getByRole("button", { name: "Save and make active" }));
      const zoneHint = page.getByText("In your time zone (GMT+5:30).", { exact: true });
      expect(await page.getByLabel("Closes at").getAttribute("aria-describedby")).toBe(
        await zoneHint.getAttribute("id"),
      );
      await expectNoAxeViolations(page, "the contest settings at 1280 px");
      // Bad values are named in staff's words, the first focused, and nothing changes.
      const closing = await page.getByLabel("Closes at").inputValue();
      await page.getByLabel("Closes at").fill("");
      await page.getByLabel("Minimum words").fill("lots");
      await page.getByRole("button", { name: "Save and make active" }).click();
      const main = page.getByRole("main");
      await main.getByText("Enter a whole number of words from 0 to 1,000,000.").waitFor();
      await main.getByText("Choose the date and time the contest closes.").waitFor();
      expect(await page.getByLabel("Minimum words").getAttribute("aria-invalid")).toBe("true");
      expect(await page.getByLabel("Closes at").getAttribute("aria-invalid")).toBe("true");
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.id))
        .toBe("contest-admin-closesAt");
      expect(await main.getByText(/minWords|closesAt/).count()).toBe(0);
      await page.getByLabel("Closes at").fill(closing);
      expect(
        readDatabase<{ min_words: number }>(server.dataDir, "SELECT min_words FROM contests")[0],
      ).toEqual({ min_words: 3000 });

      await page.getByLabel("Minimum words").fill("3000");
      // A date and time picker on the admin's own clock, not an ISO string, to the second:
      // the demo's 23:59:59 at UTC-4 is 09:29:59 in Kolkata, and a save keeps its seconds.
      const closesAt = page.getByLabel("Closes at");
      expect(await closesAt.getAttribute("type")).toBe("datetime-local");
      expect(closing).toBe("2027-08-08T09:29:59");
      await closesAt.fill("2026-08-07T23:59:59");
      // Saved by keyboard: focus stays on the button, and a region already there says so.
      const said = await page.getByRole("main").getByRole("status").elementHandle();
      const save = page.getByRole("button", { name: /^Save and make active|^Saving/ });
      await save.focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => said?.textContent()).toBe("Saved: this is the active contest.");
      expect(await save.evaluate((node) => node === document.activeElement)).toBe(true);
      expect(
        readDatabase<{ closes_at: number }>(
          server.dataDir,
          "SELECT closes_at FROM contests WHERE key = ?",
          CONTEST,
        ),
      ).toEqual([{ closes_at: Date.parse("2026-08-07T23:59:59+05:30") }]);
      expect(await closesAt.inputValue()).toBe("2026-08-07T23:59:59");
    });
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_writer", `/contests/${CONTEST}`);
      await page
        .getByText("The 2027 Inkwell Awards are now closed. Thanks for your participation!")
        .waitFor();
      expect(await page.getByRole("link", { name: `Enter “${story.title}”` }).count()).toBe(0);
      // The form itself says so and cannot be sent.
      await page.goto(`/contests/${CONTEST}?storyId=${story.id}`);
      await page
        .getByRole("status")
        .filter({ hasText: "The 2027 Inkwell Awards are now closed." })
        .waitFor();
      expect(await page.getByLabel("Logline").isDisabled()).toBe(true);
      expect(await page.getByRole("button", { name: "Submit my story" }).count()).toBe(0);
      // The editor invites no one to a closed contest.
      const checked = page.waitForResponse((response) => response.url().includes("/eligibility"));
      await page.goto(`/myworks/${story.id}`);
      await checked;
      await page.evaluate(() => new Promise(requestAnimationFrame));
      expect(await page.getByRole("complementary", { name: "Inkwell Awards" }).count()).toBe(0);
    });
  });
});
