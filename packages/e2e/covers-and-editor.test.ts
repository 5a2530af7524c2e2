import type { Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import {
  DESKTOP,
  expectFocusOn,
  expectNoAxeViolations,
  fingerSize,
  focusedControl,
  holdRequests,
  PHONE,
  pressOnto,
  smallTargets,
  tapsBeside,
  untilHydrated,
  useBrowser,
} from "./support/browser.ts";
import { COVER, importCover } from "./support/covers.ts";
import { readDatabase } from "./support/database.ts";
import { GIF, NOT_TAKEN } from "./support/images.ts";
import { untilSaved } from "./support/part-editor.ts";
import { useServer } from "./support/server.ts";
import { signUp, verifyEmail } from "./support/sign-up.ts";
import { writerStory } from "./support/works.ts";

const server = useServer();
const { withPage, sessionOf } = useBrowser();

/** A page's options for demo_writer, signed in once for the file (ten log-ins an hour). */
const asWriter = async (viewport: { width: number; height: number }) => ({
  viewport,
  baseURL: server.url,
  storageState: await sessionOf("demo_writer", server.url),
});

/** Where the covers §7's cover add counted for a story came from. */
const coverSources = (storyId: number) =>
  readDatabase<{ source: string }>(
    server.dataDir,
    "SELECT source FROM cover_adds WHERE story_id = ? ORDER BY id",
    storyId,
  ).map((row) => row.source);

/** The demo writer's stories as /myworks lists them: id and title, in order. */
async function myStories(page: Page): Promise<{ id: number; title: string }[]> {
  await page.goto("/myworks");
  const links = page
    .getByRole("list", { name: "Your stories" })
    .getByRole("heading")
    .getByRole("link");
  return Promise.all(
    (await links.all()).map(async (link) => ({
      id: Number((await link.getAttribute("href"))?.split("/").at(-1)),
      title: (await link.textContent()) ?? "",
    })),
  );
}

/** demo_writer's story at `index` in /myworks's list. */
async function storyAt(page: Page, index = 0): Promise<{ id: number; title: string }> {
  const story = (await myStories(page))[index];
  if (!story) throw new Error(`demo_writer has fewer than ${index + 1} stories`);
  return story;
}

/** Presses the editor's Save and waits for the server to take the part. */
async function pressSave(page: Page) {
  const response = page.waitForResponse(
    (answer) => answer.request().method() === "PUT" && /\/v4\/parts\/\d+$/.test(answer.url()),
  );
  await page.getByRole("button", { name: "Save", exact: true }).click();
  expect((await response).status()).toBe(200);
}

/** Types on a new line at the end of the part's text ("" leaves the caret there). */
async function writeAtEnd(page: Page, words: string) {
  await page.getByRole("textbox", { name: "Part text" }).click();
  await page.keyboard.press("Control+End");
  await page.keyboard.press("Enter");
  await page.keyboard.type(words);
}

/** A published part of the story: the first link of its Table of Contents marked Published. */
async function publishedPartOf(page: Page, storyId: number): Promise<number> {
  await page.goto(`/myworks/${storyId}`);
  await page.getByRole("tab", { name: "Table of Contents" }).click();
  const row = page
    .getByRole("tabpanel")
    .getByRole("listitem")
    .filter({ has: page.getByText("Published", { exact: true }) })
    .first();
  const href = await row.getByRole("link").getAttribute("href");
  return Number(href?.split("/").at(-1));
}

const readerText = async (page: Page, partId: number) => {
  await page.goto(`/${partId}`);
  return page.locator(".reader__text").textContent();
};

describe("covers", () => {
  test("a writer uploads a cover in Story Details, readers see it, and on a phone the writer removes it", async () => {
    await withPage(await asWriter(DESKTOP), async (page) => {
      const story = await storyAt(page);
      await page.goto(`/myworks/${story.id}`);
      await page.getByRole("tab", { name: "Story Details" }).click();
      const chooseCover = page.getByRole("group", { name: "Cover" }).getByLabel("Choose a picture");

      await chooseCover.setInputFiles(GIF);
      await page.getByRole("alert").filter({ hasText: NOT_TAKEN }).waitFor();

      await chooseCover.setInputFiles(COVER);
      await page.getByText("New cover: it is saved with the story.").waitFor();
      await expectNoAxeViolations(page, "story details with a new cover");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await page.getByRole("status").filter({ hasText: "Saved" }).waitFor();
      expect(coverSources(story.id)).toEqual(["upload"]);

      await page.goto(`/story/${story.id}`);
      const cover = page.getByRole("img", { name: `Cover of ${story.title}` }).first();
      expect(await cover.getAttribute("src")).toMatch(
        new RegExp(`^/media/covers/${story.id}-[0-9a-f]{12}\\.jpg\\?w=\\d+$`),
      );
      await expect
        .poll(() => cover.evaluate((image: HTMLImageElement) => image.naturalWidth))
        .toBeGreaterThan(0);
      // The file, whichever width a page asks for.
      const fileShown = async (image: Locator) => (await image.getAttribute("src"))?.split("?")[0];
      const saved = await fileShown(cover);

      // The same field on a phone: a new cover can be dropped, the saved one removed.
      await page.setViewportSize(PHONE);
      await page.goto(`/myworks/${story.id}`);
      await page.getByRole("tab", { name: "Story Details" }).click();
      // The way back and the link to the cover import screen are 44 px to a finger, each
      // alone on its line (decision 133).
      expect(
        await smallTargets(page.getByRole("link", { name: /^(My Stories|Import a cover)$/ })),
      ).toEqual([]);
      const field = page.getByRole("group", { name: "Cover" });
      const shown = field.getByRole("img", { name: `Cover of ${story.title}` });
      await shown.waitFor();
      // A cover picked and not saved can be dropped: the saved one is back.
      await chooseCover.setInputFiles(COVER);
      await field.getByRole("img", { name: "Your new cover" }).waitFor();
      await field.getByRole("button", { name: "Remove" }).click();
      await shown.waitFor();
      expect(await fileShown(shown)).toBe(saved);
      expect(await page.getByText("New cover: it is saved with the story.").count()).toBe(0);

      // Removing the saved one waits for Save, and can be taken back until then.
      await field.getByRole("button", { name: "Remove" }).click();
      await page.getByText("The cover is removed when you save the story.").waitFor();
      await field.getByRole("button", { name: "Keep the cover" }).click();
      expect(await fileShown(shown)).toBe(saved);
      await field.getByRole("button", { name: "Remove" }).click();
      await page.getByText("The cover is removed when you save the story.").waitFor();
      expect(await shown.getAttribute("src")).toBeNull();
      expect(await field.getByRole("button", { name: "Remove" }).count()).toBe(0);
      await expectNoAxeViolations(page, "story details with the cover removed");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await page.getByRole("status").filter({ hasText: "Saved" }).waitFor();
      expect(await page.getByText("The cover is removed when you save the story.").count()).toBe(0);
      expect(await shown.getAttribute("class")).toContain("cover--empty");

      // Readers now get the story's no-cover look: its title on the placeholder.
      await page.goto(`/story/${story.id}`);
      const placeholder = page.getByRole("img", { name: `Cover of ${story.title}` }).first();
      expect(await placeholder.getAttribute("class")).toContain("cover--empty");
      expect(await placeholder.textContent()).toBe(story.title);
      expect(await page.locator(`img[src^="/media/covers/${story.id}-"]`).count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
    });
  });

  for (const viewport of [PHONE, DESKTOP]) {
    test(`the cover import screen at ${viewport.width} px: preselected story first, Next, Go to story`, async () => {
      await withPage(await asWriter(viewport), async (page) => {
        const stories = await myStories(page);
        const target = stories[2];
        if (!target) throw new Error("demo_writer has three stories");

        await page.goto("/myworks/cover-import");
        const next = page.getByRole("button", { name: "Next" });
        // The picker is enabled once the page has hydrated: a file chosen before would be lost.
        await page.locator("#cover-import-file:enabled").waitFor();
        // A refused file is said in the alert region already on the page (decision 058).
        const refusal = await page.locator(".cover-import [role=alert]").elementHandle();
        if (!refusal) throw new Error("the cover import form has an alert region");
        expect(await refusal.textContent()).toBe("");
        await page.getByLabel("Cover image").setInputFiles({
          name: "notes.txt",
          mimeType: "text/plain",
          buffer: Buffer.from("not an image"),
        });
        await expect.poll(() => refusal.textContent()).toBe(NOT_TAKEN);
        await page.getByLabel("Cover image").setInputFiles(COVER);
        await expect.poll(() => refusal.textContent()).toBe("");
        const preview = page.getByRole("img", { name: "Your new cover" });
        await preview.waitFor();
        expect(await preview.evaluate((image) => image.getBoundingClientRect().width)).toBe(256);
        expect(await next.isDisabled()).toBe(true);
        await expectNoAxeViolations(page, `cover import ${viewport.width}`);

        await page.goto(`/myworks/cover-import?storyId=${target.id}`);
        const choices = page
          .getByRole("group", { name: "Choose the story for this cover" })
          .getByRole("radio");
        expect(await choices.count()).toBe(stories.length);
        expect(await choices.first().isChecked()).toBe(true);
        expect(await page.getByRole("radio", { name: target.title }).isChecked()).toBe(true);
        expect(await next.isDisabled()).toBe(true);
        await importCover(page, target.title);
        expect(await choices.count()).toBe(0);
        expect(coverSources(target.id)).toEqual(["import"]);
        // The form is gone with the focused Next button: the message takes the focus.
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.textContent))
          .toBe(`Your cover was uploaded to ${target.title}.`);
        await expectNoAxeViolations(page, `cover import done ${viewport.width}`);
        await page.getByRole("link", { name: "Go to story" }).click();
        await page.waitForURL(`${server.url}/myworks/${target.id}`);
      });
    });
  }

  test("on a 320 and a 360 px phone, a story without a cover keeps a whole cover to choose by", async () => {
    await withPage({ viewport: { width: 320, height: 740 }, baseURL: server.url }, async (page) => {
      await signUp(page, "long_title_writer");
      await verifyEmail(page, "long_title_writer");
      const title = "The Unbelievably Long and Winding Chronicle of Everyone Who Lived Here";
      await page.goto("/myworks/new");
      await page.getByLabel("Title").fill(title);
      await page.getByLabel(/I acknowledge this is my own original work/).check();
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await page.waitForURL(/\/write\/\d+$/);

      await page.goto("/myworks/cover-import");
      const cover = page.getByRole("img", { name: `Cover of ${title}` });
      for (const width of [320, 360]) {
        await page.setViewportSize({ width, height: 740 });
        // As wide as the covers beside shorter titles, at the book ratio.
        expect(
          await cover.evaluate((box) => {
            const { width, height } = box.getBoundingClientRect();
            return [width, Math.round(height)];
          }),
        ).toEqual([48, 75]);
      }
      await expectNoAxeViolations(page, "cover import with a long title at 360 px");
    });
  });
});

