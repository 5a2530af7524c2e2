import {
  ACCOUNT_MESSAGES,
  CONFIRM_MESSAGES,
  PRONOUNS_MESSAGE,
  SIGNUP_FORM_TYPE_MESSAGE,
  SIGNUP_FROM,
  SIGNUP_FROM_MESSAGE,
  SIGNUP_SOURCE_MESSAGE,
  SIGNUP_SOURCES,
} from "@inkwell/shared";
import { describe, expect, it } from "vitest";
import { createApi } from "../app.ts";
import { accountLimiters } from "../http/rate-limit.ts";
import { TEST_PUBLIC_URL, useTestApi } from "../testing/api.ts";
import { createUser, signedInUser } from "../testing/fixtures.ts";
import { hashPassword } from "./passwords.ts";
import { SESSION_COOKIE } from "./sessions.ts";

const t = useTestApi();
const STRONG = "Quill-and-1nk";

interface SignupOverrides {
  [field: string]: string | boolean | number | undefined;
}

function signupBody(overrides: SignupOverrides = {}) {
  return {
    email: "mara@example.com",
    username: "mara_reads",
    password: STRONG,
    birthday_day: "14",
    birthday_month: "03",
    birthday_year: "1998",
    pronouns: "F",
    marketing: false,
    consent: true,
    ...overrides,
  };
}

const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  t.get(path, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json", ...headers },
    body: JSON.stringify(body),
  });

const postForm = (
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) =>
  t.get(path, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      accept: "text/html",
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
  });

function sessionCookie(response: Response): string {
  const match = new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(
    response.headers.get("set-cookie") ?? "",
  );
  if (!match?.[1]) throw new Error("no session cookie was set");
  return `${SESSION_COOKIE}=${match[1]}`;
}

async function me(cookie: string) {
  return t.get("/api/v3/internal/current_user", { headers: { cookie } });
}

