import { createHash, generateKeyPairSync } from "node:crypto";
import {
  ACCOUNT_MESSAGES,
  SIGNUP_ERROR_CODES,
  SIGNUP_FORM_TYPE_MESSAGE,
  SIGNUP_SOURCE_MESSAGE,
} from "@inkwell/shared";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type IdentityClaims,
  type MockOidc,
  startMockOidc,
} from "../../../e2e/support/mock-oidc.ts";
import { TEST_PUBLIC_URL, useTestApi } from "../testing/api.ts";
import { createUser } from "../testing/fixtures.ts";
import { OAUTH_MESSAGES } from "./oidc.ts";
import { hashPassword } from "./passwords.ts";
import { SESSION_COOKIE } from "./sessions.ts";
import { usernameBase } from "./social-accounts.ts";

const t = useTestApi();
let mock: MockOidc;
const savedEnv = { ...process.env };

beforeAll(async () => {
  mock = await startMockOidc();
  Object.assign(process.env, mock.env);
});

afterAll(async () => {
  for (const name of Object.keys(mock?.env ?? {})) delete process.env[name];
  Object.assign(process.env, savedEnv);
  await mock?.stop();
});

const cookieValue = (response: Response, name: string) =>
  new RegExp(`${name}=([^;]*)`).exec(response.headers.get("set-cookie") ?? "")?.[1];

function sessionCookie(response: Response): string {
  const value = cookieValue(response, SESSION_COOKIE);
  if (!value) throw new Error("no session cookie was set");
  return `${SESSION_COOKIE}=${value}`;
}

const me = async (cookie: string) =>
  (await t.get("/api/v3/internal/current_user", { headers: { cookie } })).json();

const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  t.get(path, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json", ...headers },
    body: JSON.stringify(body),
  });

/** GET /auth/google, then the mock's authorize endpoint: the callback URL and the state cookie. */
async function toProviderAndBack(nextUrl = "/home", source?: string) {
  const query = new URLSearchParams({ nextUrl, ...(source && { source }) });
  const start = await t.get(`/auth/google?${query}`);
  expect(start.status).toBe(302);
  const stateCookie = `inkwell_oidc=${cookieValue(start, "inkwell_oidc")}`;
  const authorize = await fetch(start.headers.get("location") ?? "", { redirect: "manual" });
  const callback = new URL(authorize.headers.get("location") ?? "");
  return { start, stateCookie, callback: `${callback.pathname}${callback.search}` };
}

/** A whole sign-in with Google as `claims`: the callback's answer. */
async function signInWithGoogle(
  claims: IdentityClaims,
  nextUrl = "/home",
  cookie = "",
  source?: string,
) {
  mock.signInAs(claims);
  const { stateCookie, callback } = await toProviderAndBack(nextUrl, source);
  return t.get(callback, { headers: { cookie: [stateCookie, cookie].filter(Boolean).join("; ") } });
}

const pendingToken = (response: Response) => {
  const location = new URL(response.headers.get("location") ?? "", "http://localhost");
  expect(location.pathname).toBe("/signup/complete");
  return location.searchParams.get("token") ?? "";
};

const BIRTHDAY = { birthday_day: "9", birthday_month: "04", birthday_year: "1996" };

const complete = (token: string, fields: Record<string, unknown> = {}, nextUrl = "/home") =>
  postJson(`/signup/complete?${new URLSearchParams({ nextUrl })}`, {
    token,
    ...BIRTHDAY,
    consent: true,
    ...fields,
  });