describe("the part editor", () => {
  test("edits to a published part reach readers only with Publish Changes; Cancel discards", async () => {
    await withPage(await asWriter(DESKTOP), async (writer) => {
      const story = await storyAt(writer, 1);
      const partId = await publishedPartOf(writer, story.id);
      await writer.goto(`/myworks/${story.id}/write/${partId}`);
      const text = writer.getByRole("textbox", { name: "Part text" });
      const publishChanges = writer.getByRole("button", { name: "Publish Changes" });
      expect(await publishChanges.isDisabled()).toBe(true);
      expect(await writer.getByRole("button", { name: "Publish", exact: true }).count()).toBe(0);
      // The pending-changes notice speaks in a status region already on the page (058).
      const pending = await writer.locator(".alert--info[role=status]").elementHandle();
      if (!pending) throw new Error("the part editor has a notice region");
      expect(await pending.textContent()).toBe("");

      await text.click();
      await writer.keyboard.press("Control+End");
      await writer.keyboard.type(" The keeper came back at dawn.");
      await untilSaved(writer);
      await expect
        .poll(() => pending.textContent())
        .toMatch(/^Readers see the published version until you press Publish Changes\./);
      await expectNoAxeViolations(writer, "a published part with changes");

      await withPage({ viewport: PHONE, baseURL: server.url }, async (reader) => {
        expect(await readerText(reader, partId)).not.toContain("The keeper came back at dawn.");
        // Pressed by keyboard, Publish Changes goes off with the changes: focus goes on to
        // settings rather than falling to the page, and so it does after Cancel.
        await publishChanges.press("Enter");
        await writer.getByText("Your changes are published.").waitFor();
        await expectFocusOn(writer, "Part settings");
        expect(await readerText(reader, partId)).toContain("The keeper came back at dawn.");

        await text.click();
        await writer.keyboard.press("Control+End");
        await writer.keyboard.type(" A line I will regret.");
        await untilSaved(writer);
        await writer.getByRole("button", { name: "Cancel" }).press("Enter");
        const discard = writer.getByRole("dialog", { name: "Discard your changes?" });
        await discard.getByRole("button", { name: "Discard changes" }).press("Enter");
        await writer.getByText("Your changes were discarded.").waitFor();
        await expectFocusOn(writer, "Part settings");
        expect(await text.textContent()).not.toContain("A line I will regret.");
        expect(await text.textContent()).toContain("The keeper came back at dawn.");
        expect(await readerText(reader, partId)).not.toContain("A line I will regret.");
      });
      await writer.reload();
      expect(await writer.getByRole("textbox", { name: "Part text" }).textContent()).not.toContain(
        "A line I will regret.",
      );
    });
  });

  test("on a phone the bar keeps its height as the save state changes, and the formatting toolbar stays on screen as the writer scrolls the text", async () => {
    await withPage(await asWriter(PHONE), async (page) => {
      const story = await storyAt(page);
      const partId = await publishedPartOf(page, story.id);
      await page.clock.install();
      await page.goto(`/myworks/${story.id}/write/${partId}`);
      expect(await smallTargets(page.getByRole("link", { name: "Back to the story" }))).toEqual([]);
      const text = page.getByRole("textbox", { name: "Part text" });
      // The save state changes as the writer types; the bar keeps its height, so the text
      // under it does not jump down and back. The clock stands still: the autosave waits.
      const bar = page.locator(".part-editor__bar");
      const height = () => bar.evaluate((element) => element.getBoundingClientRect().height);
      const saved = await height();
      await untilHydrated(text);
      await page.clock.pauseAt(await page.evaluate(() => Date.now() + 10_000));
      await text.locator("p").first().click();
      await page.keyboard.type("Still ");
      await bar.getByRole("status").filter({ hasText: "Unsaved changes" }).waitFor();
      expect(await height()).toBe(saved);
      await text.locator("p").last().scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(PHONE.height / 2);
      // Bold is still there to press, on top of the text rather than under it.
      const bold = page.getByRole("toolbar", { name: "Formatting" }).getByRole("button").first();
      const reachable = await bold.evaluate((button) => {
        const box = button.getBoundingClientRect();
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return box.top >= 0 && box.bottom <= window.innerHeight && button.contains(hit);
      });
      expect(reachable).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
    });
  });

  test("a draft's bar, the toolbar, a pasted Word document, an image, Preview and a save conflict", async () => {
    await withPage(await asWriter(PHONE), async (page) => {
      const story = await storyAt(page);
      await page.goto(`/myworks/${story.id}`);
      await page.getByRole("tab", { name: "Table of Contents" }).click();
      await page.getByRole("button", { name: "New part" }).click();
      await page.waitForURL(/\/write\/\d+$/);
      for (const name of ["Publish", "Save", "Preview", "Part settings"]) {
        await page.getByRole("button", { name, exact: true }).waitFor();
      }

      const text = page.getByRole("textbox", { name: "Part text" });
      await text.click();
      // The new part's first line, typed into the empty editor, is a paragraph like the rest:
      // it takes an alignment, and stands apart from the next line as readers will see it.
      // Its first word comes as a phone keyboard sends it, composed letter by letter.
      const ime = await page.context().newCDPSession(page);
      for (const word of ["P", "Pa", "Par", "Part"]) {
        await ime.send("Input.imeSetComposition", {
          text: word,
          selectionStart: word.length,
          selectionEnd: word.length,
        });
      }
      await ime.send("Input.insertText", { text: "Part" });
      await page.keyboard.type(" two: the crossing.");
      // The bar counts the words as the writer types, as the server will count them.
      const words = page.locator(".part-editor__bar").getByText(/^\d+ words?$/);
      await words.filter({ hasText: "4 words" }).waitFor();
      await page.getByRole("button", { name: "Align right" }).click();
      expect(await text.locator('p[data-align="right"]').textContent()).toBe(
        "Part two: the crossing.",
      );
      await page.keyboard.press("End");
      await page.keyboard.press("Enter");
      // What Word puts on the clipboard: styles, XML, a class per paragraph, one italic word.
      await text.evaluate((element) => {
        const data = new DataTransfer();
        data.setData(
          "text/html",
          `<html><head><style>p.MsoNormal{font-family:Calibri}</style></head><body><!--StartFragment-->
<p class=MsoNormal><span style='font-size:14pt;color:#333'>The lamp was <i>never</i> lit.<o:p></o:p></span></p>
<p class=MsoNormal><span style='font-family:"Times New Roman"'>Second line.</span></p><!--EndFragment--></body></html>`,
        );
        element.dispatchEvent(
          new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
        );
      });
      const html = await text.innerHTML();
      expect(html).toContain("<em>never</em>");
      await words.filter({ hasText: "11 words" }).waitFor();
      expect(html).not.toMatch(/Mso|style=|<span|o:p|Calibri/);

      await page.getByText("Second line.").click();
      await page.getByRole("button", { name: "Align centre" }).click();
      expect(
        await page.getByRole("button", { name: "Align centre" }).getAttribute("aria-pressed"),
      ).toBe("true");
      const imageButton = page.getByRole("button", { name: "Image", exact: true });
      await imageButton.click();
      const dialog = page.getByRole("dialog", { name: "Add an image" });
      // The picture is chosen by keyboard with a labelled button, as a cover is, and shown.
      const choose = dialog.getByLabel("Choose a picture");
      // Listening first: Playwright asks the browser to hand it file choosers when a listener
      // is added, without waiting for the answer, so a listener added with the key press
      // (Promise.all) can lose to it under load and the chooser opens unseen. The calls below
      // go to the browser after that request, so by the key press it is in place.
      const chooser = page.waitForEvent("filechooser");
      await dialog.getByRole("button", { name: "Close" }).focus();
      await page.keyboard.press("Tab");
      expect(await choose.evaluate((input) => input === document.activeElement)).toBe(true);
      await page.keyboard.press("Space");
      await (await chooser).setFiles(COVER);
      const chosen = dialog.getByRole("img", { name: "The picture you chose" });
      await chosen.waitFor();
      await expectNoAxeViolations(page, "the picture dialog at 360");
      // Cancel adds nothing, and focus goes back to the toolbar's Image button.
      const before = await text.innerHTML();
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "hidden" });
      expect(await text.innerHTML()).toBe(before);
      expect(await imageButton.evaluate((button) => button === document.activeElement)).toBe(true);
      await imageButton.click();
      expect(await chosen.count()).toBe(0);
      await choose.setInputFiles(COVER);
      await dialog.getByLabel("Describe the image").fill("A blue square");
      await dialog.getByRole("button", { name: "Add image" }).click();
      const image = text.getByRole("img", { name: "A blue square" });
      await image.waitFor();
      expect(await image.getAttribute("src")).toMatch(/^\/media\/images\/\d+-[0-9a-f]{12}\.webp$/);
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await untilSaved(page);

      await page.getByRole("button", { name: "Preview", exact: true }).click();
      const preview = page.getByRole("dialog", { name: "Preview" });
      await preview.getByText("The lamp was").waitFor();
      expect(await preview.locator("em").textContent()).toBe("never");
      expect(await preview.locator('[data-align="center"]').textContent()).toContain(
        "Second line.",
      );
      await expectNoAxeViolations(page, "the preview at 360");
      await preview.getByRole("button", { name: "Close" }).click();

      await page.reload();
      const saved = page.getByRole("textbox", { name: "Part text" });
      expect(await saved.locator('[data-align="center"]').textContent()).toContain("Second line.");
      expect(await saved.locator('p[data-align="right"]').textContent()).toBe(
        "Part two: the crossing.",
      );
      await saved.getByRole("img", { name: "A blue square" }).waitFor();
      await page.getByRole("button", { name: "Part settings" }).click();
      await expectNoAxeViolations(page, "the part settings at 360");
      await page.keyboard.press("Escape");

      // A save conflict: the part was saved from a second tab meanwhile. The writer copies
      // their version before Reload and pastes it below the other one: both are kept, with
      // the paragraphs, headings, pictures, bold and italics of the copy (not its alignment).
      const context = page.context();
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      const other = await context.newPage();
      await other.goto(page.url());
      await untilHydrated(other.getByRole("textbox", { name: "Part text" }));
      await writeAtEnd(other, "Their words.");
      await pressSave(other);
      // The autosave would meet the conflict, and take the tools away, before the writer is
      // done on a slow machine: its saves wait until the writer presses Save.
      const releaseSaves = await holdRequests(page, "**/v4/parts/*", { method: "PUT" });
      await writeAtEnd(page, "A heading of mine");
      await page.getByRole("button", { name: "Heading", exact: true }).click();
      await page.keyboard.press("End");
      await page.keyboard.press("Enter");
      await page.keyboard.type("My ");
      await page.keyboard.press("Control+B");
      await page.keyboard.type("bold");
      await page.keyboard.press("Control+B");
      await page.keyboard.type(" words.");
      releaseSaves();
      await page.getByRole("button", { name: "Save", exact: true }).click();
      const conflict = page.getByRole("alert").filter({ hasText: "changed somewhere else" });
      const copy = conflict.getByRole("button", { name: "Copy my version" });
      const copied = page.getByRole("status").filter({ hasText: "Your version is copied." });
      const clipboard = () =>
        page.evaluate(async () => {
          const [item] = await navigator.clipboard.read();
          return {
            types: [...(item?.types ?? [])].sort(),
            text: await navigator.clipboard.readText(),
          };
        });
      // A browser without ClipboardItem gets the plain text alone, a paragraph a line.
      await page.evaluate(() => {
        Reflect.set(window, "savedClipboardItem", window.ClipboardItem);
        Reflect.deleteProperty(window, "ClipboardItem");
      });
      await copy.click();
      await copied.waitFor();
      expect(await clipboard()).toEqual({
        types: ["text/plain"],
        text: "Part two: the crossing.\n\nThe lamp was never lit.\n\nSecond line.\n\nA heading of mine\n\nMy bold words.",
      });
      await page.evaluate(() =>
        Reflect.set(window, "ClipboardItem", Reflect.get(window, "savedClipboardItem")),
      );
      await copy.click();
      await expect.poll(async () => (await clipboard()).types).toEqual(["text/html", "text/plain"]);
      // The text is read-only until Reload: its tools go, rather than a row of dead ones.
      expect(await page.getByRole("toolbar", { name: "Formatting" }).count()).toBe(0);
      await expectNoAxeViolations(page, "a save conflict at 360");
      const mine = await saved.textContent();
      const picture = await saved
        .getByRole("img", { name: "A blue square" })
        .evaluate((img) => img.outerHTML);
      await conflict.getByRole("button", { name: "Reload" }).click();
      await saved.getByText("Their words.").waitFor();
      const theirs = await saved.textContent();
      await untilHydrated(saved);
      await writeAtEnd(page, "");
      await page.keyboard.press("Control+V");
      await pressSave(page);
      await page.reload();
      expect(await saved.textContent()).toBe(`${theirs}${mine}`);
      const pasted = (await saved.innerHTML())
        .replace(/ data-p-id="[^"]*"/g, "")
        .split("<p>Their words.</p>")[1];
      expect(pasted).toBe(
        "<p>Part two: the crossing.</p><p>The lamp was <em>never</em> lit.</p>" +
          `<p>Second line.</p><p>${picture}</p><h2>A heading of mine</h2>` +
          "<p>My <strong>bold</strong>&nbsp;words.</p>",
      );
    });
  });

  test("Publish opens the story details first when they are missing", async () => {
    await withPage(await asWriter(DESKTOP), async (page) => {
      await page.goto("/myworks/new");
      await page.getByLabel("Title").fill("Only a Title");
      await page.getByLabel(/I acknowledge this is my own original work/).check();
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await page.waitForURL(/\/write\/\d+$/);
      await page.getByRole("textbox", { name: "Part text" }).click();
      await page.keyboard.type("A first line.");

      await page.getByRole("button", { name: "Publish", exact: true }).click();
      const details = page.getByRole("dialog", { name: "Tell readers about your story" });
      await details.waitFor();
      expect(await page.getByRole("dialog", { name: "Publish this part" }).count()).toBe(0);
      await details.getByLabel("Description").fill("Somebody leaves a light on.");
      const tags = details.getByRole("combobox", { name: "Tags" });
      await tags.fill("myst");
      // Tags of the demo catalogue are suggested; the arrow keys and Enter pick one.
      const suggestion = details.getByRole("option").first();
      await suggestion.waitFor();
      const tag = (await suggestion.locator("span").first().textContent()) ?? "";
      expect(tag.startsWith("myst")).toBe(true);
      await tags.press("ArrowDown");
      expect(await suggestion.getAttribute("aria-selected")).toBe("true");
      await tags.press("Enter");
      const removeTag = details.getByRole("button", { name: `Remove tag ${tag}` });
      await removeTag.waitFor();
      expect(await tapsBeside(removeTag, "above", 3)).toBe(true);
      await details.getByLabel("Category").selectOption({ index: 1 });
      await expectNoAxeViolations(page, "the story details publish form");
      await details.getByRole("button", { name: "Save", exact: true }).click();
      await page.getByRole("dialog", { name: "Publish this part" }).waitFor();
    });
  });

  test("Backspace in the empty Tags field marks the last tag, a second removes it, each said aloud; a tag's × hands focus on", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      // A writer of its own: the demo writer's sign-ins in this file are as many as an
      // account may make in a quarter of an hour.
      await signUp(page, "tag_writer");
      await page.goto("/myworks/new");
      const tags = page.getByRole("combobox", { name: "Tags" });
      await untilHydrated(tags);
      await tags.focus();
      await page.keyboard.type("sea storm ");
      const chips = page.locator(".tag-field__chip");
      const said = page.locator(".tag-field").getByRole("status");
      const marked = page.locator(".tag-field__chip--marked");
      expect(await chips.allTextContents()).toEqual(["sea", "storm"]);

      // One Backspace too many keeps the tag: it is marked, and the writer is told.
      await page.keyboard.press("Backspace");
      expect(await chips.allTextContents()).toEqual(["sea", "storm"]);
      expect(await marked.textContent()).toBe("storm");
      expect(await said.textContent()).toBe("Press Backspace again to remove tag storm");
      // Any other key takes the mark off: the next Backspace marks again.
      await page.keyboard.press("ArrowLeft");
      expect(await marked.count()).toBe(0);
      await page.keyboard.press("Backspace");
      expect(await marked.textContent()).toBe("storm");

      await page.keyboard.press("Backspace");
      expect(await chips.allTextContents()).toEqual(["sea"]);
      expect(await said.textContent()).toBe("Removed tag storm");
      expect(await marked.count()).toBe(0);
      expect(await focusedControl(page)).toEqual({ name: "Tags", shown: true });
      await expectNoAxeViolations(page, "the tag field after a tag is removed");

      // A tag's × takes focus with it to the next tag's ×, else the previous one's, else the
      // field: a keyboard writer is not sent back to the top of the page.
      await page.keyboard.type("wind night ");
      await pressOnto(page, "Shift+Tab", "Remove tag night");
      await pressOnto(page, "Shift+Tab", "Remove tag wind");
      await pressOnto(page, "Enter", "Remove tag night");
      expect(await chips.allTextContents()).toEqual(["sea", "night"]);
      expect(await said.textContent()).toBe("Removed tag wind");
      await pressOnto(page, "Enter", "Remove tag sea");
      expect(await chips.allTextContents()).toEqual(["sea"]);
      await pressOnto(page, "Enter", "Tags");
      expect(await chips.count()).toBe(0);
    });
  });

  test("a writer without a verified email gets the please-verify modal", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await signUp(page, "unverified_writer");
      await page.goto("/myworks/new");
      // A finger that lands just above the Mature box, or between it and its name, still ticks it.
      const mature = page.getByLabel("Mature");
      await mature.scrollIntoViewIfNeeded();
      const box = await mature.boundingBox();
      if (!box) throw new Error("the Mature box is on screen");
      await page.mouse.click(box.x + box.width / 2, box.y - 7);
      expect(await mature.isChecked()).toBe(true);
      await page.mouse.click(box.x + box.width + 6, box.y + box.height / 2);
      expect(await mature.isChecked()).toBe(false);
      // The row's name, box and all, is 44 px tall to a finger (decision 133).
      for (const name of ["Mature", "Completed"]) {
        const label = page.locator("label", { hasText: new RegExp(`^${name}$`) });
        expect((await fingerSize(label)).height).toBe(44);
      }
      // A tag as long as tags go (30 letters) stays inside the field on a phone.
      const tags = page.getByRole("combobox", { name: "Tags" });
      await tags.fill(`${"w".repeat(30)},`);
      const chip = page.getByRole("listitem").filter({ hasText: "w".repeat(30) });
      const [field, tag] = await Promise.all(
        [tags.locator(".."), chip].map((element) => element.boundingBox()),
      );
      if (!field || !tag) throw new Error("the tag field and its chip are on screen");
      expect(tag.x + tag.width).toBeLessThanOrEqual(field.x + field.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
      // Its × is 44 px to a finger, across and down.
      const remove = chip.getByRole("button", { name: `Remove tag ${"w".repeat(30)}` });
      expect(await fingerSize(remove)).toEqual({ width: 44, height: 44 });
      await page.getByLabel("Title").fill("Unverified");
      await page.getByLabel(/I acknowledge this is my own original work/).check();
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await page.waitForURL(/\/write\/\d+$/);
      await page.getByRole("button", { name: "Publish", exact: true }).click();
      const verify = page.getByRole("dialog", { name: "Please verify your email" });
      await verify.getByRole("button", { name: "Change email" }).waitFor();
      await verify.getByRole("button", { name: "Resend email" }).waitFor();
      expect(await page.getByRole("dialog", { name: "Publish this part" }).count()).toBe(0);
    });
  });

  test("Publish and Publish Changes with the title emptied ask first: back to the title, or on as Untitled Part N", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      // A writer of its own (the demo writer's sign-ins here are at the account's limit), with
      // a story whose details are all there: Publish goes on to the publish dialog.
      await signUp(page, "untitled_writer");
      await verifyEmail(page, "untitled_writer");
      await page.goto("/myworks/new");
      await page.getByLabel("Title").fill("The Nameless Night");
      await page.getByLabel("Description").fill("A lamp, a night, and no name for either.");
      await page.getByLabel("Tags").fill("night, lamp");
      await page.getByLabel("Category").selectOption({ index: 1 });
      await page.getByLabel(/I acknowledge this is my own original work/).check();
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await page.waitForURL(/\/write\/\d+$/);
      const partId = Number(new URL(page.url()).pathname.split("/").at(-1));
      // The new part's name arrives selected: the writer deletes it and writes the text.
      const title = page.getByRole("textbox", { name: "Part title" });
      await untilHydrated(title);
      await expectFocusOn(page, "Part title");
      await page.keyboard.press("Delete");
      expect(await title.inputValue()).toBe("");
      await page.getByRole("textbox", { name: "Part text" }).click();
      await page.keyboard.type("The lamp was lit before anyone named the night.");
      // The story's first part: first in the table of contents readers will see.
      const name = "Untitled Part 1";

      const publish = page.getByRole("button", { name: "Publish", exact: true });
      const ask = page.getByRole("dialog", { name: "Publish without a title?" });
      const publishModal = page.getByRole("dialog", { name: "Publish this part" });
      await publish.click();
      await ask
        .getByText(
          `This part has no title. Readers see a part's title in the table of contents and above its text: add one, or go on with "${name}".`,
        )
        .waitFor();
      expect(await publishModal.count()).toBe(0);
      await expectNoAxeViolations(page, "the no-title question at 360 px");
      // Add a title, as Escape does, goes back to the title field to write one.
      await ask.getByRole("button", { name: "Add a title" }).click();
      await expectFocusOn(page, "Part title");
      expect(await ask.count()).toBe(0);
      await publish.focus();
      await page.keyboard.press("Enter");
      await ask.waitFor();
      await page.keyboard.press("Escape");
      await expectFocusOn(page, "Part title");

      await publish.click();
      await ask.getByRole("button", { name: `Continue as "${name}"` }).click();
      expect(await title.inputValue()).toBe(name);
      await publishModal.getByRole("button", { name: "Publish", exact: true }).click();
      await page.getByText("Your part is published.").waitFor();
      const [saved] = readDatabase<{ title: string; draft: number }>(
        server.dataDir,
        "SELECT title, draft FROM parts WHERE id = ?",
        partId,
      );
      expect(saved).toEqual({ title: name, draft: 0 });

      // Published, its title emptied and saved again: Publish Changes asks the same.
      await title.fill("");
      await untilSaved(page);
      await page.getByRole("button", { name: "Publish Changes" }).click();
      await ask.getByRole("button", { name: `Continue as "${name}"` }).click();
      await page.getByText("Your changes are published.").waitFor();
      expect(await title.inputValue()).toBe(name);
      const [republished] = readDatabase<{ title: string }>(
        server.dataDir,
        "SELECT title FROM parts WHERE id = ?",
        partId,
      );
      expect(republished?.title).toBe(name);
    });
  });

  test("scheduling for another day shows the 24-hour reminder; emptied, the part says it won't go out", async () => {
    await withPage(await asWriter(DESKTOP), async (page) => {
      await page.clock.install();
      const story = await storyAt(page);
      await page.goto(`/myworks/${story.id}`);
      await page.getByRole("tab", { name: "Table of Contents" }).click();
      await page.getByRole("button", { name: "New part" }).click();
      await page.waitForURL(/\/write\/\d+$/);
      // Something to publish: an empty part is refused.
      await page.getByRole("textbox", { name: "Part text" }).click();
      await page.keyboard.type("The lamp is lit at dusk.");
      // Forty minutes in the editor: the picker still starts at the earliest time allowed now.
      await page.clock.fastForward("40:00");
      await page.getByRole("button", { name: "Publish", exact: true }).click();
      const modal = page.getByRole("dialog", { name: "Publish this part" });
      await modal.getByLabel("Schedule to publish later").check();
      const minutesAhead = await modal
        .getByLabel("Publish date and time")
        .evaluate((input: HTMLInputElement) => (Date.parse(input.value) - Date.now()) / 60_000);
      expect(minutesAhead).toBeGreaterThan(14);
      expect(minutesAhead).toBeLessThanOrEqual(30);
      await modal.getByText(/The earliest time you can choose/).waitFor({ state: "detached" });
      // No time, or one more than a year off: Schedule stays off, and the field says why.
      const picker = modal.getByLabel("Publish date and time");
      const scheduleButton = modal.getByRole("button", { name: "Schedule", exact: true });
      await modal.getByLabel(/I understand/).check();
      await picker.fill("");
      await modal.getByText("Publish date is required").waitFor();
      expect(await scheduleButton.isDisabled()).toBe(true);
      const nextYear = new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 11);
      await picker.fill(`${nextYear}10:00`);
      await modal.getByText(/^The latest time you can choose is /).waitFor();
      expect(await scheduleButton.isDisabled()).toBe(true);
      // Two days ahead at 10:00 local time: never today, whatever the hour now.
      const when = await page.evaluate(() => {
        const date = new Date(Date.now() + 2 * 86_400_000);
        date.setHours(10, 0, 0, 0);
        return new Date(date.getTime() - date.getTimezoneOffset() * 60_000)
          .toISOString()
          .slice(0, 16);
      });
      await picker.fill(when);
      await scheduleButton.click();
      const scheduled = page.getByRole("dialog", { name: "Your part is scheduled!" });
      await scheduled
        .getByText("We'll email you a reminder 24 hours before it's published.")
        .waitFor();
      await scheduled.getByRole("button", { name: "Continue" }).click();

      // Emptied before its time, the part will not go out: the editor says so where the
      // writer can still write in it.
      const notice = page.getByRole("status").filter({
        hasText:
          "This part is empty, so it won't be published at its scheduled time. Write something or add a picture before then to keep it scheduled.",
      });
      const text = page.getByRole("textbox", { name: "Part text" });
      await text.click();
      await page.keyboard.press("Control+A");
      await page.keyboard.press("Delete");
      await pressSave(page);
      await notice.waitFor();
      // Still scheduled until its time: the writer can fill it again, or change the schedule.
      await page.getByRole("button", { name: "Change schedule" }).waitFor();
      await expectNoAxeViolations(page, "an emptied scheduled part");
      await page.reload();
      await notice.waitFor();
      await untilHydrated(text);
      await writeAtEnd(page, "It is lit again.");
      await pressSave(page);
      await notice.waitFor({ state: "detached" });

      // On a phone Change schedule, too long to share its row, takes one of its own and the
      // others keep theirs together: Preview is not left alone on a row.
      await page.setViewportSize(PHONE);
      const rows = await page.locator(".part-editor__actions").evaluate((bar) => {
        const byTop = new Map<number, string[]>();
        for (const button of bar.querySelectorAll(".button")) {
          const top = Math.round(button.getBoundingClientRect().top);
          const name = button.getAttribute("aria-label") ?? button.textContent ?? "";
          byTop.set(top, [...(byTop.get(top) ?? []), name]);
        }
        return [...byTop.values()];
      });
      expect(rows).toEqual([["Change schedule"], ["Save", "Preview", "Part settings"]]);
    });
  });

  test("the scheduling dialog works by keyboard alone, and focus always comes back to the bar", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      // A writer of their own: the file's other journeys spend demo_writer's sign-ins.
      const storyId = await writerStory(page, server.dataDir, "keyboard_scheduler", {
        title: "Lamps by Keyboard",
        description: "A part scheduled without a mouse.",
        tag: "lamps",
      });
      const part = await page.request.post(`/v4/works/${storyId}/parts`, { data: {} });
      const { id } = (await part.json()) as { id: number };
      await page.goto(`/myworks/${storyId}/write/${id}`);
      const text = page.getByRole("textbox", { name: "Part text" });
      await untilHydrated(text);
      await text.focus();
      await page.keyboard.type("Lit by keyboard.");
      // Back up the page to Publish, the bar's first action.
      for (const name of ["Part title", "Bold", "Part settings", "Preview", "Save", "Publish"]) {
        await pressOnto(page, "Shift+Tab", name);
      }
      await pressOnto(page, "Enter", "Close");
      const modal = page.getByRole("dialog", { name: "Publish this part" });
      await pressOnto(page, "Tab", "Publish now");
      await pressOnto(page, "ArrowDown", "Schedule to publish later");
      await pressOnto(page, "Tab", "Publish date and time");
      // The picker by keys: the month's segment a month on, and back.
      const picker = modal.getByLabel("Publish date and time");
      const earliest = await picker.inputValue();
      await page.keyboard.press("ArrowUp");
      expect(await picker.inputValue()).not.toBe(earliest);
      await page.keyboard.press("ArrowDown");
      expect(await picker.inputValue()).toBe(earliest);
      await expectNoAxeViolations(page, "the scheduling dialog at 360");
      // Escape closes it onto Publish; opened again, it keeps the choice to schedule.
      await pressOnto(page, "Escape", "Publish");
      await pressOnto(page, "Enter", "Close");
      await pressOnto(page, "Tab", "Schedule to publish later");
      // Through the picker's date and time and its calendar button, the field shows its ring.
      await pressOnto(page, "Tab", "Publish date and time");
      for (let stop = 0; (await focusedControl(page)).name === "Publish date and time"; stop++) {
        expect(
          await picker.evaluate((input) => getComputedStyle(input).outlineStyle),
          `stop ${stop}`,
        ).toBe("solid");
        expect(stop).toBeLessThan(10);
        await page.keyboard.press("Tab");
      }
      await expectFocusOn(
        page,
        "I understand this part will be published automatically at this time, and I can unschedule it until then.",
      );
      await page.keyboard.press("Space");
      await pressOnto(page, "Tab", "Cancel");
      await pressOnto(page, "Tab", "Schedule");
      await page.keyboard.press("Enter");
      const scheduled = page.getByRole("dialog", { name: "Your part is scheduled!" });
      await scheduled.waitFor();
      await expectFocusOn(page, "Close");
      await expectNoAxeViolations(page, "the scheduled confirmation at 360");
      // Change schedule goes from the confirmation to the dialog; Escape lands on the bar,
      // not on the confirmation's button, gone with it.
      await pressOnto(page, "Tab", "Change schedule");
      await pressOnto(page, "Enter", "Close");
      expect(await modal.getByLabel("Schedule to publish later").isChecked()).toBe(true);
      await pressOnto(page, "Escape", "Change schedule");
      expect(await scheduled.count()).toBe(0);
      expect(await modal.isVisible()).toBe(false);
    });
  });
});

