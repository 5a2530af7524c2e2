import { formatAbsoluteDate } from "@inkwell/shared";
import type { BrowserContextOptions, Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import {
  answerRequests,
  DESKTOP,
  expectFocusOn,
  expectNoAxeViolations,
  holdRequests,
  logInAt,
  nextFrames,
  PHONE,
  untilHydrated,
  useBrowser,
} from "./support/browser.ts";
import { COVER, importCover } from "./support/covers.ts";
import { untilSaved } from "./support/part-editor.ts";
import { useServer } from "./support/server.ts";
import { signUp, verifyEmail } from "./support/sign-up.ts";
import { fillStoryNotes, notesStatus, openStoryNotes } from "./support/story-notes.ts";

const server = useServer();
const { withPage } = useBrowser();

/** Issue #9's journey, one step a test: each step starts where the one before it ended. */
const WRITER = "skerry_writer";
// No story of the demo catalogue shares a word with it, so search finds this one alone.
const TITLE = "The Lamp at Skerryvore";
const FIRST_WORDS = "The storm came in at dusk, and the lamp would not light.";
const SECOND_TITLE = "Skerryvore at Dawn";
const THIRD_TITLE = "The Keeper's Log";
/** The writer's clock: half an hour off whole-hour zones, so UTC can never pass for it. */
const WRITER_ZONE = "Asia/Kolkata";

/** What the steps hand on: the writer's cookies, the story and its two parts. */
const journey = {
  writer: undefined as BrowserContextOptions["storageState"],
  storyId: 0,
  firstPartId: 0,
  secondPartId: 0,
  /** A draft written by keyboard, published a moment and taken back from the editor. */
  thirdPartId: 0,
  /** Part 2's time as the writer picked it and should always read it: "Mar 05, 2024 09:15PM". */
  scheduledFor: "",
};

const asWriter = (viewport: { width: number; height: number }) => ({
  viewport,
  baseURL: server.url,
  storageState: journey.writer,
  timezoneId: WRITER_ZONE,
});

/** Types into the part editor and waits for the autosave. */
async function write(page: Page, title: string, text: string) {
  await page.getByLabel("Part title").fill(title);
  await page.getByRole("textbox", { name: "Part text" }).click();
  await page.keyboard.type(text);
  await untilSaved(page);
}

/** How far down the page an element starts: elements on one row share it. */
const top = async (element: Locator) => (await element.boundingBox())?.y;

/** The focused control: a tool's name, or a field's id. */
const focused = (page: Page) =>
  page.evaluate(
    () => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.id,
  );

const partIdOf = (page: Page) => Number(new URL(page.url()).pathname.split("/").at(-1));

/** A new part of the journey's story, from its Table of Contents: the editor opens on it. */
async function newPart(page: Page) {
  await page.goto(`/myworks/${journey.storyId}`);
  await page.getByRole("tab", { name: "Table of Contents" }).click();
  await page.getByRole("button", { name: "New part" }).click();
  await page.waitForURL(/\/write\/\d+$/);
  return partIdOf(page);
}

/** In the open picture dialog: chooses COVER, describes it, adds it, waits for it in the text. */
async function addPicture(page: Page, alt: string) {
  const dialog = page.getByRole("dialog", { name: "Add an image" });
  await dialog.getByLabel("Choose a picture").setInputFiles(COVER);
  await dialog.getByLabel("Describe the image").fill(alt);
  await dialog.getByRole("button", { name: "Add image" }).click();
  await page.getByRole("textbox", { name: "Part text" }).getByRole("img", { name: alt }).waitFor();
}

/** The editor's blocks as its HTML has them: tag, paragraph id, and text (a picture's alt). */
const blocksOf = (text: Locator) =>
  text.evaluate((editor) =>
    [...editor.children].map((block) => ({
      tag: block.tagName.toLowerCase(),
      id: block.getAttribute("data-p-id"),
      text:
        block.textContent?.trim() ||
        (block instanceof HTMLImageElement ? block : block.querySelector("img"))?.alt ||
        "",
    })),
  );

describe("a new writer's first story, from sign-up to a reader", () => {
  test("a new writer signs up, answers the writer questionnaire and verifies the email", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page, context) => {
      await signUp(page, WRITER);
      await page.waitForURL(`${server.url}/home`);
      await page.getByRole("link", { name: "Get started" }).click();
      await page.waitForURL(`${server.url}/start/writerjourney`);
      await page.getByRole("button", { name: "Writer" }).click();
      await page.getByRole("button", { name: "I write for fun" }).click();
      await page.getByRole("button", { name: "Almost" }).click();
      await page.waitForURL(`${server.url}/start/genres`);
      await verifyEmail(page, WRITER);
      journey.writer = await context.storageState();
    });
  });

  test("creates a story from My Stories, writes part 1 and publishes it", async () => {
    await withPage(asWriter(DESKTOP), async (page) => {
      await page.goto("/myworks");
      await page.getByRole("complementary", { name: "Interested in writing?" }).waitFor();
      expect(await page.getByRole("link", { name: "New Story" }).getAttribute("href")).toBe(
        "/myworks/new",
      );
      // A slow connection: the writer fills the form in before the page's scripts arrive.
      const release = await holdRequests(page, "**/assets/**/*.js");
      await page.goto("/myworks/new", { waitUntil: "commit" });
      // Headed as the button that led here: one capitalisation across the product.
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("New Story");
      const description = "A keeper, a storm and a light that will not burn.";
      await page.getByLabel("Title").fill(TITLE);
      await page.getByLabel("Description").fill(description);
      await page.getByLabel("Tags").fill("sea, storm");
      const category = page.getByLabel("Category");
      await category.selectOption({ index: 1 });
      const chosen = await category.inputValue();
      await page.getByLabel("Copyright").selectOption({ label: "CC Attribution" });
      await page.getByLabel("Completed").check();
      release();
      await expect.poll(() => page.getByRole("button", { name: "Save" }).isEnabled()).toBe(true);
      // Back up the form, where the tags are in sight below the header, to read on licences.
      await page.getByLabel("Title").scrollIntoViewIfNeeded();
      const help = page.getByRole("button", { name: "What do the licences mean?" });
      await help.click();
      const licences = page.getByRole("dialog", { name: "Copyright licences" });
      await licences.getByText("as long as they credit you").waitFor();
      await expectNoAxeViolations(page, "the licence help at 1280 px");
      await page.keyboard.press("Escape");
      expect(await licences.count()).toBe(0);
      expect(await help.evaluate((button) => button === document.activeElement)).toBe(true);

      // A new story needs the copyright acknowledgement: the server says so, nothing is made.
      await page.getByRole("button", { name: "Save" }).click();
      await page
        .getByRole("alert")
        .filter({ hasText: "Confirm that this story is your own original work" })
        .waitFor();
      // Focus goes to that summary, at the top of the form, so it is in sight.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute("role")))
        .toBe("alert");
      const acknowledgement = page.getByLabel(/I acknowledge this is my own original work/);
      expect(await acknowledgement.getAttribute("aria-invalid")).toBe("true");
      // Rendered again since the scripts came, the form still holds what was filled in early.
      expect(await page.getByLabel("Title").inputValue()).toBe(TITLE);
      expect(await page.getByLabel("Description").inputValue()).toBe(description);
      expect(await category.inputValue()).toBe(chosen);
      expect(await page.getByLabel("Completed").isChecked()).toBe(true);
      await page.getByLabel("Completed").uncheck();
      expect(page.url()).toBe(`${server.url}/myworks/new`);
      await acknowledgement.check();
      await page.getByRole("button", { name: "Save" }).click();
      await page.waitForURL(/\/myworks\/\d+\/write\/\d+$/);
      journey.storyId = Number(new URL(page.url()).pathname.split("/")[2]);
      journey.firstPartId = partIdOf(page);

      await write(page, "The Storm", FIRST_WORDS);
      await page.getByRole("button", { name: "Publish" }).click();
      const modal = page.getByRole("dialog", { name: "Publish this part" });
      await modal.getByRole("button", { name: "Publish" }).press("Enter");
      await page.getByRole("status").filter({ hasText: "Your part is published." }).waitFor();
      // Publish has left the bar with the draft: focus goes on to the part's settings.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
        .toBe("Part settings");
    });
  });

  test("writes part 2 on a phone and schedules it for the earliest time, 15 minutes on", async () => {
    await withPage(asWriter(PHONE), async (page) => {
      journey.secondPartId = await newPart(page);
      await write(page, SECOND_TITLE, "By morning the sea was glass.");
      // Publish, Save, Preview and settings fit one row of a phone.
      const publish = page.getByRole("button", { name: "Publish", exact: true });
      expect(await top(page.getByRole("button", { name: "Part settings" }))).toBe(
        await top(publish),
      );

      await publish.click();
      const modal = page.getByRole("dialog", { name: "Publish this part" });
      await modal.getByLabel("Schedule to publish later").check();
      // The picker starts at the first quarter hour at least 15 minutes away.
      const picker = modal.getByLabel("Publish date and time");
      // The picker reads its time on the writer's clock, and its hint names that clock's zone.
      const zoneHint = modal.getByText("In your time zone (GMT+5:30).", { exact: true });
      const hintId = await zoneHint.getAttribute("id");
      expect(await picker.getAttribute("aria-describedby")).toBe(hintId);
      const minutesAhead = await picker.evaluate(
        (input: HTMLInputElement) => (Date.parse(input.value) - Date.now()) / 60_000,
      );
      expect(minutesAhead).toBeGreaterThan(14);
      expect(minutesAhead).toBeLessThanOrEqual(30);
      // Cancel schedules nothing, and the picker opens again at its first time (§4).
      const first = await picker.inputValue();
      const quarters = (n: number) =>
        new Date(Date.parse(`${first}Z`) + n * 15 * 60_000).toISOString().slice(0, 16);
      await picker.fill(quarters(4));
      await modal.getByRole("button", { name: "Cancel" }).click();
      await modal.waitFor({ state: "hidden" });
      await publish.click();
      // The first time moves on a quarter hour if one passed while the modal was closed.
      expect([first, quarters(1)]).toContain(await picker.inputValue());
      // The picker's wall clock, written out as the page writes dates.
      journey.scheduledFor = formatAbsoluteDate(`${await picker.inputValue()}Z`);
      const schedule = modal.getByRole("button", { name: "Schedule", exact: true });
      expect(await schedule.isDisabled()).toBe(true);
      // A quarter hour sooner is refused: Schedule stays off and the field says why.
      const earliest = await picker.inputValue();
      await picker.fill(
        new Date(Date.parse(`${earliest}Z`) - 15 * 60_000).toISOString().slice(0, 16),
      );
      const tooSoon = modal.getByText(
        `The earliest time you can choose is ${journey.scheduledFor} GMT+5:30.`,
      );
      await tooSoon.waitFor();
      expect(await picker.getAttribute("aria-invalid")).toBe("true");
      expect(await picker.getAttribute("aria-describedby")).toBe(
        `${hintId} ${await tooSoon.getAttribute("id")}`,
      );
      await picker.fill(earliest);
      expect(await picker.getAttribute("aria-invalid")).toBeNull();
      await modal.getByLabel(/I understand/).check();
      await schedule.click();
      const scheduled = page.getByRole("dialog", { name: "Your part is scheduled!" });
      // On the writer's own clock, as picked, with the zone named.
      await scheduled
        .getByText(`It will be published on ${journey.scheduledFor} GMT+5:30.`)
        .waitFor();
      // Under a day away: the reminder job could not send one, so none is promised.
      expect(await scheduled.getByText(/reminder/).count()).toBe(0);
      // Its two buttons share one row on a 360 px phone, as other modals' do.
      const [change, go] = await Promise.all([
        scheduled.getByRole("button", { name: "Change schedule" }).boundingBox(),
        scheduled.getByRole("button", { name: "Continue" }).boundingBox(),
      ]);
      expect(change?.y).toBe(go?.y);
      await scheduled.getByRole("button", { name: "Continue" }).click();
      await page.getByRole("button", { name: "Change schedule" }).waitFor();

      await page.goto(`/myworks/${journey.storyId}`);
      await page.getByRole("tab", { name: "Table of Contents" }).click();
      const rows = page.getByRole("tabpanel").getByRole("listitem");
      await rows.filter({ hasText: "The Storm" }).getByText("Published").waitFor();
      await rows
        .filter({ hasText: SECOND_TITLE })
        .getByText(`Scheduled for ${journey.scheduledFor} GMT+5:30`)
        .waitFor();
    });
  });

  test("sees the story page as readers do, plus Edit story and the scheduled part", async () => {
    await withPage(asWriter(PHONE), async (page) => {
      await page.goto(`/myworks/${journey.storyId}`);
      await page.getByRole("link", { name: "View story" }).click();
      await page.waitForURL(`${server.url}/story/${journey.storyId}`);
      const contents = page.getByRole("region", { name: /Table of contents/ });
      // Part 2 is listed for its author, marked, and counted apart: readers see 1 part.
      await contents.getByRole("heading", { name: /1 part, 1 draft$/ }).waitFor();
      await contents
        .getByRole("link", { name: new RegExp(SECOND_TITLE) })
        .getByText(`Scheduled for ${journey.scheduledFor} GMT+5:30`)
        .waitFor();
      await expectNoAxeViolations(page, "the author's story page at 360 px");
      await page.getByRole("link", { name: "Edit story" }).click();
      await page.waitForURL(`${server.url}/myworks/${journey.storyId}`);

      // The Table of Contents opens the editor with the scheduler up (the ?schedule=1 flag).
      await page.getByRole("tab", { name: "Table of Contents" }).click();
      await page.getByRole("link", { name: `Change schedule of ${SECOND_TITLE}` }).click();
      await page.waitForURL(/\/write\/\d+\?schedule=1$/);
      const modal = page.getByRole("dialog", { name: "Publish this part" });
      expect(await modal.getByLabel("Schedule to publish later").isChecked()).toBe(true);
      await modal.getByRole("button", { name: "Unschedule" }).waitFor();
    });
  });

  test("keeps the writer's text: a failed save stops publishing with its reason, leaving saves first", async () => {
    await withPage(asWriter(DESKTOP), async (page) => {
      await page.goto(`/myworks/${journey.storyId}/write/${journey.secondPartId}`);
      const text = page.getByRole("textbox", { name: "Part text" });
      await text.waitFor();
      // Every save fails, the autosave's too (every two seconds while failing): whenever one
      // goes, it meets the answer of the step the journey is at.
      const answerSaves = await answerRequests(
        page,
        `**/v4/parts/${journey.secondPartId}`,
        { status: 503, body: "" },
        { method: "PUT" },
      );
      await text.click();
      await page.keyboard.press("Control+End");
      await page.keyboard.type(" Gulls.");
      await page.getByRole("button", { name: "Change schedule" }).click();
      const modal = page.getByRole("dialog", { name: "Publish this part" });
      await modal.getByLabel("Publish now").check();
      await modal.getByRole("button", { name: "Publish", exact: true }).click();
      // §5: errors inline in red; with no reason from the server, the generic one.
      await modal.getByRole("alert").filter({ hasText: "Failed to publish part" }).waitFor();

      answerSaves({
        status: 400,
        contentType: "application/json",
        body: JSON.stringify({ code: "bad_request", message: "The part text is too long" }),
      });
      await modal.getByLabel("Schedule to publish later").check();
      await modal.getByLabel(/I understand/).check();
      await modal.getByRole("button", { name: "Schedule", exact: true }).click();
      await modal.getByRole("alert").filter({ hasText: "The part text is too long" }).waitFor();
      await page.keyboard.press("Escape");

      // Unsaved text: leaving the page asks first.
      const asked = page.waitForEvent("dialog", { timeout: 10_000 });
      await page.close({ runBeforeUnload: true });
      const dialog = await asked.catch(() => {
        throw new Error("Leaving the page with unsaved text did not ask first");
      });
      expect(dialog.type()).toBe("beforeunload");
      await dialog.dismiss();
      expect(page.isClosed()).toBe(false);

      // Back to the story within the autosave's two seconds: the text is saved before leaving.
      answerSaves(null);
      await text.click();
      await page.keyboard.press("Control+End");
      await page.keyboard.type(" Terns.");
      await page.getByRole("link", { name: "Back to the story" }).click();
      await page.waitForURL(`${server.url}/myworks/${journey.storyId}`);
      await page.goto(`/myworks/${journey.storyId}/write/${journey.secondPartId}`);
      await page.getByText("By morning the sea was glass. Gulls. Terns.").waitFor();
    });
  });

  test("keeps what the writer typed before the editor's scripts arrived, where they typed it", async () => {
    await withPage(asWriter(PHONE), async (page) => {
      // A slow phone: the editor is there, its scripts are not yet.
      const release = await holdRequests(page, "**/assets/**/*.js");
      const editor = `/myworks/${journey.storyId}/write/${journey.secondPartId}`;
      await page.goto(editor, { waitUntil: "commit" });
      const text = page.getByRole("textbox", { name: "Part text" });
      // As the step before left it: else the count below could never come.
      await expect
        .poll(() => text.textContent())
        .toBe("By morning the sea was glass. Gulls. Terns.");
      await text.click();
      await page.keyboard.press("Control+Home");
      await page.keyboard.type("Dawn. ");
      // The text's only save is the autosave, two seconds after the scripts take it up.
      const saved = page.waitForResponse(
        (response) =>
          response.request().method() === "PUT" &&
          response.url().endsWith(`/v4/parts/${journey.secondPartId}`),
        { timeout: 15_000 },
      );
      release();
      await untilHydrated(text);
      // Counted and saved as if typed now, without another key pressed.
      expect((await saved).status()).toBe(200);
      expect(await page.getByText(/^\d+ words$/).textContent()).toBe("9 words");
      await page.goto(editor);
      expect(await text.textContent()).toBe("Dawn. By morning the sea was glass. Gulls. Terns.");
    });
  });

  test("imports a cover from My Stories", async () => {
    await withPage(asWriter(PHONE), async (page) => {
      await page.goto("/myworks");
      await page.getByRole("link", { name: `Import a cover for ${TITLE}` }).click();
      await page.waitForURL(`${server.url}/myworks/cover-import?storyId=${journey.storyId}`);
      await importCover(page, TITLE);
      await page.getByRole("link", { name: "Go to story" }).click();
      await page.waitForURL(`${server.url}/myworks/${journey.storyId}`);
    });
  });

  test("fills in Story Notes and submits them", async () => {
    await withPage(asWriter(PHONE), async (page) => {
      await page.goto(`/myworks/${journey.storyId}`);
      await openStoryNotes(page);
      await fillStoryNotes(page);
      await page.getByRole("button", { name: "Submit", exact: true }).click();
      await notesStatus(page).filter({ hasText: "Submitted" }).waitFor();
    });
  });

  test("formats by keyboard what the writer selected, and writes on after a picture", async () => {
    await withPage(asWriter(PHONE), async (page) => {
      journey.thirdPartId = await newPart(page);
      const text = page.getByRole("textbox", { name: "Part text" });
      await untilHydrated(page.getByRole("toolbar", { name: "Formatting" }));
      // A new part opens in its title, its given name selected; the text is the next stop.
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("part-title");
      // A title is one line, though its box wraps: Enter adds no line break, and a pasted
      // one reads as a space.
      await page.keyboard.insertText("The Keeper's\nLog");
      await page.keyboard.press("Enter");
      expect(await page.getByLabel("Part title").inputValue()).toBe(THIRD_TITLE);
      await page.keyboard.press("Tab");
      await page.keyboard.type("The keeper's log.");
      await page.keyboard.press("Enter");
      await page.keyboard.type("Night one");
      await page.keyboard.press("Shift+Home");
      // The editor notes a selection when the browser says it changed, a frame later: a
      // person's next key comes after that, Playwright's may not.
      await nextFrames(page);
      // Back to the toolbar by keyboard, past the title field, which takes the selection. The
      // toolbar is one Tab stop, on its first tool; the arrow keys go on to Subheading.
      await page.keyboard.press("Shift+Tab");
      expect(await focused(page)).toBe("part-title");
      await page.keyboard.press("Shift+Tab");
      expect(await focused(page)).toBe("Bold");
      for (const name of ["Italic", "Underline", "Heading", "Subheading"]) {
        await page.keyboard.press("ArrowRight");
        expect(await focused(page)).toBe(name);
      }
      await page.keyboard.press("Enter");
      expect(await text.locator("h3").textContent()).toBe("Night one");
      expect(await text.locator("p").textContent()).toBe("The keeper's log.");

      // A picture after the subheading, by keyboard, and the writer goes on typing below it:
      // back in the text, the caret goes to the end of the subheading (a picture chosen with
      // "Night one" still selected would take its place, as in any editor).
      await text.press("End");
      await nextFrames(page);
      // The toolbar takes focus back on the tool last used; Home and End go to its ends, the
      // arrow keys wrap round them, and Tab leaves it.
      await page.keyboard.press("Shift+Tab");
      await page.keyboard.press("Shift+Tab");
      expect(await focused(page)).toBe("Subheading");
      const keys: [string, string][] = [
        ["Home", "Bold"],
        ["ArrowLeft", "Image"],
        ["ArrowRight", "Bold"],
        ["End", "Image"],
        ["Tab", "part-title"],
        ["Shift+Tab", "Image"],
      ];
      for (const [key, name] of keys) {
        await page.keyboard.press(key);
        expect(await focused(page), key).toBe(name);
      }
      await page.keyboard.press("Enter");
      await addPicture(page, "The lamp room");
      await page.keyboard.type("The wick was dry.");
      expect(await text.locator("h3").textContent()).toBe("Night one");
      expect(await text.locator("p").last().textContent()).toBe("The wick was dry.");
      // A tool pressed before the browser has reported a new selection (within its frame: a
      // script is that fast) acts on what is selected, not on the selection before.
      await text.evaluate((editor) => {
        const words = editor.querySelector("p:last-of-type")?.firstChild;
        if (!words) throw new Error("the last paragraph has no text");
        document.getSelection()?.setBaseAndExtent(words, 4, words, 8);
        document
          .querySelector<HTMLButtonElement>('[aria-label="Formatting"] [aria-label="Bold"]')
          ?.click();
      });
      expect(await text.locator("p").last().innerHTML()).toBe("The <b>wick</b> was dry.");
      // Ctrl+S saves the part, and the browser does not offer to save the page as a file.
      await page.evaluate(() => {
        const seen = window as unknown as { saveKeyHandled?: boolean };
        window.addEventListener("keydown", (event) => {
          if (event.key === "s") seen.saveKeyHandled = event.defaultPrevented;
        });
      });
      await page.keyboard.press("Control+s");
      expect(
        await page.evaluate(
          () => (window as unknown as { saveKeyHandled?: boolean }).saveKeyHandled,
        ),
      ).toBe(true);
      await untilSaved(page);
      await page.reload();
      expect(await text.locator("p").last().textContent()).toBe("The wick was dry.");
    });
  });

  test("unpublishes a part from the editor's settings only once the writer confirms it", async () => {
    await withPage(asWriter(PHONE), async (page) => {
      await page.goto(`/myworks/${journey.storyId}/write/${journey.thirdPartId}`);
      await page.getByRole("button", { name: "Publish", exact: true }).click();
      const publishing = page.getByRole("dialog", { name: "Publish this part" });
      await publishing.getByRole("button", { name: "Publish", exact: true }).click();
      await page.getByRole("status").filter({ hasText: "Your part is published." }).waitFor();

      // One tap on the phone's settings would take the part from its readers: it asks first.
      const settings = page.getByRole("button", { name: "Part settings" });
      await settings.click();
      await page.getByRole("button", { name: "Unpublish this part" }).press("Enter");
      const asked = page.getByRole("dialog", { name: "Unpublish this part?" });
      await asked.getByText(`${THIRD_TITLE} goes back to your drafts`).waitFor();
      // A question of its own, opened with focus in it: not left on the page behind.
      await expect
        .poll(() => asked.evaluate((dialog) => dialog.contains(document.activeElement)))
        .toBe(true);
      await expectNoAxeViolations(page, "the editor's unpublish question at 360 px");
      await asked.getByRole("button", { name: "Cancel" }).press("Enter");
      await page.getByRole("dialog", { name: "Part settings" }).waitFor();
      // Back on the button that asked, and on settings once that dialog closes too.
      await expectFocusOn(page, "Unpublish this part");
      await page.keyboard.press("Escape");
      await expectFocusOn(page, "Part settings");
      await page.reload();
      await page.getByRole("button", { name: "Publish Changes" }).waitFor();

      // The writer hesitates once more, then unpublishes: focus ends on settings all the same.
      await settings.click();
      const unpublishPart = page.getByRole("button", { name: "Unpublish this part" });
      await unpublishPart.press("Enter");
      await asked.getByRole("button", { name: "Cancel" }).press("Enter");
      await unpublishPart.press("Enter");
      await asked.getByRole("button", { name: "Unpublish" }).press("Enter");
      await page
        .getByRole("status")
        .filter({ hasText: `${THIRD_TITLE} is a draft again.` })
        .waitFor();
      await expectFocusOn(page, "Part settings");
      await page.getByRole("button", { name: "Publish", exact: true }).waitFor();
    });
  });

  test("Enter leaves a paragraph's id with its text, and a picture goes between a paragraph's halves", async () => {
    await withPage(asWriter(DESKTOP), async (page) => {
      await page.goto(`/myworks/${journey.storyId}/write/${journey.thirdPartId}`);
      const text = page.getByRole("textbox", { name: "Part text" });
      await untilHydrated(page.getByRole("toolbar", { name: "Formatting" }));
      const ids = Object.fromEntries(
        (await blocksOf(text)).map((block) => [block.text, block.id ?? ""]),
      );
      const [log, night, wick] = [
        ids["The keeper's log."],
        ids["Night one"],
        ids["The wick was dry."],
      ];
      expect([log, night, wick].every((id) => /^p[0-9a-f]{10}$/.test(id ?? ""))).toBe(true);

      // Enter in the middle: the first half keeps the id (and its comments), the second none.
      await text.getByText("The keeper's log.").click();
      await page.keyboard.press("End");
      for (let i = 0; i < "log.".length; i++) await page.keyboard.press("ArrowLeft");
      await page.keyboard.press("Enter");
      // At the end: the new paragraph has none either.
      await page.keyboard.press("End");
      await page.keyboard.press("Enter");
      await page.keyboard.type("Wind from the north.");
      // At a paragraph's start, the text pushed down keeps its id, not the empty line above.
      await text.getByText("Night one").click();
      await page.keyboard.press("Home");
      await page.keyboard.press("Enter");
      expect((await blocksOf(text)).slice(0, 5)).toEqual([
        { tag: "p", id: log, text: "The keeper's" },
        { tag: "p", id: null, text: "log." },
        { tag: "p", id: null, text: "Wind from the north." },
        { tag: "h3", id: null, text: "" },
        { tag: "h3", id: night, text: "Night one" },
      ]);

      // A picture added mid-paragraph goes between its halves, and the writer types on after it.
      await text.getByText("The wick was dry.").click();
      await page.keyboard.press("End");
      for (let i = 0; i < " was dry.".length; i++) await page.keyboard.press("ArrowLeft");
      await nextFrames(page);
      await page.getByRole("button", { name: "Image", exact: true }).click();
      await addPicture(page, "The oil can");
      await page.keyboard.type("Empty.");
      expect((await blocksOf(text)).slice(-4)).toEqual([
        { tag: "p", id: wick, text: "The wick" },
        { tag: "img", id: null, text: "The oil can" },
        { tag: "p", id: null, text: "Empty." },
        { tag: "p", id: null, text: "was dry." },
      ]);

      // Saved, every paragraph has an id of its own, and the first ones are where they were.
      await untilSaved(page);
      await page.reload();
      const saved = await blocksOf(text);
      const savedIds = saved.map((block) => block.id);
      expect(new Set(savedIds).size).toBe(saved.length);
      expect(saved.filter((block) => [log, night, wick].includes(block.id ?? ""))).toEqual([
        { tag: "p", id: log, text: "The keeper's" },
        { tag: "h3", id: night, text: "Night one" },
        { tag: "p", id: wick, text: "The wick" },
      ]);
    });
  });

  test("an empty part is not published or scheduled: the dialog says why and takes focus", async () => {
    await withPage(asWriter(PHONE), async (page) => {
      await newPart(page);
      const publish = page.getByRole("button", { name: "Publish", exact: true });
      await untilHydrated(publish);
      // Only blank lines: a draft may be saved so, not published.
      await page.getByRole("textbox", { name: "Part text" }).click();
      await page.keyboard.press("Space");
      await page.keyboard.press("Enter");
      await page.keyboard.press("Enter");
      const empty = "This part is empty: write something or add a picture before you publish it.";
      const focusedAlert = () =>
        page.evaluate(() =>
          document.activeElement?.getAttribute("role") === "alert"
            ? document.activeElement.textContent
            : null,
        );
      await publish.click();
      const modal = page.getByRole("dialog", { name: "Publish this part" });
      await modal.getByRole("button", { name: "Publish", exact: true }).click();
      await expect.poll(focusedAlert).toBe(empty);

      await modal.getByLabel("Schedule to publish later").check();
      await modal.getByLabel(/I understand/).check();
      await modal.getByRole("button", { name: "Schedule", exact: true }).click();
      // Said again for the second try, and focused again.
      await expect.poll(focusedAlert).toBe(empty);
      await page.keyboard.press("Escape");
      await page.reload();
      await publish.waitFor();
      expect(await page.getByRole("button", { name: "Change schedule" }).count()).toBe(0);
    });
  });

  test("a reader finds the story in search and reads part 1, not the scheduled part 2", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_reader", "/search");
      const search = page.getByRole("main").getByRole("searchbox", { name: "Search" });
      await search.fill(TITLE);
      await search.press("Enter");
      await page.waitForURL((url) => url.pathname.endsWith("/stories"));
      const results = page.getByRole("list", { name: `Stories matching ${TITLE}` });
      await results.getByRole("link", { name: TITLE }).click();

      await page.waitForURL(`${server.url}/story/${journey.storyId}`);
      await page.getByRole("heading", { name: TITLE }).first().waitFor();
      const cover = page.getByRole("img", { name: `Cover of ${TITLE}` }).first();
      expect(await cover.getAttribute("src")).toMatch(`/media/covers/${journey.storyId}-`);
      expect(await page.getByText(SECOND_TITLE).count()).toBe(0);
      expect(await page.getByRole("link", { name: "Edit story" }).count()).toBe(0);
      await page.getByRole("link", { name: "Start reading", exact: true }).click();
      await page.waitForURL(`${server.url}/${journey.firstPartId}`);
      await page.getByText(FIRST_WORDS).waitFor();
      expect(await page.getByText(SECOND_TITLE).count()).toBe(0);

      const scheduledPart = await page.goto(`/${journey.secondPartId}`);
      expect(scheduledPart?.status()).toBe(404);
    });
  });

  test("deletes the story from Story Details: My Stories says so, readers find nothing", async () => {
    await withPage(asWriter(PHONE), async (page) => {
      await page.goto(`/myworks/${journey.storyId}`);
      await page.getByRole("tab", { name: "Story Details" }).click();
      await page.getByRole("button", { name: "Delete story" }).click();
      const dialog = page.getByRole("dialog", { name: "Delete this story?" });
      await dialog.getByText(`${TITLE} leaves Inkwell for good`).waitFor();
      await expectNoAxeViolations(page, "the delete-story question at 360 px");
      await dialog.getByRole("button", { name: "Delete story" }).click();
      await page.waitForURL(`${server.url}/myworks`);
      const notice = page.getByText(`${TITLE} was deleted.`);
      await expect
        .poll(() =>
          notice.evaluate((node) => node.closest("[tabindex]") === document.activeElement),
        )
        .toBe(true);
      expect(await page.getByRole("link", { name: TITLE, exact: true }).count()).toBe(0);
      // Its writer still finds the page, marked Deleted, with no editor to open.
      await page.goto(`/story/${journey.storyId}`);
      await page.getByText("Deleted", { exact: true }).waitFor();
      expect(await page.getByRole("link", { name: "Edit story" }).count()).toBe(0);
      expect(await page.getByRole("button", { name: "Add to" }).isDisabled()).toBe(true);
    });
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      expect((await page.goto(`/story/${journey.storyId}`))?.status()).toBe(404);
      expect((await page.goto(`/${journey.firstPartId}`))?.status()).toBe(404);
    });
  });
});