describe("GET /auth/google", () => {
  it("redirects to the provider's authorization endpoint with state, nonce and PKCE (S256)", async () => {
    const { start } = await toProviderAndBack("/story/3");
    const location = new URL(start.headers.get("location") ?? "");
    expect(`${location.origin}${location.pathname}`).toBe(`${mock.issuer}/authorize`);
    const params = Object.fromEntries(location.searchParams);
    expect(params).toMatchObject({
      response_type: "code",
      client_id: mock.clientId,
      redirect_uri: "http://localhost/oauth-auth",
      code_challenge_method: "S256",
    });
    expect(params.scope?.split(" ")).toEqual(expect.arrayContaining(["openid", "email"]));

    const setCookie = start.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\/oauth-auth/);
    expect(setCookie).toMatch(/Max-Age=600/);
    const remembered = JSON.parse(
      Buffer.from(cookieValue(start, "inkwell_oidc") ?? "", "base64url").toString("utf8"),
    );
    expect(remembered.state).toBe(params.state);
    expect(remembered.nonce).toBe(params.nonce);
    expect(remembered.nextUrl).toBe("/story/3");
    expect(createHash("sha256").update(remembered.verifier).digest("base64url")).toBe(
      params.code_challenge,
    );
  });

  it("sends the provider back to the site's own origin, whatever host the request was sent to", async () => {
    const start = await t.get("http://evil.example/auth/google?nextUrl=%2Fhome", {
      headers: { host: "evil.example" },
    });
    expect(start.status).toBe(302);
    const location = new URL(start.headers.get("location") ?? "");
    expect(location.searchParams.get("redirect_uri")).toBe(`${TEST_PUBLIC_URL}/oauth-auth`);
  });

  it("answers 404 {code, message} everywhere when no client id is configured", async () => {
    const clientId = process.env.OIDC_CLIENT_ID;
    delete process.env.OIDC_CLIENT_ID;
    try {
      expect(await (await t.get("/api/v3/auth/providers")).json()).toEqual({ google: false });
      for (const [path, init] of [
        ["/auth/google", undefined],
        ["/oauth-auth?code=x&state=y", undefined],
        ["/oauth-auth", { method: "POST", body: new URLSearchParams({ data: "{}" }) }],
        ["/signup/complete", { method: "POST", body: new URLSearchParams({ token: "x" }) }],
      ] as const) {
        const response = await t.get(path, init);
        expect(response.status, path).toBe(404);
        expect(await response.json()).toEqual({
          code: "google_not_configured",
          message: OAUTH_MESSAGES.notConfigured,
        });
      }
    } finally {
      process.env.OIDC_CLIENT_ID = clientId;
    }
    expect(await (await t.get("/api/v3/auth/providers")).json()).toEqual({ google: true });
  });
});

describe("GET /oauth-auth (the provider's redirect back)", () => {
  it("refuses a state that is not the one this browser was sent with, without a session", async () => {
    mock.signInAs({ sub: "state-test", email: "state@example.com", email_verified: true });
    const { stateCookie, callback } = await toProviderAndBack();
    const forged = callback.replace(/state=[^&]+/, "state=forged-state-value-123");
    for (const [path, cookie] of [
      [forged, stateCookie],
      [callback, ""],
    ]) {
      const response = await t.get(path as string, { headers: { cookie: cookie as string } });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        code: "oauth_state",
        message: OAUTH_MESSAGES.badState,
      });
      expect(cookieValue(response, SESSION_COOKIE)).toBeUndefined();
    }
  });

  it("sends a browser back to the login page with the code", async () => {
    const response = await t.get("/oauth-auth?code=abc&state=nope", {
      headers: { accept: "text/html" },
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/login?nextUrl=%2Fhome&error=oauth_state");
  });

  it("treats a refused consent as cancelled", async () => {
    const { stateCookie, callback } = await toProviderAndBack();
    const state = new URL(callback, "http://localhost").searchParams.get("state") ?? "";
    const response = await t.get(`/oauth-auth?error=access_denied&state=${state}`, {
      headers: { cookie: stateCookie },
    });
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe("oauth_cancelled");
  });
});

