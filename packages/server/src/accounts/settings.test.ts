import type { CurrentUser } from "@inkwell/shared";
import { ACCOUNT_MESSAGES, ALL_ALERTS, alertMaskOf, EMAIL_MESSAGES } from "@inkwell/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../app.ts";
import { accountLimiters } from "../http/rate-limit.ts";
import { useTestApi } from "../testing/api.ts";
import { createStory, createUser } from "../testing/fixtures.ts";
import { hashPassword } from "./passwords.ts";
import { createSession, SESSION_COOKIE } from "./sessions.ts";

const t = useTestApi();
const PASSWORD = "Settings-Pass-1";
let passwordHash: string;

beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD);
});

/** A verified account with a password, signed in: returns its cookie. */
async function signedIn(username: string, overrides: { is_sysadmin?: 0 | 1 } = {}) {
  const user = await createUser(t.handle.db, {
    username,
    email: `${username}@example.com`,
    email_lower: `${username}@example.com`,
    email_verified: 1,
    password_hash: passwordHash,
    ...overrides,
  });
  const { token } = await createSession(t.handle.db, user.id);
  return { ...user, cookie: `${SESSION_COOKIE}=${token}` };
}

const send = (method: string, path: string, cookie: string, body?: unknown, form = false) =>
  t.get(path, {
    method,
    headers: {
      cookie,
      accept: "application/json",
      "content-type": form ? "application/x-www-form-urlencoded" : "application/json",
    },
    body:
      body === undefined
        ? undefined
        : form
          ? new URLSearchParams(body as Record<string, string>).toString()
          : JSON.stringify(body),
  });

/**
 * A signed-in account on an app with the real limits, and its JSON posts: the settings that
 * take its password count each one as a guess.
 */
