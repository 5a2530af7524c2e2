import {
  ACCOUNT_MESSAGES,
  BIRTHDATE_REFUSALS,
  birthdateProblem,
  CONFIRM_MESSAGES,
  EMAIL_MESSAGES,
  isEmail,
  isReservedUsername,
  type NotificationForm,
  type NotificationSettings,
  passwordProblem,
  passwordRequester,
  USERNAME_PATTERN,
  WRONG_PASSWORD,
} from "@inkwell/shared";
import type { Kysely } from "kysely";
import { coinPurchasesOf } from "../coins/service.ts";
import { declinesOfUser, submissionsOfUser } from "../contests/service.ts";
import { isUniqueViolation } from "../db/constraint-errors.ts";
import type { Database } from "../db/schema.ts";
import { writerChanged } from "../events.ts";
import { HttpError } from "../http/errors.ts";
import { assertNotTimedOut } from "../moderation/service.ts";
import { premiumPaymentsOf } from "../premium/service.ts";
import type { Viewer } from "../viewer.ts";
import { deleteAccount } from "./closing.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { sendVerificationMail } from "./service.ts";
import { endAllSessions } from "./sessions.ts";
import { revokeTokens } from "./tokens.ts";

const rejected = (code: string, message: string) => new HttpError(400, code, message);

async function accountOf(db: Kysely<Database>, viewer: Viewer) {
  return db.selectFrom("users").selectAll().where("id", "=", viewer.id).executeTakeFirstOrThrow();
}

/** Accounts with a password must confirm changes with it; social-only accounts have none. */
async function confirmPassword(hash: string | null, password: string): Promise<void> {
  if (hash === null) return;
  if (!password || !(await verifyPassword(password, hash))) {
    throw rejected(WRONG_PASSWORD, "The password you entered is incorrect.");
  }
}

/**
 * Change (or, for a social-only account, add) the password; every session then ends. The
 * settings form also sends the new password re-entered, which must match it.
 */
export async function changePassword(
  db: Kysely<Database>,
  viewer: Viewer,
  input: { oldPassword: string; newPassword: string; confirmation?: string },
): Promise<void> {
  const user = await accountOf(db, viewer);
  await confirmPassword(user.password_hash, input.oldPassword);
  if (input.confirmation !== undefined && input.confirmation !== input.newPassword) {
    throw rejected("error_password_mismatch", CONFIRM_MESSAGES.mismatch);
  }
  const problem = passwordProblem(input.newPassword, passwordRequester(user));
  if (problem) {
    const weak = problem === ACCOUNT_MESSAGES.passwordWeak;
    throw rejected(weak ? "error_weak_password" : "error_invalid_password_length", problem);
  }
  await db
    .updateTable("users")
    .set({ password_hash: await hashPassword(input.newPassword) })
    .where("id", "=", user.id)
    .execute();
  await revokeTokens(db, user.id, "reset_password");
  await endAllSessions(db, user.id);
}

/**
 * A new username takes effect at once; every session ends so the reader logs in again.
 * Not during a time-out: readers see it wherever they see the person, as their name.
 */
export async function changeUsername(
  db: Kysely<Database>,
  viewer: Viewer,
  input: { username: string; password: string },
): Promise<void> {
  assertNotTimedOut(viewer);
  const user = await accountOf(db, viewer);
  await confirmPassword(user.password_hash, input.password);
  const username = input.username.trim();
  const problem = await usernameProblem(db, username, viewer);
  if (problem) throw rejected(problem.code, problem.message);
  try {
    await db
      .updateTable("users")
      .set({ username, username_lower: username.toLowerCase() })
      .where("id", "=", user.id)
      .execute();
  } catch (error) {
    if (isUniqueViolation(error))
      throw rejected("error_username_taken", ACCOUNT_MESSAGES.usernameTaken);
    throw error;
  }
  writerChanged(user.username);
  await endAllSessions(db, user.id);
}

/**
 * What is wrong with a username as someone's new name (its form, or another account or the
 * product has it), or null when it can be used: the viewer's own name is theirs to keep.
 */
export async function usernameProblem(
  db: Kysely<Database>,
  name: string,
  viewer: Viewer | null,
): Promise<{ code: string; message: string } | null> {
  const username = name.trim();
  if (!USERNAME_PATTERN.test(username)) {
    return { code: "error_username", message: ACCOUNT_MESSAGES.usernameFormat };
  }
  const owner = await db
    .selectFrom("users")
    .select("id")
    .where("username_lower", "=", username.toLowerCase())
    .executeTakeFirst();
  if ((owner && owner.id !== viewer?.id) || isReservedUsername(username)) {
    return { code: "error_username_taken", message: ACCOUNT_MESSAGES.usernameTaken };
  }
  return null;
}