describe("first sign-in, completion and the next sign-ins", () => {
  const mara = {
    sub: "google-mara",
    email: "mara.lind@example.com",
    email_verified: true,
    name: "Mára Lind",
  };
  let maraCookie = "";

  it("parks a new identity as a pending sign-up and completes it into a verified account", async () => {
    const callback = await signInWithGoogle(mara, "/story/3");
    expect(callback.status).toBe(303);
    expect(cookieValue(callback, SESSION_COOKIE)).toBeUndefined();
    const token = pendingToken(callback);
    expect(
      new URL(callback.headers.get("location") ?? "", "http://x").searchParams.get("nextUrl"),
    ).toBe("/story/3");

    const details = await t.get(`/api/v3/auth/social-signup?token=${token}`);
    expect(await details.json()).toEqual({
      provider: "google",
      email: mara.email,
      name: mara.name,
      birthdayKnown: false,
    });

    const done = await complete(token, { pronouns: "F", marketing: "on" }, "/story/3");
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ redirectUrl: "/story/3" });
    maraCookie = sessionCookie(done);
    expect(await me(maraCookie)).toMatchObject({
      username: "mara_lind",
      name: "Mára Lind",
      email: mara.email,
      verified_email: true,
      has_password: false,
      birthdate: "1996-04-09",
    });
    const mails = await t.handle.db
      .selectFrom("outbox")
      .select("id")
      .where("to_address", "=", mara.email)
      .execute();
    expect(mails).toHaveLength(0);

    const again = await complete(token);
    expect(again.status).toBe(400);
    expect((await again.json()).code).toBe("social_signup_expired");
    expect((await t.get(`/api/v3/auth/social-signup?token=${token}`)).status).toBe(404);
  });

  it("records the landing page's sign-up source through the provider and the form", async () => {
    const piet = { sub: "google-piet", email: "piet@example.com", email_verified: true };
    const callback = await signInWithGoogle(piet, "/home", "", "reader_bot");
    const location = new URL(callback.headers.get("location") ?? "", "http://x");
    expect(location.searchParams.get("source")).toBe("reader_bot");
    const done = await complete(pendingToken(callback), { source: "reader_bot" });
    expect(done.status).toBe(200);
    expect(await me(sessionCookie(done))).toMatchObject({ signupSource: "reader_bot" });

    // Any other value is dropped on the way out and refused on the way back.
    const odd = await signInWithGoogle(
      { sub: "google-odd", email: "odd.source@example.com", email_verified: true },
      "/home",
      "",
      "banner_ad",
    );
    expect(new URL(odd.headers.get("location") ?? "", "http://x").searchParams.has("source")).toBe(
      false,
    );
    const refused = await complete(pendingToken(odd), { source: "banner_ad" });
    expect(refused.status).toBe(400);
    expect((await refused.json()).fields).toEqual({ source: SIGNUP_SOURCE_MESSAGE });
  });

  it("signs the same subject into the same account, rotating the session", async () => {
    const response = await signInWithGoogle({ ...mara, name: "Renamed" }, "/story/9", maraCookie);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/story/9");
    const cookie = sessionCookie(response);
    expect(cookie).not.toBe(maraCookie);
    expect((await me(cookie)).username).toBe("mara_lind");
    expect(
      (await t.get("/api/v3/internal/current_user", { headers: { cookie: maraCookie } })).status,
    ).toBe(401);
  });

  it("lets exactly one of two simultaneous completions spend the token", async () => {
    const claims = { sub: "google-racer", email: "racer@example.com", email_verified: true };
    const token = pendingToken(await signInWithGoogle(claims));
    const results = await Promise.all([complete(token), complete(token)]);
    expect(results.map((response) => response.status).sort()).toEqual([200, 400]);
    const users = await t.handle.db
      .selectFrom("users")
      .select("id")
      .where("email_lower", "=", "racer@example.com")
      .execute();
    expect(users).toHaveLength(1);
  });

  it("makes derived usernames unique", async () => {
    const twin = {
      sub: "google-mara-2",
      email: "mara.two@example.com",
      email_verified: true,
      name: "Mara Lind",
    };
    const done = await complete(pendingToken(await signInWithGoogle(twin)));
    expect((await me(sessionCookie(done))).username).toBe("mara_lind2");
  });

  it("asks for a missing email and sends the usual verification mail for it", async () => {
    const noEmail = { sub: "google-no-email", name: "Jo" };
    const token = pendingToken(await signInWithGoogle(noEmail));
    const details = await (await t.get(`/api/v3/auth/social-signup?token=${token}`)).json();
    expect(details.email).toBeNull();

    const missing = await complete(token);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({
      code: "1006",
      message: SIGNUP_ERROR_CODES[1006],
      fields: { email: OAUTH_MESSAGES.emailRequired },
    });
    const done = await complete(token, { email: "ink.writer@example.com" });
    expect(done.status).toBe(200);
    const user = await me(sessionCookie(done));
    // The name is too short for a username: the email's local part is used.
    expect(user).toMatchObject({ username: "ink_writer", verified_email: false });
    const mail = await t.handle.db
      .selectFrom("outbox")
      .select("subject")
      .where("to_address", "=", "ink.writer@example.com")
      .executeTakeFirst();
    expect(mail?.subject).toBe("Confirm your email for Inkwell");
  });
});

