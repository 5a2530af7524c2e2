import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";

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

/**
 * The sign-up modal that asks a visitor to join before they vote, comment or follow, once
 * it is open. It is rendered inside whatever section opened it: its title reads from the
 * start and its buttons' labels stay centred (even wrapped, on a phone) wherever that is.
 */
export async function signUpGate(page: Page): Promise<Locator> {
  const gate = page.getByRole("dialog", {
    name: "Sign up to comment and interact with the largest storytelling community",
  });
  await gate.waitFor();
  const alignment = await gate.evaluate((dialog) =>
    [dialog.querySelector("h2"), ...dialog.querySelectorAll(".button")].map(
      (element) => element && getComputedStyle(element).textAlign,
    ),
  );
  expect(alignment).toEqual(["start", "center", "center"]);
  return gate;
}
