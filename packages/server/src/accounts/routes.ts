import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import {
  ACCOUNT_MESSAGES,
  escapeHtml,
  formatCount,
  linkify,
  PASSWORD_MAX,
  PASSWORD_MIN,
  passwordStrength,
  reloginUrl,
  safeNextUrl,
} from "@inkwell/shared";
import { signupSchema } from "@inkwell/shared/schemas";
import { deleteCookie, getCookie } from "hono/cookie";
import type { AppEnv } from "../http/app-env.ts";
import { badRequest, HttpError, refusal } from "../http/errors.ts";
import { json, objectJson } from "../http/openapi.ts";
import type { AccountLimiters } from "../http/rate-limit.ts";
import { clientAddress, publicBaseUrl, readFields, wantsHtml } from "../http/request-info.ts";
import { requireViewer } from "../http/require-viewer.ts";
import { issueFields, parseInput, validationHook } from "../http/validation.ts";
import { recentMail } from "../mail/mailer.ts";
import { loginLimitKey, rememberDevice } from "./known-devices.ts";
import {
  currentUser,
  logIn,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  signUp,
  verifyEmail,
} from "./service.ts";
import { rotateSessionCookie } from "./session-cookie.ts";
import { endSession, SESSION_COOKIE } from "./sessions.ts";
import { changePassword } from "./settings.ts";
import { checkFormAccount, countAccountMail, countPasswordGuess } from "./settings-routes.ts";

const currentUserRoute = createRoute({
  method: "get",
  path: "/api/v3/internal/current_user",
  summary: "The signed-in user (401 for visitors)",
  responses: {
    200: {
      description: "The current user",
      ...objectJson,
    },
    401: { description: "Not signed in" },
  },
});

const strengthRoute = createRoute({
  method: "post",
  path: "/v5/password-strength/check",
  summary: "Judges a password against the requester's username and names",
  request: {
    body: {
      required: true,
      content: {
        "application/json": {
          schema: z.strictObject({
            password: z
              .string({ error: ACCOUNT_MESSAGES.passwordRequired })
              .min(1, ACCOUNT_MESSAGES.passwordRequired),
            requester: z
              .strictObject({
                username: z.string().optional(),
                firstName: z.string().optional(),
                lastName: z.string().optional(),
              })
              .optional(),
          }),
        },
      },
    },
  },
  responses: {
    200: {
      description: "{strength: INVALID | WEAK | STRONG}",
      ...json(z.object({ strength: z.string() })),
    },
    400: { description: "No password" },
  },
});

/** The optional isFromPushNotification of a reset, as a form or JSON sends it. */
const resetFlags = z.object({
  isFromPushNotification: z
    .union([z.boolean(), z.enum(["true", "false", "1", "0"])], {
      error: "isFromPushNotification must be true or false",
    })
    .optional()
    .transform((value) => value === true || value === "true" || value === "1"),
});

/** The reset page's success screen for a reset opened from the app's push notification. */
const RESET_FROM_PUSH_DONE = "/reset-password?done=1";

const RESEND_ASKED = "activation_email must be true: it asks for the verification email again";

/**
 * Sign-up, log-in and out, email verification and the current user. Form posts from a
 * browser without JavaScript get redirects (sign-up's go to its page's action, web.ts);
 * scripts get JSON, as the spec's calls expect.
 */
