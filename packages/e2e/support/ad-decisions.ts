import type { Page } from "playwright-core";
import { expect } from "vitest";
import { readDatabase } from "./database.ts";

const SLOT = {
  story: { field: "storyId", column: "story_id" },
  comments: { field: "partId", column: "part_id" },
} as const;

/**
 * Runs `open`, which loads a page with an ad slot, and answers the decision the server
 * recorded for it: the page's beacon names the slot (`placement` on story or part `id`) and
 * its page view, whose row is then read from the database.
 */
export async function recordedAdDecision(
  page: Page,
  dataDir: string,
  placement: keyof typeof SLOT,
  id: number,
  open: () => Promise<unknown>,
): Promise<{ eligible: number; factor: string } | undefined> {
  const { field, column } = SLOT[placement];
  const sent = page.waitForRequest((request) => {
    const fields = new URLSearchParams(request.postData() ?? "");
    return (
      request.url().endsWith("/v5/events") &&
      fields.get("name") === "ad_eligibility" &&
      fields.get("placement") === placement
    );
  });
  await open();
  const fields = new URLSearchParams((await sent).postData() ?? "");
  expect(fields.get(field)).toBe(String(id));
  const recorded = () =>
    readDatabase<{ eligible: number; factor: string }>(
      dataDir,
      `SELECT eligible, factor FROM ad_eligibility_events WHERE reference_id = ? AND ${column} = ?`,
      fields.get("referenceId") ?? "",
      id,
    );
  await expect.poll(() => recorded().length).toBe(1);
  return recorded()[0];
}