describe("the writer pages", () => {
  /** Whether the element is wholly on screen, without scrolling. */
  const inView = (element: Locator) =>
    element.evaluate((node) => {
      const box = node.getBoundingClientRect();
      return box.left >= 0 && box.right <= window.innerWidth && box.bottom <= window.innerHeight;
    });

  /** Whether the element lies within the screen's width (however far down the page). */
  const withinWidth = (element: Locator) =>
    element.evaluate((node) => {
      const box = node.getBoundingClientRect();
      return box.left >= 0 && box.right <= window.innerWidth;
    });

  /** Axe on every writer page, and nothing wider than the screen. */
  async function check(page: Page, label: string) {
    await expectNoAxeViolations(page, label);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, label).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
  }

  const runs = [
    { viewport: PHONE, colorScheme: "dark" },
    { viewport: DESKTOP, colorScheme: "light" },
  ] as const;
  // Seven axe runs, one of them over the long Story Notes form: room for a busy machine.
  for (const { viewport, colorScheme } of runs) {
    test(`pass axe at ${viewport.width} px in the ${colorScheme} theme`, async () => {
      await withPage({ viewport, colorScheme, baseURL: server.url }, async (page) => {
        const at = (name: string) => `${name} ${viewport.width} ${colorScheme}`;
        await logInAt(page, "demo_writer", "/myworks");
        await page.getByRole("heading", { name: "My Stories" }).waitFor();
        await check(page, at("/myworks"));

        const stories = page.getByRole("list", { name: "Your stories" });
        const story = stories.getByRole("listitem");
        const title = (await story.first().getByRole("heading").textContent()) ?? "";
        // A story's cover sits beside its title: read, it said the title twice, cover first.
        expect(await stories.getByRole("img").count()).toBe(0);
        expect(await story.count()).toBeGreaterThan(0);
        // A story's three actions: one row under it on a phone, a column beside it on a desktop.
        const actions = [
          `Continue writing ${title}`,
          `Import a cover for ${title}`,
          `Analytics for ${title}`,
        ];
        const rows = await Promise.all(
          actions.map((name) => top(story.first().getByRole("link", { name, exact: true }))),
        );
        expect(new Set(rows).size).toBe(viewport === PHONE ? 1 : 3);
        await page.getByRole("link", { name: `Continue writing ${title}` }).click();
        await page.getByRole("tab", { name: "Story Details" }).click();
        // All three tabs show on a phone; none scrolls out of sight sideways.
        for (const tab of ["Story Details", "Table of Contents", "Story Notes"]) {
          expect(await withinWidth(page.getByRole("tab", { name: tab })), tab).toBe(true);
        }
        await check(page, at("Story Details"));
        await page.getByRole("tab", { name: "Table of Contents" }).click();
        await check(page, at("Table of Contents"));
        await openStoryNotes(page);
        await check(page, at("Story Notes"));

        await page.getByRole("tab", { name: "Table of Contents" }).click();
        await page.getByRole("tabpanel").getByRole("link").first().click();
        await page.getByRole("textbox", { name: "Part text" }).waitFor();
        // Its tools are off until the page's scripts run, and the toolbar then has nothing
        // a keyboard can reach: checked as the writer uses it.
        await untilHydrated(page.getByRole("toolbar", { name: "Formatting" }));
        await check(page, at("part editor"));
        // Publish Changes, Cancel and settings share one row.
        const settings = page.getByRole("button", { name: "Part settings" });
        expect(await top(settings)).toBe(await top(page.getByRole("button", { name: "Cancel" })));

        await page.goto("/myworks");
        await page.getByRole("link", { name: `Import a cover for ${title}` }).click();
        // The picker is enabled once the page has hydrated: a file chosen before would be lost.
        await page.locator("#cover-import-file:enabled").waitFor();
        await page.getByLabel("Cover image").setInputFiles(COVER);
        await page.getByRole("img", { name: "Your new cover" }).waitFor();
        await check(page, at("cover import"));
        // Next stays in reach below the list of stories.
        expect(await inView(page.getByRole("button", { name: "Next" }))).toBe(true);
      });
    }, 180_000);
  }

  test("visitors are sent to log in", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await page.goto("/myworks");
      await page.waitForURL(`${server.url}/login?nextUrl=%2Fmyworks`);
    });
  });
});