describe("sign-in with an email that already has an account", () => {
  it("links the identity to an account whose email both sides verified, and signs in", async () => {
    const owner = await createUser(t.handle.db, {
      username: "harbour_keeper",
      email: "keeper@example.com",
      email_lower: "keeper@example.com",
      email_verified: 1,
      password_hash: await hashPassword("Harbour-Light-42"),
    });
    const claims = { sub: "google-keeper", email: "Keeper@Example.com", email_verified: true };
    const response = await signInWithGoogle(claims, "/story/1");
    expect(response.headers.get("location")).toBe("/story/1");
    expect((await me(sessionCookie(response))).id).toBe(owner.id);
    const link = await t.handle.db
      .selectFrom("social_accounts")
      .selectAll()
      .where("user_id", "=", owner.id)
      .executeTakeFirstOrThrow();
    expect(link).toMatchObject({ provider: "google", subject: "google-keeper" });

    // Linked now: the same subject signs in even after the Google email changes.
    const later = await signInWithGoogle({ ...claims, email: "new@example.com" });
    expect((await me(sessionCookie(later))).id).toBe(owner.id);
  });

  it("does not link when either side has not verified the email", async () => {
    await createUser(t.handle.db, {
      username: "unverified_owner",
      email: "unverified@example.com",
      email_lower: "unverified@example.com",
      email_verified: 0,
    });
    await createUser(t.handle.db, {
      username: "verified_owner",
      email: "verified@example.com",
      email_lower: "verified@example.com",
      email_verified: 1,
    });
    for (const claims of [
      { sub: "google-u1", email: "unverified@example.com", email_verified: true },
      { sub: "google-u2", email: "verified@example.com", email_verified: false },
    ]) {
      const response = await signInWithGoogle(claims);
      expect(response.headers.get("location")).toBe(
        "/login?nextUrl=%2Fhome&error=oauth_email_exists",
      );
      expect(cookieValue(response, SESSION_COOKIE)).toBeUndefined();
    }
    const links = await t.handle.db
      .selectFrom("social_accounts")
      .select("subject")
      .where("subject", "in", ["google-u1", "google-u2"])
      .execute();
    expect(links).toEqual([]);
  });
});

describe("POST /signup/complete errors", () => {
  let token = "";
  beforeAll(async () => {
    token = pendingToken(await signInWithGoogle({ sub: "google-errors", name: "Errol" }));
  });

  it.each([
    [
      "no birthday",
      { birthday_year: undefined, email: "errol@example.com" },
      "1006",
      { birthday: ACCOUNT_MESSAGES.birthdayRequired },
    ],
    [
      "no consent",
      { consent: false, email: "errol@example.com" },
      "fixerrors",
      { consent: ACCOUNT_MESSAGES.consentRequired },
    ],
    [
      "a bad email",
      { email: "not-an-email" },
      "fixerrors",
      { email: ACCOUNT_MESSAGES.emailInvalid },
    ],
    [
      "31 February",
      { birthday_day: "31", birthday_month: "02", email: "errol@example.com" },
      "fixerrors",
      { birthday: ACCOUNT_MESSAGES.birthdayInvalid },
    ],
    [
      "a year more than 100 years back",
      { birthday_year: "1900", email: "errol@example.com" },
      "fixerrors",
      { birthday: ACCOUNT_MESSAGES.birthdayInvalid },
    ],
    [
      "a taken email",
      { email: "KEEPER@example.com" },
      "1171",
      { email: ACCOUNT_MESSAGES.emailTaken },
    ],
  ])("refuses %s with the spec's code and keeps the token", async (_, fields, code, expected) => {
    const response = await complete(token, fields);
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body).toMatchObject({ code, fields: expected });
    expect(body.msg).toBe(body.message);
    expect(cookieValue(response, SESSION_COOKIE)).toBeUndefined();
    expect((await t.get(`/api/v3/auth/social-signup?token=${token}`)).status).toBe(200);
  });

  it("refuses people under 13 with 1027", async () => {
    const year = String(new Date().getUTCFullYear() - 10);
    const response = await complete(token, { birthday_year: year, email: "errol@example.com" });
    expect(await response.json()).toMatchObject({
      code: "1027",
      message: SIGNUP_ERROR_CODES[1027],
    });
  });

  it("refuses an unknown token", async () => {
    const response = await complete("made-up-token");
    expect(await response.json()).toMatchObject({
      code: "social_signup_expired",
      message: OAUTH_MESSAGES.expired,
    });
  });
});

