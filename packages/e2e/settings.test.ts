import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { CurrentUser } from "@inkwell/shared";
import type { Page, Request } from "playwright-core";
import { describe, expect, test } from "vitest";
import {
  DESKTOP,
  expectNoAxeViolations,
  fingerSize,
  focusHydrated,
  holdRequests,
  logIn,
  logInAt,
  PHONE,
  recordSpeech,
  smallTargets,
  tabThroughChips,
  useBrowser,
} from "./support/browser.ts";
import { readDatabase } from "./support/database.ts";
import { useServer } from "./support/server.ts";
import { SIGN_UP_PASSWORD, signUp, verifyEmail } from "./support/sign-up.ts";

const server = useServer();
const chromium = useBrowser();
const { withPage } = chromium;

/** How many mails the outbox holds for `address`. */
async function mailsTo(page: Page, address: string): Promise<number> {
  await page.goto("/dev/mail");
  return page
    .locator("article")
    .filter({ hasText: `To: ${address}` })
    .count();
}

/** The account a settings form named (its id field, §7). */
const formAccount = (request: Request) => new URLSearchParams(request.postData() ?? "").get("id");

/** The id of the account signed in on `page`, as a form sends it. */
const accountId = async (page: Page) =>
  String(
    ((await (await page.request.get("/api/v3/internal/current_user")).json()) as CurrentUser).id,
  );

/** Sets a column of `username`'s row: for states no call reaches on demand. */
function setUserColumn(
  username: string,
  column: "email_reverified_at" | "alerts_key" | "notify_subscribe",
  value: number | string,
): void {
  const db = new DatabaseSync(join(server.dataDir, "inkwell.sqlite"));
  try {
    db.exec("PRAGMA busy_timeout = 5000");
    db.prepare(`UPDATE users SET ${column} = ? WHERE username = ?`).run(value, username);
  } finally {
    db.close();
  }
}

/**
 * Dates `username`'s last email confirmation back two years, so the re-verification
 * question is due: no call does that (confirming sets it to now), so the fixture does.
 */
const reverificationDue = (username: string) =>
  setUserColumn(username, "email_reverified_at", Date.now() - 2 * 365 * 86_400_000);

