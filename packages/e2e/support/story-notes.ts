import type { Page } from "playwright-core";

/** The Story Notes tab, with or without its 'new' tag. */
export const notesTab = (page: Page, name: "Story Notes" | "Story Notes New") =>
  page.getByRole("tab", { name, exact: true });

/** 'Saved' or 'Submitted' after the action bar's buttons; empty otherwise. */
export const notesStatus = (page: Page) => page.locator(".story-notes__status");

/** Opens the Story Notes tab of the story editor the page is on and waits for the notes. */
export async function openStoryNotes(page: Page): Promise<void> {
  await notesTab(page, "Story Notes").or(notesTab(page, "Story Notes New")).click();
  await page.getByRole("heading", { name: "Protagonist" }).waitFor();
  // Loaded: the fields are enabled once the saved notes are in.
  await page.locator(".story-notes__fields:not([disabled])").waitFor();
}

/** Moves a slider by keyboard, as a writer without a mouse would. */
export async function slide(page: Page, label: string, steps: number): Promise<void> {
  const slider = page.getByRole("slider", { name: label });
  await slider.focus();
  for (let i = 0; i < Math.abs(steps); i++) {
    await page.keyboard.press(steps > 0 ? "ArrowRight" : "ArrowLeft");
  }
}

/** Notes for a lighthouse story; the name and the ending carry spaces that saving trims. */
export const KEEPER_NOTES = {
  name: "  Mara  ",
  otherNames: "Mar, The Keeper",
  attribute: "Lighthouse keeper",
  goal: "Keep the lamp lit",
  ending: "The ships come home. ",
  logline: "A keeper must choose between her lamp and her sister.",
};

/**
 * Fills in every item of the open Story Notes tab, interested in Books, so that Submit
 * can be pressed. Sliders move from where they are; radios and checkboxes are checked.
 */
export async function fillStoryNotes(page: Page, notes = KEEPER_NOTES): Promise<void> {
  await page.getByLabel("Name", { exact: true }).fill(notes.name);
  await page.getByLabel("Other names").fill(notes.otherNames);
  await page.getByRole("radio", { name: "She" }).check();
  await page.getByLabel("New attribute").fill(notes.attribute);
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await slide(page, "Extrovert or introvert", 3);
  await slide(page, "How likeable are they?", -2);
  await slide(page, "Laid-back or serious", 5);
  await page.getByRole("radio", { name: "Positive change" }).check();

  await page.getByLabel("What does your protagonist want?").fill(notes.goal);
  await page.getByRole("radio", { name: "Physical" }).check();
  await page.getByRole("radio", { name: "Protect" }).check();
  await slide(page, "Do they take something or keep something?", 4);

  await page.getByLabel("How does the story end?").fill(notes.ending);
  await page
    .getByRole("group", { name: "Does your protagonist reach their goal?" })
    .getByRole("radio", { name: "Yes" })
    .check();
  await page.getByRole("radio", { name: "Bad" }).check();

  await page
    .getByRole("group", { name: "Are you interested in opportunities for this story?" })
    .getByRole("radio", { name: "Yes" })
    .check();
  await page.getByRole("checkbox", { name: "Books" }).check();
  await page.getByLabel("Logline").fill(notes.logline);
  await page.getByRole("radio", { name: "Halfway" }).check();
}
