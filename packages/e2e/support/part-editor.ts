import type { Page } from "playwright-core";

/** Waits for the part editor's save: "Saved" alone, as "Unsaved changes" holds it too. */
export const untilSaved = (page: Page) =>
  page
    .getByRole("status")
    .filter({ hasText: /^Saved$/ })
    .waitFor({ timeout: 10_000 });
