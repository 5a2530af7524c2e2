import type { Page } from "playwright-core";

/** The password of every account a journey signs up. */
export const SIGN_UP_PASSWORD = "Lantern-and-1nk";

/** Fills the sign-up form for `username` (email `username@example.com`), an adult. */
export async function fillSignup(page: Page, username: string, consent: boolean): Promise<void> {
  await page.getByLabel("Email").fill(`${username}@example.com`);
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Day").selectOption("9");
  await page.getByLabel("Month").selectOption("04");
  await page.getByLabel("Year").selectOption("1996");
  await page.getByLabel("Password", { exact: true }).fill(SIGN_UP_PASSWORD);
  if (consent) await page.getByLabel(/I agree to the/).check();
}
