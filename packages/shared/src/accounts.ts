/** Account rules shared by the sign-up form and the server that enforces them. */

import { formatCount } from "./format.ts";

/** Code 467: a refused password or field, with an error_code, shown inline by the forms. */
export const REFUSED = 467;
/** The error_code of a settings change confirmed with a password that is not the account's. */
export const WRONG_PASSWORD = "error_wrong_password";

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 50;
export const MINIMUM_AGE = 13;
export const BIRTH_YEARS_BACK = 100;
export const PRONOUNS = ["M", "F", "O", "X"] as const;
export const DEFAULT_NEXT_URL = "/home";
/** Letters, digits and underscores, USERNAME_MIN to USERNAME_MAX of them. */
export const USERNAME_PATTERN = new RegExp(`^[A-Za-z0-9_]{${USERNAME_MIN},${USERNAME_MAX}}$`);

export const ACCOUNT_MESSAGES = {
  consentRequired: "Checking this box is required.",
  birthdayRequired: "Birthday is required.",
  fixErrors: "Please fix any errors to continue.",
  passwordLength: `Choose a password with ${formatCount(PASSWORD_MIN)} to ${formatCount(PASSWORD_MAX)} characters.`,
  passwordWeak:
    "Your password doesn't meet the requirements. Mix lowercase and uppercase letters, numbers and special characters.",
  passwordRequired: "Must provide a password!",
  usernameFormat: `Usernames are ${formatCount(USERNAME_MIN)} to ${formatCount(USERNAME_MAX)} letters, numbers or underscores.`,
  usernameTaken: "That username is already taken. Try another one.",
  emailInvalid: "The email address is invalid.",
  emailTaken:
    "An account with this email address may already exist. Try using another email address.",
  tooYoung:
    "Sorry, based on the information you have provided, we couldn't create an account for you.",
  birthdayInvalid: "Please enter a real date of birth.",
  birthdayFuture: "Your birthday can't be in the future.",
  /** Settings: the account is kept, the birthday that would make its holder too young is not. */
  birthdayTooYoung: `You must be at least ${MINIMUM_AGE} years old to use Inkwell.`,
  loginFailed: "The username/email or password you entered is incorrect.",
  rateLimited: "Too many attempts. Please wait a few minutes and try again.",
  generic: "Sorry, something went wrong. Please try again.",
  /** §8: a sign-up the server refused without a message of its own. */
  signupFailed: "Something went wrong. Please try again",
} as const;

/**
 * Where on the landing page a sign-up started (reader.md §2: the sign-up modals of Start
 * Reading at the top and bottom, Start Writing at the top), recorded with the new account.
 */
export const SIGNUP_SOURCES = ["reader_top", "writer_top", "reader_bot"] as const;
export type SignupSource = (typeof SIGNUP_SOURCES)[number];

export const isSignupSource = (value: string | null | undefined): value is SignupSource =>
  SIGNUP_SOURCES.some((source) => source === value);

/** A sign-up source as asked for (a query, a form field), or null for anything else. */
export const signupSourceOf = (value: unknown): SignupSource | null =>
  typeof value === "string" && isSignupSource(value) ? value : null;

/** §3: the email sign-up form's hidden signup-from field, naming the form it was sent from. */
export const SIGNUP_FROM = "new_landing_signup";
export const SIGNUP_FROM_MESSAGE = `signup-from must be ${SIGNUP_FROM}, or empty`;

/**
 * §3: the sign-up form's form-type, saying which answer the account already has: the social
 * completion form leaves out what the provider gave (decision 111); the email
 * form has neither.
 */
export const SIGNUP_FORM_TYPES = ["isEmailAvailable", "isBirthdayAvailable", "none"] as const;
export type SignupFormType = (typeof SIGNUP_FORM_TYPES)[number];

/** The form-type of a form that leaves out what is known: the email first when both are. */
export const signupFormType = (known: { email: boolean; birthday: boolean }): SignupFormType =>
  known.email ? "isEmailAvailable" : known.birthday ? "isBirthdayAvailable" : "none";

/** What is wrong with a sent form-type; a missing or empty one is taken, for API clients. */
export const signupFormTypeProblem = (
  sent: string | undefined,
  expected: SignupFormType,
): string | null => (sent && sent !== expected ? `form-type must be ${expected}, or empty` : null);

export const SIGNUP_FORM_TYPE_MESSAGE = `form-type must be one of ${SIGNUP_FORM_TYPES.join(", ")}, or empty`;

export const PRONOUNS_MESSAGE = `pronouns must be one of ${PRONOUNS.join(", ")}, or empty`;

export const SIGNUP_SOURCE_MESSAGE = `source must be one of ${SIGNUP_SOURCES.join(", ")}`;