async function countUsers() {
  const row = await t.handle.db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function lastMailTo(address: string) {
  return t.handle.db
    .selectFrom("outbox")
    .selectAll()
    .where("to_address", "=", address)
    .orderBy("id", "desc")
    .executeTakeFirst();
}

describe("POST /signup", () => {
  it("creates the account, signs in, and mails a single-use verification link", async () => {
    const response = await postJson("/signup?nextUrl=/story/1", signupBody());
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ redirectUrl: "/story/1" });
    const setCookie = response.headers.get("set-cookie") ?? "";
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    const cookie = sessionCookie(response);

    const user = await (await me(cookie)).json();
    expect(user).toMatchObject({
      username: "mara_reads",
      email: "mara@example.com",
      verified_email: false,
      has_password: true,
      birthdate: "1998-03-14",
    });

    const mail = await lastMailTo("mara@example.com");
    expect(mail?.subject).toBe("Confirm your email for Inkwell");
    const link = /http:\/\/localhost(\/verify-email\?token=[\w-]+)/.exec(
      mail?.text_body ?? "",
    )?.[1];
    expect(link).toBeDefined();

    const verified = await t.get(link as string);
    expect(verified.status).toBe(303);
    expect(verified.headers.get("location")).toBe("/email-verified");
    expect((await (await me(cookie)).json()).verified_email).toBe(true);

    const again = await t.get(link as string);
    expect(again.headers.get("location")).toBe("/email-verified?error=invalid");
  });

  it("never stores the password in clear", async () => {
    const row = await t.handle.db
      .selectFrom("users")
      .select("password_hash")
      .where("username_lower", "=", "mara_reads")
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.password_hash).not.toContain(STRONG);
  });

  it.each([
    [
      "missing consent",
      { consent: false },
      "fixerrors",
      { consent: ACCOUNT_MESSAGES.consentRequired },
    ],
    [
      "missing birthday",
      { birthday_year: undefined },
      "fixerrors",
      { birthday: ACCOUNT_MESSAGES.birthdayRequired },
    ],
    [
      "31 February",
      { birthday_day: "31", birthday_month: "02" },
      "fixerrors",
      { birthday: ACCOUNT_MESSAGES.birthdayInvalid },
    ],
    [
      "a year the selector does not offer (more than 100 years back)",
      { birthday_year: String(new Date().getUTCFullYear() - 101) },
      "fixerrors",
      { birthday: ACCOUNT_MESSAGES.birthdayInvalid },
    ],
    [
      "a short password",
      { password: "Ab1!" },
      "fixerrors",
      { password: ACCOUNT_MESSAGES.passwordLength },
    ],
    [
      "a weak password",
      { password: "onlylowercaseletters" },
      "fixerrors",
      { password: ACCOUNT_MESSAGES.passwordWeak },
    ],
    [
      "the username in the password",
      { username: "harbour", password: "Harbour-2024!" },
      "fixerrors",
      { password: ACCOUNT_MESSAGES.passwordWeak },
    ],
    [
      "a bad username",
      { username: "no spaces allowed" },
      "fixerrors",
      { username: ACCOUNT_MESSAGES.usernameFormat },
    ],
    [
      "a bad email",
      { email: "not-an-email" },
      "fixerrors",
      { email: ACCOUNT_MESSAGES.emailInvalid },
    ],
    [
      "a re-entered password that differs",
      { confirm_password: "Quill-and-1nk!" },
      "fixerrors",
      { confirm_password: CONFIRM_MESSAGES.mismatch },
    ],
    [
      "a signup-from the form does not send",
      { "signup-from": "elsewhere" },
      "fixerrors",
      { "signup-from": SIGNUP_FROM_MESSAGE },
    ],
    [
      "a form-type saying the account has its email already",
      { "form-type": "isEmailAvailable" },
      "fixerrors",
      { "form-type": "form-type must be none, or empty" },
    ],
    [
      "a form-type no form sends",
      { "form-type": "isEverythingAvailable" },
      "fixerrors",
      { "form-type": SIGNUP_FORM_TYPE_MESSAGE },
    ],
    [
      "pronouns the form does not offer",
      { pronouns: "Q" },
      "fixerrors",
      { pronouns: PRONOUNS_MESSAGE },
    ],
    [
      "a consent that is not a checkbox's value",
      { consent: "yes" },
      "fixerrors",
      { consent: "consent must be true or false (a checkbox's on, or empty)" },
    ],
    [
      "a password far past the longest allowed",
      { password: `Quill-and-1nk${"k".repeat(200)}` },
      "fixerrors",
      { password: ACCOUNT_MESSAGES.passwordLength },
    ],
    [
      "an email with a control character",
      { email: "new\u0000@example.com" },
      "fixerrors",
      { email: ACCOUNT_MESSAGES.emailInvalid },
    ],
  ])("refuses %s with its message and creates nothing", async (_, overrides, code, fields) => {
    const before = await countUsers();
    const response = await postJson(
      "/signup",
      signupBody({ email: "new@example.com", username: "newcomer", ...overrides }),
    );
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body).toMatchObject({ code, msg: ACCOUNT_MESSAGES.fixErrors, fields });
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(await countUsers()).toBe(before);
  });

  it("signs up with the form's whole payload: the password re-entered, signup-from and form-type", async () => {
    const response = await postJson(
      "/signup",
      signupBody({
        email: "twice@example.com",
        username: "typed_twice",
        confirm_password: STRONG,
        "signup-from": SIGNUP_FROM,
        "form-type": "none",
      }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ redirectUrl: "/home" });
  });

  it("names every field to fix at once, in the form's order, for an empty form", async () => {
    const before = await countUsers();
    const response = await postJson("/signup", {
      email: "",
      username: "",
      password: "",
      birthday_day: "",
      birthday_month: "",
      birthday_year: "",
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { fields: Record<string, string> };
    expect(Object.keys(body.fields)).toEqual([
      "email",
      "username",
      "birthday",
      "password",
      "consent",
    ]);
    expect(body.fields).toMatchObject({
      email: ACCOUNT_MESSAGES.emailInvalid,
      username: ACCOUNT_MESSAGES.usernameFormat,
      birthday: ACCOUNT_MESSAGES.birthdayRequired,
      consent: ACCOUNT_MESSAGES.consentRequired,
    });
    const garbled = await postJson("/signup", signupBody({ birthday_month: "May" }));
    expect(((await garbled.json()) as { fields: object }).fields).toEqual({
      birthday: ACCOUNT_MESSAGES.birthdayInvalid,
    });
    expect(await countUsers()).toBe(before);
  });

  it("names the fields a call leaves out or sends as other than text, in the form's words", async () => {
    const before = await countUsers();
    const refusal = async (body: object) => {
      const response = await postJson("/signup", body);
      return [response.status, ((await response.json()) as { fields: object }).fields];
    };
    expect(await refusal({})).toEqual([
      400,
      {
        email: ACCOUNT_MESSAGES.emailInvalid,
        username: ACCOUNT_MESSAGES.usernameFormat,
        birthday: ACCOUNT_MESSAGES.birthdayRequired,
        password: ACCOUNT_MESSAGES.passwordRequired,
        consent: ACCOUNT_MESSAGES.consentRequired,
      },
    ]);
    expect(
      await refusal({
        ...signupBody(),
        email: 7,
        username: ["mara"],
        password: null,
        confirm_password: 1,
      }),
    ).toEqual([
      400,
      {
        email: ACCOUNT_MESSAGES.emailInvalid,
        username: ACCOUNT_MESSAGES.usernameFormat,
        confirm_password: CONFIRM_MESSAGES.mismatch,
      },
    ]);
    expect(await countUsers()).toBe(before);
  });

  it("refuses people under 13 with code 1027", async () => {
    const year = String(new Date().getUTCFullYear() - 10);
    const response = await postJson(
      "/signup",
      signupBody({ email: "kid@example.com", username: "kiddo", birthday_year: year }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "1027", msg: ACCOUNT_MESSAGES.tooYoung });
  });

  it("keeps emails (code 1171) and usernames unique without regard to case", async () => {
    const email = await postJson(
      "/signup",
      signupBody({ email: "MARA@Example.com", username: "someone_else" }),
    );
    expect(email.status).toBe(400);
    expect(await email.json()).toMatchObject({ code: "1171", msg: ACCOUNT_MESSAGES.emailTaken });
    const name = await postJson(
      "/signup",
      signupBody({ email: "other@example.com", username: "MARA_READS" }),
    );
    expect(name.status).toBe(400);
    expect(await name.json()).toMatchObject({ code: "username_taken" });
  });

  it("records the landing page's sign-up source with the account, and only a known one", async () => {
    const sourceOf = async (username: string) =>
      (
        await t.handle.db
          .selectFrom("users")
          .select("signup_source")
          .where("username_lower", "=", username)
          .executeTakeFirstOrThrow()
      ).signup_source;
    for (const source of SIGNUP_SOURCES) {
      const username = `from_${source}`;
      const response = await postJson(
        "/signup",
        signupBody({ email: `${username}@example.com`, username, source }),
      );
      expect(response.status).toBe(200);
      expect(await sourceOf(username)).toBe(source);
      const user = await (await me(sessionCookie(response))).json();
      expect(user.signupSource).toBe(source);
    }
    // Signing up anywhere else records none.
    const plain = await postJson(
      "/signup",
      signupBody({ email: "plain@example.com", username: "plain_signup", source: "" }),
    );
    expect(await sourceOf("plain_signup")).toBeNull();
    expect((await (await me(sessionCookie(plain))).json()).signupSource).toBeNull();

    const before = await countUsers();
    const unknown = await postJson(
      "/signup",
      signupBody({ email: "odd@example.com", username: "odd_source", source: "banner_ad" }),
    );
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({
      code: "fixerrors",
      fields: { source: SIGNUP_SOURCE_MESSAGE },
    });
    expect(await countUsers()).toBe(before);
  });

  it("keeps every language's curation account name (inkwell_{code}) for the team", async () => {
    const before = await countUsers();
    for (const username of ["inkwell_de", "Inkwell_FIL", "inkwell_zz"]) {
      const response = await postJson(
        "/signup",
        signupBody({ email: `${username.toLowerCase()}@example.com`, username }),
      );
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        code: "username_taken",
        fields: { username: ACCOUNT_MESSAGES.usernameTaken },
      });
    }
    expect(await countUsers()).toBe(before);
    // Only the exact shape is kept: a longer name that starts the same is anyone's.
    const fan = await postJson(
      "/signup",
      signupBody({ email: "fans@example.com", username: "inkwell_fans" }),
    );
    expect(fan.status).toBe(200);
  });

  it("lets exactly one of two simultaneous sign-ups take a username", async () => {
    const [a, b] = await Promise.all([
      postJson("/signup", signupBody({ email: "twin1@example.com", username: "twin" })),
      postJson("/signup", signupBody({ email: "twin2@example.com", username: "Twin" })),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
  });

  it("tells the loser of two simultaneous sign-ups with one email that the email is taken", async () => {
    const answers = await Promise.all([
      postJson("/signup", signupBody({ email: "same@example.com", username: "first_same" })),
      postJson("/signup", signupBody({ email: "SAME@example.com", username: "second_same" })),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    const loser = answers.find((answer) => answer.status === 400) as Response;
    expect(await loser.json()).toMatchObject({ code: "1171", msg: ACCOUNT_MESSAGES.emailTaken });
  });

  it("signs up from a form's fields, and never sends on to another site", async () => {
    const fields = signupBody({ email: "form@example.com", username: "formfan" });
    const ok = await postForm(
      "/signup?nextUrl=//evil.example/x",
      Object.fromEntries(
        Object.entries({ ...fields, consent: "on" }).map(([k, v]) => [k, String(v)]),
      ),
      { accept: "application/json" },
    );
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ redirectUrl: "/home" });
    const nul = await postJson(
      "/signup?nextUrl=%00",
      signupBody({ email: "nul@example.com", username: "nulfan" }),
    );
    expect(await nul.json()).toEqual({ redirectUrl: "/home" });
  });
});

