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

/** Signs `username` up with email and consent, and waits to leave the sign-up page. */
export async function signUp(page: Page, username: string): Promise<void> {
  await page.goto("/signup");
  await fillSignup(page, username, true);
  await page.getByRole("button", { name: "Sign up with email" }).click();
  await page.waitForURL((url) => url.pathname !== "/signup");
}

/** Follows the verification link the outbox (/dev/mail) holds for `username`'s email. */
export async function verifyEmail(page: Page, username: string): Promise<void> {
  await page.goto("/dev/mail");
  const link = page
    .locator("article")
    .filter({ hasText: `To: ${username}@example.com` })
    .getByRole("link", { name: /\/verify-email\?token=/ })
    .first();
  await page.goto((await link.getAttribute("href")) ?? "");
  await page.waitForURL((url) => url.pathname === "/email-verified");
}