/** What is wrong with an email as someone's new address, or null when it can be used. */
export async function emailProblem(
  db: Kysely<Database>,
  email: string,
  viewer: Viewer | null,
): Promise<string | null> {
  const address = email.trim().toLowerCase();
  if (!address) return EMAIL_MESSAGES.required;
  if (!isEmail(address)) return EMAIL_MESSAGES.invalid;
  const owner = await db
    .selectFrom("users")
    .select("id")
    .where("email_lower", "=", address)
    .executeTakeFirst();
  if (!owner) return null;
  return owner.id === viewer?.id ? EMAIL_MESSAGES.same : EMAIL_MESSAGES.taken;
}

/**
 * A new email starts unverified and gets its own verification mail. `countMail` counts that
 * mail against the mail limit (it throws when over), once the address and password are right:
 * a mistyped one sends nothing, so it uses up none of the limit.
 */
export async function changeEmail(
  db: Kysely<Database>,
  viewer: Viewer,
  input: { email: string; confirmEmail: string; password: string },
  baseUrl: string,
  countMail: () => Promise<void>,
): Promise<void> {
  const user = await accountOf(db, viewer);
  const email = input.email.trim();
  if (email.toLowerCase() !== input.confirmEmail.trim().toLowerCase()) {
    throw rejected("error_email_mismatch", EMAIL_MESSAGES.mismatch);
  }
  const problem = await emailProblem(db, email, viewer);
  if (problem) throw rejected("error_email", problem);
  await confirmPassword(user.password_hash, input.password);
  await countMail();
  try {
    await db
      .updateTable("users")
      .set({
        email,
        email_lower: email.toLowerCase(),
        email_verified: 0,
        email_reverified_at: null,
      })
      .where("id", "=", user.id)
      .execute();
  } catch (error) {
    // Another account took the address since it was checked: the unique index decides.
    if (isUniqueViolation(error)) throw rejected("error_email", EMAIL_MESSAGES.taken);
    throw error;
  }
  // Reset links went to the old address, which may no longer be the owner's.
  await revokeTokens(db, user.id, "reset_password");
  await sendVerificationMail(db, { id: user.id, username: user.username, email }, baseUrl);
}

export interface AccountForm {
  birthdate?: string;
  beta_enabled?: boolean;
  is_email_reverified?: boolean;
}

/**
 * The account form (birthday, beta) and the re-verification answer. Confirming a verified
 * email records it; an unverified one gets a fresh verification mail instead.
 */
export async function updateAccount(
  db: Kysely<Database>,
  viewer: Viewer,
  form: AccountForm,
  baseUrl: string,
  now = Date.now(),
): Promise<{ reverified?: boolean }> {
  const user = await accountOf(db, viewer);
  // The form sends the birthday it shows: one kept unchanged is not judged again (the
  // 100 years move on; an account may predate the rule).
  const { birthdate } = form;
  const problem =
    birthdate !== undefined &&
    birthdate !== user.birthdate &&
    birthdateProblem(birthdate, new Date(now));
  if (problem) {
    const { code, message } = BIRTHDATE_REFUSALS[problem];
    throw rejected(code, message);
  }
  const changes = {
    ...(form.birthdate !== undefined && { birthdate: form.birthdate }),
    ...(form.beta_enabled !== undefined && {
      beta_enabled: form.beta_enabled ? (1 as const) : (0 as const),
    }),
  };
  if (Object.keys(changes).length > 0) {
    await db.updateTable("users").set(changes).where("id", "=", user.id).execute();
  }
  if (!form.is_email_reverified) return {};
  if (user.email_verified === 1) {
    await db
      .updateTable("users")
      .set({ email_reverified_at: now })
      .where("id", "=", user.id)
      .execute();
    return { reverified: true };
  }
  if (user.email)
    await sendVerificationMail(
      db,
      { id: user.id, username: user.username, email: user.email },
      baseUrl,
    );
  return { reverified: false };
}

/**
 * A settings form names its account (§3, §7: id): one loaded before a sign-in as someone
 * else, in another tab, must not change the account now signed in. A client that sends no id
 * changes its own.
 */
export function assertFormAccount(id: number | undefined, viewer: Viewer): void {
  if (id !== undefined && id !== viewer.id) {
    throw new HttpError(
      409,
      "other_account",
      "This form belongs to another account. Reload the page.",
    );
  }
}