describe("POST /login", () => {
  it("signs in by username or email, either case, and redirects to nextUrl", async () => {
    for (const username of ["mara_reads", "Mara@Example.COM"]) {
      const response = await postForm("/login?nextUrl=/story/7", { username, password: STRONG });
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/story/7");
      const user = await (await me(sessionCookie(response))).json();
      expect(user.username).toBe("mara_reads");
    }
  });

  it("marks the session cookie Secure on an https site, though TLS ended at a proxy", async () => {
    // The proxy forwards plain http: only the configured public origin says https.
    const behindProxy = createApi(t.handle, {
      limits: accountLimiters(1000),
      publicUrl: "https://inkwell.example",
    });
    const username = "behind_a_proxy";
    await createUser(t.handle.db, { username, password_hash: await hashPassword(STRONG) });
    const login = (api: typeof behindProxy) =>
      api.request("/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username, password: STRONG }),
      });
    const secure = await login(behindProxy);
    expect(secure.status).toBe(200);
    expect(secure.headers.get("set-cookie")).toMatch(/; Secure/);
    const plain = await login(t.api);
    expect(plain.status).toBe(200);
    expect(plain.headers.get("set-cookie")).not.toMatch(/; Secure/);
  });

  it("answers a wrong password and an unknown account the same way, without a session", async () => {
    const wrong = await postForm("/login", { username: "mara_reads", password: "Not-the-pass1" });
    const unknown = await postForm("/login", { username: "nobody_here", password: STRONG });
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/login?nextUrl=%2Fhome&error=login_failed");
      expect(response.headers.get("set-cookie")).toBeNull();
    }
    const json = await postJson("/login", { username: "mara_reads", password: "nope" });
    expect(json.status).toBe(401);
    expect(await json.json()).toEqual({
      code: "login_failed",
      message: ACCOUNT_MESSAGES.loginFailed,
    });
  });

  it("goes home from a nextUrl no redirect can carry", async () => {
    for (const nextUrl of ["%00", "%2Fstory%2F7%0D%0ALocation:%20x", "%7F"]) {
      const response = await postForm(`/login?nextUrl=${nextUrl}`, {
        username: "mara_reads",
        password: STRONG,
      });
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/home");
    }
  });

  it("finds no account for a name with control characters, which PostgreSQL would refuse", async () => {
    const json = await postJson("/login", { username: "mara_reads\u0000", password: STRONG });
    expect(json.status).toBe(401);
    expect(await json.json()).toMatchObject({ code: "login_failed" });
    const before = await lastMailTo("mara@example.com");
    const forgot = await postJson("/forgot", { email: "mara@example.com\u0000" });
    expect(forgot.status).toBe(200);
    expect(await lastMailTo("mara@example.com")).toEqual(before);
  });

  it("starts a new session at login and ends the one held before", async () => {
    const first = sessionCookie(
      await postForm("/login", { username: "mara_reads", password: STRONG }),
    );
    const second = await postForm(
      "/login",
      { username: "mara_reads", password: STRONG },
      { cookie: first },
    );
    expect(sessionCookie(second)).not.toBe(first);
    expect((await me(first)).status).toBe(401);
    expect((await me(sessionCookie(second))).status).toBe(200);
  });

  it("refuses a login from another site", async () => {
    const response = await postForm(
      "/login",
      { username: "mara_reads", password: STRONG },
      { origin: "https://evil.example" },
    );
    expect(response.status).toBe(403);
  });

  it("limits attempts per account with a 429 and a clear message", async () => {
    const api = createApi(t.handle, { limits: accountLimiters() });
    const attempt = (password: string) =>
      api.request("/login", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ username: "mara_reads", password }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await attempt(`Wrong-guess-${i}`)).status);
    expect(statuses.every((status) => status === 401)).toBe(true);
    const limited = await attempt(STRONG);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      code: "rate_limited",
      message: ACCOUNT_MESSAGES.rateLimited,
    });
  }, 30_000);
});

