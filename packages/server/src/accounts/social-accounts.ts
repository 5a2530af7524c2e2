import { randomBytes } from "node:crypto";
import { z } from "@hono/zod-openapi";
import {
  ACCOUNT_MESSAGES,
  birthdateFrom,
  birthdateProblem,
  isEmail,
  isReservedUsername,
  SIGNUP_ERROR_CODES,
  type SignupSource,
  signupFormType,
  signupFormTypeProblem,
  USERNAME_MAX,
  USERNAME_MIN,
} from "@inkwell/shared";
import { signupSchema } from "@inkwell/shared/schemas";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { HttpError } from "../http/errors.ts";
import type { Viewer } from "../viewer.ts";
import { OAUTH_MESSAGES, type SocialIdentity } from "./oidc.ts";
import { sendVerificationMail } from "./service.ts";
import { createSession } from "./sessions.ts";
import { hashToken, randomToken } from "./tokens.ts";

/**
 * The accounts side of signing in with a provider: a verified identity signs in to its
 * linked account, links to the account its verified email names, or waits as a pending
 * sign-up for the completion form; usernames for social sign-ups; unlinking.
 */

export type SignInOutcome =
  | { kind: "session"; userId: number; session: { token: string; expiresAt: number } }
  | { kind: "pending"; token: string }
  | { kind: "email_exists" };

const PENDING_LIFETIME_MS = 30 * 60_000;

/**
 * A verified identity becomes a session when it is linked, or when its provider-verified
 * email names an account whose email we verified too (then it is linked first). An email
 * we never verified could belong to someone who registered it to take over the real
 * owner's future account, so it is not linked: that person logs in with the password.
 * Anyone else gets a pending sign-up for the completion form.
 */
export async function signInWithIdentity(
  db: Kysely<Database>,
  identity: SocialIdentity,
  now = Date.now(),
): Promise<SignInOutcome> {
  const linked = await db
    .selectFrom("social_accounts")
    .select("user_id")
    .where("provider", "=", identity.provider)
    .where("subject", "=", identity.subject)
    .executeTakeFirst();
  if (linked) return sessionFor(db, Number(linked.user_id), now);

  const owner = identity.email
    ? await db
        .selectFrom("users")
        .select(["id", "email_verified"])
        .where("email_lower", "=", identity.email.toLowerCase())
        .executeTakeFirst()
    : undefined;
  if (!owner) return { kind: "pending", token: await createPendingSignup(db, identity, now) };
  if (!identity.emailVerified || owner.email_verified !== 1) return { kind: "email_exists" };
  await linkIdentity(db, Number(owner.id), identity, now);
  return sessionFor(db, Number(owner.id), now);
}

async function sessionFor(db: Kysely<Database>, userId: number, now: number) {
  return { kind: "session" as const, userId, session: await createSession(db, userId, now) };
}

async function linkIdentity(
  db: Kysely<Database>,
  userId: number,
  identity: SocialIdentity,
  now: number,
): Promise<void> {
  try {
    await db
      .insertInto("social_accounts")
      .values({
        user_id: userId,
        provider: identity.provider,
        subject: identity.subject,
        email: identity.email,
        created_at: now,
      })
      .execute();
  } catch (error) {
    if (violates(error, "social_accounts")) {
      throw new HttpError(409, "oauth_other_identity", OAUTH_MESSAGES.otherIdentity);
    }
    throw error;
  }
}

async function createPendingSignup(
  db: Kysely<Database>,
  identity: SocialIdentity,
  now: number,
): Promise<string> {
  // Sweeping here keeps the table to the last half hour's sign-ups without a scheduler.
  await db.deleteFrom("pending_social_signups").where("expires_at", "<", now).execute();
  const token = randomToken();
  await db
    .insertInto("pending_social_signups")
    .values({
      token_hash: hashToken(token),
      provider: identity.provider,
      subject: identity.subject,
      email: identity.email,
      email_verified: identity.emailVerified ? 1 : 0,
      name: identity.name,
      birthdate: identity.birthdate,
      created_at: now,
      expires_at: now + PENDING_LIFETIME_MS,
    })
    .execute();
  return token;
}

function livePending(db: Kysely<Database>, token: string, now: number) {
  return db
    .selectFrom("pending_social_signups")
    .selectAll()
    .where("token_hash", "=", hashToken(token))
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
}

/** What the completion form needs to know: which fields the provider already answered. */
export async function pendingSignupDetails(db: Kysely<Database>, token: string, now = Date.now()) {
  if (token.length === 0 || token.length > 100) return null;
  const pending = await livePending(db, token, now);
  if (!pending) return null;
  return {
    provider: pending.provider,
    email: pending.email,
    name: pending.name,
    birthdayKnown: pending.birthdate !== null,
  };
}