describe("POST /signup/complete form-type", () => {
  const users = async () =>
    Number(
      (
        await t.handle.db
          .selectFrom("users")
          .select(t.handle.db.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it.each([
    ["gave the email", { email: "ada.ft@example.com" }, "isEmailAvailable", "isBirthdayAvailable"],
    ["gave the birthday", { birthdate: "1990-02-03" }, "isBirthdayAvailable", "isEmailAvailable"],
    [
      "gave both (the email is named)",
      { email: "both.ft@example.com", birthdate: "1990-02-03" },
      "isEmailAvailable",
      "isBirthdayAvailable",
    ],
    ["gave neither", {}, "none", "isEmailAvailable"],
  ])(
    "takes what the form says when the provider %s, and refuses another value",
    async (_, claims: { email?: string; birthdate?: string }, formType, other) => {
      const sub = `google-ft-${formType}-${claims.email ?? claims.birthdate ?? "none"}`;
      const token = pendingToken(await signInWithGoogle({ sub, ...claims }));
      const asked = claims.email ? {} : { email: `${sub}@example.com` };
      const before = await users();
      for (const [sent, message] of [
        [other, `form-type must be ${formType}, or empty`],
        ["isEverythingAvailable", SIGNUP_FORM_TYPE_MESSAGE],
      ]) {
        const refused = await complete(token, { ...asked, "form-type": sent });
        expect(refused.status).toBe(400);
        expect(await refused.json()).toMatchObject({
          code: "fixerrors",
          fields: { "form-type": message },
        });
      }
      expect(await users()).toBe(before);
      const done = await complete(token, { ...asked, "form-type": formType });
      expect(done.status).toBe(200);
      expect(await users()).toBe(before + 1);
    },
  );
});

describe("POST /oauth-auth (one-tap ID token)", () => {
  const oneTap = (data: unknown, nextUrl = "/story/5") =>
    t.get(`/oauth-auth?nextUrl=${encodeURIComponent(nextUrl)}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ data: JSON.stringify(data) }).toString(),
    });

  it("verifies the token and signs in a linked identity, redirecting to nextUrl", async () => {
    const token = await mock.idToken({ sub: "google-keeper", email: "keeper@example.com" });
    const response = await oneTap({ token, type: "google", redirect: true });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/story/5");
    expect((await me(sessionCookie(response))).username).toBe("harbour_keeper");
  });

  it("answers JSON without redirect, and parks a new identity as a pending sign-up", async () => {
    const token = await mock.idToken({
      sub: "google-one-tap-new",
      email: "tap@example.com",
      email_verified: true,
    });
    const response = await oneTap({ token, type: "google", redirect: false });
    expect(response.status).toBe(200);
    const { redirectUrl } = await response.json();
    expect(redirectUrl).toMatch(/^\/signup\/complete\?token=[\w-]+&nextUrl=%2Fstory%2F5$/);
  });

  it("reads data from the query too, with the same checks", async () => {
    const token = await mock.idToken({ sub: "google-keeper", email: "keeper@example.com" });
    const inQuery = (data: string) =>
      t.get(`/oauth-auth?${new URLSearchParams({ nextUrl: "/story/5", data })}`, {
        method: "POST",
      });
    const response = await inQuery(JSON.stringify({ token, type: "google", redirect: true }));
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/story/5");
    expect((await me(sessionCookie(response))).username).toBe("harbour_keeper");

    const facebook = await inQuery(JSON.stringify({ token, type: "facebook", redirect: true }));
    expect(facebook.status).toBe(400);
    expect(await facebook.json()).toEqual({
      code: "bad_request",
      message: "data needs a token and type google",
      fields: { data: "data needs a token and type google" },
    });
    expect(cookieValue(facebook, SESSION_COOKIE)).toBeUndefined();
    const notJson = await inQuery("{not json");
    expect(notJson.status).toBe(400);
    expect((await inQuery("")).status).toBe(400);
  });

  it("refuses a token for another audience, a forged signature, an expired token and bad data", async () => {
    const otherAudience = await mock.idToken({ sub: "google-keeper", aud: "someone-else" });
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const forged = await new SignJWT({ sub: "google-keeper", email: "keeper@example.com" })
      .setProtectedHeader({ alg: "RS256", kid: mock.keyId() })
      .setIssuer(mock.issuer)
      .setAudience(mock.clientId)
      .setIssuedAt()
      .setExpirationTime("10m")
      .sign(privateKey);
    const expiredToken = await mock.idToken({
      sub: "google-keeper",
      exp: Math.floor(Date.now() / 1000) - 3600,
    });
    const otherIssuer = await mock.idToken({ sub: "google-keeper", iss: "https://evil.example" });
    for (const token of [otherAudience, forged, expiredToken, otherIssuer, "not.a.jwt"]) {
      const response = await oneTap({ token, type: "google", redirect: true });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        code: "oauth_invalid_token",
        message: OAUTH_MESSAGES.invalidToken,
      });
      expect(cookieValue(response, SESSION_COOKIE)).toBeUndefined();
    }
    expect((await oneTap({ token: "x", type: "facebook" })).status).toBe(400);
    const notJson = await t.get("/oauth-auth", {
      method: "POST",
      body: new URLSearchParams({ data: "{not json" }),
    });
    expect(notJson.status).toBe(400);
  });
});

describe("POST /apiv2/linksocialmedia action=unlinkgoogle", () => {
  const unlink = (cookie: string, action = "unlinkgoogle") =>
    t.get("/apiv2/linksocialmedia", {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ action }).toString(),
    });

  it("needs a signed-in user and a known action", async () => {
    expect((await unlink("")).status).toBe(401);
    expect((await unlink("", "unlinkfb")).status).toBe(401);
    const keeper = await signInWithGoogle({ sub: "google-keeper" });
    const unknown = await unlink(sessionCookie(keeper), "unlinktwitter");
    expect(unknown.status).toBe(400);
    const message = "action must be unlinkgoogle or unlinkfb";
    expect(await unknown.json()).toEqual({
      code: "bad_request",
      message,
      fields: { action: message },
    });
  });

  it("answers unlinkfb that no Facebook account is linked, leaving Google linked", async () => {
    const cookie = sessionCookie(await signInWithGoogle({ sub: "google-keeper" }));
    const response = await unlink(cookie, "unlinkfb");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      message: "No Facebook account is linked to your account, so there is nothing to unlink.",
    });
    const links = await t.handle.db
      .selectFrom("social_accounts")
      .select("provider")
      .where("subject", "=", "google-keeper")
      .execute();
    expect(links).toEqual([{ provider: "google" }]);
  });

  it("refuses to unlink the only way into an account without a password", async () => {
    const response = await signInWithGoogle({ sub: "google-mara" });
    const refused = await unlink(sessionCookie(response));
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      code: "password_required",
      message: OAUTH_MESSAGES.needsPassword,
    });
    const again = await signInWithGoogle({ sub: "google-mara" });
    expect((await me(sessionCookie(again))).username).toBe("mara_lind");
  });

  it("removes the link of an account that has a password", async () => {
    const cookie = sessionCookie(await signInWithGoogle({ sub: "google-keeper" }));
    const response = await unlink(cookie);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: OAUTH_MESSAGES.unlinked });
    const links = await t.handle.db
      .selectFrom("social_accounts")
      .select("subject")
      .where("subject", "=", "google-keeper")
      .execute();
    expect(links).toEqual([]);
    const notLinked = await unlink(cookie);
    expect(notLinked.status).toBe(404);
    // Unlinked and no verified email in the token: a new sign-up, not the old account.
    const next = await signInWithGoogle({ sub: "google-keeper" });
    pendingToken(next);
  });
});

describe("the OpenAPI document", () => {
  it("lists our sign-in paths", async () => {
    const response = await t.get("/api/openapi.json");
    expect(response.status).toBe(200);
    const { paths } = await response.json();
    for (const path of [
      "/auth/google",
      "/signup/complete",
      "/api/v3/auth/providers",
      "/api/v3/auth/social-signup",
    ]) {
      expect(paths[path], path).toBeDefined();
    }
  });
});

describe("usernameBase", () => {
  it.each([
    ["Mára Lind", "m@example.com", "mara_lind"],
    ["  Zoë   O'Brien-Smith ", null, "zoe_o_brien_smith"],
    ["A", "quill.fan+tag@example.com", "quill_fan_tag"],
    ["李", "李@example.com", "reader"],
    ["An extraordinarily long display name", null, "an_extraordinarily_l"],
    ["Abcdefghijklmnopqrs tuvw", null, "abcdefghijklmnopqrs"],
  ])("%s / %s → %s", (name, email, expected) => {
    const base = usernameBase(name, email);
    expect(base).toBe(expected);
    expect(base).toMatch(/^[a-z0-9_]{3,20}$/);
  });
});