describe("addresses behind the site's proxy", () => {
  /** A failed login through the proxy, which appended the address it was reached from. */
  async function attemptVia(api: ReturnType<typeof createApi>, forwardedFor: string, n: number) {
    const response = await api.request("/login", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor },
      body: JSON.stringify({ username: `nobody_${n}`, password: "Wrong-guess-1" }),
    });
    return response.status;
  }

  it("limits each reader at their own address, whatever address they claim", async () => {
    const api = createApi(t.handle, { limits: accountLimiters(), trustedProxies: 1 });
    const statuses: number[] = [];
    // A client may send its own X-Forwarded-For: the proxy's entry is the last one.
    for (let i = 0; i < 11; i++) {
      statuses.push(await attemptVia(api, `198.51.100.${i}, 203.0.113.7`, i));
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    expect(await attemptVia(api, "203.0.113.8", 11)).toBe(401);
  }, 30_000);

  it("ignores X-Forwarded-For when no proxy is trusted", async () => {
    const api = createApi(t.handle, { limits: accountLimiters() });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push(await attemptVia(api, `203.0.113.${i}`, i));
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
  }, 30_000);
});

describe("a browser that has signed in before", () => {
  const DEVICE_COOKIE = "inkwell_device";

  /** A JSON log-in from `address` (through one trusted proxy), with the browser's cookies. */
  async function logInFrom(
    api: ReturnType<typeof createApi>,
    address: string,
    username: string,
    password: string,
    device?: string,
  ) {
    const headers: Record<string, string> = {
      "content-type": "application/json",
      accept: "application/json",
      "x-forwarded-for": address,
    };
    if (device) headers.cookie = `${DEVICE_COOKIE}=${device}`;
    return api.request("/login", {
      method: "POST",
      headers,
      body: JSON.stringify({ username, password }),
    });
  }

  /** The known-device token a log-in answer hands the browser, if any. */
  const deviceOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith(`${DEVICE_COOKIE}=`))
      ?.split(";")[0]
      ?.slice(DEVICE_COOKIE.length + 1);

  async function owner(username: string) {
    await createUser(t.handle.db, {
      username,
      email: `${username}@example.com`,
      email_lower: `${username}@example.com`,
      password_hash: await hashPassword(STRONG),
    });
  }

  it("still lets its owner in once strangers' wrong guesses have locked the account", async () => {
    await owner("kept_owner");
    const api = createApi(t.handle, { limits: accountLimiters(), trustedProxies: 1 });
    const first = await logInFrom(api, "192.0.2.1", "kept_owner", STRONG);
    expect(first.status).toBe(200);
    const device = deviceOf(first);
    expect(device).toBeTruthy();
    expect(first.headers.getSetCookie().join()).toContain("Path=/login");

    // Nine wrong guesses from nine addresses, ten attempts with the owner's first: the account
    // is locked for every other browser.
    for (let i = 0; i < 9; i++) {
      expect((await logInFrom(api, `198.51.100.${i}`, "kept_owner", `Wrong-${i}`)).status).toBe(
        401,
      );
    }
    expect((await logInFrom(api, "198.51.100.50", "kept_owner", STRONG)).status).toBe(429);
    // The owner's browser is not a stranger's: it signs in, and keeps its token.
    const again = await logInFrom(api, "192.0.2.1", "kept_owner", STRONG, device);
    expect(again.status).toBe(200);
    expect(deviceOf(again)).toBeUndefined();
    // The owner's data export lists the browser, once.
    const exported = await api.request("/api/v3/users/kept_owner/export", {
      headers: { cookie: sessionCookie(again) },
    });
    expect((await exported.json()).knownDevices).toHaveLength(1);
  }, 60_000);

  it("gets no more guesses than an address, and no pass for another account", async () => {
    await owner("known_guesser");
    await owner("other_target");
    const api = createApi(t.handle, { limits: accountLimiters(), trustedProxies: 1 });
    const device = deviceOf(await logInFrom(api, "192.0.2.2", "known_guesser", STRONG));
    // Known to one account, the browser is a stranger to another one that is locked.
    for (let i = 0; i < 10; i++) {
      await logInFrom(api, `198.51.100.${100 + i}`, "other_target", `Wrong-${i}`);
    }
    expect((await logInFrom(api, "192.0.2.3", "other_target", STRONG, device)).status).toBe(429);

    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await logInFrom(api, `203.0.113.${i}`, "known_guesser", `Wrong-${i}`, device)).status,
      );
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
  }, 60_000);
});

