import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { z } from "@hono/zod-openapi";
import {
  ACCOUNT_MESSAGES,
  ageOn,
  birthdateFrom,
  birthdateInRange,
  isEmail,
  isReservedUsername,
  MINIMUM_AGE,
  SIGNUP_ERROR_CODES,
  SIGNUP_SOURCES,
  type SignupSource,
  USERNAME_MAX,
  USERNAME_MIN,
} from "@inkwell/shared";
import { signupSchema } from "@inkwell/shared/schemas";
import { createRemoteJWKSet, type JWTPayload, errors as joseErrors, jwtVerify } from "jose";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { HttpError } from "../http/errors.ts";
import type { Viewer } from "../viewer.ts";
import { sendVerificationMail } from "./service.ts";
import { createSession } from "./sessions.ts";
import { hashToken } from "./tokens.ts";

/**
 * Sign-in with Google (any OpenID Connect provider): the authorization code flow with
 * state, nonce and PKCE, ID tokens verified against the issuer's keys, and the account
 * rules (linked identity, link by verified email, or a pending sign-up to complete).
 */

export const GOOGLE = "google";

export const OAUTH_MESSAGES = {
  notConfigured: "Sign-in with Google is not available.",
  badState: "This sign-in attempt expired or did not start here. Please try again.",
  cancelled: "Sign-in with Google was cancelled.",
  failed: "We couldn't complete the sign-in with Google. Please try again.",
  invalidToken: "We couldn't verify your Google sign-in. Please try again.",
  emailExists:
    "An account with this email address already exists. Log in with your password instead.",
  otherIdentity: "This Inkwell account is already linked to another Google account.",
  alreadyLinked:
    "This Google account is already linked to an Inkwell account. Continue with Google to log in.",
  expired: "This sign-up has expired. Please continue with Google again.",
  emailRequired: "Email is required.",
  notLinked: "Your account is not linked to Google.",
  needsPassword:
    "Add a password to your account before unlinking Google, or you won't be able to log in.",
  unlinked: "Google is no longer linked to your account.",
  facebookNotLinked:
    "No Facebook account is linked to your account, so there is nothing to unlink.",
} as const;

// ---------------------------------------------------------------------------------------
// Configuration

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export const DEFAULT_ISSUER = "https://accounts.google.com";

/** Read per request (cheap), so that a test or an operator can change it without a restart. */
export function oidcConfig(env: NodeJS.ProcessEnv = process.env): OidcConfig | null {
  const clientId = env.OIDC_CLIENT_ID?.trim();
  if (!clientId) return null;
  return {
    issuer: env.OIDC_ISSUER?.trim() || DEFAULT_ISSUER,
    clientId,
    clientSecret: env.OIDC_CLIENT_SECRET ?? "",
  };
}

// ---------------------------------------------------------------------------------------
// The provider: discovery (cached), keys, code exchange, ID token verification

const metadataSchema = z.object({
  issuer: z.string().min(1),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
});

export type ProviderMetadata = z.infer<typeof metadataSchema>;

const DISCOVERY_TTL_MS = 60 * 60_000;
const PROVIDER_TIMEOUT_MS = 10_000;
const discoveries = new Map<string, { expiresAt: number; metadata: Promise<ProviderMetadata> }>();
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

const providerFailure = (reason: string) => {
  // The visitor gets a plain message; the operator gets the reason in the log.
  console.warn(`OpenID provider: ${reason}`);
  return new HttpError(400, "oauth_failed", OAUTH_MESSAGES.failed);
};

const sameIssuer = (a: string, b: string) => a.replace(/\/$/, "") === b.replace(/\/$/, "");

async function fetchMetadata(issuer: string): Promise<ProviderMetadata> {
  const url = `${issuer.replace(/\/$/, "")}/.well-known/openid-configuration`;
  const response = await fetch(url, { signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) }).catch(
    (error: unknown) => {
      throw providerFailure(`discovery at ${url} failed: ${String(error)}`);
    },
  );
  const parsed = metadataSchema.safeParse(await response.json().catch(() => null));
  if (!response.ok || !parsed.success) {
    throw providerFailure(`discovery at ${url} answered ${response.status} without metadata`);
  }
  // OpenID Discovery: the document must name the issuer it was fetched for.
  if (!sameIssuer(parsed.data.issuer, issuer)) {
    throw providerFailure(`discovery names issuer ${parsed.data.issuer}, expected ${issuer}`);
  }
  return parsed.data;
}

