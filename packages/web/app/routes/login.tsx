import { ACCOUNT_MESSAGES, loginNoticeOf, safeNextUrl } from "@inkwell/shared";
import { useEffect, useRef, useState } from "react";
import { redirect } from "react-router";
import { apiContext } from "../api/context.ts";
import { Alert } from "../components/alert.tsx";
import { GoogleButton } from "../components/google-button.tsx";
import { PasswordField } from "../components/password-field.tsx";
import { t } from "../i18n/index.ts";
import { loadFeatures } from "../lib/feature-flags.ts";
import type { Route } from "./+types/login";

const ERRORS: Record<string, string> = {
  login_failed: ACCOUNT_MESSAGES.loginFailed,
  rate_limited: ACCOUNT_MESSAGES.rateLimited,
};

/** Where the form keeps the identifier typed while its post reloads the page. */
const TYPED_IDENTIFIER = "inkwell.login.identifier";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const nextUrl = safeNextUrl(url.searchParams.get("nextUrl") ?? url.searchParams.get("nexturl"));
  if (request.headers.has("cookie") && (await context.get(apiContext).currentUser())) {
    throw redirect(nextUrl);
  }
  const code = url.searchParams.get("error");
  const [{ google }, features] = await Promise.all([
    context.get(apiContext).authProviders(),
    loadFeatures(context.get(apiContext)),
  ]);
  const error = code
    ? (ERRORS[code] ?? t.account.oauth.errors[code] ?? ACCOUNT_MESSAGES.generic)
    : null;
  // Why the reader was sent here (a reset or a settings change that signed them out).
  const notice = loginNoticeOf(url.searchParams.get("notice"));
  // The options view (Google, or email) comes first when there is more than one way in.
  const emailView = !google || error !== null || url.searchParams.get("view") === "email";
  return {
    nextUrl,
    error,
    notice: notice && t.account.loginNotices[notice],
    // The identifier and password did not match: the form, not the server, is what to fix.
    wrongCredentials: code === "login_failed",
    google,
    emailView,
    newOnboarding: features?.NEW_ONBOARDING_1 ?? false,
  };
}

export function meta() {
  return [{ title: `${t.account.logInTitle}` }];
}

/**
 * The email log-in form: a plain form post to POST /login, which sets the session and
 * redirects. Its labels follow the NEW_ONBOARDING_1 flag.
 */
export default function LoginPage({ loaderData }: Route.ComponentProps) {
  const { nextUrl, error, notice, wrongCredentials, google, emailView, newOnboarding } = loaderData;
  const identifier = useRef<HTMLInputElement>(null);
  // Back on the form after a refused try (the post reloads the page): the identifier typed
  // comes back from this tab's storage, and focus goes to what to type again, the password.
  useEffect(() => {
    const typed = sessionStorage.getItem(TYPED_IDENTIFIER);
    sessionStorage.removeItem(TYPED_IDENTIFIER);
    const field = identifier.current;
    if (!error || !field) return;
    if (typed) field.value = typed;
    if (wrongCredentials) (typed ? document.getElementById("login-password") : field)?.focus();
  }, [error, wrongCredentials]);
  // A page's own place (/settings#notifications) never reaches the server, which sent the
  // reader here without it: carry it on to where they go after logging in.
  const [target, setTarget] = useState(nextUrl);
  useEffect(() => {
    const { hash } = window.location;
    if (hash && !nextUrl.includes("#")) setTarget(nextUrl + hash);
  }, [nextUrl]);
  const query = new URLSearchParams({ nextUrl: target }).toString();
  return (
    <section className="auth" aria-labelledby="login-heading">
      <h1 id="login-heading">{t.account.logInTitle}</h1>
      {error && (
        <Alert tone="danger" id="login-error">
          {error}
        </Alert>
      )}
      {notice && <Alert tone="info">{notice}</Alert>}
      {emailView ? (
        <>
          <form
            className="auth__form"
            method="post"
            action={`/login?${query}`}
            onSubmit={() =>
              sessionStorage.setItem(TYPED_IDENTIFIER, identifier.current?.value ?? "")
            }
          >
            <div className="field">
              <label htmlFor="login-username">
                {newOnboarding ? t.account.identifier : t.account.usernameOrEmailLabel}
              </label>
              <input
                id="login-username"
                name="username"
                type="text"
                autoComplete="username"
                required
                ref={identifier}
                aria-invalid={wrongCredentials || undefined}
                aria-describedby={wrongCredentials ? "login-error" : undefined}
              />
            </div>
            <PasswordField
              id="login-password"
              name="password"
              label={t.account.password}
              autoComplete="current-password"
              describedBy={wrongCredentials ? "login-error" : undefined}
            />
            <a className="auth__forgot" href={`/forgot?${query}`}>
              {t.account.forgot}
            </a>
            <button className="button button--primary button--large auth__submit" type="submit">
              {t.account.logIn}
            </button>
          </form>
          {google && (
            <p className="auth__switch">
              <a className="tap-target" href={`/login?${query}`}>
                {t.account.backToLogin}
              </a>
            </p>
          )}
        </>
      ) : (
        <>
          <GoogleButton nextUrl={target} />
          <a
            className="button button--primary button--large auth__submit auth__social"
            href={`/login?${query}&view=email`}
          >
            {newOnboarding ? t.account.logInWithEmail : t.account.logIn}
          </a>
        </>
      )}
      <p className="auth__switch">
        {t.account.noAccount}{" "}
        <a className="tap-target" href={`/signup?${query}`}>
          {t.account.signUp}
        </a>
      </p>
    </section>
  );
}
