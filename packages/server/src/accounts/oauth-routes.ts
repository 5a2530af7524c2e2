import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { ACCOUNT_MESSAGES, type SignupSource, safeNextUrl, signupSourceOf } from "@inkwell/shared";
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../http/app-env.ts";
import { badRequest, HttpError } from "../http/errors.ts";
import { type AccountLimiters, accountLimiters } from "../http/rate-limit.ts";
import {
  clientAddress,
  publicBaseUrl,
  readFields,
  servedOverHttps,
  wantsHtml,
} from "../http/request-info.ts";
import { requireViewer } from "../http/require-viewer.ts";
import { issueFields, validationHook } from "../http/validation.ts";
import {
  type AuthorizationState,
  authorizationStateSchema,
  beginSignIn,
  GOOGLE,
  identityFromCallback,
  OAUTH_MESSAGES,
  type OidcConfig,
  oidcConfig,
  verifyIdToken,
} from "./oidc.ts";
import { rotateSessionCookie } from "./session-cookie.ts";
import {
  completeSocialSignup,
  completionSchema,
  pendingSignupDetails,
  type SignInOutcome,
  signInWithIdentity,
  unlinkProvider,
} from "./social-accounts.ts";

/** Holds state, nonce, PKCE verifier and nextUrl between /auth/google and /oauth-auth. */
const STATE_COOKIE = "inkwell_oidc";
const STATE_MAX_AGE_S = 10 * 60;
const CALLBACK_PATH = "/oauth-auth";

function requireConfig(): OidcConfig {
  const config = oidcConfig();
  if (!config) throw new HttpError(404, "google_not_configured", OAUTH_MESSAGES.notConfigured);
  return config;
}

/** The callback the provider sends the browser back to: on the public origin, never the Host's. */
const redirectUri = (c: Context<AppEnv>) => `${publicBaseUrl(c)}${CALLBACK_PATH}`;

function rememberState(c: Context<AppEnv>, state: AuthorizationState): void {
  // Lax: the provider's redirect back is a top-level GET, which still carries the cookie.
  setCookie(c, STATE_COOKIE, Buffer.from(JSON.stringify(state)).toString("base64url"), {
    httpOnly: true,
    sameSite: "Lax",
    secure: servedOverHttps(c),
    path: CALLBACK_PATH,
    maxAge: STATE_MAX_AGE_S,
  });
}