async function guesser(username: string) {
  const api = createApi(t.handle, { limits: accountLimiters() });
  const user = await signedIn(username);
  const guess = (path: string, body: Record<string, string>) =>
    api.request(path, {
      method: "POST",
      headers: { cookie: user.cookie, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  return { user, guess };
}

/** The subjects of the mail sent to `address`. */
const mailTo = (address: string) =>
  t.handle.db.selectFrom("outbox").select("subject").where("to_address", "=", address).execute();

const me = async (cookie: string) =>
  (await (
    await t.get("/api/v3/internal/current_user", { headers: { cookie } })
  ).json()) as CurrentUser;

describe("password change", () => {
  it("needs the current password and a strong new one, then ends every session", async () => {
    const user = await signedIn("pw_changer");
    const second = `${SESSION_COOKIE}=${(await createSession(t.handle.db, user.id)).token}`;
    const wrong = await send(
      "POST",
      "/apiv2/updateuserpassword",
      user.cookie,
      { old_password: "nope", new_password: "Brand-New-Pass1" },
      true,
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({
      code: 467,
      error_code: "error_wrong_password",
      message: "The password you entered is incorrect.",
    });
    const weak = await send(
      "POST",
      "/apiv2/updateuserpassword",
      user.cookie,
      { old_password: PASSWORD, new_password: "weakweakweak" },
      true,
    );
    expect((await weak.json()).error_code).toBe("error_weak_password");

    const ok = await send(
      "POST",
      "/apiv2/updateuserpassword",
      user.cookie,
      { old_password: PASSWORD, new_password: "Brand-New-Pass1" },
      true,
    );
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({
      redirectUrl: "/login?nexturl=/settings&notice=password_changed",
    });
    for (const cookie of [user.cookie, second]) {
      expect((await t.get("/api/v3/internal/current_user", { headers: { cookie } })).status).toBe(
        401,
      );
    }
    const login = await send("POST", "/login", "", {
      username: "pw_changer",
      password: "Brand-New-Pass1",
    });
    expect(login.status).toBe(200);
  });

  it("refuses a new password containing the account's name, keeping the old one", async () => {
    const user = await signedIn("pw_named");
    await t.handle.db
      .updateTable("users")
      .set({ name: "Juniper Vale" })
      .where("id", "=", user.id)
      .execute();
    for (const named of ["Juniper-Ink-2026", "Ink-2026-VALE"]) {
      const refused = await send(
        "POST",
        "/apiv2/updateuserpassword",
        user.cookie,
        { old_password: PASSWORD, new_password: named, confirm_password: named },
        true,
      );
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({
        code: 467,
        error_code: "error_weak_password",
        message: ACCOUNT_MESSAGES.passwordWeak,
      });
    }
    expect((await me(user.cookie)).username).toBe("pw_named");
    const login = await send("POST", "/login", "", { username: "pw_named", password: PASSWORD });
    expect(login.status).toBe(200);
  });

  it("refuses a re-entered password that does not match, keeping the old password and session", async () => {
    const user = await signedIn("pw_mismatch");
    const refused = await send(
      "POST",
      "/apiv2/updateuserpassword",
      user.cookie,
      {
        id: String(user.id),
        old_password: PASSWORD,
        new_password: "Brand-New-Pass1",
        confirm_password: "Brand-New-Pass2",
      },
      true,
    );
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      code: 467,
      error_code: "error_password_mismatch",
      message: "Passwords do not match.",
    });
    expect((await me(user.cookie)).username).toBe("pw_mismatch");
    const login = await send("POST", "/login", "", { username: "pw_mismatch", password: PASSWORD });
    expect(login.status).toBe(200);
  });

  it("limits guesses at the current password as login does, across the settings that take it", async () => {
    const { user, guess } = await guesser("pw_guesser");
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const password = `guess-${i}`;
      const [path, body] =
        i % 4 === 0
          ? [
              "/apiv2/updateuserpassword",
              { old_password: password, new_password: "Brand-New-Pass1" },
            ]
          : i % 4 === 1
            ? ["/apiv2/updateusername", { username: "pw_guesser_2", password }]
            : i % 4 === 2
              ? ["/close-account", { password }]
              : [
                  "/apiv2/updateuseremail",
                  { email: "pw2@example.com", confirm_email: "pw2@example.com", password },
                ];
      statuses.push((await guess(path, body)).status);
    }
    expect(statuses.every((status) => status === 400)).toBe(true);
    const limited = await guess("/apiv2/updateuserpassword", {
      old_password: PASSWORD,
      new_password: "Brand-New-Pass1",
    });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      code: "rate_limited",
      message: ACCOUNT_MESSAGES.rateLimited,
    });
    // Nothing changed: the account keeps its password, its email and its session.
    expect(await me(user.cookie)).toMatchObject({
      username: "pw_guesser",
      email: "pw_guesser@example.com",
    });
  }, 30_000);

  describe("and strangers' log-ins", () => {
    /** A JSON call from `address`, through the site's one trusted proxy. */
    const from = (
      api: ReturnType<typeof createApi>,
      address: string,
      path: string,
      body: Record<string, string>,
      cookie = "",
    ) =>
      api.request(path, {
        method: "POST",
        headers: {
          cookie,
          accept: "application/json",
          "content-type": "application/json",
          "x-forwarded-for": address,
        },
        body: JSON.stringify(body),
      });
    const newPassword = "Brand-New-Pass1";

    it("goes through when strangers' wrong log-ins have locked the account, which stays locked", async () => {
      const api = createApi(t.handle, { limits: accountLimiters(), trustedProxies: 1 });
      const owner = await signedIn("pw_besieged");
      for (let i = 0; i < 10; i++) {
        const guess = { username: "pw_besieged", password: `Wrong-${i}` };
        expect((await from(api, `198.51.100.${i}`, "/login", guess)).status).toBe(401);
      }
      const locked = { username: "pw_besieged", password: PASSWORD };
      expect((await from(api, "198.51.100.99", "/login", locked)).status).toBe(429);

      const change = { old_password: PASSWORD, new_password: newPassword };
      const changed = await from(
        api,
        "192.0.2.10",
        "/apiv2/updateuserpassword",
        change,
        owner.cookie,
      );
      expect(changed.status).toBe(200);
      // The change is no log-in: new browsers still wait out the strangers' window.
      const after = { username: "pw_besieged", password: newPassword };
      expect((await from(api, "198.51.100.98", "/login", after)).status).toBe(429);
    }, 30_000);

    it("does not lock the owner's next log-in, and still stops after ten guesses", async () => {
      const api = createApi(t.handle, { limits: accountLimiters(), trustedProxies: 1 });
      const owner = await signedIn("pw_fumbler");
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const guess = { old_password: `guess-${i}`, new_password: newPassword };
        statuses.push(
          (await from(api, "192.0.2.20", "/apiv2/updateuserpassword", guess, owner.cookie)).status,
        );
      }
      expect(statuses).toEqual([...Array(10).fill(400), 429]);
      // The same guesses from a stolen session spread over addresses stop just the same.
      const spread = { old_password: "guess-x", new_password: newPassword };
      expect(
        (await from(api, "192.0.2.21", "/apiv2/updateuserpassword", spread, owner.cookie)).status,
      ).toBe(429);
      const login = { username: "pw_fumbler", password: PASSWORD };
      expect((await from(api, "198.51.100.150", "/login", login)).status).toBe(200);
    }, 30_000);
  });

  it("is refused to visitors", async () => {
    const response = await send(
      "POST",
      "/apiv2/updateuserpassword",
      "",
      { new_password: "Brand-New-Pass1" },
      true,
    );
    expect(response.status).toBe(401);
  });
});

