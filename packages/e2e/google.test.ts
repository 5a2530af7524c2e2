import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { controlsUnderFixed, expectNoAxeViolations, PHONE, useBrowser } from "./support/browser.ts";
import { type MockOidc, startMockOidc } from "./support/mock-oidc.ts";
import { useServer } from "./support/server.ts";

let mock: MockOidc;
// Registered before useServer's hook, so the provider is up when the server starts.
beforeAll(async () => {
  mock = await startMockOidc();
});
const server = useServer({ env: () => mock.env });
const { withPage, newContext } = useBrowser();

afterAll(async () => {
  await mock?.stop();
});

const QUILL = {
  sub: "e2e-google-quill",
  email: "quill.reader@example.com",
  email_verified: true,
  name: "Quill Reader",
};

/** The completion form's next post, as the fields it sends. */
async function completionPayload(page: Page, submit: () => Promise<void>) {
  const posted = page.waitForRequest(
    (request) =>
      new URL(request.url()).pathname === "/signup/complete" && request.method() === "POST",
  );
  await submit();
  return new URLSearchParams((await posted).postData() ?? "");
}

/** Fills in the birthday and consent of the sign-up completion form and submits it. */
async function completeSignUp(page: Page): Promise<void> {
  await page.getByLabel("Day").selectOption("9");
  await page.getByLabel("Month").selectOption("04");
  await page.getByLabel("Year").selectOption("1996");
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole("button", { name: "Sign up" }).click();
}