/** The remembered state, read once: the cookie is cleared whatever happens next. */
function takeState(c: Context<AppEnv>): AuthorizationState | null {
  const raw = getCookie(c, STATE_COOKIE);
  if (raw === undefined) return null;
  deleteCookie(c, STATE_COOKIE, { path: CALLBACK_PATH, secure: servedOverHttps(c) });
  try {
    const parsed = authorizationStateSchema.safeParse(
      JSON.parse(Buffer.from(raw, "base64url").toString("utf8")),
    );
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Where the browser goes next: nextUrl when signed in, else the completion form or login. */
async function destination(
  c: Context<AppEnv>,
  outcome: SignInOutcome,
  nextUrl: string,
  source?: SignupSource,
): Promise<string> {
  switch (outcome.kind) {
    case "session":
      await rotateSessionCookie(c, outcome.session.token);
      return nextUrl;
    case "pending":
      return `/signup/complete?${completionQuery({ token: outcome.token, nextUrl, source })}`;
    case "email_exists":
      return `/login?${new URLSearchParams({ nextUrl, error: "oauth_email_exists" })}`;
  }
}

/** The completion form's query: the source rides along so the form posts it back. */
function completionQuery(query: {
  token: string;
  nextUrl: string;
  source?: SignupSource;
}): URLSearchParams {
  const params = new URLSearchParams({ token: query.token, nextUrl: query.nextUrl });
  if (query.source) params.set("source", query.source);
  return params;
}

/** A browser goes back to the login page with the code; a script gets {code, message}. */
function signInFailure(c: Context<AppEnv>, error: unknown, nextUrl: string): Response {
  if (!(error instanceof HttpError)) throw error;
  if (wantsHtml(c)) {
    return c.redirect(`/login?${new URLSearchParams({ nextUrl, error: error.code })}`, 303);
  }
  return c.json(error.toJSON(), error.status);
}

const oneTapSchema = z.object({
  token: z.string().min(1).max(4096),
  type: z.literal(GOOGLE),
  redirect: z.union([z.boolean(), z.enum(["true", "false"])]).optional(),
});

/**
 * The one-tap call's `data`: JSON text in a form or in the query (§2: /oauth-auth with query
 * nextUrl and data), or an object in a JSON body. The body's wins when both are sent.
 */
const ONE_TAP_DATA = "data needs a token and type google";

function oneTapData(raw: unknown) {
  let data = raw;
  if (typeof data === "string") {
    try {
      data = JSON.parse(data);
    } catch {
      throw badRequest("data must be JSON", { data: "data must be JSON" });
    }
  }
  const parsed = oneTapSchema.safeParse(data);
  if (!parsed.success) {
    throw badRequest(ONE_TAP_DATA, { data: ONE_TAP_DATA });
  }
  return {
    ...parsed.data,
    redirect: parsed.data.redirect === true || parsed.data.redirect === "true",
  };
}

const providersRoute = createRoute({
  method: "get",
  path: "/api/v3/auth/providers",
  summary: "Which social sign-in providers are configured",
  responses: {
    200: {
      description: "{google: true} when Google sign-in is available",
      content: { "application/json": { schema: z.object({ google: z.boolean() }) } },
    },
  },
});

const pendingRoute = createRoute({
  method: "get",
  path: "/api/v3/auth/social-signup",
  summary: "A pending social sign-up: what the completion form still has to ask",
  request: { query: z.object({ token: z.string().max(100) }) },
  responses: {
    200: {
      description: "The provider's answers",
      content: {
        "application/json": {
          schema: z.object({
            provider: z.string(),
            email: z.string().nullable(),
            name: z.string().nullable(),
            birthdayKnown: z.boolean(),
          }),
        },
      },
    },
    404: { description: "Unknown, used or expired token, or Google is not configured" },
  },
});

/** Our paths the spec does not show, for the OpenAPI document (decision 002). */
function documentRedirects(app: OpenAPIHono<AppEnv>): void {
  const nextUrl = z.string().optional().openapi({ description: "Where to go afterwards" });
  app.openAPIRegistry.registerPath({
    method: "get",
    path: "/auth/google",
    summary: "Starts sign-in with Google: redirects to the provider with state, nonce and PKCE",
    request: { query: z.object({ nextUrl }) },
    responses: {
      302: { description: "To the provider's authorization endpoint" },
      404: { description: "Google sign-in is not configured" },
    },
  });
  app.openAPIRegistry.registerPath({
    method: "post",
    path: "/signup/complete",
    summary:
      "Completes a pending social sign-up (form or JSON); errors 1006, 1027, 1171, fixerrors",
    request: {
      query: z.object({ nextUrl }),
      body: {
        content: {
          "application/x-www-form-urlencoded": { schema: completionSchema },
          "application/json": { schema: completionSchema },
        },
      },
    },
    responses: {
      200: { description: "{redirectUrl} and a session cookie" },
      400: { description: "{code, message, msg, fields}" },
    },
  });
}

/**
 * Sign-in with Google: the redirect to the provider, the way back (and the one-tap POST),
 * the sign-up completion form's post, and unlinking. Without OIDC_CLIENT_ID every sign-in
 * path answers 404; unlinking stays possible.
 */
export function oauthRoutes(limits: AccountLimiters = accountLimiters()) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(providersRoute, (c) => c.json({ google: oidcConfig() !== null }, 200));
  documentRedirects(app);

  app.openapi(pendingRoute, async (c) => {
    requireConfig();
    const details = await pendingSignupDetails(c.get("db"), c.req.valid("query").token);
    if (!details) throw new HttpError(404, "social_signup_expired", OAUTH_MESSAGES.expired);
    return c.json(details, 200);
  });

  app.get("/auth/google", async (c) => {
    const config = requireConfig();
    const nextUrl = safeNextUrl(c.req.query("nextUrl"));
    const source = signupSourceOf(c.req.query("source")) ?? undefined;
    try {
      const { url, remembered } = await beginSignIn(config, redirectUri(c), nextUrl, source);
      rememberState(c, remembered);
      return c.redirect(url, 302);
    } catch (error) {
      return signInFailure(c, error, nextUrl);
    }
  });

  app.get(CALLBACK_PATH, async (c) => {
    const config = requireConfig();
    const remembered = takeState(c);
    const nextUrl = safeNextUrl(remembered?.nextUrl);
    try {
      await limits.login.hit([`ip:${clientAddress(c)}`]);
      const identity = await identityFromCallback(
        config,
        {
          code: c.req.query("code"),
          state: c.req.query("state"),
          error: c.req.query("error"),
          redirectUri: redirectUri(c),
        },
        remembered,
      );
      const outcome = await signInWithIdentity(c.get("db"), identity);
      return c.redirect(await destination(c, outcome, nextUrl, remembered?.source), 303);
    } catch (error) {
      return signInFailure(c, error, nextUrl);
    }
  });

  // Google one-tap / token client: our page posts the ID token it was handed.
  app.post(CALLBACK_PATH, async (c) => {
    const config = requireConfig();
    const nextUrl = safeNextUrl(c.req.query("nextUrl"));
    try {
      await limits.login.hit([`ip:${clientAddress(c)}`]);
      const data = oneTapData((await readFields(c)).data ?? c.req.query("data"));
      const identity = await verifyIdToken(config, data.token);
      const outcome = await signInWithIdentity(c.get("db"), identity);
      const location = await destination(c, outcome, nextUrl);
      return data.redirect ? c.redirect(location, 303) : c.json({ redirectUrl: location });
    } catch (error) {
      return signInFailure(c, error, nextUrl);
    }
  });

  // A browser's plain form post is the completion page's action (web.ts), which posts here.
  app.post("/signup/complete", async (c) => {
    requireConfig();
    const nextUrl = safeNextUrl(c.req.query("nextUrl"));
    try {
      await limits.signup.hit([`ip:${clientAddress(c)}`]);
      const parsed = completionSchema.safeParse(await readFields(c));
      if (!parsed.success) {
        const messages = issueFields(parsed.error);
        throw new HttpError(400, "fixerrors", ACCOUNT_MESSAGES.fixErrors, messages);
      }
      const { session } = await completeSocialSignup(c.get("db"), parsed.data, {
        baseUrl: publicBaseUrl(c),
      });
      await rotateSessionCookie(c, session.token);
      return c.json({ redirectUrl: nextUrl });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      // `msg` is what the spec's sign-up forms read; `message` is the house shape.
      return c.json({ ...error.toJSON(), msg: error.message }, error.status);
    }
  });

  app.post("/apiv2/linksocialmedia", async (c) => {
    const viewer = requireViewer(c);
    const { action } = await readFields(c);
    // There is no Facebook sign-in (decision 028): nothing can be linked, so the spec's
    // unlinkfb succeeds with nothing to do and says so.
    if (action === "unlinkfb") return c.json({ message: OAUTH_MESSAGES.facebookNotLinked });
    if (action !== "unlinkgoogle") {
      const message = "action must be unlinkgoogle or unlinkfb";
      throw badRequest(message, { action: message });
    }
    await unlinkProvider(c.get("db"), viewer, GOOGLE);
    return c.json({ message: OAUTH_MESSAGES.unlinked });
  });

  return app;
}
