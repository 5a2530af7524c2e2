import { createHash, timingSafeEqual } from "node:crypto";
import { z } from "@hono/zod-openapi";
import { birthdateFrom, isEmail, SIGNUP_SOURCES, type SignupSource } from "@inkwell/shared";
import { createRemoteJWKSet, type JWTPayload, errors as joseErrors, jwtVerify } from "jose";
import { HttpError } from "../http/errors.ts";
import { randomToken } from "./tokens.ts";

/**
 * Sign-in with Google (any OpenID Connect provider): the authorization code flow with
 * state, nonce and PKCE, and ID tokens verified against the issuer's keys. What a verified
 * identity does to accounts is social-accounts.ts.
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