/** Sign-up completion error codes of the spec and the message each maps to. */
export const SIGNUP_ERROR_CODES = {
  1006: "Please make sure all fields are filled in.",
  1027: ACCOUNT_MESSAGES.tooYoung,
  1171: ACCOUNT_MESSAGES.emailTaken,
  fixerrors: ACCOUNT_MESSAGES.fixErrors,
} as const;

/** The message of a sign-up error code; `fallback` for codes the spec does not name. */
export function signupErrorMessage(
  code: string | number | undefined,
  fallback: string = ACCOUNT_MESSAGES.generic,
): string {
  const key = String(code) as keyof typeof SIGNUP_ERROR_CODES;
  return SIGNUP_ERROR_CODES[key] ?? fallback;
}

/**
 * Why a reader was sent to log in again, which the login page says in an info alert (§2).
 * Only these are said: other words in the query are never shown.
 */
export const LOGIN_NOTICES = ["password_reset", "password_changed", "username_changed"] as const;
export type LoginNotice = (typeof LOGIN_NOTICES)[number];

/** A login notice as asked for in the query, or null for anything else. */
export const loginNoticeOf = (value: string | null): LoginNotice | null =>
  LOGIN_NOTICES.find((notice) => notice === value) ?? null;

/**
 * The spec's log-in-again addresses (§2): home after a password reset, /settings after a
 * username or password change there; each carries the notice saying why.
 */
export const reloginUrl = (nexturl: "home" | "/settings", notice: LoginNotice): string =>
  `/login?nexturl=${nexturl}&notice=${notice}`;

/** Longer than any page's address: a longer one is crafted, and too big for a Location header. */
export const NEXT_URL_MAX = 2000;

/**
 * Where to go after signing in: only a path on this site, so that a crafted link cannot
 * send a reader elsewhere (an open redirect). No control characters: a header refuses NUL,
 * CR and LF, and browsers drop a tab, which makes "/\t/host" the other site's "//host". No
 * lone surrogates either: encodeURI throws on them, failing the redirect.
 */
export function safeNextUrl(next: string | null | undefined): string {
  if (!next || next.length > NEXT_URL_MAX) return DEFAULT_NEXT_URL;
  const path = next.startsWith("/") ? next : `/${next}`;
  if (path.startsWith("//") || path.startsWith("/\\") || /[\p{Cc}\p{Cs}]/u.test(path))
    return DEFAULT_NEXT_URL;
  return path;
}

export type PasswordStrength = "INVALID" | "WEAK" | "STRONG";

export interface PasswordRequester {
  username?: string;
  firstName?: string;
  lastName?: string;
}

/**
 * Whose password it is, as the strength rule reads a person: an account has one display
 * name, whose first and last words stand for the first and last names.
 */
export function passwordRequester(account: {
  username: string;
  name?: string | null;
}): PasswordRequester {
  const words = (account.name ?? "").trim().split(/\s+/).filter(Boolean);
  return {
    username: account.username,
    ...(words.length > 0 && { firstName: words[0] }),
    ...(words.length > 1 && { lastName: words.at(-1) }),
  };
}

const COMMON_PASSWORDS = new Set([
  "password",
  "password1",
  "password123",
  "1234567890",
  "qwertyuiop",
  "iloveyou12",
  "letmein123",
  "welcome123",
  "abcdefghij",
]);

/**
 * The strength rule: INVALID when the length is out of range, the password is a common one
 * or contains the person's username or name; WEAK with fewer than three kinds of character
 * (lowercase, uppercase, digits, others); STRONG otherwise.
 */
export function passwordStrength(
  password: string,
  requester: PasswordRequester = {},
): PasswordStrength {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return "INVALID";
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return "INVALID";
  for (const part of [requester.username, requester.firstName, requester.lastName]) {
    if (part && part.length >= 3 && lower.includes(part.toLowerCase())) return "INVALID";
  }
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((kind) => kind.test(password));
  return kinds.length >= 3 ? "STRONG" : "WEAK";
}

export function passwordProblem(
  password: string,
  requester: PasswordRequester = {},
): string | null {
  if (password.length === 0) return ACCOUNT_MESSAGES.passwordRequired;
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX)
    return ACCOUNT_MESSAGES.passwordLength;
  return passwordStrength(password, requester) === "STRONG" ? null : ACCOUNT_MESSAGES.passwordWeak;
}

