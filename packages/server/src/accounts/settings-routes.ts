import { OpenAPIHono, z } from "@hono/zod-openapi";
import {
  ALL_ALERTS,
  isFeatureName,
  isFeatureSettingName,
  type LoginNotice,
  reloginUrl,
} from "@inkwell/shared";
import type { Context } from "hono";
import { deleteCookie } from "hono/cookie";
import type { AppEnv } from "../http/app-env.ts";
import { HttpError, notFound, refusal } from "../http/errors.ts";
import type { AccountLimiters } from "../http/rate-limit.ts";
import {
  clientAddress,
  publicBaseUrl,
  readFields,
  readJsonFields,
  wantsHtml,
} from "../http/request-info.ts";
import { requireViewer } from "../http/require-viewer.ts";
import { changeRequired, namesAChange, parseInput } from "../http/validation.ts";
import type { Viewer } from "../viewer.ts";
import { readFeatures, setFeature, setFeatureSetting } from "./features.ts";
import { SESSION_COOKIE } from "./sessions.ts";
import {
  assertFormAccount,
  changeEmail,
  changeUsername,
  closeAccount,
  emailProblem,
  exportData,
  updateAccount,
  updateNotifications,
  usernameProblem,
} from "./settings.ts";

/** Where a closed account's former owner lands, signed out. */
const CLOSED_URL = "/close-account?done=1";

/** The acting user may only change their own account, named in the path. */
const requireSelf = (c: Context<AppEnv>, username: string): Viewer => {
  const viewer = requireViewer(c);
  if (viewer.username.toLowerCase() !== username.toLowerCase()) {
    throw new HttpError(403, "forbidden", "You can only change your own account.");
  }
  return viewer;
};

const text = (fields: Record<string, unknown>, name: string) =>
  typeof fields[name] === "string" ? (fields[name] as string) : "";

const accountForm = z
  .object({
    birthdate: z.iso.date("Enter your birthday as a date").optional(),
    beta_enabled: z.boolean().optional(),
    // §7 sends only true: the email is still the user's. A skip is the client's cookie.
    is_email_reverified: z
      .literal(true, { error: "is_email_reverified can only be true: it confirms your email" })
      .optional(),
  })
  .strict()
  .refine(namesAChange, changeRequired("Give a birthdate, beta_enabled or is_email_reverified"));

const featureSettingForm = z.strictObject({
  value: z.iso.date("Enter the date as YYYY-MM-DD").nullable(),
});

const notificationForm = z.strictObject({
  id: z.number().int(),
  alerts: z.boolean(),
  alertssub: z.boolean(),
  subscribe: z.boolean(),
  alertssubmask: z
    .number()
    .int()
    .min(0)
    .max(ALL_ALERTS, "alertssubmask names a kind of alert that does not exist"),
});

/** The id a settings form names its account by (§7), as a form or JSON sends it. */
const formAccountField = z.object({
  id: z
    .union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)], {
      error: "id must be the id of your account",
    })
    .optional(),
});

/** Refuses a settings form sent with the id of another account than the one signed in. */
export const checkFormAccount = (fields: Record<string, unknown>, viewer: Viewer) =>
  assertFormAccount(parseInput(formAccountField, fields).id, viewer);

/**
 * Counts one guess at a signed-in account's password (a change confirmed with it) against
 * the login limit, per address and on the account's own settings key: a stolen session
 * must not try passwords faster than the login form allows, then lock its owner out with
 * one it found. Not on the key strangers' log-ins fill (decision 068): their guesses would
 * hold up an owner who is signed in already, and these would lock the owner's next log-in.
 */
export const countPasswordGuess = (c: Context<AppEnv>, limits: AccountLimiters, viewer: Viewer) =>
  limits.login.hit([`ip:${clientAddress(c)}`, `settings:${viewer.id}`]);

/** Counts one mail to a signed-in account's address (a verification link) against the mail limit. */
export const countAccountMail = (c: Context<AppEnv>, limits: AccountLimiters, viewer: Viewer) =>
  limits.mail.hit([`account:${viewer.id}`, `ip:${clientAddress(c)}`]);

/**
 * Settings calls: password, username and email changes (each confirmed with the password
 * and, for password and username, ending every session), the account and notification
 * forms, closing the account, the data export, and feature flags.
 */
