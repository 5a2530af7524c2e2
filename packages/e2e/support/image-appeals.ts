import type { Locator } from "playwright-core";

/**
 * Restores the image of `appeal`, an item of the staff queue (/admin/image_appeals), as a
 * moderator does: Restore image, asked once more, then said in the item.
 */
export async function restoreAppealed(appeal: Locator): Promise<void> {
  await appeal.getByRole("button", { name: "Restore image" }).click();
  await appeal
    .page()
    .getByRole("dialog", { name: "Restore this image?" })
    .getByRole("button", { name: "Restore image" })
    .click();
  await appeal.getByRole("status").filter({ hasText: "Restored" }).waitFor();
}
