import {
  ACCOUNT_MESSAGES,
  birthdateFrom,
  birthdateProblem,
  CONFIRM_MESSAGES,
  type CurrentUser,
  isEmail,
  isEmailReverified,
  isReservedUsername,
  isSignupSource,
  passwordProblem,
  passwordRequester,
  REVERIFICATION,
  signupFormTypeProblem,
  USERNAME_PATTERN,
} from "@inkwell/shared";
import type { signupSchema } from "@inkwell/shared/schemas";
import type { Kysely } from "kysely";
import type { z } from "zod";
import { isUniqueViolation } from "../db/constraint-errors.ts";
import type { Database } from "../db/schema.ts";
import { HttpError } from "../http/errors.ts";
import { sendMail } from "../mail/mailer.ts";
import type { Viewer } from "../viewer.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { createSession, endAllSessions } from "./sessions.ts";
import { consumeToken, issueToken, peekToken, revokeTokens } from "./tokens.ts";

export type SignupData = z.output<typeof signupSchema>;

/** A sign-up failure with the spec's code (1006, 1027, 1171, fixerrors) and field messages. */
const signupError = (code: string, message: string, fields?: Record<string, string>) =>
  new HttpError(400, code, message, fields);

/** Refuses a sign-up whose email or username (any case) has an account, or is reserved. */
async function assertAvailable(db: Kysely<Database>, username: string, email: string) {
  const taken = await db
    .selectFrom("users")
    .select(["username_lower", "email_lower"])
    .where((eb) =>
      eb.or([eb("username_lower", "=", username.toLowerCase()), eb("email_lower", "=", email)]),
    )
    .execute();
  if (taken.some((row) => row.email_lower === email)) {
    throw signupError("1171", ACCOUNT_MESSAGES.emailTaken, { email: ACCOUNT_MESSAGES.emailTaken });
  }
  if (taken.length > 0 || isReservedUsername(username)) {
    throw signupError("username_taken", ACCOUNT_MESSAGES.usernameTaken, {
      username: ACCOUNT_MESSAGES.usernameTaken,
    });
  }
}