describe("settings", () => {
  test("a visitor is sent to log in first, then lands on the settings tabs", async () => {
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await page.goto("/settings");
      await page.waitForURL(/\/login\?nextUrl=%2Fsettings/);
      await logIn(page, "demo_ambassador", "inkwell-demo");
      await page.waitForURL(`${server.url}/settings`);
      await expectNoAxeViolations(page, "the settings page");
      // The password is shown as dots, which a screen reader would spell out one by one.
      const password = page
        .locator(".settings-row")
        .filter({ has: page.getByRole("term").filter({ hasText: "Password" }) })
        .getByRole("definition")
        .first();
      expect(await password.ariaSnapshot()).toBe("- definition: Set");
      // On a wide screen every tab shows whole: none is cut off at the end of the list.
      const cutTabs = await page.locator(".tab-links ul").evaluate((list) => {
        const edge = list.getBoundingClientRect().right;
        return [...list.querySelectorAll("a")]
          .filter((tab) => tab.getBoundingClientRect().right > edge + 0.5)
          .map((tab) => tab.textContent);
      });
      expect(cutTabs).toEqual([]);

      // Sign-up's birthday rule holds here too: a refused birthday is said under the field,
      // which takes the focus, and nothing is saved.
      const birthday = page.getByLabel("Birthday", { exact: true });
      const kept = await birthday.inputValue();
      const year = new Date().getUTCFullYear();
      for (const [date, message] of [
        [`${year - 2}-01-01`, "You must be at least 13 years old to use Inkwell."],
        [`${year + 1}-01-01`, "Your birthday can't be in the future."],
        [`${year - 101}-12-31`, "Please enter a real date of birth."],
      ] as const) {
        await birthday.fill(date);
        await page.getByRole("button", { name: "Save" }).click();
        await page.locator("#settings-birthdate-error").filter({ hasText: message }).waitFor();
        expect(await birthday.getAttribute("aria-invalid")).toBe("true");
        expect(await birthday.getAttribute("aria-describedby")).toBe("settings-birthdate-error");
        expect(await birthday.evaluate((input) => input === document.activeElement)).toBe(true);
      }
      await expectNoAxeViolations(page, "the account tab with a refused birthday");
      await page.reload();
      expect(await page.getByLabel("Birthday", { exact: true }).inputValue()).toBe(kept);
      // A kept birthday is said saved beside Save, where the reader pressed it.
      await page.getByRole("button", { name: "Save" }).click();
      await page
        .locator(".settings-form__save")
        .getByRole("status")
        .filter({ hasText: "Your changes were saved." })
        .waitFor();

      const tabBoxes = () =>
        page
          .locator(".tab-links a")
          .evaluateAll((tabs) => tabs.map((tab) => tab.getBoundingClientRect().toJSON()));
      const accountTabs = await tabBoxes();
      await page.getByRole("link", { name: "Notifications" }).click();
      await page.waitForURL(/#notifications$/);
      // The tab switches on the client: wait for its heading rather than reading at once.
      await page.getByRole("heading", { level: 2, name: "Notifications", exact: true }).waitFor();
      // Its label turning bold moves no tab.
      expect(await tabBoxes()).toEqual(accountTabs);
      expect(await page.getByRole("heading", { level: 2 }).count()).toBe(1);
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
        // The tab switches on the client: wait for its heading rather than reading at once.
        await page.getByRole("heading", { level: 2, name: tab, exact: true }).waitFor();
        expect(await page.getByRole("heading", { level: 2 }).count()).toBe(1);
      }

      // On a phone the tab strip scrolls sideways: a tab opened by its address is in sight.
      await page.setViewportSize(PHONE);
      await page.goto("/settings#reports");
      await page.getByRole("heading", { level: 2, name: "Reports", exact: true }).waitFor();
      const current = page.locator('.tab-links a[aria-current="page"]');
      await expect
        .poll(() =>
          current.evaluate((tab) => {
            const list = tab.closest("ul")?.getBoundingClientRect();
            const box = tab.getBoundingClientRect();
            return (
              list !== undefined && box.left >= list.left - 0.5 && box.right <= list.right + 0.5
            );
          }),
        )
        .toBe(true);

      // An address too long for the phone's line breaks before its "@", not inside a word.
      await page.goto("/settings");
      const domainLines = await page
        .locator(".settings-row dd")
        .filter({ hasText: "@example.com" })
        .evaluate((dd) => {
          const range = document.createRange();
          const walker = document.createTreeWalker(dd, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const at = node.textContent?.indexOf("@") ?? -1;
            if (at >= 0) {
              range.setStart(node, at);
              range.setEnd(node, at + "@example.com".length);
            }
          }
          return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
        });
      expect(domainLines).toBe(1);

      // Each tab Tab reaches is scrolled wholly into sight, its focus ring (drawn inside) too.
      const strip = page.locator(".tab-links ul");
      const tabs = await tabThroughChips(
        page,
        page.getByRole("navigation", { name: "Settings", exact: true }),
        { ring: 0 },
      );
      expect(tabs.filter((tab) => !tab.inSight).map((tab) => tab.name)).toEqual([]);
      expect(tabs.filter((tab) => !tab.clearOfFade).map((tab) => tab.name)).toEqual([]);
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await strip.evaluate((list) => list.scrollTo({ left: 0 }));

      // The strip's end fades while more tabs wait past it, and not once it is scrolled there.
      const fade = () =>
        strip.evaluate((list) => getComputedStyle(list).getPropertyValue("--more-fade"));
      await expect.poll(fade).toBe("32px");
      await strip.evaluate((list) => list.scrollTo({ left: list.scrollWidth }));
      await expect.poll(fade).toBe("0px");
    });
  });

  test("on a phone, a reader changes their display name from Settings", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      const username = "settings_renamer";
      await signUp(page, username);
      await page.goto("/settings");
      const nameRow = page
        .locator(".settings-row")
        .filter({ has: page.getByRole("term").filter({ hasText: /^Name$/ }) });
      expect(await nameRow.getByRole("definition").first().textContent()).toBe(username);

      // The name is the profile's: Settings opens the profile's form, ready to type in.
      await nameRow.getByRole("link", { name: "Edit profile" }).click();
      const dialog = page.getByRole("dialog", { name: "Edit profile" });
      await dialog.waitFor();
      expect(new URL(page.url()).pathname).toBe(`/user/${username}`);
      // The address forgets the form once it is open: a reload or Back shows the profile.
      await expect.poll(() => new URL(page.url()).hash).toBe("");
      await dialog.getByRole("textbox", { name: "Name" }).fill("Wren Settles");
      await dialog.getByRole("button", { name: "Save" }).click();
      await page.getByRole("status").filter({ hasText: "Your profile was saved." }).waitFor();
      await expect
        .poll(() => page.getByRole("heading", { level: 1 }).textContent())
        .toBe("Wren Settles");
      await page.goto("/settings");
      expect(await nameRow.getByRole("definition").first().textContent()).toBe("Wren Settles");
      await expectNoAxeViolations(page, "the settings page with its Name row");
    });
  });

  test("on a phone, the account's data and closing links are each 44 px to a finger, apart", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_reader", "/settings");
      const data = page.getByRole("link", { name: "Download your data" });
      const close = page.getByRole("link", { name: "Close account" });
      expect((await fingerSize(data)).height).toBeGreaterThanOrEqual(44);
      expect((await fingerSize(close)).height).toBeGreaterThanOrEqual(44);
      const [above, below] = await Promise.all([data.boundingBox(), close.boundingBox()]);
      expect((below?.y ?? 0) - ((above?.y ?? 0) + (above?.height ?? 0))).toBeGreaterThanOrEqual(0);
    });
  });

  test("on a phone, a reader picks which email alerts they get, told beside Save whether they were saved, and the choice is kept", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await page.goto("/login?nextUrl=/settings%23notifications");
      await logIn(page, "demo_reader", "inkwell-demo");
      await page.getByRole("heading", { level: 2, name: "Notifications", exact: true }).waitFor();
      const followers = page.getByLabel("New followers", { exact: true });
      const updates = page.getByLabel("Updates from stories in my Library and people I follow", {
        exact: true,
      });
      const libraryParts = page.getByLabel("New parts and sales of stories in my Library");
      expect(await followers.isChecked()).toBe(true);
      await followers.uncheck();
      // A switched-off group's kinds cannot be changed, and keep their choices.
      await updates.uncheck();
      expect(await libraryParts.isDisabled()).toBe(true);
      expect(await libraryParts.isChecked()).toBe(true);
      await expectNoAxeViolations(page, "the notifications tab at 360 px");
      // Save is pressed where it is, at the foot of the tab on a phone.
      const save = page.getByRole("button", { name: "Save" });
      await save.scrollIntoViewIfNeeded();
      const scrolled = await page.evaluate(() => window.scrollY);
      expect(scrolled).toBeGreaterThan(0);
      const said = await recordSpeech(page.locator(".settings-form__save").getByRole("status"));
      // Offline, Save says nothing was saved, and the choices wait on the tab for a retry.
      await page.route("**/notification-settings", (route) => route.abort("internetdisconnected"));
      await save.click();
      const failure = "Something went wrong, your changes were not saved. ";
      await expect.poll(said).toBe(`said: [${failure}]`);
      expect(await followers.isChecked()).toBe(false);
      await page.unroute("**/notification-settings");
      await save.click();
      await expect.poll(said).toBe(`said: [${failure}] [] [Your changes were saved.]`);
      // Said beside Save, and heard: the page stays where the reader pressed Save, in sight.
      expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
      const [shown, button] = await Promise.all([
        page.getByText("Your changes were saved.").boundingBox(),
        save.boundingBox(),
      ]);
      for (const box of [shown, button]) {
        expect(box?.y).toBeGreaterThanOrEqual(0);
        expect((box?.y ?? Infinity) + (box?.height ?? 0)).toBeLessThanOrEqual(PHONE.height);
      }
      expect(shown?.x).toBeGreaterThan((button?.x ?? Infinity) + (button?.width ?? 0));
      await expectNoAxeViolations(page, "the notifications tab, saved, at 360 px");

      await page.reload();
      await page.getByRole("heading", { level: 2, name: "Notifications", exact: true }).waitFor();
      expect(await page.getByLabel("New followers", { exact: true }).isChecked()).toBe(false);
      expect(await page.getByLabel("Private messages").isChecked()).toBe(true);
      expect(await updates.isChecked()).toBe(false);
      const me = await page.request.get("/api/v3/internal/current_user");
      expect((await me.json()).notificationSettings).toMatchObject({
        alerts: true,
        alertssub: false,
        alertssubmask: 63 & ~2,
      });
      // Nothing on the tab is wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
    });
  });

  test("the alert emails' unsubscribe link stops them at 360 px, without signing in", async () => {
    // The key the hourly digest gives a reader with their first alert email (24 of base64url).
    const key = "e2e-unsubscribe-key-0123";
    setUserColumn("demo_writer", "alerts_key", key);
    const [writer] = readDatabase<{ id: number }>(
      server.dataDir,
      "SELECT id FROM users WHERE username = ?",
      "demo_writer",
    );
    if (!writer) throw new Error("the demo has no demo_writer");
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await page.goto(`/unsubscribe?u=${writer.id}&k=${key}x`);
      await page.getByRole("heading", { level: 1, name: "This link doesn't work" }).waitFor();

      await page.goto(`/unsubscribe?u=${writer.id}&k=${key}`);
      await page.getByRole("heading", { level: 1, name: "Stop email alerts?" }).waitFor();
      await expectNoAxeViolations(page, "the unsubscribe page at 360 px");
      await page.getByRole("button", { name: "Stop email alerts" }).click();
      await page.getByRole("heading", { level: 1, name: "Email alerts are off" }).waitFor();
      expect(new URL(page.url()).searchParams.get("done")).toBe("1");
      await expectNoAxeViolations(page, "the unsubscribed page at 360 px");

      // Signed in, the writer finds both switches off in Settings.
      await page.getByRole("link", { name: "Notification settings" }).click();
      await logIn(page, "demo_writer", "inkwell-demo");
      await page.getByRole("heading", { level: 2, name: "Notifications", exact: true }).waitFor();
      expect(
        await page
          .getByLabel("Alerts about activity on my stories and profile", { exact: true })
          .isChecked(),
      ).toBe(false);
      expect(
        await page
          .getByLabel("Updates from stories in my Library and people I follow", { exact: true })
          .isChecked(),
      ).toBe(false);
    });
  });

  test("the re-verification question's change-email form goes Back to the question", async () => {
    reverificationDue("demo_writer");
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await page.goto("/login?nextUrl=/settings");
      await logIn(page, "demo_writer", "inkwell-demo");
      await page.waitForURL(`${server.url}/settings`);
      const question = page.getByRole("dialog", { name: "Is this still your email?" });
      await question.waitFor();
      await question.getByLabel("I need to update my email").check();
      await question.getByRole("button", { name: "Confirm" }).click();
      const form = page.getByRole("dialog", { name: "Change email" });
      await form.waitFor();
      expect(await question.isVisible()).toBe(false);
      await expectNoAxeViolations(page, "the change-email form from re-verification");

      await form.getByRole("button", { name: "Back" }).click();
      await question.waitFor();
      expect(await form.isVisible()).toBe(false);
      await question.getByLabel("This is my current email").check();
      await question.getByRole("button", { name: "Confirm" }).click();
      await page.getByText("Thank you for confirming your email.").waitFor();
      await page.reload();
      await page.getByRole("heading", { level: 1, name: "Settings" }).waitFor();
      expect(await question.count()).toBe(0);
    });
  });

  test("closing the re-verification question is a skip: a reminder in 3 days, and it stays away", async () => {
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      const username = "reverify_skipper";
      await signUp(page, username);
      await verifyEmail(page, username);
      reverificationDue(username);
      await page.goto("/settings");
      const question = page.getByRole("dialog", { name: "Is this still your email?" });
      await question.waitFor();
      await question.getByRole("button", { name: "Close" }).click();
      await page
        .getByRole("status")
        .filter({ hasText: "We'll send you a reminder in 3 days" })
        .waitFor();
      expect(await question.isVisible()).toBe(false);
      const cookies = await page.context().cookies();
      const reminder = cookies.find((cookie) => cookie.name === "email_reverify_reminder");
      expect(Math.round(((reminder?.expires ?? 0) * 1000 - Date.now()) / 86_400_000)).toBe(3);
      expect(cookies.find((cookie) => cookie.name === "email_reverify_skips")?.value).toBe("1");

      await page.reload();
      await page.getByRole("heading", { level: 1, name: "Settings" }).waitFor();
      await page.waitForLoadState("networkidle");
      expect(await question.count()).toBe(0);
    });
  });

  test("the newsletter's unsubscribe link stops the newsletter alone", async () => {
    const key = "e2e-newsletter-key-01234";
    setUserColumn("demo_ambassador", "alerts_key", key);
    setUserColumn("demo_ambassador", "notify_subscribe", 1);
    const [ambassador] = readDatabase<{ id: number }>(
      server.dataDir,
      "SELECT id FROM users WHERE username = ?",
      "demo_ambassador",
    );
    if (!ambassador) throw new Error("the demo has no demo_ambassador");
    await withPage({ viewport: PHONE, colorScheme: "dark", baseURL: server.url }, async (page) => {
      await page.goto(`/unsubscribe?u=${ambassador.id}&k=${key}&list=news`);
      await page.getByRole("heading", { level: 1, name: "Stop the Inkwell newsletter?" }).waitFor();
      expect(await page.title()).toBe("Inkwell newsletter · Inkwell");
      await page.getByRole("link", { name: "Keep it" }).waitFor();
      await page.getByRole("button", { name: "Stop the newsletter" }).click();
      await page.getByRole("heading", { level: 1, name: "The newsletter is off" }).waitFor();
      await expectNoAxeViolations(page, "the newsletter's unsubscribed page, dark, at 360 px");

      await page.getByRole("link", { name: "Notification settings" }).click();
      await logIn(page, "demo_ambassador", "inkwell-demo");
      await page.getByRole("heading", { level: 2, name: "Notifications", exact: true }).waitFor();
      expect(
        await page
          .getByLabel("Inkwell news, tips and reading picks by email", { exact: true })
          .isChecked(),
      ).toBe(false);
      // The alerts are the reader's own business: the newsletter's link left them on.
      expect(
        await page
          .getByLabel("Alerts about activity on my stories and profile", { exact: true })
          .isChecked(),
      ).toBe(true);
    });
  });

  test("changing the password checks the confirmation, then asks to log in again", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await page.goto("/login?nextUrl=/settings");
      await logIn(page, "demo_admin", "inkwell-demo");
      await page.waitForURL(`${server.url}/settings`);
      await page.getByRole("button", { name: "Change Password" }).click();
      const dialog = page.getByRole("dialog", { name: "Change password" });
      await dialog.waitFor();
      await dialog.getByLabel("Current password", { exact: true }).fill("inkwell-demo");
      await dialog.getByLabel("New password", { exact: true }).fill("Moonlit-Ink-77");
      await dialog.getByLabel("Re-enter new password", { exact: true }).fill("Moonlit-Ink-7");
      await dialog.getByText("Passwords do not match.").waitFor();
      expect(await dialog.getByRole("button", { name: "Save" }).isDisabled()).toBe(true);
      await expectNoAxeViolations(page, "the change-password dialog");
      // The rule reads the account's name as the server does: Sam Admin's "Admin" is refused.
      for (const label of ["New password", "Re-enter new password"]) {
        await dialog.getByLabel(label, { exact: true }).fill("Admin-Ink-7777");
      }
      await dialog.getByText("Passwords match but do not meet the requirements.").waitFor();
      expect(await dialog.getByRole("button", { name: "Save" }).isDisabled()).toBe(true);
      await dialog.getByLabel("New password", { exact: true }).fill("Moonlit-Ink-77");
      await dialog.getByLabel("Re-enter new password", { exact: true }).fill("Moonlit-Ink-77");
      await dialog.getByText("Great, passwords match!").waitFor();
      // A wrong current password is said under it, and focus goes there to fix it.
      const current = dialog.getByLabel("Current password", { exact: true });
      await current.fill("not-my-password");
      const posted = page.waitForRequest("**/apiv2/updateuserpassword");
      await dialog.getByRole("button", { name: "Save" }).click();
      expect(await formAccount(await posted)).toBe(await accountId(page));
      await dialog.getByText("The password you entered is incorrect.").waitFor();
      expect(await current.evaluate((input) => input === document.activeElement)).toBe(true);
      // Sent again from there with Enter: the message is said again.
      const said = await recordSpeech(dialog.locator("#settings-current-password-error"));
      await current.press("Enter");
      await expect.poll(said).toBe("said: [] [The password you entered is incorrect.]");
      await current.fill("inkwell-demo");
      await dialog.getByRole("button", { name: "Save" }).click();
      await page.waitForURL(/\/login\?nexturl=\/settings&notice=password_changed/);
      await page
        .getByRole("status")
        .filter({ hasText: "Your password has been saved. Log in again with your new password." })
        .waitFor();
      await logIn(page, "demo_admin", "Moonlit-Ink-77");
      await page.waitForURL(`${server.url}/settings`);
    });
  });

  test("changing the email validates it on blur and ends with 'Email sent'", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await page.goto("/login?nextUrl=/settings");
      await logIn(page, "demo_reader", "inkwell-demo");
      await page.waitForURL(`${server.url}/settings`);
      await page.getByRole("button", { name: "Change Email" }).click();
      const dialog = page.getByRole("dialog", { name: "Change email" });
      // One shape with the username and password modals: Save as wide as the form's fields.
      const [save, field] = await Promise.all([
        dialog.getByRole("button", { name: "Save" }).boundingBox(),
        dialog.getByLabel("New email", { exact: true }).boundingBox(),
      ]);
      expect(save?.width).toBeCloseTo(field?.width ?? 0, 0);
      // Show password and Forgot password? are 44 px to a finger (decision 133).
      expect(await smallTargets(dialog.locator(".field__toggle, a[href^='/forgot']"))).toEqual([]);
      // §4: the check shows pending while the server looks, then a warning.
      const answer = await holdRequests(page, "**/api/v3/users/validate?email=*");
      await dialog.getByLabel("New email", { exact: true }).fill("demo_writer@example.com");
      await dialog.getByLabel("Confirm new email", { exact: true }).focus();
      await dialog.locator(".field__icon .spinner").waitFor();
      answer();
      await dialog.getByText("That email address is already in use.").waitFor();
      expect(await dialog.locator(".field__icon .spinner").count()).toBe(0);
      expect(await dialog.locator(".field__icon--bad").count()).toBe(1);
      await page.unrouteAll();
      await dialog.getByLabel("New email", { exact: true }).fill("rae.reads@example.com");
      await dialog.getByLabel("Confirm new email", { exact: true }).fill("rae.reads@example.com");
      // A wrong password is said under the password, which takes the focus to be fixed, and
      // the new address stays typed.
      const password = dialog.getByLabel("Password", { exact: true });
      await password.fill("not-my-password");
      const posted = page.waitForRequest("**/apiv2/updateuseremail");
      await dialog.getByRole("button", { name: "Save" }).click();
      // The form names its account (§7), so one left open as someone else is refused.
      expect(await formAccount(await posted)).toBe(await accountId(page));
      await dialog
        .locator("#settings-email-password-error")
        .filter({ hasText: "The password you entered is incorrect." })
        .waitFor();
      expect(await password.getAttribute("aria-invalid")).toBe("true");
      expect(await password.getAttribute("aria-describedby")).toBe("settings-email-password-error");
      expect(await password.evaluate((input) => input === document.activeElement)).toBe(true);
      expect(await dialog.getByLabel("New email", { exact: true }).inputValue()).toBe(
        "rae.reads@example.com",
      );
      await expectNoAxeViolations(page, "the change-email dialog with a wrong password");
      // Sent again from the password, where focus already is: the message is said again.
      const said = await recordSpeech(dialog.locator("#settings-email-password-error"));
      await password.press("Enter");
      await expect.poll(said).toBe("said: [] [The password you entered is incorrect.]");
      await password.fill("inkwell-demo");
      await dialog.getByRole("button", { name: "Save" }).click();
      // The pressed Save gives way to the words saying where the mail went: they take focus.
      const sent = page.getByRole("dialog", { name: "Email sent" });
      await sent.waitFor();
      const focused = () => page.evaluate(() => document.activeElement?.textContent);
      expect(await focused()).toBe(
        "We've sent a confirmation link to rae.reads@example.com. Open it to verify your new address.",
      );
      // Change email goes back to the form, at its first field.
      await sent.getByRole("button", { name: "Change email" }).click();
      await dialog.waitFor();
      expect(
        await dialog
          .getByLabel("New email", { exact: true })
          .evaluate((input) => input === document.activeElement),
      ).toBe(true);
      await page.keyboard.press("Escape");
      await page.reload();
      expect(await page.getByText("rae.reads@example.com").isVisible()).toBe(true);
      expect(await page.getByText("Not Verified").isVisible()).toBe(true);
      // The button gives way to the words saying it was sent, and its focus goes to them.
      await focusHydrated(page.getByRole("button", { name: "Send Activation Code" }));
      await page.keyboard.press("Enter");
      await page.getByText("We've sent you a new activation email.").waitFor();
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
        "We've sent you a new activation email.",
      );
    });
  });

  test("'Email sent' resends the link, and says 'Problem reaching email :(' once it cannot", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await signUp(page, "resend_reader");
      await page.goto("/settings");
      await page.getByRole("button", { name: "Change Email" }).click();
      const form = page.getByRole("dialog", { name: "Change email" });
      await form.getByLabel("New email", { exact: true }).fill("resend.reader@example.com");
      await form.getByLabel("Confirm new email", { exact: true }).fill("resend.reader@example.com");
      await form.getByLabel("Password", { exact: true }).fill(SIGN_UP_PASSWORD);
      await form.getByRole("button", { name: "Save" }).click();
      const sent = page.getByRole("dialog", { name: "Email sent" });
      const problem = page.getByRole("dialog", { name: "Problem reaching email :(" });
      await sent.waitFor();

      // Each resend is a mail, within the account's mail limit; past it, the problem view.
      const resend = async () => {
        const dialog = (await sent.isVisible()) ? sent : problem;
        const answered = page.waitForResponse(
          (response) =>
            response.url().endsWith("/api/v3/users/validate") &&
            response.request().method() === "POST",
        );
        await dialog.getByRole("button", { name: "Resend email" }).click();
        return (await answered).status();
      };
      const statuses: number[] = [];
      while (statuses.at(-1) !== 429 && statuses.length < 10) statuses.push(await resend());
      expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
      await problem.waitFor();
      await problem.getByText("Please try again or change your email.").waitFor();
      await expectNoAxeViolations(page, "the 'Problem reaching email :(' view");
      const outbox = await page.context().newPage();
      expect(await mailsTo(outbox, "resend.reader@example.com")).toBe(statuses.length);
      await outbox.close();

      // A resend refused again stays on the problem; Change email goes back to the form.
      expect(await resend()).toBe(429);
      await problem.waitFor();
      await problem.getByRole("button", { name: "Change email" }).click();
      await form.getByLabel("New email", { exact: true }).waitFor();
    });
  });

  test("the activation link resends the verification mail for its own user only", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      const link = "/user_activation?action=send&username=lamp_reader";
      await page.goto(link);
      await page.waitForURL(`${server.url}/login?${new URLSearchParams({ nextUrl: link })}`);
      await logIn(page, "demo_ambassador", "inkwell-demo");
      await page.waitForURL(`${server.url}${link}`);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
        "This isn't your account",
      );
      expect(
        await page
          .getByText(
            "You're logged in as demo_ambassador. You can only ask for an activation email for your own account.",
          )
          .isVisible(),
      ).toBe(true);
      expect((await page.reload())?.status()).toBe(403);
      await page.request.post("/logout", { headers: { accept: "application/json" } });

      await signUp(page, "lamp_reader");
      expect(await mailsTo(page, "lamp_reader@example.com")).toBe(1);
      expect((await page.goto(link))?.status()).toBe(200);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Check your email");
      expect(
        await page
          .getByText(
            "We've sent a new activation email to lamp_reader@example.com. Open the link in it to verify your email.",
          )
          .isVisible(),
      ).toBe(true);
      await expectNoAxeViolations(page, "the activation page");
      expect(await mailsTo(page, "lamp_reader@example.com")).toBe(2);

      await verifyEmail(page, "lamp_reader");
      await page.goto(link);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Already verified");
      expect(await page.getByText("Your email is already verified.").isVisible()).toBe(true);
      expect(await mailsTo(page, "lamp_reader@example.com")).toBe(2);
    });
  });
});
