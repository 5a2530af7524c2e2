import { describe, expect, it } from "vitest";
import {
  ACCOUNT_MESSAGES,
  ageOn,
  birthdateFrom,
  birthdateProblem,
  birthYears,
  confirmPasswordState,
  earliestBirthdate,
  isEmailReverified,
  loginNoticeOf,
  NEXT_URL_MAX,
  passwordProblem,
  passwordRequester,
  passwordStrength,
  reloginUrl,
  safeNextUrl,
  signupErrorMessage,
} from "./accounts.ts";
import { signupSchema } from "./schemas.ts";

describe("safeNextUrl", () => {
  it.each([
    [undefined, "/home"],
    ["", "/home"],
    ["/story/12", "/story/12"],
    ["settings", "/settings"],
    ["//evil.example/x", "/home"],
    ["/\\evil.example", "/home"],
    ["https://evil.example", "/https://evil.example"],
    ["/ok\r\nSet-Cookie: x", "/home"],
    ["/\u0000", "/home"],
    ["/a\u0007b", "/home"],
    ["/a\u007fb", "/home"],
    ["/a\u0085b", "/home"],
    // Browsers drop tabs from an address, which would make this one "//evil.example".
    ["/\t/evil.example", "/home"],
    ["/lone-\ud800", "/home"],
    ["/lone-\udc00-low", "/home"],
    ["/histoire/été-😀", "/histoire/été-😀"],
  ])("%j goes to %j", (next, expected) => {
    expect(safeNextUrl(next)).toBe(expected);
  });

  it("refuses an address longer than any page's", () => {
    const longest = `/${"a".repeat(NEXT_URL_MAX - 1)}`;
    expect(safeNextUrl(longest)).toBe(longest);
    expect(safeNextUrl(`${longest}a`)).toBe("/home");
    expect(safeNextUrl(`/${"a".repeat(1_000_000)}`)).toBe("/home");
  });
});

describe("login notices", () => {
  it("names only the notices the product sends", () => {
    expect(loginNoticeOf("password_reset")).toBe("password_reset");
    expect(loginNoticeOf("username_changed")).toBe("username_changed");
    for (const other of [null, "", "PASSWORD_RESET", "toString", "<b>Locked</b>"]) {
      expect(loginNoticeOf(other)).toBeNull();
    }
  });

  it("keeps the spec's log-in-again addresses, with the notice added", () => {
    expect(reloginUrl("home", "password_reset")).toBe("/login?nexturl=home&notice=password_reset");
    expect(reloginUrl("/settings", "password_changed")).toBe(
      "/login?nexturl=/settings&notice=password_changed",
    );
  });
});

describe("password rules", () => {
  it("needs 10 to 50 characters", () => {
    expect(passwordStrength("Ab1!Ab1!A")).toBe("INVALID");
    expect(passwordStrength("Ab1!Ab1!Ab")).toBe("STRONG");
    expect(passwordStrength(`Ab1!${"x".repeat(46)}`)).toBe("STRONG");
    expect(passwordStrength(`Ab1!${"x".repeat(47)}`)).toBe("INVALID");
  });

  it("calls fewer than three kinds of character weak", () => {
    expect(passwordStrength("lowercaseonly")).toBe("WEAK");
    expect(passwordStrength("lowercase-and-dash")).toBe("WEAK");
    expect(passwordStrength("Lowercase-and-dash")).toBe("STRONG");
  });

  it("refuses common passwords and ones containing the person's names", () => {
    expect(passwordStrength("Password123")).toBe("INVALID");
    expect(passwordStrength("Passwords-123")).toBe("STRONG");
    expect(passwordStrength("My-Mara-2024", { firstName: "mara" })).toBe("INVALID");
    expect(passwordStrength("My-Quill-2024", { username: "QUILL" })).toBe("INVALID");
    expect(passwordStrength("Ab-1-Ab-1-Ab", { lastName: "ab" })).toBe("STRONG");
  });

  it("reads an account's display name as its first and last names", () => {
    expect(passwordRequester({ username: "rae_reads", name: "  Rae  Anne Reader " })).toEqual({
      username: "rae_reads",
      firstName: "Rae",
      lastName: "Reader",
    });
    expect(passwordRequester({ username: "wren", name: "Wren" })).toEqual({
      username: "wren",
      firstName: "Wren",
    });
    expect(passwordRequester({ username: "nameless", name: null })).toEqual({
      username: "nameless",
    });
    const rae = passwordRequester({ username: "rae_reads", name: "Rae Reader" });
    expect(passwordProblem("Reader-Ink-2026", rae)).toBe(ACCOUNT_MESSAGES.passwordWeak);
    expect(passwordProblem("Lantern-Ink-2026", rae)).toBeNull();
  });

  it("names the problem in the spec's words", () => {
    expect(passwordProblem("")).toBe(ACCOUNT_MESSAGES.passwordRequired);
    expect(passwordProblem("short")).toBe("Choose a password with 10 to 50 characters.");
    expect(passwordProblem("lowercaseonly")).toBe(ACCOUNT_MESSAGES.passwordWeak);
    expect(passwordProblem("Lowercase-and-dash")).toBeNull();
  });
});