// ---------------------------------------------------------------------------------------
// The completion form

/** The completion form as posted: the sign-up form's optional parts, and the token. */
export const completionSchema = signupSchema
  .pick({
    birthday_day: true,
    birthday_month: true,
    birthday_year: true,
    pronouns: true,
    marketing: true,
    consent: true,
    "form-type": true,
    source: true,
  })
  .extend({
    token: z.string().max(100),
    email: z.string().trim().max(254).optional(),
  });

export type CompletionData = z.output<typeof completionSchema>;

const completionError = (code: keyof typeof SIGNUP_ERROR_CODES, fields?: Record<string, string>) =>
  new HttpError(400, String(code), SIGNUP_ERROR_CODES[code], fields);

const expired = () => new HttpError(400, "social_signup_expired", OAUTH_MESSAGES.expired);

type Pending = NonNullable<Awaited<ReturnType<typeof livePending>>>;

/** The birthday parts as yyyy-mm-dd; undefined when any part is missing, null when not a date. */
function birthdayFrom(data: CompletionData): string | null | undefined {
  const { birthday_day: day, birthday_month: month, birthday_year: year } = data;
  if (day === undefined || month === undefined || year === undefined) return undefined;
  return birthdateFrom(day, month, year);
}

/**
 * A form-type that disagrees with the provider's answers first, then the spec's order of
 * failures: 1006 when a field the provider did not answer is missing,
 * 'fixerrors' when a value is wrong or consent is missing, 1027 under 13, 1171 for an
 * email that has an account.
 */
async function checkCompletion(
  db: Kysely<Database>,
  pending: Pending,
  data: CompletionData,
  now: number,
): Promise<{ email: string; birthdate: string }> {
  // The form leaves out what the provider gave; a form-type saying otherwise came from
  // another form (decision 111).
  const known = { email: pending.email !== null, birthday: pending.birthdate !== null };
  const formType = signupFormTypeProblem(data["form-type"], signupFormType(known));
  if (formType) throw completionError("fixerrors", { "form-type": formType });
  const email = data.email || pending.email;
  const birthday = pending.birthdate ?? birthdayFrom(data);
  const missing: Record<string, string> = {};
  if (!email) missing.email = OAUTH_MESSAGES.emailRequired;
  if (birthday === undefined) missing.birthday = ACCOUNT_MESSAGES.birthdayRequired;
  if (!email || birthday === undefined) throw completionError(1006, missing);

  const wrong: Record<string, string> = {};
  if (!isEmail(email.trim())) wrong.email = ACCOUNT_MESSAGES.emailInvalid;
  const problem = birthday ? birthdateProblem(birthday, new Date(now)) : null;
  if (!birthday || (problem !== null && problem !== "tooYoung")) {
    wrong.birthday = ACCOUNT_MESSAGES.birthdayInvalid;
  }
  if (!data.consent) wrong.consent = ACCOUNT_MESSAGES.consentRequired;
  if (!birthday || Object.keys(wrong).length > 0) throw completionError("fixerrors", wrong);
  if (problem === "tooYoung") throw completionError(1027);

  const taken = await db
    .selectFrom("users")
    .select("id")
    .where("email_lower", "=", email.toLowerCase())
    .executeTakeFirst();
  if (taken) throw completionError(1171, { email: ACCOUNT_MESSAGES.emailTaken });
  return { email, birthdate: birthday };
}

/**
 * Creates the account of a pending social sign-up, links the identity and starts a session.
 * The email counts as verified only when it is the one the provider verified; another one
 * gets the usual verification mail. The token is spent in the same transaction.
 */
export async function completeSocialSignup(
  db: Kysely<Database>,
  data: CompletionData,
  options: { baseUrl: string; now?: number },
) {
  const now = options.now ?? Date.now();
  const pending = await livePending(db, data.token, now);
  if (!pending) throw expired();
  const { email, birthdate } = await checkCompletion(db, pending, data, now);
  const verified =
    pending.email_verified === 1 && email.toLowerCase() === pending.email?.toLowerCase();
  const account = {
    email,
    birthdate,
    verified,
    pronouns: data.pronouns,
    marketing: data.marketing,
    source: data.source,
  };
  const user = await createLinkedAccount(db, pending, account, now);
  if (!verified) await sendVerificationMail(db, { ...user, email }, options.baseUrl, now);
  return { userId: user.id, session: await createSession(db, user.id, now) };
}

interface NewAccount {
  email: string;
  birthdate: string;
  verified: boolean;
  pronouns: string | null;
  marketing: boolean;
  source: SignupSource | null;
}

const USERNAME_ATTEMPTS = 5;