describe("username change", () => {
  it("refuses a new name during a moderator's time-out: it shows wherever the old one did", async () => {
    const user = await signedIn("in_timeout");
    await t.handle.db
      .updateTable("users")
      .set({ timed_out_until: Date.now() + 86_400_000 })
      .where("id", "=", user.id)
      .execute();
    const renamed = await send(
      "POST",
      "/apiv2/updateusername",
      user.cookie,
      { username: "out_of_timeout", password: PASSWORD },
      true,
    );
    expect(renamed.status).toBe(403);
    expect(await renamed.json()).toMatchObject({ code: "timed_out" });
    expect((await t.get("/api/v3/users/in_timeout")).status).toBe(200);
  });

  it("refuses a taken name (any case) or a bad one, and changes it at once otherwise", async () => {
    await signedIn("taken_name");
    const user = await signedIn("renamer");
    const taken = await send(
      "POST",
      "/apiv2/updateusername",
      user.cookie,
      { username: "TAKEN_NAME", password: PASSWORD },
      true,
    );
    expect(await taken.json()).toMatchObject({
      code: 467,
      message: ACCOUNT_MESSAGES.usernameTaken,
    });
    // A curation account's name is kept for the team (docs/decisions/024).
    const curation = await send(
      "POST",
      "/apiv2/updateusername",
      user.cookie,
      { username: "inkwell_it", password: PASSWORD },
      true,
    );
    expect(await curation.json()).toMatchObject({ message: ACCOUNT_MESSAGES.usernameTaken });
    const bad = await send(
      "POST",
      "/apiv2/updateusername",
      user.cookie,
      { username: "a b", password: PASSWORD },
      true,
    );
    expect(await bad.json()).toMatchObject({ message: ACCOUNT_MESSAGES.usernameFormat });
    const noPassword = await send(
      "POST",
      "/apiv2/updateusername",
      user.cookie,
      { username: "renamed", password: "" },
      true,
    );
    expect((await noPassword.json()).error_code).toBe("error_wrong_password");

    const ok = await send(
      "POST",
      "/apiv2/updateusername",
      user.cookie,
      { username: "Renamed", password: PASSWORD },
      true,
    );
    expect(await ok.json()).toEqual({
      redirectUrl: "/login?nexturl=/settings&notice=username_changed",
    });
    expect(
      (await t.get("/api/v3/internal/current_user", { headers: { cookie: user.cookie } })).status,
    ).toBe(401);
    const login = await send("POST", "/login", "", { username: "renamed", password: PASSWORD });
    expect(login.status).toBe(200);
  });
});