describe("birthdays", () => {
  it("accepts real dates only", () => {
    expect(birthdateFrom(29, 2, 2024)).toBe("2024-02-29");
    expect(birthdateFrom(29, 2, 2023)).toBeNull();
    expect(birthdateFrom(31, 4, 2000)).toBeNull();
    expect(birthdateFrom(1, 13, 2000)).toBeNull();
  });

  it("counts age in whole years, turning on the birthday", () => {
    const today = new Date(Date.UTC(2026, 10, 22));
    expect(ageOn("2013-11-22", today)).toBe(13);
    expect(ageOn("2013-11-23", today)).toBe(12);
    expect(ageOn("1990-01-01", today)).toBe(36);
  });

  it("accepts birth dates from January 1st 100 years back of people 13 or older", () => {
    const today = new Date(Date.UTC(2026, 10, 22, 15));
    expect(earliestBirthdate(today)).toBe("1926-01-01");
    expect(birthdateProblem("1926-01-01", today)).toBeNull();
    expect(birthdateProblem("1925-12-31", today)).toBe("beforeRange");
    expect(birthdateProblem("2013-11-22", today)).toBeNull();
    expect(birthdateProblem("2013-11-23", today)).toBe("tooYoung");
    expect(birthdateProblem("2026-11-22", today)).toBe("tooYoung");
    expect(birthdateProblem("2026-11-23", today)).toBe("future");
  });

  it("offers this year back 100 years, newest first", () => {
    const years = birthYears(new Date(Date.UTC(2026, 0, 1)));
    expect(years).toHaveLength(101);
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(1926);
  });
});

describe("sign-up form", () => {
  it("maps the completion error codes to the spec's messages", () => {
    expect(signupErrorMessage(1006)).toBe("Please make sure all fields are filled in.");
    expect(signupErrorMessage("1027")).toBe(
      "Sorry, based on the information you have provided, we couldn't create an account for you.",
    );
    expect(signupErrorMessage(1171)).toBe(
      "An account with this email address may already exist. Try using another email address.",
    );
    expect(signupErrorMessage("fixerrors")).toBe("Please fix any errors to continue.");
    expect(signupErrorMessage("9999")).toBe("Sorry, something went wrong. Please try again.");
    expect(signupErrorMessage("9999", ACCOUNT_MESSAGES.signupFailed)).toBe(
      "Something went wrong. Please try again",
    );
    expect(signupErrorMessage("fixerrors", ACCOUNT_MESSAGES.signupFailed)).toBe(
      "Please fix any errors to continue.",
    );
  });

  it("reads checkboxes and numbers the way forms and JSON send them", () => {
    const parsed = signupSchema.parse({
      email: " mara@example.com ",
      username: "mara_reads",
      password: "x",
      birthday_day: "07",
      birthday_month: 3,
      birthday_year: "1999",
      pronouns: "",
      marketing: "on",
      consent: true,
    });
    expect(parsed).toMatchObject({
      email: "mara@example.com",
      birthday_day: 7,
      birthday_month: 3,
      birthday_year: 1999,
      pronouns: null,
      marketing: true,
      consent: true,
    });
    expect(signupSchema.parse({ ...parsed, marketing: undefined, consent: "false" })).toMatchObject(
      {
        marketing: false,
        consent: false,
      },
    );
  });
});

describe("confirmPasswordState", () => {
  it.each([
    ["", "", "empty", "Password is required."],
    ["", "Moonlit-Ink-77", "mismatch", "Password is required."],
    ["Moonlit-Ink-77", "", "mismatch", "Re-enter password is required."],
    ["weakweakweak", "", "mismatch", "Your password doesn't meet the requirements."],
    ["Moonlit-Ink-77", "Moonlit-Ink-7", "mismatch", "Passwords do not match."],
    [
      "weakweakweak",
      "weakweakweak",
      "matchWeak",
      "Passwords match but do not meet the requirements.",
    ],
    ["Moonlit-Ink-77", "Moonlit-Ink-77", "matchValid", "Great, passwords match!"],
  ])("%j and %j: %s", (password, confirm, state, message) => {
    const result = confirmPasswordState(password, confirm);
    expect(result).toEqual({ state, message, valid: state === "matchValid" });
  });

  it("judges strength against the requester", () => {
    expect(
      confirmPasswordState("Moonlit-Rae-77", "Moonlit-Rae-77", { firstName: "Rae" }).state,
    ).toBe("matchWeak");
  });
});

describe("isEmailReverified", () => {
  const now = Date.UTC(2026, 10, 22);
  const day = 86_400_000;
  it("holds for a year after the address was confirmed", () => {
    expect(isEmailReverified(null, now)).toBe(false);
    expect(isEmailReverified(now - 364 * day, now)).toBe(true);
    expect(isEmailReverified(now - 365 * day, now)).toBe(false);
  });
});
