import { MAX_UPLOAD_IMAGE_BYTES } from "@inkwell/shared";
import type { Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import {
  DESKTOP,
  expectNoAxeViolations,
  logInAt,
  PHONE,
  untilHydrated,
  useBrowser,
} from "./support/browser.ts";
import { COVER } from "./support/covers.ts";
import { readDatabase } from "./support/database.ts";
import { NOT_TAKEN } from "./support/images.ts";
import { useServer } from "./support/server.ts";

const server = useServer();
const { withPage } = useBrowser();

const ACCEPTED = "JPEG, PNG or WebP, up to 5 MB.";
const NOT_A_PICTURE = {
  name: "notes.txt",
  mimeType: "text/plain",
  buffer: Buffer.from("Not a picture"),
};
const TOO_LARGE = {
  name: "huge.png",
  mimeType: "image/png",
  buffer: Buffer.alloc(MAX_UPLOAD_IMAGE_BYTES + 1),
};
const TOO_LARGE_SAID = "The image is larger than 5 MB. Choose a smaller one.";

/** How `target` is drawn around its edge: outline and box shadow, and the wider in px. */
function edgeOf(target: Locator) {
  return target.evaluate((element) => {
    const style = getComputedStyle(element);
    const outline = style.outlineStyle === "none" ? 0 : Number.parseFloat(style.outlineWidth);
    const shadow = (style.boxShadow.match(/-?[\d.]+px/g) ?? []).map((length) =>
      Math.abs(Number.parseFloat(length)),
    );
    return {
      drawn: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor} ${style.outlineOffset} / ${style.boxShadow}`,
      widest: Math.max(outline, ...shadow),
    };
  });
}

/** Focuses `control` as a keyboard does (Shift+Tab away, Tab back): it matches :focus-visible. */
async function tabTo(page: Page, control: Locator) {
  await control.focus();
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Tab");
  expect(await control.evaluate((element) => element === document.activeElement)).toBe(true);
}

/** What a screen reader says after a control's name: the text of its aria-describedby. */
const descriptionOf = (control: Locator) =>
  control.evaluate((element) =>
    (element.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent)
      .join(" "),
  );

/**
 * The picture input of `field` as a keyboard and a screen reader meet it: Tab reaches the
 * hidden file input and its label, 'Choose a picture', shows the ring that `button` shows
 * when focused; another type and a file too large are refused in the server's words, said
 * by an alert region that was there before (each time, the same refusal again too) and named
 * by the input, until a picture is taken.
 */
async function expectPictureInput(page: Page, field: Locator, button: Locator, hint: string) {
  const input = await untilHydrated(field.getByLabel("Choose a picture"));
  const label = field.locator("label").filter({ hasText: "Choose a picture" });
  expect(await input.getAttribute("accept")).toBe("image/jpeg,image/png,image/webp");

  const unfocused = await edgeOf(label);
  await tabTo(page, input);
  const focused = await edgeOf(label);
  await tabTo(page, button);
  const buttonRing = await edgeOf(button);
  expect(focused.drawn).not.toBe(unfocused.drawn);
  expect(focused.widest).toBeGreaterThanOrEqual(2);
  expect(focused.drawn).toBe(buttonRing.drawn);

  const region = await field.getByRole("alert").elementHandle();
  expect(await region?.textContent()).toBe("");
  expect(await descriptionOf(input)).toBe(hint);
  for (const [file, words] of [
    [NOT_A_PICTURE, NOT_TAKEN],
    [TOO_LARGE, TOO_LARGE_SAID],
  ] as const) {
    await input.setInputFiles(file);
    await expect.poll(() => region?.textContent()).toBe(words);
    expect(await descriptionOf(input)).toBe(`${hint} ${words}`);
    expect(await input.getAttribute("aria-invalid")).toBe("true");
  }
  // The same refusal again: the region is emptied, then says it anew, which is what a screen
  // reader hears (unchanged words would be silent).
  const said = await region?.evaluateHandle((node) => {
    const texts: string[] = [];
    const record = () => texts.push(node.textContent ?? "");
    new MutationObserver(record).observe(node, {
      childList: true,
      characterData: true,
      subtree: true,
    });
    return texts;
  });
  await input.setInputFiles(TOO_LARGE);
  await expect.poll(() => said?.jsonValue()).toEqual(["", TOO_LARGE_SAID]);
  await input.setInputFiles(COVER);
  await expect.poll(() => region?.textContent()).toBe("");
  expect(await descriptionOf(input)).toBe(hint);
}

/** The demo writer's first story and its first part. */
function writersFirstPart() {
  const [part] = readDatabase<{ story: number; id: number }>(
    server.dataDir,
    `SELECT stories.id AS story, MIN(parts.id) AS id FROM stories
     JOIN parts ON parts.story_id = stories.id
     WHERE stories.user_id = (SELECT id FROM users WHERE username = 'demo_writer')
     GROUP BY stories.id ORDER BY stories.id LIMIT 1`,
  );
  if (!part) throw new Error("demo_writer has stories with parts");
  return part;
}

describe("choosing a picture", () => {
  test("a cover in Story Details, by keyboard and with refusals", async () => {
    const { story } = writersFirstPart();
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_writer", `/myworks/${story}`);
      await page.getByRole("tab", { name: "Story Details" }).click();
      await expectPictureInput(
        page,
        page.getByRole("group", { name: "Cover" }),
        page.getByRole("button", { name: "Save", exact: true }),
        `${ACCEPTED} It is cropped to 512 × 800.`,
      );
      await page.getByRole("img", { name: "Your new cover" }).waitFor();
    });
  });

  test("a picture for a part's text, by keyboard and with refusals", async () => {
    const part = writersFirstPart();
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_writer", `/myworks/${part.story}/write/${part.id}`);
      await page.getByRole("button", { name: "Image", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Add an image" });
      await expectPictureInput(
        page,
        dialog.getByRole("group", { name: "Picture" }),
        dialog.getByRole("button", { name: "Cancel" }),
        ACCEPTED,
      );
      await dialog.getByRole("img", { name: "The picture you chose" }).waitFor();
      await expectNoAxeViolations(page, "the picture dialog at 360 px");
    });
  });

  test("a profile picture and background, by keyboard and with refusals", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_reader", "/user/demo_reader");
      await page.getByRole("button", { name: "Edit profile" }).click();
      const dialog = page.getByRole("dialog", { name: "Edit profile" });
      const cancel = dialog.getByRole("button", { name: "Cancel" });
      await expectPictureInput(
        page,
        dialog.getByRole("group", { name: "Profile picture" }),
        cancel,
        `${ACCEPTED} It is cropped to a square.`,
      );
      await expectPictureInput(
        page,
        dialog.getByRole("group", { name: "Background picture" }),
        cancel,
        `${ACCEPTED} It is cropped to a wide band.`,
      );
      await dialog.getByRole("img", { name: "Your new profile picture" }).waitFor();
      await dialog.getByRole("img", { name: "Your new background picture" }).waitFor();
      await expectNoAxeViolations(page, "the profile form with new pictures at 360 px");
    });
  });
});