describe("sign-in with Google in the browser", () => {
  test("a visitor continues with Google on /login, completes sign-up and lands on /home", async () => {
    mock.signInAs(QUILL);
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await page.goto("/login");
      // With Google on offer, the login starts at the options view.
      await page.getByRole("link", { name: "Log in with email" }).click();
      await page.getByLabel("Email or username").waitFor();
      await page.getByRole("link", { name: "Back to all login options" }).click();
      await expectNoAxeViolations(page, "the login options");
      await page.getByRole("link", { name: "Continue with Google" }).click();
      // The mock's authorize endpoint signs in at once and redirects back to /oauth-auth.
      await page.waitForURL(/\/signup\/complete\?token=/);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Finish signing up");
      expect(await page.getByText(`Signing up as ${QUILL.email}`).isVisible()).toBe(true);
      // Google gave the email: the form does not ask for it.
      expect(await page.getByLabel("Email").count()).toBe(0);
      await expectNoAxeViolations(page, "the sign-up completion form");

      await page.getByLabel("Day").selectOption("9");
      await page.getByLabel("Month").selectOption("04");
      await page.getByLabel("Year").selectOption("1996");
      // Said in the alert region already on the page (decision 058).
      const said = await page.locator(".auth__form > [role=alert]").elementHandle();
      if (!said) throw new Error("the completion form has an alert region");
      expect(await said.textContent()).toBe("");
      await page.getByRole("button", { name: "Sign up" }).click();
      await expect.poll(() => said.textContent()).toBe("Please fix any errors to continue.");
      expect(await page.getByText("Checking this box is required.").isVisible()).toBe(true);
      await expectNoAxeViolations(page, "the completion form with an error");

      await page.getByLabel(/I agree to the/).check();
      const payload = await completionPayload(page, () =>
        page.getByRole("button", { name: "Sign up" }).click(),
      );
      // §3's form-type says what the form left out: the email Google gave.
      expect(payload.get("form-type")).toBe("isEmailAvailable");
      await page.waitForURL(`${server.url}/home`);
      await page.getByLabel("Account").click();
      expect(await page.getByText("Signed in as quill_reader").isVisible()).toBe(true);
      const me = await (await page.request.get("/api/v3/internal/current_user")).json();
      expect(me).toMatchObject({ email: QUILL.email, verified_email: true, has_password: false });
    });
  });

  test("without JavaScript, a refused completion form comes back with the email typed", async () => {
    mock.signInAs({ sub: "e2e-google-fern", name: "Fern Nojs" });
    const context = await newContext({
      viewport: PHONE,
      javaScriptEnabled: false,
      baseURL: server.url,
    });
    try {
      const page = await context.newPage();
      await page.goto("/signup?nextUrl=/home");
      await page.getByRole("link", { name: "Continue with Google" }).click();
      await page.waitForURL(/\/signup\/complete\?token=/);
      const form = page.url();
      await page.getByLabel("Email").fill("fern.typed@example.com");
      await page.getByLabel("Day").selectOption("9");
      await page.getByLabel("Month").selectOption("04");
      await page.getByLabel("Year").selectOption("1996");
      await page.getByLabel("Pronouns (optional)").selectOption("F");
      const answer = page.waitForResponse((response) => response.request().method() === "POST");
      // Google gave neither answer: the form asks for both, and says so.
      const payload = await completionPayload(page, () =>
        page.getByRole("button", { name: "Sign up" }).click(),
      );
      expect(payload.get("form-type")).toBe("none");
      // The page itself answers the refused post: the typed email stays out of the address.
      expect((await answer).status()).toBe(400);
      expect(page.url()).toBe(form);
      // The form's own alert, not a field's message (ErrorLine).
      const alert = page.locator("form .alert").and(page.getByRole("alert"));
      expect(await alert.textContent()).toBe("Please fix any errors to continue.");
      expect(await alert.isVisible()).toBe(true);
      expect(await controlsUnderFixed(page)).toEqual([]);
      expect(await page.getByText("Checking this box is required.").isVisible()).toBe(true);
      expect(await page.getByLabel(/I agree to the/).getAttribute("aria-describedby")).toBe(
        "complete-consent-error",
      );
      expect(await page.getByLabel("Email").inputValue()).toBe("fern.typed@example.com");
      expect(await page.getByLabel("Year").inputValue()).toBe("1996");
      expect(await page.getByLabel("Pronouns (optional)").inputValue()).toBe("F");
      await completeSignUp(page);
      await page.waitForURL(`${server.url}/home`);
      const me = await (await page.request.get("/api/v3/internal/current_user")).json();
      expect(me).toMatchObject({ email: "fern.typed@example.com" });
    } finally {
      await context.close();
    }
  });

  test("the email asked for after Google's email was taken stays typed through a later refusal", async () => {
    mock.signInAs({ sub: "e2e-google-hazel", email: "hazel.taken@example.com", name: "Hazel" });
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await page.goto("/signup?nextUrl=/home");
      await page.getByRole("link", { name: "Continue with Google" }).click();
      await page.waitForURL(/\/signup\/complete\?token=/);
      // Meanwhile someone signs up with the address Google gave.
      const taken = await fetch(`${server.url}/signup`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({
          email: "hazel.taken@example.com",
          username: "hazel_first",
          password: "Quill-and-1nk!",
          birthday_day: "3",
          birthday_month: "02",
          birthday_year: "1990",
          consent: true,
        }),
      });
      expect(taken.status).toBe(200);
      await completeSignUp(page);
      const email = page.getByLabel("Email");
      await email.fill("hazel.other@example.com");
      await page.getByLabel(/I agree to the/).uncheck();
      const payload = await completionPayload(page, () =>
        page.getByRole("button", { name: "Sign up" }).click(),
      );
      // The provider gave the email, though another one is typed in its place.
      expect(payload.get("form-type")).toBe("isEmailAvailable");
      await page.getByText("Checking this box is required.").waitFor();
      expect(await email.inputValue()).toBe("hazel.other@example.com");
      await page.getByLabel(/I agree to the/).check();
      await page.getByRole("button", { name: "Sign up" }).click();
      await page.waitForURL(`${server.url}/home`);
      const me = await (await page.request.get("/api/v3/internal/current_user")).json();
      expect(me).toMatchObject({ email: "hazel.other@example.com" });
    });
  });

  test("a sign-up begun from a landing page button keeps its source through Google", async () => {
    mock.signInAs({
      sub: "e2e-google-wren",
      email: "wren.writer@example.com",
      email_verified: true,
      name: "Wren Source",
    });
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await page.goto("/signup?source=writer_top&nextUrl=/terms");
      await page.getByRole("link", { name: "Continue with Google" }).click();
      await page.waitForURL(/\/signup\/complete\?token=/);
      await completeSignUp(page);
      await page.waitForURL(`${server.url}/terms`);
      const me = await (await page.request.get("/api/v3/internal/current_user")).json();
      expect(me).toMatchObject({ email: "wren.writer@example.com", signupSource: "writer_top" });
    });
  });

  test("a visitor who tries to vote can continue with Google from the sign-up modal", async () => {
    const hot = await fetch(`${server.url}/api/v3/stories?filter=hot&limit=1`);
    const { stories } = (await hot.json()) as { stories: { firstPartId: number }[] };
    const partId = stories[0]?.firstPartId;
    if (!partId) throw new Error("no hot story with a part");
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await page.goto(`/${partId}`);
      await page.getByRole("button", { name: /^Vote/ }).click();
      const modal = page.getByRole("dialog", {
        name: "Sign up to comment and interact with the largest storytelling community",
      });
      const google = modal.getByRole("link", { name: "Continue with Google" });
      await google.waitFor();
      expect(await google.getAttribute("href")).toBe(
        `/auth/google?${new URLSearchParams({ nextUrl: `/${partId}` })}`,
      );
      await expectNoAxeViolations(page, "the sign-up modal with Google at 360 px");
      mock.signInAs({
        sub: "e2e-google-voter",
        email: "voter.by.google@example.com",
        email_verified: true,
        name: "Voter By Google",
      });
      await google.click();
      await page.waitForURL(/\/signup\/complete\?token=/);
      await page.getByText("Signing up as voter.by.google@example.com").waitFor();
    });
  });

  test("the same Google account signs straight in from /signup next time", async () => {
    mock.signInAs(QUILL);
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await page.goto("/signup?nextUrl=/terms");
      await page.getByRole("link", { name: "Continue with Google" }).click();
      await page.waitForURL(`${server.url}/terms`);
      await page.getByLabel("Account").click();
      expect(await page.getByText("Signed in as quill_reader").isVisible()).toBe(true);

      // Without a password, unlinking Google would lock the reader out: it is refused.
      await page.goto("/settings");
      await page.getByRole("button", { name: "Unlink" }).click();
      await page
        .getByText("Add a password to your account before unlinking Google", { exact: false })
        .waitFor();
      expect(await page.getByRole("button", { name: "Add password" }).isVisible()).toBe(true);
    });
  });

  test("a reader without a password changes their email with no password to give", async () => {
    mock.signInAs({
      sub: "e2e-google-mover",
      email: "mover.by.google@example.com",
      email_verified: true,
      name: "Mover By Google",
    });
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await page.goto("/signup?nextUrl=/settings");
      await page.getByRole("link", { name: "Continue with Google" }).click();
      await page.waitForURL(/\/signup\/complete\?token=/);
      await completeSignUp(page);
      await page.waitForURL(`${server.url}/settings`);
      await page.getByRole("button", { name: "Change Email" }).click();
      const dialog = page.getByRole("dialog", { name: "Change email" });
      await dialog.getByLabel("New email", { exact: true }).fill("mover.moved@example.com");
      await dialog.getByLabel("Confirm new email", { exact: true }).fill("mover.moved@example.com");
      await dialog.locator(".field__icon--ok").waitFor();
      // The account has no password to confirm with: the form asks for none, and a valid
      // email is all Save waits for.
      const save = dialog.getByRole("button", { name: "Save" });
      expect(await save.isEnabled()).toBe(true);
      expect(await dialog.getByLabel("Password", { exact: true }).count()).toBe(0);
      expect(await dialog.getByRole("link", { name: "Forgot password?" }).count()).toBe(0);
      await expectNoAxeViolations(page, "the change-email form without a password");
      await save.click();
      await page.getByRole("dialog", { name: "Email sent" }).waitFor();
      await page.keyboard.press("Escape");
      await page.reload();
      expect(await page.getByText("mover.moved@example.com").isVisible()).toBe(true);
    });
  });
});
