import { describe, expect, test } from "vitest";
import { DESKTOP, expectNoAxeViolations, logInAt, PHONE, useBrowser } from "./support/browser.ts";
import { useServer } from "./support/server.ts";

const server = useServer();
const { withPage } = useBrowser();
const PAGE = "/privacy/do-not-sell";
const DAY_S = 86_400;

describe("Do not sell my personal information", () => {
  test("a visitor opts out from the footer's link, kept in a long-lived cookie", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page, context) => {
      await page.goto("/guidelines");
      await page.getByRole("link", { name: "Do not sell my personal information" }).click();
      await page.waitForURL(`${server.url}${PAGE}`);
      await expectNoAxeViolations(page, "the opt-out page at 360 px");
      const submit = page.getByRole("button", { name: "Opt out" });
      expect(await submit.isDisabled()).toBe(true);
      await page.getByLabel("I am a California resident").check();
      expect(await submit.isDisabled()).toBe(false);
      await submit.click();
      const done = page.getByRole("heading", { name: "You have opted out" });
      await done.waitFor();
      // The form and its button are gone: focus is on the words that say it is done.
      expect(await done.evaluate((heading) => heading === document.activeElement)).toBe(true);
      const cookie = (await context.cookies()).find((entry) => entry.name === "ccpa-oo");
      expect(cookie?.value).toBe("1");
      // The page asks for 3650 days; Chromium keeps no cookie longer than 400 days.
      const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / DAY_S;
      expect(Math.round(days)).toBe(400);
      await page.reload();
      await page.getByRole("heading", { name: "You have opted out" }).waitFor();
      await expectNoAxeViolations(page, "the opted-out view at 360 px");
    });
  });

  test("a reader's opt-out is kept on the server; a failure says so and changes nothing", async () => {
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page, context) => {
      await logInAt(page, "demo_reader", PAGE);
      await page.route("**/privacy-settings/ccpa/", (route) =>
        route.request().method() === "PUT"
          ? route.fulfill({ status: 500, body: "{}" })
          : route.fallback(),
      );
      await page.getByLabel("I am a California resident").check();
      // The failure is said in the alert region already on the page (decision 058).
      const said = await page.locator(".field__error[role=alert]").elementHandle();
      if (!said) throw new Error("the opt-out form has an alert region");
      expect(await said.textContent()).toBe("");
      await page.getByRole("button", { name: "Opt out" }).click();
      await expect
        .poll(() => said.textContent())
        .toMatch(/^There was an error submitting your opt-out request\./);
      expect(await page.getByRole("heading", { name: "You have opted out" }).count()).toBe(0);
      await page.unrouteAll();
      await page.getByRole("button", { name: "Opt out" }).click();
      await page.getByRole("heading", { name: "You have opted out" }).waitFor();
      expect((await context.cookies()).some((entry) => entry.name === "ccpa-oo")).toBe(false);
      await expectNoAxeViolations(page, "the opted-out view at 1280 px");
    });
    // Another browser, same account: the server remembers.
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_reader", PAGE);
      await page.getByRole("heading", { name: "You have opted out" }).waitFor();
    });
  });

  test("in the app, the ways back ask it to close the web form", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await page.goto(`${PAGE}?mode=app`);
      expect(
        await page.getByRole("link", { name: "Continue sharing information" }).getAttribute("href"),
      ).toBe("/home?closeWebForm=true");
    });
  });
});