describe("settings forms that name their account (§7: id)", () => {
  it("refuse a form sent with another account's id, changing nothing, and take one's own or none", async () => {
    const other = await signedIn("first_tab");
    const user = await signedIn("second_tab");
    const forms = [
      ["/apiv2/updateusername", { username: "second_tab_2", password: PASSWORD }],
      [
        "/apiv2/updateuseremail",
        { email: "second@example.com", confirm_email: "second@example.com", password: PASSWORD },
      ],
      [
        "/apiv2/updateuserpassword",
        {
          old_password: PASSWORD,
          new_password: "Moonlit-Ink-77",
          confirm_password: "Moonlit-Ink-77",
        },
      ],
    ] as const;
    for (const [path, body] of forms) {
      const stale = await send("POST", path, user.cookie, { id: String(other.id), ...body }, true);
      expect([path, stale.status, await stale.json()]).toEqual([
        path,
        409,
        {
          code: "other_account",
          message: "This form belongs to another account. Reload the page.",
        },
      ]);
      const bad = await send("POST", path, user.cookie, { id: "me", ...body }, true);
      expect([path, bad.status, (await bad.json()).fields]).toEqual([
        path,
        400,
        { id: "id must be the id of your account" },
      ]);
    }
    expect(await me(user.cookie)).toMatchObject({
      username: "second_tab",
      email: "second_tab@example.com",
    });
    const login = await send("POST", "/login", "", { username: "second_tab", password: PASSWORD });
    expect(login.status).toBe(200);

    // The account's own id, as a form or JSON sends it, or none: the change is made.
    const email = await send("POST", "/apiv2/updateuseremail", user.cookie, {
      id: user.id,
      ...forms[1][1],
    });
    expect(email.status).toBe(200);
    const renamed = await send(
      "POST",
      "/apiv2/updateusername",
      user.cookie,
      { id: String(user.id), ...forms[0][1] },
      true,
    );
    expect(renamed.status).toBe(200);
  });
});

describe("username check", () => {
  it("says whether a name can be had: its form, another account's (any case), a kept one", async () => {
    await signedIn("name_holder");
    const check = async (username: string) => {
      const response = await t.get(
        `/api/v3/users/validate?username=${encodeURIComponent(username)}`,
      );
      return { status: response.status, body: await response.json() };
    };
    expect(await check("a b")).toEqual({
      status: 400,
      body: { code: "error_username", message: ACCOUNT_MESSAGES.usernameFormat },
    });
    expect(await check("")).toEqual({
      status: 400,
      body: { code: "error_username", message: ACCOUNT_MESSAGES.usernameFormat },
    });
    const taken = {
      status: 400,
      body: { code: "error_username_taken", message: ACCOUNT_MESSAGES.usernameTaken },
    };
    expect(await check("NAME_HOLDER")).toEqual(taken);
    // A curation account's name is kept for the team (docs/decisions/024).
    expect(await check("inkwell_it")).toEqual(taken);
    expect(await check("name_free")).toEqual({ status: 200, body: { message: "OK" } });
  });

  it("counts against the address checks' limit, so names cannot be listed either", async () => {
    const api = createApi(t.handle, { limits: accountLimiters() });
    const statuses = [];
    for (let i = 0; i < 30; i++) {
      statuses.push((await api.request(`/api/v3/users/validate?username=probe_${i}`)).status);
      statuses.push(
        (await api.request(`/api/v3/users/validate?email=probe${i}@example.com`)).status,
      );
    }
    expect(statuses.every((status) => status === 200)).toBe(true);
    const limited = await api.request("/api/v3/users/validate?username=probe_60");
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      code: "rate_limited",
      message: ACCOUNT_MESSAGES.rateLimited,
    });
  });
});

