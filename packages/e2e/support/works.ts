import type { Page } from "playwright-core";
import { expect } from "vitest";
import { readDatabase } from "./database.ts";
import { signUp, verifyEmail } from "./sign-up.ts";

/**
 * Signs `username` up as a writer of their own (email verified, so they can publish) and
 * creates a story of theirs by the API, in the first category; answers its id. Journeys that
 * need parts the demo catalogue lacks add them to it.
 */
export async function writerStory(
  page: Page,
  dataDir: string,
  username: string,
  story: { title: string; description: string; tag: string },
): Promise<number> {
  await signUp(page, username);
  await verifyEmail(page, username);
  const [category] = readDatabase<{ id: number }>(
    dataDir,
    "SELECT id FROM categories ORDER BY id LIMIT 1",
  );
  const work = await page.request.post("/v4/works", {
    data: {
      title: story.title,
      description: story.description,
      tags: [story.tag],
      categoryId: category?.id,
      languageId: 1,
      mature: false,
      completed: false,
      copyright: 3,
      originalWork: true,
    },
  });
  expect(work.status()).toBe(201);
  return ((await work.json()) as { id: number }).id;
}