export function accountRoutes(limits: AccountLimiters) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  // A browser's plain form post is the sign-up page's action (web.ts), which posts here.
  app.post("/signup", async (c) => {
    const nextUrl = safeNextUrl(c.req.query("nextUrl"));
    try {
      const body = await readFields(c);
      const email = typeof body.email === "string" ? body.email.trim().toLowerCase() : "";
      await limits.signup.hit([`ip:${clientAddress(c)}`, `email:${email}`]);
      const parsed = signupSchema.safeParse(body);
      if (!parsed.success) {
        // The form's birthday is one field: a part that is not a number makes it not a date.
        const fields = Object.fromEntries(
          Object.entries(issueFields(parsed.error)).map(([name, message]) =>
            name.startsWith("birthday_")
              ? ["birthday", ACCOUNT_MESSAGES.birthdayInvalid]
              : [name, message],
          ),
        );
        throw new HttpError(400, "fixerrors", ACCOUNT_MESSAGES.fixErrors, fields);
      }
      const { session } = await signUp(c.get("db"), parsed.data, { baseUrl: publicBaseUrl(c) });
      await rotateSessionCookie(c, session.token);
      return c.json({ redirectUrl: nextUrl });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return c.json({ ...error.toJSON(), msg: error.message }, error.status);
    }
  });

  app.post("/login", async (c) => {
    const nextUrl = safeNextUrl(c.req.query("nextUrl") ?? c.req.query("nexturl"));
    const html = wantsHtml(c);
    const fields = await readFields(c);
    const identifier = typeof fields.username === "string" ? fields.username : "";
    const password = typeof fields.password === "string" ? fields.password : "";
    const fail = (code: string, message: string, status: 401 | 429) =>
      html
        ? c.redirect(`/login?${new URLSearchParams({ nextUrl, error: code })}`, 303)
        : c.json({ code, message }, status);
    try {
      await limits.login.hit([`ip:${clientAddress(c)}`, await loginLimitKey(c, identifier)]);
    } catch (error) {
      if (error instanceof HttpError) return fail("rate_limited", error.message, 429);
      throw error;
    }
    const session = await logIn(c.get("db"), identifier, password);
    if (!session) return fail("login_failed", ACCOUNT_MESSAGES.loginFailed, 401);
    await rotateSessionCookie(c, session.token);
    await rememberDevice(c, session.userId);
    return html ? c.redirect(nextUrl, 303) : c.json({ redirectUrl: nextUrl });
  });

  app.post("/logout", async (c) => {
    await endSession(c.get("db"), getCookie(c, SESSION_COOKIE));
    deleteCookie(c, SESSION_COOKIE, { path: "/" });
    return wantsHtml(c) ? c.redirect("/", 303) : c.json({ ok: true });
  });

  app.post("/forgot", async (c) => {
    const nextUrl = safeNextUrl(c.req.query("nextUrl"));
    const html = wantsHtml(c);
    const fields = await readFields(c);
    const identifier = typeof fields.email === "string" ? fields.email : "";
    try {
      await limits.mail.hit([
        `ip:${clientAddress(c)}`,
        `account:${identifier.trim().toLowerCase()}`,
      ]);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      // Like login: a browser goes back to the form, which shows the refusal.
      return html
        ? c.redirect(`/forgot?${new URLSearchParams({ nextUrl, error: error.code })}`, 303)
        : c.json({ code: error.code, message: error.message }, 429);
    }
    await requestPasswordReset(c.get("db"), identifier, publicBaseUrl(c));
    const notice = "If an account matches, we've sent instructions to its email address.";
    return html
      ? c.redirect(`/forgot?${new URLSearchParams({ nextUrl, sent: "1" })}`, 303)
      : c.json({ message: notice });
  });

  // With an emailed token (at) this resets a forgotten password; without, a signed-in
  // reader changes theirs. Both end every session. A reset opened from the app's push
  // notification ends on the success screen, which sends the reader back to the app.
  app.post("/apiv2/updateuserpassword", async (c) => {
    const fields = await readFields(c);
    const token = typeof fields.at === "string" ? fields.at : "";
    const password = typeof fields.new_password === "string" ? fields.new_password : "";
    const { isFromPushNotification: fromPush } = parseInput(resetFlags, fields);
    const html = wantsHtml(c);
    const resetting = token !== "";
    const relogin = !resetting
      ? reloginUrl("/settings", "password_changed")
      : fromPush
        ? RESET_FROM_PUSH_DONE
        : reloginUrl("home", "password_reset");
    // A change names its account; a reset's is the emailed token's.
    if (!resetting) checkFormAccount(fields, requireViewer(c));
    try {
      if (resetting) await resetPassword(c.get("db"), token, password);
      else {
        const oldPassword = typeof fields.old_password === "string" ? fields.old_password : "";
        const confirmation =
          typeof fields.confirm_password === "string" ? fields.confirm_password : undefined;
        const viewer = requireViewer(c);
        await countPasswordGuess(c, limits, viewer);
        await changePassword(c.get("db"), viewer, {
          oldPassword,
          newPassword: password,
          confirmation,
        });
      }
    } catch (error) {
      if (!(error instanceof HttpError) || error.status !== 400) throw error;
      const inline =
        error.code === "error_weak_password" || error.code === "error_invalid_password_length";
      if (html && resetting) {
        const again = new URLSearchParams({ token, error: error.code });
        if (fromPush) again.set("isFromPushNotification", "true");
        const target = inline
          ? `/reset-password?${again}`
          : `/forgot?${new URLSearchParams({ nextUrl: "settings", msg: error.code })}`;
        return c.redirect(target, 303);
      }
      return refusal(c, error);
    }
    deleteCookie(c, SESSION_COOKIE, { path: "/" });
    return html ? c.redirect(relogin, 303) : c.json({ redirectUrl: relogin });
  });

  app.get("/verify-email", async (c) => {
    const verified = await verifyEmail(c.get("db"), c.req.query("token") ?? "");
    return c.redirect(verified ? "/email-verified" : "/email-verified?error=invalid", 303);
  });

  app.post("/api/v3/users/validate", async (c) => {
    const viewer = requireViewer(c);
    // writer-paid-contest.md §7: the field activation_email=true is what asks for the mail.
    const { activation_email: resend } = await readFields(c);
    if (resend !== true && resend !== "true") {
      throw badRequest(RESEND_ASKED, { activation_email: RESEND_ASKED });
    }
    await resendVerification(c.get("db"), viewer, publicBaseUrl(c), () =>
      countAccountMail(c, limits, viewer),
    );
    return c.json({ message: "Email sent" });
  });

  app.openapi(currentUserRoute, async (c) =>
    c.json({ ...(await currentUser(c.get("db"), requireViewer(c))) }, 200),
  );

  app.get("/v5/password-strength/policies", (c) =>
    c.json({
      minLength: PASSWORD_MIN,
      maxLength: PASSWORD_MAX,
      rules: [
        `Between ${formatCount(PASSWORD_MIN)} and ${PASSWORD_MAX} characters`,
        "At least three of: lowercase letters, uppercase letters, numbers, special characters",
        "Does not contain your username or name",
      ],
    }),
  );

  app.openapi(strengthRoute, (c) => {
    const { password, requester } = c.req.valid("json");
    return c.json({ strength: passwordStrength(password, requester) }, 200);
  });

  if (process.env.NODE_ENV !== "production") {
    app.get("/dev/mail", async (c) => {
      const mails = await recentMail(c.get("db"));
      const items = mails
        .map(
          (mail) =>
            `<article><h2>${escapeHtml(mail.subject)}</h2><p>To: ${escapeHtml(mail.to_address)} · ${new Date(
              mail.created_at,
            ).toISOString()}</p><pre>${linkify(mail.text_body, { mentions: false, tags: false })}</pre></article>`,
        )
        .join("");
      return c.html(
        `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Outbox · Inkwell</title><style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem}article{border-bottom:1px solid #ccc}pre{white-space:pre-wrap}</style></head><body><h1>Outbox</h1>${items || "<p>No mail yet.</p>"}</body></html>`,
      );
    });
  }
  return app;
}