export async function updateNotifications(
  db: Kysely<Database>,
  viewer: Viewer,
  settings: NotificationForm,
): Promise<NotificationSettings> {
  assertFormAccount(settings.id, viewer);
  await db
    .updateTable("users")
    .set({
      notify_alerts: settings.alerts ? 1 : 0,
      notify_alertssub: settings.alertssub ? 1 : 0,
      notify_subscribe: settings.subscribe ? 1 : 0,
      notify_alertssubmask: settings.alertssubmask,
    })
    .where("id", "=", viewer.id)
    .execute();
  const { alerts, alertssub, subscribe, alertssubmask } = settings;
  return { alerts, alertssub, subscribe, alertssubmask };
}

/**
 * Closing an account deletes it and, through the schema's cascades, everything it owns;
 * other people's follower counts lose it in the same transaction.
 */
export async function closeAccount(
  db: Kysely<Database>,
  viewer: Viewer,
  password: string,
): Promise<void> {
  const user = await accountOf(db, viewer);
  await confirmPassword(user.password_hash, password);
  await db.transaction().execute(async (trx) => {
    await deleteAccount(trx, user.id);
  });
  writerChanged(user.username);
}

/** Everything the platform holds about the user, for /settings/your-inkwell-data. */
export async function exportData(db: Kysely<Database>, viewer: Viewer) {
  const user = await accountOf(db, viewer);
  const [
    stories,
    parts,
    votes,
    reads,
    paywallEvents,
    storyClicks,
    adEligibilityEvents,
    positions,
    following,
    followers,
    sessions,
    knownDevices,
    entries,
    contestDeclines,
    coinPurchases,
    premiumPayments,
  ] = await Promise.all([
    db.selectFrom("stories").selectAll().where("user_id", "=", user.id).orderBy("id").execute(),
    db
      .selectFrom("parts")
      .innerJoin("stories", "stories.id", "parts.story_id")
      .selectAll("parts")
      .where("stories.user_id", "=", user.id)
      .orderBy("parts.id")
      .execute(),
    db
      .selectFrom("votes")
      .select(["part_id", "story_id", "created_at"])
      .where("user_id", "=", user.id)
      .execute(),
    db
      .selectFrom("reads")
      .select(["part_id", "story_id", "seconds", "created_at"])
      .where("user_id", "=", user.id)
      .execute(),
    db
      .selectFrom("paywall_events")
      .select(["name", "part_id", "story_id", "created_at"])
      .where("user_id", "=", user.id)
      .orderBy("id")
      .execute(),
    db
      .selectFrom("story_clicks")
      .select(["story_id", "source", "created_at"])
      .where("user_id", "=", user.id)
      .orderBy("id")
      .execute(),
    db
      .selectFrom("ad_eligibility_events")
      .select([
        "placement",
        "story_id",
        "part_id",
        "eligible",
        "factor",
        "country_code",
        "created_at",
      ])
      .where("user_id", "=", user.id)
      .orderBy("id")
      .execute(),
    db
      .selectFrom("reading_positions")
      .select(["story_id", "part_id", "position", "updated_at"])
      .where("user_id", "=", user.id)
      .execute(),
    db
      .selectFrom("follows")
      .innerJoin("users", "users.id", "follows.followee_id")
      .select(["users.username", "follows.created_at"])
      .where("follows.follower_id", "=", user.id)
      .execute(),
    db
      .selectFrom("follows")
      .innerJoin("users", "users.id", "follows.follower_id")
      .select(["users.username", "follows.created_at"])
      .where("follows.followee_id", "=", user.id)
      .execute(),
    db
      .selectFrom("sessions")
      .select(["created_at", "expires_at"])
      .where("user_id", "=", user.id)
      .execute(),
    db
      .selectFrom("known_devices")
      .select(["created_at", "last_used_at"])
      .where("user_id", "=", user.id)
      .execute(),
    submissionsOfUser(db, user.id),
    declinesOfUser(db, user.id),
    coinPurchasesOf(db, user.id),
    premiumPaymentsOf(db, user.id),
  ]);
  // Secrets stay out: the password's hash and the alert emails' unsubscribe key.
  const { password_hash, alerts_key: _unsubscribeKey, ...account } = user;
  return {
    exportedAt: new Date().toISOString(),
    account: { ...account, has_password: password_hash !== null },
    stories,
    parts,
    votes,
    reads,
    paywallEvents,
    storyClicks,
    adEligibilityEvents,
    readingPositions: positions,
    following,
    followers,
    sessions,
    knownDevices,
    contestSubmissions: entries,
    contestBannerDeclines: contestDeclines,
    coinPurchases,
    premiumPayments,
  };
}