describe("sessions and the current user", () => {
  it("ends the session at logout", async () => {
    const cookie = sessionCookie(
      await postForm("/login", { username: "mara_reads", password: STRONG }),
    );
    const out = await postForm("/logout", {}, { cookie });
    expect(out.status).toBe(303);
    expect(out.headers.get("set-cookie")).toContain(`${SESSION_COOKIE}=;`);
    expect((await me(cookie)).status).toBe(401);
  });

  it("answers 401 to visitors", async () => {
    const response = await t.get("/api/v3/internal/current_user");
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ code: "unauthorized", message: "Log in to continue." });
  });

  it("resends the activation email only to signed-in, unverified users", async () => {
    expect((await postJson("/api/v3/users/validate", { activation_email: true })).status).toBe(401);
    const signup = await postJson(
      "/signup",
      signupBody({ email: "resend@example.com", username: "resender" }),
    );
    const cookie = sessionCookie(signup);
    const response = await postJson(
      "/api/v3/users/validate",
      { activation_email: true },
      { cookie },
    );
    expect(response.status).toBe(200);
    const mails = await t.handle.db
      .selectFrom("outbox")
      .select("id")
      .where("to_address", "=", "resend@example.com")
      .execute();
    expect(mails).toHaveLength(2);
  });

  it("resends the activation email only when asked with activation_email=true", async () => {
    const signup = await postJson(
      "/signup",
      signupBody({ email: "asked@example.com", username: "asker" }),
    );
    const cookie = sessionCookie(signup);
    const mailsTo = async () =>
      (
        await t.handle.db
          .selectFrom("outbox")
          .select("id")
          .where("to_address", "=", "asked@example.com")
          .execute()
      ).length;
    const refused = {
      code: "bad_request",
      message: "activation_email must be true: it asks for the verification email again",
      fields: {
        activation_email: "activation_email must be true: it asks for the verification email again",
      },
    };
    for (const body of [{}, { activation_email: false }, { activation_email: "yes" }]) {
      const response = await postJson("/api/v3/users/validate", body, { cookie });
      expect([response.status, await response.json()]).toEqual([400, refused]);
    }
    const unasked = await postForm("/api/v3/users/validate", {}, { cookie });
    expect([unasked.status, await unasked.json()]).toEqual([400, refused]);
    expect(await mailsTo()).toBe(1);
    const asked = await postForm(
      "/api/v3/users/validate",
      { activation_email: "true" },
      { cookie },
    );
    expect([asked.status, await asked.json()]).toEqual([200, { message: "Email sent" }]);
    expect(await mailsTo()).toBe(2);
  });

  it("counts a resend against the mail limit only when it sends one", async () => {
    const api = createApi(t.handle, { limits: accountLimiters() });
    const resend = async (cookie: string) => {
      const response = await api.request("/api/v3/users/validate", {
        method: "POST",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify({ activation_email: true }),
      });
      return [response.status, await response.json()];
    };
    // A verified address is refused each time, and never reaches the hour's five mails.
    const verified = await signedInUser(t.handle.db, { email: "verified@example.com" });
    const refusals = [];
    for (let i = 0; i < 6; i++) refusals.push(await resend(verified.cookie));
    const already = { code: "already_verified", message: "Your email is already verified." };
    expect(refusals).toEqual(Array(6).fill([409, already]));
    const unverified = await signedInUser(t.handle.db, {
      email: "unverified@example.com",
      email_verified: 0,
    });
    const sent = [];
    for (let i = 0; i < 6; i++) sent.push(await resend(unverified.cookie));
    expect(sent).toEqual([
      ...Array(5).fill([200, { message: "Email sent" }]),
      [429, { code: "rate_limited", message: ACCOUNT_MESSAGES.rateLimited }],
    ]);
  });
});