export function settingsRoutes(limits: AccountLimiters) {
  const app = new OpenAPIHono<AppEnv>();

  /** Runs a change that ends in a forced re-login, which `notice` explains, or answers the refusal. */
  const withRelogin = async (
    c: Context<AppEnv>,
    notice: LoginNotice,
    change: () => Promise<void>,
  ) => {
    try {
      await change();
    } catch (error) {
      if (error instanceof HttpError && error.status === 400) return refusal(c, error);
      throw error;
    }
    deleteCookie(c, SESSION_COOKIE, { path: "/" });
    const relogin = reloginUrl("/settings", notice);
    return wantsHtml(c) ? c.redirect(relogin, 303) : c.json({ redirectUrl: relogin });
  };

  app.post("/apiv2/updateusername", async (c) => {
    const viewer = requireViewer(c);
    await countPasswordGuess(c, limits, viewer);
    const fields = await readFields(c);
    checkFormAccount(fields, viewer);
    return withRelogin(c, "username_changed", () =>
      changeUsername(c.get("db"), viewer, {
        username: text(fields, "username"),
        password: text(fields, "password"),
      }),
    );
  });

  app.post("/apiv2/updateuseremail", async (c) => {
    const viewer = requireViewer(c);
    await countPasswordGuess(c, limits, viewer);
    const fields = await readFields(c);
    checkFormAccount(fields, viewer);
    try {
      await changeEmail(
        c.get("db"),
        viewer,
        {
          email: text(fields, "email"),
          confirmEmail: text(fields, "confirm_email"),
          password: text(fields, "password"),
        },
        publicBaseUrl(c),
        () => countAccountMail(c, limits, viewer),
      );
    } catch (error) {
      if (error instanceof HttpError && error.status === 400) return refusal(c, error);
      throw error;
    }
    return c.json({ message: "Email sent" });
  });

  // An email, or with ?username= a username (decision 105), as sign-up
  // checks a field on leaving it; one limit for both, so neither lists accounts quickly.
  app.get("/api/v3/users/validate", async (c) => {
    await limits.lookup.hit([`ip:${clientAddress(c)}`]);
    const username = c.req.query("username");
    if (username !== undefined) {
      const problem = await usernameProblem(c.get("db"), username, c.get("viewer"));
      return problem ? c.json(problem, 400) : c.json({ message: "OK" });
    }
    const problem = await emailProblem(c.get("db"), c.req.query("email") ?? "", c.get("viewer"));
    return problem
      ? c.json({ code: "invalid_email", message: problem }, 400)
      : c.json({ message: "OK" });
  });

  app.put("/api/v3/users/:username", async (c) => {
    const viewer = requireSelf(c, c.req.param("username"));
    const form = parseInput(accountForm, await readJsonFields(c));
    // An unconfirmed address is mailed a new link each time: as many as the email change allows.
    if (form.is_email_reverified) {
      await countAccountMail(c, limits, viewer);
    }
    try {
      return c.json(await updateAccount(c.get("db"), viewer, form, publicBaseUrl(c)));
    } catch (error) {
      if (error instanceof HttpError && error.status === 400) return refusal(c, error);
      throw error;
    }
  });

  app.put("/api/v3/users/:username/notification-settings", async (c) => {
    const viewer = requireSelf(c, c.req.param("username"));
    const settings = parseInput(notificationForm, await readJsonFields(c));
    return c.json(await updateNotifications(c.get("db"), viewer, settings));
  });

  app.post("/close-account", async (c) => {
    const viewer = requireViewer(c);
    await countPasswordGuess(c, limits, viewer);
    const fields = await readFields(c);
    try {
      await closeAccount(c.get("db"), viewer, text(fields, "password"));
    } catch (error) {
      if (!(error instanceof HttpError) || error.status !== 400) throw error;
      return wantsHtml(c) ? c.redirect("/close-account?error=password", 303) : refusal(c, error);
    }
    deleteCookie(c, SESSION_COOKIE, { path: "/" });
    // Signed out, the former owner is told the account is gone (decision 096).
    return wantsHtml(c) ? c.redirect(CLOSED_URL, 303) : c.json({ redirectUrl: CLOSED_URL });
  });

  app.get("/api/v3/users/:username/export", async (c) => {
    const viewer = requireSelf(c, c.req.param("username"));
    return c.json(await exportData(c.get("db"), viewer));
  });

  // The same address serves the page and, with json=1, the file to download.
  app.get("/settings/your-inkwell-data", async (c, next) => {
    if (c.req.query("json") !== "1") return next();
    const viewer = requireViewer(c);
    c.header("content-disposition", `attachment; filename="inkwell-data-${viewer.username}.json"`);
    return c.json(await exportData(c.get("db"), viewer));
  });

  app.get("/api/v3/internal/features", async (c) => c.json(await readFeatures(c.get("db"))));

  // A flag takes {enabled}; a setting (the messaging end date) takes {value}, null to clear.
  app.put("/api/v3/internal/features/:name", async (c) => {
    const viewer = requireViewer(c);
    const name = c.req.param("name");
    const body = await readJsonFields(c);
    if (isFeatureName(name)) {
      const { enabled } = parseInput(z.strictObject({ enabled: z.boolean() }), body);
      await setFeature(c.get("db"), viewer, name, enabled);
    } else if (isFeatureSettingName(name)) {
      const { value } = parseInput(featureSettingForm, body);
      await setFeatureSetting(c.get("db"), viewer, name, value);
    } else throw notFound("Feature");
    return c.json(await readFeatures(c.get("db")));
  });

  return app;
}
