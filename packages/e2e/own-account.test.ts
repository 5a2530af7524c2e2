import { readFile } from "node:fs/promises";
import { ACCOUNT_MESSAGES } from "@inkwell/shared";
import { describe, expect, test } from "vitest";
import {
  expectNoAxeViolations,
  logIn,
  PHONE,
  smallTargets,
  useBrowser,
} from "./support/browser.ts";
import { useServer } from "./support/server.ts";
import { SIGN_UP_PASSWORD, signUp } from "./support/sign-up.ts";

const server = useServer();
const { withPage } = useBrowser();

/** A fresh reader's own: closing a demo account would take it from every other journey. */
const READER = "quill_leaver";

describe("a reader's own account", () => {
  test("sees and downloads their own data, then closes the account and cannot log in again", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await signUp(page, READER);

      await page.goto("/settings");
      // Each link of its own line is 44 px to a finger on a phone.
      const links = page.getByRole("link", { name: /^(Download your data|Close account)$/ });
      expect(await links.count()).toBe(2);
      expect(await smallTargets(links)).toEqual([]);
      await page.getByRole("link", { name: "Download your data" }).click();
      await page.waitForURL(`${server.url}/settings/your-inkwell-data`);
      await page.getByRole("heading", { name: "Your Inkwell data", level: 1 }).waitFor();
      // Whose data it is: this reader's details, and no demo account's.
      const rows = await page
        .locator(".settings-row")
        .evaluateAll((found) =>
          found.map((row) => [
            row.querySelector("dt")?.textContent,
            row.querySelector("dd")?.textContent,
          ]),
        );
      expect(rows).toEqual([
        ["Username", READER],
        ["Email", `${READER}@example.com`],
        ["Birthday", "April 9, 1996"],
      ]);
      expect(await page.locator("main").textContent()).not.toMatch(/demo_/);
      await expectNoAxeViolations(page, "the data page at 360 px");

      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: "Download as JSON" }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`inkwell-data-${READER}.json`);
      const data = JSON.parse(await readFile(await download.path(), "utf8"));
      expect(data.account).toMatchObject({
        username: READER,
        email: `${READER}@example.com`,
        birthdate: "1996-04-09",
        has_password: true,
      });
      expect(Object.keys(data.account)).not.toContain("password_hash");
      expect(data.stories).toEqual([]);
      expect(data.following).toEqual([]);
      expect(data.followers).toEqual([]);

      await page.goto("/settings");
      await page.getByRole("link", { name: "Close account" }).click();
      await page.waitForURL(`${server.url}/close-account`);
      await page.getByRole("heading", { name: "Close your account", level: 1 }).waitFor();
      await expectNoAxeViolations(page, "the close-account page at 360 px");
      // A wrong password closes nothing and says so.
      await page.getByLabel("Password", { exact: true }).fill("not-my-password");
      await page.getByRole("button", { name: "Close my account" }).click();
      await page.waitForURL(`${server.url}/close-account?error=password`);
      expect(await page.getByRole("alert").textContent()).toBe(
        "The password you entered is incorrect.",
      );
      // Focus waits in the password to type it again, which names the refusal.
      const password = page.getByLabel("Password", { exact: true });
      await expect
        .poll(() => password.evaluate((input) => input === document.activeElement))
        .toBe(true);
      expect(await password.getAttribute("aria-describedby")).toBe("close-error");
      await expectNoAxeViolations(page, "the close-account page with its error at 360 px");

      await page.getByLabel("Password", { exact: true }).fill(SIGN_UP_PASSWORD);
      await page.getByRole("button", { name: "Close my account" }).click();
      await page.waitForURL(`${server.url}/close-account?done=1`);
      await page.getByRole("heading", { name: "Your account is closed", level: 1 }).waitFor();
      await expectNoAxeViolations(page, "the closed-account page at 360 px");
      // Signed out: the header offers to log in, and the session asks for nobody.
      await page.getByRole("link", { name: "Log in" }).first().waitFor();
      expect((await page.request.get("/api/v3/internal/current_user")).status()).toBe(401);

      await page.getByRole("link", { name: "Go to Inkwell" }).click();
      await page.waitForURL(`${server.url}/`);
      await page.goto("/login");
      await logIn(page, READER, SIGN_UP_PASSWORD);
      const refusal = page.getByRole("alert").filter({ hasText: /./ });
      await refusal.waitFor();
      expect(await refusal.textContent()).toBe(ACCOUNT_MESSAGES.loginFailed);
      expect(new URL(page.url()).pathname).toBe("/login");
    });
  });
});