export async function signUp(
  db: Kysely<Database>,
  data: SignupData,
  options: { baseUrl: string; now?: number },
) {
  const now = options.now ?? Date.now();
  // Every field's problem at once (§5: 'Please fix any errors to continue'), in the form's
  // order: the form moves focus to the first.
  const fields: Record<string, string> = {};
  if (!isEmail(data.email)) fields.email = ACCOUNT_MESSAGES.emailInvalid;
  if (!USERNAME_PATTERN.test(data.username)) fields.username = ACCOUNT_MESSAGES.usernameFormat;
  const { birthday_day: day, birthday_month: month, birthday_year: year } = data;
  const birthdate =
    day !== undefined && month !== undefined && year !== undefined
      ? birthdateFrom(day, month, year)
      : null;
  const problem = birthdate ? birthdateProblem(birthdate, new Date(now)) : null;
  if (day === undefined || month === undefined || year === undefined) {
    fields.birthday = ACCOUNT_MESSAGES.birthdayRequired;
  } else if (!birthdate || (problem !== null && problem !== "tooYoung")) {
    fields.birthday = ACCOUNT_MESSAGES.birthdayInvalid;
  }
  const weak = passwordProblem(data.password, { username: data.username });
  if (weak) fields.password = weak;
  if (data.confirm_password !== undefined && data.confirm_password !== data.password) {
    fields.confirm_password = CONFIRM_MESSAGES.mismatch;
  }
  if (!data.consent) fields.consent = ACCOUNT_MESSAGES.consentRequired;
  // The email form asks for both the email and the birthday: the account has neither yet.
  const formType = signupFormTypeProblem(data["form-type"], "none");
  if (formType) fields["form-type"] = formType;
  if (Object.keys(fields).length > 0)
    throw signupError("fixerrors", ACCOUNT_MESSAGES.fixErrors, fields);
  if (!birthdate || problem === "tooYoung") {
    throw signupError("1027", ACCOUNT_MESSAGES.tooYoung);
  }

  const email = data.email.toLowerCase();
  await assertAvailable(db, data.username, email);

  const passwordHash = await hashPassword(data.password);
  let userId: number;
  try {
    const row = await db
      .insertInto("users")
      .values({
        username: data.username,
        username_lower: data.username.toLowerCase(),
        email: data.email,
        email_lower: email,
        name: data.username,
        password_hash: passwordHash,
        email_verified: 0,
        birthdate,
        pronouns: data.pronouns,
        marketing_opt_in: data.marketing ? 1 : 0,
        signup_source: data.source,
        created_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    userId = Number(row.id);
  } catch (error) {
    // Two sign-ups racing for a name or an email: the unique index decides, and the loser
    // is told which of the two the winner took.
    if (isUniqueViolation(error)) await assertAvailable(db, data.username, email);
    throw error;
  }
  await sendVerificationMail(
    db,
    { id: userId, username: data.username, email: data.email },
    options.baseUrl,
    now,
  );
  return { userId, session: await createSession(db, userId, now) };
}

export async function sendVerificationMail(
  db: Kysely<Database>,
  user: { id: number; username: string; email: string },
  baseUrl: string,
  now = Date.now(),
): Promise<void> {
  const token = await issueToken(db, user.id, "verify_email", user.email.toLowerCase(), now);
  await sendMail(
    db,
    {
      to: user.email,
      subject: "Confirm your email for Inkwell",
      text: [
        `Hi ${user.username},`,
        "",
        "Confirm your email address to finish signing up and start commenting, voting and writing:",
        `${baseUrl}/verify-email?token=${token}`,
        "",
        "If you didn't sign up for Inkwell, you can ignore this email.",
      ].join("\n"),
    },
    now,
  );
}

/**
 * Mails a new verification link. `countMail` counts it against the mail limit (it throws when
 * over) once there is an unverified address to send to: a refusal sends nothing, so it uses
 * up none of the limit (as an email change, decision 094).
 */
export async function resendVerification(
  db: Kysely<Database>,
  viewer: Viewer,
  baseUrl: string,
  countMail: () => Promise<void>,
) {
  const user = await db
    .selectFrom("users")
    .select(["id", "username", "email", "email_verified"])
    .where("id", "=", viewer.id)
    .executeTakeFirstOrThrow();
  if (!user.email) throw new HttpError(400, "no_email", "Add an email address first.");
  if (user.email_verified === 1)
    throw new HttpError(409, "already_verified", "Your email is already verified.");
  await countMail();
  await sendVerificationMail(
    db,
    { id: user.id, username: user.username, email: user.email },
    baseUrl,
  );
}

/** Marks the email verified when the link's email is still the account's email. */
export async function verifyEmail(db: Kysely<Database>, token: string): Promise<boolean> {
  const used = await consumeToken(db, token, "verify_email");
  if (!used) return false;
  const result = await db
    .updateTable("users")
    // Following the link confirms the address, so no re-verification is due for a while.
    .set({ email_verified: 1, email_reverified_at: Date.now() })
    .where("id", "=", used.userId)
    .where("email_lower", "=", used.email)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// Verifying against this when the account does not exist keeps the answer time the same.
let dummyHash: Promise<string> | undefined;

/**
 * What a username or email typed at login is looked up by; null when it cannot name an
 * account: empty, or with control characters, which no username or email has (and whose
 * NUL PostgreSQL would refuse with an error).
 */
export const accountKey = (identifier: string): string | null => {
  const key = identifier.trim().toLowerCase();
  return key === "" || /\p{Cc}/u.test(key) ? null : key;
};

/**
 * A new session for a username or email and password, with its account's id, or null: never
 * says which was wrong.
 */
export async function logIn(
  db: Kysely<Database>,
  identifier: string,
  password: string,
  now = Date.now(),
) {
  const key = accountKey(identifier);
  const user =
    key === null
      ? undefined
      : await db
          .selectFrom("users")
          .select(["id", "password_hash"])
          .where((eb) => eb.or([eb("username_lower", "=", key), eb("email_lower", "=", key)]))
          .executeTakeFirst();
  if (!user?.password_hash) {
    dummyHash ??= hashPassword("not a real password");
    await verifyPassword(password, await dummyHash);
    return null;
  }
  if (!(await verifyPassword(password, user.password_hash))) return null;
  return { ...(await createSession(db, user.id, now)), userId: Number(user.id) };
}

export async function currentUser(db: Kysely<Database>, viewer: Viewer): Promise<CurrentUser> {
  const [user, links] = await Promise.all([
    db.selectFrom("users").selectAll().where("id", "=", viewer.id).executeTakeFirstOrThrow(),
    db.selectFrom("social_accounts").select("provider").where("user_id", "=", viewer.id).execute(),
  ]);
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    avatar: user.avatar,
    email: user.email,
    verified_email: user.email_verified === 1,
    has_password: user.password_hash !== null,
    birthdate: user.birthdate,
    beta_enabled: user.beta_enabled === 1,
    language: user.language_id,
    isPremium: user.is_premium === 1,
    country: user.country || null,
    seesMature: viewer.seesMature,
    isSysAdmin: user.is_sysadmin === 1,
    isStaff: user.is_staff === 1,
    isVerified: user.is_verified === 1,
    isAmbassador: user.is_ambassador === 1,
    ambassador: user.is_ambassador === 1,
    email_reverification_status: {
      is_email_reverified: isEmailReverified(user.email_reverified_at, Date.now()),
      max_skips: REVERIFICATION.maxSkips,
      days_between_reminders: REVERIFICATION.daysBetweenReminders,
    },
    notificationSettings: {
      alerts: user.notify_alerts === 1,
      alertssub: user.notify_alertssub === 1,
      subscribe: user.notify_subscribe === 1,
      alertssubmask: user.notify_alertssubmask,
    },
    linkedAccounts: links.map((link) => link.provider),
    signupSource: isSignupSource(user.signup_source) ? user.signup_source : null,
  };
}

/**
 * Mails a reset link when the username or email names an account with an email. The
 * caller answers the same either way, so the form does not reveal who has an account.
 */
export async function requestPasswordReset(
  db: Kysely<Database>,
  identifier: string,
  baseUrl: string,
) {
  const key = accountKey(identifier);
  if (!key) return;
  const user = await db
    .selectFrom("users")
    .select(["id", "username", "email"])
    .where((eb) => eb.or([eb("username_lower", "=", key), eb("email_lower", "=", key)]))
    .executeTakeFirst();
  if (!user?.email) return;
  const token = await issueToken(db, user.id, "reset_password", null);
  await sendMail(db, {
    to: user.email,
    subject: "Reset your Inkwell password",
    text: [
      `Hi ${user.username},`,
      "",
      "Someone (hopefully you) asked to reset your password. This link works once, for one hour:",
      `${baseUrl}/reset-password?token=${token}`,
      "",
      "If you didn't ask, you can ignore this email: your password stays the same.",
    ].join("\n"),
  });
}

const invalidResetLink = () =>
  new HttpError(400, "error_invalid_token", "This reset link has expired or was already used.");

/**
 * Sets a new password from a reset link. The password is checked before the link is
 * spent, so a refused password leaves the link usable; every session then ends.
 */
export async function resetPassword(db: Kysely<Database>, token: string, password: string) {
  const userId = await peekToken(db, token, "reset_password");
  if (userId === null) throw invalidResetLink();
  const user = await db
    .selectFrom("users")
    .select(["username", "name"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  const problem = passwordProblem(password, passwordRequester(user));
  if (problem) {
    const weak = problem === ACCOUNT_MESSAGES.passwordWeak;
    throw new HttpError(
      400,
      weak ? "error_weak_password" : "error_invalid_password_length",
      problem,
    );
  }
  // Spending the link is the atomic step: of two racing resets only one gets past it.
  if (!(await consumeToken(db, token, "reset_password"))) throw invalidResetLink();
  await db
    .updateTable("users")
    .set({ password_hash: await hashPassword(password) })
    .where("id", "=", userId)
    .execute();
  await revokeTokens(db, userId, "reset_password");
  await endAllSessions(db, userId);
}