describe("the Table of Contents", () => {
  test("reorders parts from the keyboard and by dragging, and keeps the order", async () => {
    await withPage(await asWriter(DESKTOP), async (page) => {
      const story = await storyAt(page, 3);
      // A draft at the end: its row says Schedule where a published part's says Unpublish.
      const draft = await page.request.post(`/v4/works/${story.id}/parts`, {
        data: { title: "Lantern draft" },
      });
      expect(draft.status()).toBe(201);
      await page.goto(`/myworks/${story.id}`);
      await page.getByRole("tab", { name: "Table of Contents" }).click();
      const panel = page.getByRole("tabpanel");
      const titles = () => panel.getByRole("listitem").getByRole("link").allTextContents();
      const [first, second, third] = await titles();
      if (!first || !second || !third) throw new Error("the story has three parts");
      // Every row's Move buttons stand where the row above has them, whatever its others say.
      expect(await panel.getByText("Unpublish", { exact: true }).count()).toBeGreaterThan(0);
      expect(await panel.getByText("Schedule", { exact: true }).count()).toBeGreaterThan(0);
      const moveColumns = await panel
        .locator(".toc-editor__move")
        .evaluateAll((buttons) => [
          ...new Set(buttons.map((button) => Math.round(button.getBoundingClientRect().left))),
        ]);
      expect(moveColumns).toHaveLength(2);

      const down = page.getByRole("button", { name: `Move ${first} down` });
      await down.focus();
      await page.keyboard.press("Enter");
      await page
        .getByRole("status")
        .filter({ hasText: `${first} moved to 2 of` })
        .waitFor();
      expect((await titles()).slice(0, 3)).toEqual([second, first, third]);
      expect(await down.evaluate((button) => button === document.activeElement)).toBe(true);
      await page.keyboard.press("Enter");
      await page
        .getByRole("status")
        .filter({ hasText: `${first} moved to 3 of` })
        .waitFor();
      await expectNoAxeViolations(page, "the table of contents after a move");

      await page.reload();
      await page.getByRole("tab", { name: "Table of Contents" }).click();
      expect((await titles()).slice(0, 3)).toEqual([second, third, first]);

      const rows = panel.getByRole("listitem");
      await rows.nth(2).dragTo(rows.nth(0));
      await page
        .getByRole("status")
        .filter({ hasText: `${first} moved to 1 of` })
        .waitFor();
      await page.reload();
      await page.getByRole("tab", { name: "Table of Contents" }).click();
      expect((await titles()).slice(0, 3)).toEqual([first, second, third]);
    });
  });

  test("unpublishes a live part only once the writer confirms it, deletes a draft, and keeps a moved row's Move button on the screen", async () => {
    await withPage(await asWriter(PHONE), async (page) => {
      const story = await storyAt(page, 4);
      await page.goto(`/myworks/${story.id}`);
      await page.getByRole("tab", { name: "Table of Contents" }).click();
      const live = page
        .getByRole("tabpanel")
        .getByRole("listitem")
        .filter({ hasText: "Published" })
        .last();
      const title = (await live.getByRole("link").textContent()) ?? "";
      const asked = page.getByRole("dialog", { name: "Unpublish this part?" });
      // Each part's title is 44 px to a finger, one line long as well as two.
      const titleLinks = page.getByRole("tabpanel").getByRole("listitem").getByRole("link");
      expect(await smallTargets(titleLinks)).toEqual([]);

      // Each row's buttons name the part they act on, as its Schedule and Move buttons do.
      await live.getByRole("button", { name: `Unpublish ${title}`, exact: true }).click();
      await asked.getByText(`${title} goes back to your drafts`).waitFor();
      await asked.getByRole("button", { name: "Cancel" }).click();
      await expect.poll(() => asked.count()).toBe(0);
      await page.reload();
      await page.getByRole("tab", { name: "Table of Contents" }).click();
      const row = page.getByRole("tabpanel").getByRole("listitem").filter({ hasText: title });
      expect(await row.getByText("Published").count()).toBe(1);

      await row.getByRole("button", { name: "Unpublish" }).click();
      await asked.getByRole("button", { name: "Unpublish" }).click();
      await page
        .getByRole("status")
        .filter({ hasText: `${title} is a draft again.` })
        .waitFor();
      // Unpublish gave way to Schedule in the row, and focus went with it.
      const focused = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label"));
      await expect.poll(focused).toBe(`Schedule ${title}`);
      await page.reload();
      await page.getByRole("tab", { name: "Table of Contents" }).click();
      expect(await row.getByText("Published").count()).toBe(0);

      // Deleting the draft, by keyboard, hands focus to the part now in its place (the new
      // last one if it was last).
      const titles = await page
        .getByRole("tabpanel")
        .getByRole("listitem")
        .evaluateAll((items) => items.map((item) => item.querySelector("a")?.textContent ?? ""));
      const place = titles.indexOf(title);
      const next = titles.filter((_, index) => index !== place)[Math.min(place, titles.length - 2)];
      await row.getByRole("button", { name: `Delete ${title}`, exact: true }).press("Enter");
      const deleting = page.getByRole("dialog", { name: "Delete this part?" });
      await deleting.getByRole("button", { name: "Delete" }).press("Enter");
      await page
        .getByRole("status")
        .filter({ hasText: `${title} was deleted.` })
        .waitFor();
      expect(await row.count()).toBe(0);
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(next);

      // Move down pressed again and again keeps the moved row's button on the screen: focus()
      // on the button that kept focus scrolls nothing. Parts of the journey's own make the
      // list long, whatever the file's other journeys left of the story.
      for (const number of [1, 2, 3, 4, 5]) {
        const made = await page.request.post(`/v4/works/${story.id}/parts`, {
          data: { title: `Lamp ${number}` },
        });
        expect(made.status()).toBe(201);
      }
      await page.reload();
      await page.getByRole("tab", { name: "Table of Contents" }).click();
      const parts = page.getByRole("tabpanel").getByRole("listitem");
      const rows = await parts.count();
      const moved = (await parts.first().getByRole("link").first().textContent()) ?? "";
      const down = await untilHydrated(page.getByRole("button", { name: `Move ${moved} down` }));
      await down.focus();
      // Wholly below the sticky header and above the screen's foot, its 5 px ring too.
      const inSight = () =>
        page.evaluate(() => {
          const box = document.activeElement?.getBoundingClientRect();
          const header = document.querySelector(".site-header")?.getBoundingClientRect();
          if (!box) return false;
          return box.top - 5 >= (header?.bottom ?? 0) && box.bottom + 5 <= window.innerHeight;
        });
      for (let place = 2; place <= rows; place++) {
        await page.keyboard.press("Enter");
        await page
          .getByRole("status")
          .filter({ hasText: `${moved} moved to ${place} of ${rows}` })
          .waitFor();
        // At the foot of the list, focus goes to the row's other Move button.
        await expectFocusOn(page, `Move ${moved} ${place === rows ? "up" : "down"}`);
        await expect.poll(inSight, { message: `after the move to ${place}` }).toBe(true);
      }
    });
  });
});
