import { describe, expect, test } from "vitest";
import { DESKTOP, expectNoAxeViolations, logIn, PHONE, useBrowser } from "./support/browser.ts";
import { useServer } from "./support/server.ts";

const server = useServer();
const chromium = useBrowser();
const { withPage } = chromium;

describe("settings", () => {
  test("a visitor is sent to log in first, then lands on the settings tabs", async () => {
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await page.goto("/settings");
      await page.waitForURL(/\/login\?nextUrl=%2Fsettings/);
      await logIn(page, "demo_ambassador", "inkwell-demo");
      await page.waitForURL(`${server.url}/settings`);
      await expectNoAxeViolations(page, "the settings page");
      await page.getByRole("link", { name: "Notifications" }).click();
      await page.waitForURL(/#notifications$/);
      expect(await page.getByRole("heading", { level: 2 }).textContent()).toBe("Notifications");
      const subscribe = page.getByLabel("Inkwell news, tips and reading picks by email");
      await subscribe.check();
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("Your changes were saved.").waitFor();
      await page.reload();
      expect(
        await page.getByLabel("Inkwell news, tips and reading picks by email").isChecked(),
      ).toBe(true);
      for (const tab of ["Content Preferences", "Muted Accounts", "Blocked Accounts"]) {
        await page.getByRole("link", { name: tab }).click();
        expect(await page.getByRole("heading", { level: 2 }).textContent()).toBe(tab);
      }
    });
  });

  test("changing the password checks the confirmation, then asks to log in again", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await page.goto("/login?nextUrl=/settings");
      await logIn(page, "demo_admin", "inkwell-demo");
      await page.waitForURL(`${server.url}/settings`);
      await page.getByRole("button", { name: "Change" }).nth(2).click();
      const dialog = page.getByRole("dialog", { name: "Change password" });
      await dialog.waitFor();
      await dialog.getByLabel("Current password", { exact: true }).fill("inkwell-demo");
      await dialog.getByLabel("New password", { exact: true }).fill("Moonlit-Ink-77");
      await dialog.getByLabel("Re-enter new password", { exact: true }).fill("Moonlit-Ink-7");
      await dialog.getByText("Passwords do not match.").waitFor();
      expect(await dialog.getByRole("button", { name: "Save" }).isDisabled()).toBe(true);
      await expectNoAxeViolations(page, "the change-password dialog");
      await dialog.getByLabel("Re-enter new password", { exact: true }).fill("Moonlit-Ink-77");
      await dialog.getByText("Great, passwords match!").waitFor();
      await dialog.getByRole("button", { name: "Save" }).click();
      await page.waitForURL(/\/login\?nexturl=\/settings/);
      await logIn(page, "demo_admin", "Moonlit-Ink-77");
      await page.waitForURL(`${server.url}/settings`);
    });
  });

  test("changing the email validates it on blur and ends with 'Email sent'", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await page.goto("/login?nextUrl=/settings");
      await logIn(page, "demo_reader", "inkwell-demo");
      await page.waitForURL(`${server.url}/settings`);
      await page.getByRole("button", { name: "Change" }).nth(1).click();
      const dialog = page.getByRole("dialog", { name: "Change email" });
      await dialog.getByLabel("New email", { exact: true }).fill("demo_writer@example.com");
      await dialog.getByLabel("Confirm new email", { exact: true }).focus();
      await dialog.getByText("That email address is already in use.").waitFor();
      await dialog.getByLabel("New email", { exact: true }).fill("rae.reads@example.com");
      await dialog.getByLabel("Confirm new email", { exact: true }).fill("rae.reads@example.com");
      await dialog.getByLabel("Password", { exact: true }).fill("inkwell-demo");
      await dialog.getByRole("button", { name: "Save" }).click();
      await page.getByRole("dialog", { name: "Email sent" }).waitFor();
      await page.keyboard.press("Escape");
      await page.reload();
      expect(await page.getByText("rae.reads@example.com").isVisible()).toBe(true);
      expect(await page.getByText("Not Verified").isVisible()).toBe(true);
      await page.getByRole("button", { name: "Send Activation Code" }).click();
      await page.getByText("We've sent you a new activation email.").waitFor();
    });
  });
});