describe("email", () => {
  it("validates a new address: required, pattern, not in use", async () => {
    await signedIn("holder");
    const check = async (email: string) => {
      const response = await t.get(`/api/v3/users/validate?email=${encodeURIComponent(email)}`);
      return { status: response.status, message: (await response.json()).message };
    };
    expect(await check("")).toEqual({ status: 400, message: EMAIL_MESSAGES.required });
    expect(await check("not-an-email")).toEqual({ status: 400, message: EMAIL_MESSAGES.invalid });
    expect(await check("HOLDER@example.com")).toEqual({
      status: 400,
      message: EMAIL_MESSAGES.taken,
    });
    expect(await check("fresh@example.com")).toEqual({ status: 200, message: "OK" });
  });

  it("limits address checks per client, so a list of addresses cannot be tried", async () => {
    const api = createApi(t.handle, { limits: accountLimiters() });
    const check = (i: number) =>
      api.request(`/api/v3/users/validate?email=${encodeURIComponent(`probe${i}@example.com`)}`);
    const statuses = [];
    for (let i = 0; i < 60; i++) statuses.push((await check(i)).status);
    expect(statuses.every((status) => status === 200)).toBe(true);
    const limited = await check(60);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      code: "rate_limited",
      message: ACCOUNT_MESSAGES.rateLimited,
    });
  });

  it("changes the email unverified and mails a new link, after the checks", async () => {
    const user = await signedIn("mover");
    const attempt = (body: Record<string, string>) =>
      send("POST", "/apiv2/updateuseremail", user.cookie, body, true);
    const mismatch = await attempt({
      email: "new@example.com",
      confirm_email: "other@example.com",
      password: PASSWORD,
    });
    expect((await mismatch.json()).message).toBe(EMAIL_MESSAGES.mismatch);
    const wrong = await attempt({
      email: "new@example.com",
      confirm_email: "new@example.com",
      password: "nope",
    });
    expect((await wrong.json()).error_code).toBe("error_wrong_password");
    expect((await me(user.cookie)).email).toBe("mover@example.com");

    const ok = await attempt({
      email: "new@example.com",
      confirm_email: "NEW@example.com",
      password: PASSWORD,
    });
    expect(await ok.json()).toEqual({ message: "Email sent" });
    expect(await me(user.cookie)).toMatchObject({
      email: "new@example.com",
      verified_email: false,
    });
    expect(await mailTo("new@example.com")).toEqual([
      { subject: "Confirm your email for Inkwell" },
    ]);
  });

  it("counts a password given to change the email as a guess: ten, and even the right one waits", async () => {
    const { user, guess } = await guesser("mail_guesser");
    const change = (password: string) =>
      guess("/apiv2/updateuseremail", {
        email: "taken_over@example.com",
        confirm_email: "taken_over@example.com",
        password,
      });
    // Four wrong passwords here and six at the username: ten guesses.
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await change(`guess-${i}`)).status);
    for (let i = 4; i < 10; i++) {
      const body = { username: "mail_guesser_2", password: `guess-${i}` };
      statuses.push((await guess("/apiv2/updateusername", body)).status);
    }
    expect(statuses).toEqual(Array(10).fill(400));
    const limited = await change(PASSWORD);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      code: "rate_limited",
      message: ACCOUNT_MESSAGES.rateLimited,
    });
    expect((await me(user.cookie)).email).toBe("mail_guesser@example.com");
    expect(await mailTo("taken_over@example.com")).toEqual([]);
  }, 30_000);

  it("counts against the mail limit only the changes that send a mail", async () => {
    const { user, guess } = await guesser("typist");
    await signedIn("taken_typist");
    const change = (email: string, password = PASSWORD, confirm = email) =>
      guess("/apiv2/updateuseremail", { email, confirm_email: confirm, password });
    // Six tries that send nothing, past the mail limit's five: each is still a password guess.
    const tries = [
      await change("typed@example.com", "nope-1"),
      await change("typed@example.com", "nope-2"),
      await change("typed@example.com", "nope-3"),
      await change("typed@example.com", PASSWORD, "typo@example.com"),
      await change("typed@example", PASSWORD),
      await change("taken_typist@example.com", PASSWORD),
    ];
    expect(
      await Promise.all(
        tries.map(async (answer) => [answer.status, (await answer.json()).error_code]),
      ),
    ).toEqual([
      [400, "error_wrong_password"],
      [400, "error_wrong_password"],
      [400, "error_wrong_password"],
      [400, "error_email_mismatch"],
      [400, "error_email"],
      [400, "error_email"],
    ]);
    const sent = await change("typed@example.com");
    expect([sent.status, await sent.json()]).toEqual([200, { message: "Email sent" }]);
    expect((await me(user.cookie)).email).toBe("typed@example.com");
    expect(await mailTo("typed@example.com")).toEqual([
      { subject: "Confirm your email for Inkwell" },
    ]);
  }, 30_000);

  it("still sends at most five mails an hour, whatever the addresses", async () => {
    const { user, guess } = await guesser("hopper");
    const change = (email: string) =>
      guess("/apiv2/updateuseremail", { email, confirm_email: email, password: PASSWORD });
    const statuses: number[] = [];
    for (let i = 1; i <= 5; i++) statuses.push((await change(`hop${i}@example.com`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const limited = await change("hop6@example.com");
    expect([limited.status, await limited.json()]).toEqual([
      429,
      { code: "rate_limited", message: ACCOUNT_MESSAGES.rateLimited },
    ]);
    expect((await me(user.cookie)).email).toBe("hop5@example.com");
    expect(await mailTo("hop6@example.com")).toEqual([]);
  }, 30_000);

  it("gives an address to one of two accounts asking for it at once, and tells the other", async () => {
    const first = await signedIn("racer_one");
    const second = await signedIn("racer_two");
    const body = { email: "wanted@example.com", confirm_email: "wanted@example.com" };
    const answers = await Promise.all(
      [first, second].map((user) =>
        send("POST", "/apiv2/updateuseremail", user.cookie, { ...body, password: PASSWORD }, true),
      ),
    );
    const bodies = await Promise.all(answers.map((answer) => answer.json()));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    expect(bodies).toContainEqual({ message: "Email sent" });
    expect(bodies).toContainEqual({
      code: 467,
      error_code: "error_email",
      message: EMAIL_MESSAGES.taken,
    });
    const emails = [(await me(first.cookie)).email, (await me(second.cookie)).email].sort();
    expect(emails).toContain("wanted@example.com");
  });
});

describe("account and notification forms", () => {
  it("saves the birthday (not in the future, not over 100 years back, 13 or older) and beta, for oneself only", async () => {
    const user = await signedIn("former");
    const future = await send("PUT", "/api/v3/users/former", user.cookie, {
      birthdate: "2999-01-01",
    });
    expect(await future.json()).toMatchObject({
      code: 467,
      message: ACCOUNT_MESSAGES.birthdayFuture,
    });
    const ancient = await send("PUT", "/api/v3/users/former", user.cookie, {
      birthdate: "1900-01-01",
    });
    expect(await ancient.json()).toMatchObject({
      code: 467,
      message: ACCOUNT_MESSAGES.birthdayInvalid,
    });
    const bad = await send("PUT", "/api/v3/users/former", user.cookie, { birthdate: "31/02/2000" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe("bad_request");
    const ok = await send("PUT", "/api/v3/users/former", user.cookie, {
      birthdate: "2001-05-06",
      beta_enabled: true,
    });
    expect(ok.status).toBe(200);
    expect(await me(user.cookie)).toMatchObject({ birthdate: "2001-05-06", beta_enabled: true });
    // Sign-up's age rule: a birthday making its holder 2 is refused, and nothing is saved.
    const year = new Date().getUTCFullYear();
    const toddler = await send("PUT", "/api/v3/users/former", user.cookie, {
      birthdate: `${year - 2}-01-01`,
      beta_enabled: false,
    });
    expect(toddler.status).toBe(400);
    expect(await toddler.json()).toEqual({
      code: 467,
      error_code: "error_too_young",
      message: ACCOUNT_MESSAGES.birthdayTooYoung,
    });
    expect(await me(user.cookie)).toMatchObject({ birthdate: "2001-05-06", beta_enabled: true });
    const thirteen = await send("PUT", "/api/v3/users/former", user.cookie, {
      birthdate: `${year - 13}-01-01`,
    });
    expect(thirteen.status).toBe(200);
    expect(await me(user.cookie)).toMatchObject({ birthdate: `${year - 13}-01-01` });
    // The form sends the birthday it shows: one made before the rule, kept, is not judged.
    await t.handle.db
      .updateTable("users")
      .set({ birthdate: `${year - 2}-01-01` })
      .where("id", "=", user.id)
      .execute();
    const kept = await send("PUT", "/api/v3/users/former", user.cookie, {
      birthdate: `${year - 2}-01-01`,
      beta_enabled: false,
    });
    expect(kept.status).toBe(200);
    expect(await me(user.cookie)).toMatchObject({
      birthdate: `${year - 2}-01-01`,
      beta_enabled: false,
    });
    const other = await signedIn("other_former");
    expect(
      (await send("PUT", "/api/v3/users/former", other.cookie, { beta_enabled: false })).status,
    ).toBe(403);
  });

  it("records a confirmed email for re-verification", async () => {
    const user = await signedIn("reverifier");
    expect((await me(user.cookie)).email_reverification_status).toEqual({
      is_email_reverified: false,
      max_skips: 3,
      days_between_reminders: 3,
    });
    // An address confirmed more than a year ago is due again.
    await t.handle.db
      .updateTable("users")
      .set({ email_reverified_at: Date.now() - 400 * 86_400_000 })
      .where("id", "=", user.id)
      .execute();
    expect((await me(user.cookie)).email_reverification_status.is_email_reverified).toBe(false);
    const response = await send("PUT", "/api/v3/users/reverifier", user.cookie, {
      is_email_reverified: true,
    });
    expect(await response.json()).toEqual({ reverified: true });
    expect((await me(user.cookie)).email_reverification_status.is_email_reverified).toBe(true);
  });

  it("refuses an account form that changes nothing, or a re-verification that is not a confirmation", async () => {
    const user = await signedIn("idle_former");
    const before = await me(user.cookie);
    const wrong: [object, string, Record<string, string>][] = [
      [
        {},
        "Give a birthdate, beta_enabled or is_email_reverified",
        { request: "Give a birthdate, beta_enabled or is_email_reverified" },
      ],
      [
        { is_email_reverified: false },
        "is_email_reverified can only be true: it confirms your email",
        { is_email_reverified: "is_email_reverified can only be true: it confirms your email" },
      ],
    ];
    for (const [body, message, fields] of wrong) {
      const response = await send("PUT", "/api/v3/users/idle_former", user.cookie, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ code: "bad_request", message, fields });
    }
    expect(await me(user.cookie)).toEqual(before);
  });

  it("limits the confirmation mails an unconfirmed reader can ask for, as the email change does", async () => {
    const api = createApi(t.handle, { limits: accountLimiters() });
    const user = await signedIn("mail_asker");
    await t.handle.db
      .updateTable("users")
      .set({ email_verified: 0 })
      .where("id", "=", user.id)
      .execute();
    const ask = () =>
      api.request("/api/v3/users/mail_asker", {
        method: "PUT",
        headers: { cookie: user.cookie, "content-type": "application/json" },
        body: JSON.stringify({ is_email_reverified: true }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await ask()).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await mailTo("mail_asker@example.com")).toHaveLength(5);
  });

  it("saves notification choices: the two switches, the kinds of alert and the newsletter", async () => {
    const user = await signedIn("notified");
    const path = "/api/v3/users/notified/notification-settings";
    expect((await me(user.cookie)).notificationSettings).toEqual({
      alerts: true,
      alertssub: true,
      subscribe: false,
      alertssubmask: ALL_ALERTS,
    });
    const settings = {
      alerts: false,
      alertssub: true,
      subscribe: true,
      alertssubmask: alertMaskOf(["comments", "libraryParts"]),
    };
    const saved = await send("PUT", path, user.cookie, { id: user.id, ...settings });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual(settings);
    expect((await me(user.cookie)).notificationSettings).toEqual(settings);

    // A partial form, a mask naming kinds that do not exist, or another account's form
    // change nothing.
    for (const [body, status] of [
      [{ alerts: true }, 400],
      [{ id: user.id, ...settings, alertssubmask: ALL_ALERTS + 1 }, 400],
      [{ id: user.id, ...settings, alertssubmask: -1 }, 400],
      [{ id: user.id + 1, ...settings, alerts: true }, 409],
    ] as const) {
      const refused = await send("PUT", path, user.cookie, body);
      expect(refused.status).toBe(status);
      expect((await refused.json()).message).toBeTruthy();
    }
    expect((await me(user.cookie)).notificationSettings).toEqual(settings);
  });

  it("refuses a body that is not JSON, saying so, and changes nothing", async () => {
    const user = await signedIn("unreadable");
    const before = await me(user.cookie);
    const put = async (path: string, type: string, body: string) => {
      const response = await t.get(path, {
        method: "PUT",
        headers: { cookie: user.cookie, "content-type": type },
        body,
      });
      return [path, type, response.status, await response.json()];
    };
    for (const path of [
      "/api/v3/users/unreadable",
      "/api/v3/users/unreadable/notification-settings",
      "/api/v3/internal/features/NEW_ONBOARDING_1",
    ]) {
      expect(await put(path, "application/json", '{"alerts":')).toEqual([
        path,
        "application/json",
        400,
        { code: "bad_request", message: "The request body is not valid JSON." },
      ]);
      expect(await put(path, "text/plain", '{"beta_enabled":true}')).toEqual([
        path,
        "text/plain",
        415,
        {
          code: "unsupported_media_type",
          message: "Send the body as JSON, with Content-Type: application/json.",
        },
      ]);
    }
    expect(await me(user.cookie)).toEqual(before);
  });
});

describe("your data and closing the account", () => {
  it("exports the user's own data without the password hash", async () => {
    const user = await signedIn("exporter");
    await createStory(t.handle.db, user.id, { title: "Exported Tale" });
    const response = await t.get("/settings/your-inkwell-data?json=1", {
      headers: { cookie: user.cookie },
    });
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="inkwell-data-exporter.json"',
    );
    const data = await response.json();
    expect(data.account).toMatchObject({ username: "exporter", has_password: true });
    expect(Object.keys(data.account)).not.toContain("password_hash");
    expect(Object.keys(data.account)).not.toContain("alerts_key");
    expect(JSON.stringify(data)).not.toContain("scrypt$");
    expect(data.stories.map((story: { title: string }) => story.title)).toEqual(["Exported Tale"]);
    expect(data.parts).toHaveLength(1);
    const other = await signedIn("snoop");
    expect(
      (await t.get("/api/v3/users/exporter/export", { headers: { cookie: other.cookie } })).status,
    ).toBe(403);
  });

  it("closes an account only with its password, removing it and its stories", async () => {
    const user = await signedIn("leaver");
    const story = await createStory(t.handle.db, user.id);
    const wrong = await send("POST", "/close-account", user.cookie, { password: "nope" }, true);
    expect(wrong.status).toBe(400);
    const ok = await send("POST", "/close-account", user.cookie, { password: PASSWORD }, true);
    expect(await ok.json()).toEqual({ redirectUrl: "/close-account?done=1" });
    expect((await t.get(`/api/v3/stories/${story.id}`)).status).toBe(404);
    const login = await send("POST", "/login", "", { username: "leaver", password: PASSWORD });
    expect(login.status).toBe(401);
  });
});

describe("feature flags", () => {
  it("answers the defaults and lets only system admins change them", async () => {
    const response = await t.get("/api/v3/internal/features?platform=web");
    expect(await response.json()).toEqual({
      NEW_ONBOARDING_1: true,
      HFC_LIMIT_INCREASE: false,
      WEB_COIN_PURCHASING: false,
      private_message: {
        can_send_private_message: true,
        display_warning_notice: false,
        display_deprecation_notice: false,
        messaging_end_date: null,
      },
    });
    const reader = await signedIn("flag_reader");
    expect(
      (
        await send("PUT", "/api/v3/internal/features/NEW_ONBOARDING_1", reader.cookie, {
          enabled: false,
        })
      ).status,
    ).toBe(403);
    const admin = await signedIn("flag_admin", { is_sysadmin: 1 });
    const changed = await send(
      "PUT",
      "/api/v3/internal/features/display_warning_notice",
      admin.cookie,
      { enabled: true },
    );
    expect((await changed.json()).private_message.display_warning_notice).toBe(true);
    const faster = await send("PUT", "/api/v3/internal/features/HFC_LIMIT_INCREASE", admin.cookie, {
      enabled: true,
    });
    expect((await faster.json()).HFC_LIMIT_INCREASE).toBe(true);
    expect(
      (await send("PUT", "/api/v3/internal/features/nope", admin.cookie, { enabled: true })).status,
    ).toBe(404);
  });

  it("keeps the messaging end date an admin sets beside the private_message flags", async () => {
    const path = "/api/v3/internal/features/messaging_end_date";
    const features = async () => (await t.get("/api/v3/internal/features?platform=web")).json();
    const reader = await signedIn("date_reader");
    expect((await send("PUT", path, reader.cookie, { value: "2099-06-30" })).status).toBe(403);
    const admin = await signedIn("date_admin", { is_sysadmin: 1 });
    const set = await send("PUT", path, admin.cookie, { value: "2099-06-30" });
    expect(set.status).toBe(200);
    expect((await set.json()).private_message.messaging_end_date).toBe("2099-06-30");
    expect((await features()).private_message.messaging_end_date).toBe("2099-06-30");

    // A day already over would end messaging at once: refused, as a malformed date is.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const past = await send("PUT", path, admin.cookie, { value: yesterday });
    expect(await past.json()).toEqual({
      code: "bad_request",
      message: "That day is over: messaging can end today at the earliest.",
      fields: { value: "That day is over: messaging can end today at the earliest." },
    });
    for (const value of ["30/06/2025", "2025-02-30", 20250630, true]) {
      const refused = await send("PUT", path, admin.cookie, { value });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ code: "bad_request" });
    }
    expect((await features()).private_message.messaging_end_date).toBe("2099-06-30");

    const cleared = await send("PUT", path, admin.cookie, { value: null });
    expect((await cleared.json()).private_message.messaging_end_date).toBeNull();
  });
});