async function createLinkedAccount(
  db: Kysely<Database>,
  pending: Pending,
  account: NewAccount,
  now: number,
): Promise<{ id: number; username: string }> {
  const base = usernameBase(pending.name, account.email);
  for (let attempt = 0; attempt < USERNAME_ATTEMPTS; attempt++) {
    const username = await freeUsername(db, base);
    try {
      return await db.transaction().execute(async (trx) => {
        const spent = await trx
          .updateTable("pending_social_signups")
          .set({ used_at: now })
          .where("token_hash", "=", pending.token_hash)
          .where("used_at", "is", null)
          .executeTakeFirst();
        if (Number(spent.numUpdatedRows) !== 1) throw expired();
        const row = await trx
          .insertInto("users")
          .values({
            username,
            username_lower: username.toLowerCase(),
            email: account.email,
            email_lower: account.email.toLowerCase(),
            name: pending.name ?? username,
            password_hash: null,
            email_verified: account.verified ? 1 : 0,
            // The provider has just vouched for the address: no re-verification due.
            email_reverified_at: account.verified ? now : null,
            birthdate: account.birthdate,
            pronouns: account.pronouns,
            marketing_opt_in: account.marketing ? 1 : 0,
            signup_source: account.source,
            created_at: now,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        const id = Number(row.id);
        await trx
          .insertInto("social_accounts")
          .values({
            user_id: id,
            provider: pending.provider,
            subject: pending.subject,
            email: pending.email,
            created_at: now,
          })
          .execute();
        return { id, username };
      });
    } catch (error) {
      // Someone took the name between the check and the insert: try the next free one.
      if (violates(error, "username_lower")) continue;
      if (violates(error, "email_lower")) {
        throw completionError(1171, { email: ACCOUNT_MESSAGES.emailTaken });
      }
      if (violates(error, "social_accounts")) {
        throw new HttpError(409, "oauth_already_linked", OAUTH_MESSAGES.alreadyLinked);
      }
      throw error;
    }
  }
  throw new HttpError(409, "username_taken", ACCOUNT_MESSAGES.usernameTaken);
}

/** A unique-constraint failure naming the column or table (SQLite and PostgreSQL wordings). */
function violates(error: unknown, name: string): boolean {
  const text = String(error);
  return /unique|duplicate/i.test(text) && text.includes(name);
}

// ---------------------------------------------------------------------------------------
// Usernames for social sign-ups

/**
 * A username from the person's name, else the email's local part: accents dropped, runs
 * of other characters become one underscore, lowercase, 3 to 20 characters.
 */
export function usernameBase(name: string | null, email: string | null): string {
  for (const source of [name, email?.split("@")[0]]) {
    const clean = (source ?? "")
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^A-Za-z0-9]+/g, "_")
      .toLowerCase()
      .slice(0, USERNAME_MAX)
      .replace(/^_+|_+$/g, "");
    if (clean.length >= USERNAME_MIN) return clean;
  }
  return "reader";
}

const withSuffix = (base: string, suffix: string) =>
  `${base.slice(0, USERNAME_MAX - suffix.length)}${suffix}`;

/** The base itself when free, else base2…base9, else a few random numbers. */
export async function freeUsername(db: Kysely<Database>, base: string): Promise<string> {
  const random = () => String(1000 + (randomBytes(4).readUInt32BE() % 9_000_000));
  const candidates = [
    base,
    ...Array.from({ length: 8 }, (_, index) => withSuffix(base, String(index + 2))),
    ...Array.from({ length: 3 }, () => withSuffix(base, random())),
  ];
  const taken = await db
    .selectFrom("users")
    .select("username_lower")
    .where(
      "username_lower",
      "in",
      candidates.map((candidate) => candidate.toLowerCase()),
    )
    .execute();
  const used = new Set(taken.map((row) => row.username_lower));
  const free = (candidate: string) =>
    !used.has(candidate.toLowerCase()) && !isReservedUsername(candidate);
  return candidates.find(free) ?? withSuffix(base, random());
}

// ---------------------------------------------------------------------------------------
// Unlinking

/** Removes the viewer's link to a provider, unless it is the only way into the account. */
export async function unlinkProvider(
  db: Kysely<Database>,
  viewer: Viewer,
  provider: string,
): Promise<void> {
  const user = await db
    .selectFrom("users")
    .select("password_hash")
    .where("id", "=", viewer.id)
    .executeTakeFirstOrThrow();
  const link = await db
    .selectFrom("social_accounts")
    .select("subject")
    .where("user_id", "=", viewer.id)
    .where("provider", "=", provider)
    .executeTakeFirst();
  if (!link) throw new HttpError(404, "not_linked", OAUTH_MESSAGES.notLinked);
  if (user.password_hash === null) {
    throw new HttpError(409, "password_required", OAUTH_MESSAGES.needsPassword);
  }
  await db
    .deleteFrom("social_accounts")
    .where("user_id", "=", viewer.id)
    .where("provider", "=", provider)
    .execute();
}
