import type { Page } from "playwright-core";
import { solidPng } from "./images.ts";

/** A blue cover image a writer could have made elsewhere. */
export const COVER = {
  name: "cover.png",
  mimeType: "image/png",
  buffer: solidPng(300, 450, [30, 90, 160]),
};

/**
 * On the cover import screen: picks COVER, chooses the story titled `title`, presses Next
 * and waits for the success message.
 */
export async function importCover(page: Page, title: string): Promise<void> {
  await page.getByLabel("Cover image").setInputFiles(COVER);
  await page.getByRole("img", { name: "Your new cover" }).waitFor();
  await page.getByRole("radio", { name: title }).check();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByText(`Your cover was uploaded to ${title}.`).waitFor();
}
