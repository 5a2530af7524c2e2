import type {
  CurrentUser,
  Features,
  MailSubscriptions,
  NotificationForm,
  NotificationSettings,
} from "@inkwell/shared";
import { form, json, outcome, type Requests, readJson, userPath } from "./http.ts";

/** The account: signing in, its settings, and its mail and privacy choices. */
export const accountsCalls = ({ fetchApi, get, call, orNullForVisitors }: Requests) => ({
  /** The signed-in user, or null for a visitor. */
  currentUser: () => orNullForVisitors<CurrentUser>("/api/v3/internal/current_user"),
  /** Which social sign-ins are configured (the "Continue with Google" buttons). */
  authProviders: () => get<{ google: boolean }>("/api/v3/auth/providers"),
  features: () => get<Features>("/api/v3/internal/features?platform=web"),
  /** A pending social sign-up for the completion form, or null when gone or expired. */
  socialSignup: async (token: string) => {
    const response = await fetchApi(`/api/v3/auth/social-signup?${new URLSearchParams({ token })}`);
    if (response.status === 404 || response.status === 400) return null;
    return readJson<{
      provider: string;
      email: string | null;
      name: string | null;
      birthdayKnown: boolean;
    }>(response);
  },
  /**
   * A sign-up form's fields as the page received them, posted to the form's API path: the
   * answer's status and outcome, and the cookies it set (the new session), to pass on.
   */
  postSignupForm: async (path: string, fields: Record<string, string>) => {
    const response = await fetchApi(path, form(fields));
    return {
      status: response.status,
      cookies: response.headers.getSetCookie(),
      outcome: await outcome<{ redirectUrl: string }>(response),
    };
  },
  unlinkGoogle: () =>
    call<{ message: string }>("/apiv2/linksocialmedia", form({ action: "unlinkgoogle" })),
  // The settings forms name their account (§7): the server refuses one loaded as someone else.
  changePassword: (fields: {
    id: string;
    old_password: string;
    new_password: string;
    confirm_password: string;
  }) => call<{ redirectUrl: string }>("/apiv2/updateuserpassword", form(fields)),
  /** The emailed link's reset: `at` is the link's token. */
  resetPassword: (fields: { at: string; new_password: string; isFromPushNotification?: string }) =>
    call<{ redirectUrl: string }>("/apiv2/updateuserpassword", form(fields)),
  changeUsername: (fields: { id: string; username: string; password: string }) =>
    call<{ redirectUrl: string }>("/apiv2/updateusername", form(fields)),
  changeEmail: (fields: { id: string; email: string; confirm_email: string; password: string }) =>
    call<{ message: string }>("/apiv2/updateuseremail", form(fields)),
  validateEmail: (email: string) =>
    call<{ message: string }>(`/api/v3/users/validate?email=${encodeURIComponent(email)}`, {}),
  validateUsername: (username: string) =>
    call<{ message: string }>(
      `/api/v3/users/validate?username=${encodeURIComponent(username)}`,
      {},
    ),
  resendActivation: () =>
    call<{ message: string }>("/api/v3/users/validate", json("POST", { activation_email: true })),
  updateAccount: (
    username: string,
    fields: { birthdate?: string; beta_enabled?: boolean; is_email_reverified?: true },
  ) => call<{ reverified?: boolean }>(userPath(username), json("PUT", fields)),
  updateNotifications: (username: string, settings: NotificationForm) =>
    call<NotificationSettings>(userPath(username, "/notification-settings"), json("PUT", settings)),
  /**
   * Whose mail an emailed unsubscribe link stops, from its `u` (an account id) and key
   * (refused when it is not a valid link), and what they get by mail.
   */
  mailLink: (userId: string, key: string) =>
    call<MailSubscriptions>(
      `/v5/alerts/unsubscribe?${new URLSearchParams({ u: userId, k: key })}`,
      {},
    ),
  /** The 'Do not sell my personal information' choice of a signed-in user. */
  ccpa: (username: string) =>
    get<{ optout: boolean }>(`/v5/users/${encodeURIComponent(username)}/privacy-settings/ccpa/`),
  setCcpa: (username: string, optout: boolean) =>
    call<{ optout: boolean }>(
      `/v5/users/${encodeURIComponent(username)}/privacy-settings/ccpa/`,
      json("PUT", { optout }),
    ),
});