/** Age in whole years on `today`, from an ISO date (yyyy-mm-dd). */
export function ageOn(birthdate: string, today: Date): number {
  const [year, month, day] = birthdate.split("-").map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - year;
  const beforeBirthday =
    today.getUTCMonth() + 1 < month ||
    (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  if (beforeBirthday) age--;
  return age;
}

/** A real calendar date as yyyy-mm-dd, or null (31 February is not a date). */
export function birthdateFrom(day: number, month: number, year: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  ) {
    return null;
  }
  return date.toISOString().slice(0, 10);
}

/** §5: the earliest date the birthday selector offers, January 1st 100 years back. */
export const earliestBirthdate = (today: Date): string =>
  `${today.getUTCFullYear() - BIRTH_YEARS_BACK}-01-01`;

/** Why a birth date (yyyy-mm-dd) cannot be an account holder's. */
export type BirthdateProblem = "future" | "beforeRange" | "tooYoung";

/**
 * The birthday rule of sign-up and of settings alike: a date the selector offers (§5: not
 * after today, not before its earliest year) of someone at least MINIMUM_AGE; null when it is.
 */
export function birthdateProblem(birthdate: string, today: Date): BirthdateProblem | null {
  if (birthdate > today.toISOString().slice(0, 10)) return "future";
  if (birthdate < earliestBirthdate(today)) return "beforeRange";
  return ageOn(birthdate, today) < MINIMUM_AGE ? "tooYoung" : null;
}

/**
 * The account form's refusal of each birthday sign-up refuses (the settings form says it
 * under the birthday): its error_code and message. Nothing is saved.
 */
export const BIRTHDATE_REFUSALS: Record<BirthdateProblem, { code: string; message: string }> = {
  future: { code: "error_birthdate", message: ACCOUNT_MESSAGES.birthdayFuture },
  beforeRange: { code: "error_birthdate", message: ACCOUNT_MESSAGES.birthdayInvalid },
  tooYoung: { code: "error_too_young", message: ACCOUNT_MESSAGES.birthdayTooYoung },
};

/** Whether a settings refusal's error_code is about the birthday. */
export const isBirthdateRefusal = (errorCode: string | undefined): boolean =>
  Object.values(BIRTHDATE_REFUSALS).some((refusal) => refusal.code === errorCode);

/** The birthday selector's years: this year back 100 years, newest first. */
export function birthYears(today: Date): number[] {
  const year = today.getUTCFullYear();
  return Array.from({ length: BIRTH_YEARS_BACK + 1 }, (_, index) => year - index);
}

export const CONFIRM_MESSAGES = {
  weak: "Your password doesn't meet the requirements.",
  required: "Password is required.",
  confirmRequired: "Re-enter password is required.",
  mismatch: "Passwords do not match.",
  match: "Great, passwords match!",
  matchButWeak: "Passwords match but do not meet the requirements.",
} as const;

export type ConfirmState = "empty" | "mismatch" | "matchWeak" | "matchValid";

/**
 * The new-password-and-confirm state machine of the settings and reset forms: empty,
 * mismatch, match but weak, match and valid, each with the spec's message.
 */
export function confirmPasswordState(
  password: string,
  confirm: string,
  requester: PasswordRequester = {},
): { state: ConfirmState; message: string; valid: boolean } {
  const strong = passwordProblem(password, requester) === null;
  if (password === "" && confirm === "") {
    return { state: "empty", message: CONFIRM_MESSAGES.required, valid: false };
  }
  if (password === "")
    return { state: "mismatch", message: CONFIRM_MESSAGES.required, valid: false };
  if (confirm === "") {
    const message = strong ? CONFIRM_MESSAGES.confirmRequired : CONFIRM_MESSAGES.weak;
    return { state: "mismatch", message, valid: false };
  }
  if (password !== confirm)
    return { state: "mismatch", message: CONFIRM_MESSAGES.mismatch, valid: false };
  return strong
    ? { state: "matchValid", message: CONFIRM_MESSAGES.match, valid: true }
    : { state: "matchWeak", message: CONFIRM_MESSAGES.matchButWeak, valid: false };
}

export const EMAIL_MESSAGES = {
  required: "Email is required.",
  mismatch: "Please ensure the email fields match.",
  invalid: "The email address is invalid.",
  taken: "That email address is already in use.",
  same: "That is already your email address.",
  sent: "Email sent",
  problem: "Problem reaching email :(",
  problemText: "Please try again or change your email.",
} as const;

/**
 * Email re-verification: an address confirmed more than a year ago is asked about again;
 * a skip postpones it by daysBetweenReminders, up to maxSkips times.
 */
export const REVERIFICATION = { maxSkips: 3, daysBetweenReminders: 3, validForDays: 365 } as const;

export function isEmailReverified(reverifiedAt: number | null, now: number): boolean {
  return reverifiedAt !== null && now - reverifiedAt < REVERIFICATION.validForDays * 86_400_000;
}