/** The issuer's endpoints, fetched once an hour; a failed fetch is not cached. */
export function discover(issuer: string, now = Date.now()): Promise<ProviderMetadata> {
  const cached = discoveries.get(issuer);
  if (cached && cached.expiresAt > now) return cached.metadata;
  const metadata = fetchMetadata(issuer);
  discoveries.set(issuer, { expiresAt: now + DISCOVERY_TTL_MS, metadata });
  metadata.catch(() => {
    if (discoveries.get(issuer)?.metadata === metadata) discoveries.delete(issuer);
  });
  return metadata;
}

/** jose's remote key set caches keys and refetches when a token names an unknown key. */
function keySet(jwksUri: string) {
  let keys = keySets.get(jwksUri);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: PROVIDER_TIMEOUT_MS });
    keySets.set(jwksUri, keys);
  }
  return keys;
}

/** Google documents both spellings of its issuer in ID tokens. */
function acceptedIssuers(issuer: string): string[] {
  return sameIssuer(issuer, DEFAULT_ISSUER) ? [issuer, "accounts.google.com"] : [issuer];
}

const ID_TOKEN_ALGORITHMS = ["RS256", "ES256", "PS256", "EdDSA"];

export interface SocialIdentity {
  provider: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  birthdate: string | null;
}

const claimsSchema = z.object({
  sub: z.string().min(1).max(255),
  email: z.string().optional(),
  email_verified: z.union([z.boolean(), z.string()]).optional(),
  name: z.string().optional(),
  birthdate: z.string().optional(),
});

function identityFromClaims(payload: JWTPayload): SocialIdentity {
  const claims = claimsSchema.safeParse(payload);
  if (!claims.success) throw new HttpError(401, "oauth_invalid_token", OAUTH_MESSAGES.invalidToken);
  const { sub, email, email_verified, name, birthdate } = claims.data;
  const validEmail = email && isEmail(email.trim()) ? email.trim() : null;
  const [year, month, day] = (birthdate ?? "").split("-").map(Number);
  return {
    provider: GOOGLE,
    subject: sub,
    email: validEmail,
    // Some providers send the flag as a string.
    emailVerified: validEmail !== null && (email_verified === true || email_verified === "true"),
    name: name?.trim().slice(0, 100) || null,
    birthdate: year && month && day ? birthdateFrom(day, month, year) : null,
  };
}

const invalidToken = () => new HttpError(401, "oauth_invalid_token", OAUTH_MESSAGES.invalidToken);

/**
 * Checks an ID token: signature by one of the issuer's keys, iss, aud (and azp when there
 * are several audiences), exp, and the nonce when this sign-in sent one.
 */
export async function verifyIdToken(
  config: OidcConfig,
  token: string,
  nonce?: string,
): Promise<SocialIdentity> {
  const metadata = await discover(config.issuer);
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, keySet(metadata.jwks_uri), {
      issuer: acceptedIssuers(metadata.issuer),
      audience: config.clientId,
      algorithms: ID_TOKEN_ALGORITHMS,
      requiredClaims: ["sub", "exp", "iat"],
      clockTolerance: 30,
    }));
  } catch (error) {
    // Anything else (the key set unreachable) is the provider's failure, not the token's.
    if (!(error instanceof joseErrors.JOSEError)) throw providerFailure(String(error));
    console.warn(`OpenID provider: ID token refused (${error.code})`);
    throw invalidToken();
  }
  if (nonce !== undefined && payload.nonce !== nonce) throw invalidToken();
  if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== config.clientId) {
    throw invalidToken();
  }
  return identityFromClaims(payload);
}

/** What the browser keeps between the redirect to the provider and the way back. */
export const authorizationStateSchema = z.object({
  state: z.string().min(16).max(100),
  nonce: z.string().min(16).max(100),
  verifier: z.string().min(43).max(128),
  nextUrl: z.string().max(2000),
  // The landing page's sign-up button this sign-in started from, recorded on a new account.
  source: z.enum(SIGNUP_SOURCES).optional(),
});

export type AuthorizationState = z.infer<typeof authorizationStateSchema>;

const randomToken = (bytes = 32) => randomBytes(bytes).toString("base64url");