describe("password strength", () => {
  it("publishes its policy and judges passwords against the requester", async () => {
    const policy = await (await t.get("/v5/password-strength/policies")).json();
    expect(policy).toMatchObject({ minLength: 10, maxLength: 50 });
    const check = async (password: string, requester = {}) =>
      (await (await postJson("/v5/password-strength/check", { password, requester })).json())
        .strength;
    expect(await check("Quill-and-1nk")).toBe("STRONG");
    expect(await check("quillandink")).toBe("WEAK");
    expect(await check("short")).toBe("INVALID");
    expect(await check("Harbourside-22", { username: "harbourside" })).toBe("INVALID");
    const missing = await postJson("/v5/password-strength/check", {});
    expect(missing.status).toBe(400);
    expect((await missing.json()).message).toContain(ACCOUNT_MESSAGES.passwordRequired);
  });

  it("asks for the password when the call comes with no body at all", async () => {
    const bare = await t.get("/v5/password-strength/check", { method: "POST" });
    expect([bare.status, await bare.json()]).toEqual([
      400,
      {
        code: "bad_request",
        message: ACCOUNT_MESSAGES.passwordRequired,
        fields: { password: ACCOUNT_MESSAGES.passwordRequired },
      },
    ]);
  });
});

describe("forgotten passwords", () => {
  const resetLink = async (address: string) => {
    const mail = await lastMailTo(address);
    expect(mail?.subject).toBe("Reset your Inkwell password");
    return /token=([\w-]+)/.exec(mail?.text_body ?? "")?.[1] ?? "";
  };
  const reset = (at: string, password: string) =>
    postJson("/apiv2/updateuserpassword", { at, new_password: password });
  /** A reset refused for a weak password, said inline (§8). */
  const expectWeak = async (response: Response) => {
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: 467,
      error_code: "error_weak_password",
      message: ACCOUNT_MESSAGES.passwordWeak,
    });
  };

  it("answers the same whether or not the account exists, mailing only real accounts", async () => {
    const before = await t.handle.db.selectFrom("outbox").select("id").execute();
    const unknown = await postJson("/forgot", { email: "nobody@example.com" });
    const known = await postJson("/forgot", { email: "MARA_READS" });
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual(await known.json());
    const after = await t.handle.db.selectFrom("outbox").select("id").execute();
    expect(after.length - before.length).toBe(1);
  });

  it("mails a link on the site's own origin, whatever host the request was sent to", async () => {
    const forged = await t.get("http://evil.example/forgot", {
      method: "POST",
      headers: {
        host: "evil.example",
        "content-type": "application/json",
        accept: "application/json",
      },
      body: JSON.stringify({ email: "mara@example.com" }),
    });
    expect(forged.status).toBe(200);
    const mail = await lastMailTo("mara@example.com");
    expect(mail?.subject).toBe("Reset your Inkwell password");
    const links = (mail?.text_body.match(/\bhttps?:\/\/\S+/g) ?? []).map((link) => new URL(link));
    expect(links.map((link) => `${link.origin}${link.pathname}`)).toEqual([
      `${TEST_PUBLIC_URL}/reset-password`,
    ]);
    expect(mail?.text_body).not.toContain("evil.example");
  });

  it("limits reset mails: a browser goes back to the form with the refusal, a script gets 429", async () => {
    const api = createApi(t.handle, { limits: accountLimiters() });
    const ask = (accept: string) =>
      api.request("/forgot?nextUrl=%2Fsettings", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", accept },
        body: new URLSearchParams({ email: "mara_reads" }).toString(),
      });
    for (let i = 0; i < 5; i++) expect((await ask("application/json")).status).toBe(200);
    const mails = (await t.handle.db.selectFrom("outbox").select("id").execute()).length;
    const json = await ask("application/json");
    expect(json.status).toBe(429);
    expect(await json.json()).toEqual({
      code: "rate_limited",
      message: ACCOUNT_MESSAGES.rateLimited,
    });
    const browser = await ask("text/html,application/xhtml+xml");
    expect(browser.status).toBe(303);
    expect(browser.headers.get("location")).toBe("/forgot?nextUrl=%2Fsettings&error=rate_limited");
    expect((await t.handle.db.selectFrom("outbox").select("id").execute()).length).toBe(mails);
  });

  it("resets the password once from the link, ends every session, and keeps the link on a refused password", async () => {
    const cookie = sessionCookie(
      await postForm("/login", { username: "mara_reads", password: STRONG }),
    );
    await postForm("/forgot", { email: "mara@example.com" });
    const token = await resetLink("mara@example.com");

    await expectWeak(await reset(token, "alllowercase"));
    const short = await reset(token, "Ab1!");
    expect((await short.json()).error_code).toBe("error_invalid_password_length");

    const ok = await reset(token, "New-Lantern-42");
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ redirectUrl: "/login?nexturl=home&notice=password_reset" });
    expect((await me(cookie)).status).toBe(401);

    const again = await reset(token, "Another-Lantern-42");
    expect((await again.json()).error_code).toBe("error_invalid_token");
    const oldLogin = await postJson("/login", { username: "mara_reads", password: STRONG });
    expect(oldLogin.status).toBe(401);
    const newLogin = await postJson("/login", {
      username: "mara_reads",
      password: "New-Lantern-42",
    });
    expect(newLogin.status).toBe(200);
  });

  it("refuses a reset to a password containing the account's name, keeping the link", async () => {
    const address = "named_reset@example.com";
    await postJson("/signup", signupBody({ email: address, username: "named_reset" }));
    await t.handle.db
      .updateTable("users")
      .set({ name: "Odile Marchetti" })
      .where("username", "=", "named_reset")
      .execute();
    await postJson("/forgot", { email: address });
    const token = await resetLink(address);

    await expectWeak(await reset(token, "Marchetti-Ink-42"));
    expect((await postJson("/login", { username: "named_reset", password: STRONG })).status).toBe(
      200,
    );
    expect((await reset(token, "Harbour-Ink-42")).status).toBe(200);
  });

  it("voids every other reset link once the password or the email changes", async () => {
    const address = "relinker@example.com";
    await postJson("/signup", signupBody({ email: address, username: "relinker" }));
    const refused = async (token: string) => {
      const response = await reset(token, "Unused-Lantern-42");
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error_code: "error_invalid_token" });
    };
    const signIn = async (password: string) =>
      sessionCookie(await postForm("/login", { username: "relinker", password }));

    await postJson("/forgot", { email: address });
    const first = await resetLink(address);
    await postJson("/forgot", { email: address });
    expect((await reset(await resetLink(address), "Second-Lantern-42")).status).toBe(200);
    await refused(first);

    await postJson("/forgot", { email: address });
    const beforeChange = await resetLink(address);
    const changed = await postJson(
      "/apiv2/updateuserpassword",
      { old_password: "Second-Lantern-42", new_password: "Third-Lantern-42" },
      { cookie: await signIn("Second-Lantern-42") },
    );
    expect(changed.status).toBe(200);
    await refused(beforeChange);

    await postJson("/forgot", { email: address });
    const toOldAddress = await resetLink(address);
    const moved = await postJson(
      "/apiv2/updateuseremail",
      {
        email: "moved@example.com",
        confirm_email: "moved@example.com",
        password: "Third-Lantern-42",
      },
      { cookie: await signIn("Third-Lantern-42") },
    );
    expect(moved.status).toBe(200);
    await refused(toOldAddress);
    const login = await postJson("/login", { username: "relinker", password: "Third-Lantern-42" });
    expect(login.status).toBe(200);
  });

  it("ends a reset from the app's push notification on the success screen", async () => {
    await postJson("/signup", signupBody({ email: "pushed@example.com", username: "pushed" }));
    await postJson("/forgot", { email: "pushed@example.com" });
    const token = await resetLink("pushed@example.com");

    const bad = await postJson("/apiv2/updateuserpassword", {
      at: token,
      new_password: "Harbour-Lantern-42",
      isFromPushNotification: "maybe",
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      code: "bad_request",
      fields: { isFromPushNotification: "isFromPushNotification must be true or false" },
    });
    const weak = await postForm("/apiv2/updateuserpassword", {
      at: token,
      new_password: "alllowercase",
      isFromPushNotification: "true",
    });
    expect(weak.headers.get("location")).toBe(
      `/reset-password?token=${token}&error=error_weak_password&isFromPushNotification=true`,
    );
    const ok = await postForm("/apiv2/updateuserpassword", {
      at: token,
      new_password: "Harbour-Lantern-42",
      isFromPushNotification: "true",
    });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe("/reset-password?done=1");
    const login = await postJson("/login", { username: "pushed", password: "Harbour-Lantern-42" });
    expect(login.status).toBe(200);

    await postJson("/forgot", { email: "pushed@example.com" });
    const script = await postJson("/apiv2/updateuserpassword", {
      at: await resetLink("pushed@example.com"),
      new_password: "Harbour-Again-42",
      isFromPushNotification: true,
    });
    expect(await script.json()).toEqual({ redirectUrl: "/reset-password?done=1" });
  });

  it("sends a browser back to the forgot page when the link is no good", async () => {
    const response = await postForm("/apiv2/updateuserpassword", {
      at: "made-up",
      new_password: "New-Lantern-42",
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(
      "/forgot?nextUrl=settings&msg=error_invalid_token",
    );
  });
});

describe("language", () => {
  it("sets the locale cookie for ten years and goes back to the page", async () => {
    const response = await postForm("/locale", { locale: "fr", next: "/story/3" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/story/3");
    const cookie = response.headers.get("set-cookie") ?? "";
    expect(cookie).toContain("locale=fr");
    expect(cookie).toContain(`Max-Age=${3650 * 86_400}`);
    const unknown = await postForm("/locale", { locale: "xx", next: "/" });
    expect(unknown.status).toBe(400);
    expect(unknown.headers.get("set-cookie")).toBeNull();
  });
  it.each([
    ["a NUL", "/\u0000"],
    ["a lone surrogate", "/story/\ud800"],
    ["a megabyte", `/${"a".repeat(1_000_000)}`],
  ])("goes home from a next with %s rather than failing the redirect", async (_, next) => {
    const response = await postJson("/locale", { locale: "en", next });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/home");
  });
});