/** The provider's authorization URL for a new sign-in, and the state to remember for it. */
export async function beginSignIn(
  config: OidcConfig,
  redirectUri: string,
  nextUrl: string,
  source?: SignupSource,
): Promise<{ url: string; remembered: AuthorizationState }> {
  const metadata = await discover(config.issuer);
  const remembered: AuthorizationState = {
    state: randomToken(),
    nonce: randomToken(),
    verifier: randomToken(),
    nextUrl,
    ...(source && { source }),
  };
  const url = new URL(metadata.authorization_endpoint);
  const params = {
    response_type: "code",
    client_id: config.clientId,
    redirect_uri: redirectUri,
    scope: "openid email profile",
    state: remembered.state,
    nonce: remembered.nonce,
    code_challenge: createHash("sha256").update(remembered.verifier).digest("base64url"),
    code_challenge_method: "S256",
  };
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return { url: url.href, remembered };
}

const tokenResponseSchema = z.object({ id_token: z.string().min(1) });

async function exchangeCode(
  config: OidcConfig,
  metadata: ProviderMetadata,
  grant: { code: string; redirectUri: string; verifier: string },
): Promise<string> {
  // client_secret_post: Google accepts it and it needs no extra encoding rules.
  const body = new URLSearchParams({
    grant_type: "authorization_code",
    code: grant.code,
    redirect_uri: grant.redirectUri,
    code_verifier: grant.verifier,
    client_id: config.clientId,
    client_secret: config.clientSecret,
  });
  const response = await fetch(metadata.token_endpoint, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body,
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  }).catch((error: unknown) => {
    throw providerFailure(`token request failed: ${String(error)}`);
  });
  const parsed = tokenResponseSchema.safeParse(await response.json().catch(() => null));
  if (!response.ok || !parsed.success) {
    throw providerFailure(`token endpoint answered ${response.status} without an ID token`);
  }
  return parsed.data.id_token;
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The way back from the provider: the state must be the one this browser was sent with
 * (no state, another state or no remembered state is refused before any other work).
 */
export async function identityFromCallback(
  config: OidcConfig,
  callback: { code?: string; state?: string; error?: string; redirectUri: string },
  remembered: AuthorizationState | null,
): Promise<SocialIdentity> {
  if (!remembered || !callback.state || !sameSecret(remembered.state, callback.state)) {
    throw new HttpError(400, "oauth_state", OAUTH_MESSAGES.badState);
  }
  if (callback.error || !callback.code) {
    throw new HttpError(400, "oauth_cancelled", OAUTH_MESSAGES.cancelled);
  }
  const metadata = await discover(config.issuer);
  const idToken = await exchangeCode(config, metadata, {
    code: callback.code,
    redirectUri: callback.redirectUri,
    verifier: remembered.verifier,
  });
  return verifyIdToken(config, idToken, remembered.nonce);
}

// ---------------------------------------------------------------------------------------
// Accounts: sign in, link, or wait for the completion form

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
 * The spec's order of failures: 1006 when a field the provider did not answer is missing,
 * 'fixerrors' when a value is wrong or consent is missing, 1027 under 13, 1171 for an
 * email that has an account.
 */
async function checkCompletion(
  db: Kysely<Database>,
  pending: Pending,
  data: CompletionData,
  now: number,
): Promise<{ email: string; birthdate: string }> {
  const email = data.email || pending.email;
  const birthday = pending.birthdate ?? birthdayFrom(data);
  const missing: Record<string, string> = {};
  if (!email) missing.email = OAUTH_MESSAGES.emailRequired;
  if (birthday === undefined) missing.birthday = ACCOUNT_MESSAGES.birthdayRequired;
  if (!email || birthday === undefined) throw completionError(1006, missing);

  const wrong: Record<string, string> = {};
  if (!isEmail(email.trim())) wrong.email = ACCOUNT_MESSAGES.emailInvalid;
  if (!birthday || !birthdateInRange(birthday, new Date(now))) {
    wrong.birthday = ACCOUNT_MESSAGES.birthdayInvalid;
  }
  if (!data.consent) wrong.consent = ACCOUNT_MESSAGES.consentRequired;
  if (!birthday || Object.keys(wrong).length > 0) throw completionError("fixerrors", wrong);
  if (ageOn(birthday, new Date(now)) < MINIMUM_AGE) throw completionError(1027);

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
