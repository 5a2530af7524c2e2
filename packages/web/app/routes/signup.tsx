import {
  ACCOUNT_MESSAGES,
  birthYears,
  PRONOUNS,
  safeNextUrl,
  signupErrorMessage,
} from "@inkwell/shared";
import { type FormEvent, useState } from "react";
import { redirect } from "react-router";
import { apiContext } from "../api/context.ts";
import { Alert } from "../components/alert.tsx";
import { GoogleButton } from "../components/google-button.tsx";
import { PasswordField } from "../components/password-field.tsx";
import { t } from "../i18n/index.ts";
import type { Route } from "./+types/signup";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const nextUrl = safeNextUrl(url.searchParams.get("nextUrl"));
  if (request.headers.has("cookie") && (await context.get(apiContext).currentUser())) {
    throw redirect(nextUrl);
  }
  const code = url.searchParams.get("code");
  return {
    nextUrl,
    error: code ? signupErrorMessage(code) : null,
    years: birthYears(new Date()),
    google: (await context.get(apiContext).authProviders()).google,
  };
}

export function meta() {
  return [{ title: `${t.account.signUp} · ${t.brand}` }];
}

interface SignupFailure {
  msg?: string;
  fields?: Record<string, string>;
}

const MONTHS = Array.from({ length: 12 }, (_, index) => String(index + 1).padStart(2, "0"));
const DAYS = Array.from({ length: 31 }, (_, index) => String(index + 1));

/**
 * The email sign-up form. With JavaScript it posts with fetch and shows each field's
 * message in place; without, the form posts and the server redirects back with a code.
 */
export default function SignupPage({ loaderData }: Route.ComponentProps) {
  const { nextUrl, years } = loaderData;
  const [failure, setFailure] = useState<SignupFailure | null>(
    loaderData.error ? { msg: loaderData.error } : null,
  );
  const [busy, setBusy] = useState(false);
  const action = `/signup?${new URLSearchParams({ nextUrl })}`;
  const fieldError = (name: string) => failure?.fields?.[name];

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      const response = await fetch(action, {
        method: "POST",
        headers: { accept: "application/json" },
        body: new URLSearchParams(
          new FormData(event.currentTarget) as unknown as Record<string, string>,
        ),
      });
      const body = (await response.json()) as SignupFailure & { redirectUrl?: string };
      if (response.ok && body.redirectUrl) {
        window.location.replace(body.redirectUrl);
        return;
      }
      setFailure(body);
      const firstInvalid = Object.keys(body.fields ?? {})[0];
      if (firstInvalid) document.getElementById(`signup-${firstInvalid.split("_")[0]}`)?.focus();
    } catch {
      setFailure({ msg: ACCOUNT_MESSAGES.generic });
    } finally {
      setBusy(false);
    }
  }

  const describe = (name: string) => (fieldError(name) ? `signup-${name}-error` : undefined);
  const errorLine = (name: string) =>
    fieldError(name) && (
      <p className="field__error" id={`signup-${name}-error`}>
        {fieldError(name)}
      </p>
    );

  return (
    <section className="auth" aria-labelledby="signup-heading">
      <h1 id="signup-heading">{t.account.signUpTitle}</h1>
      {failure?.msg && <Alert tone="danger">{failure.msg}</Alert>}
      {loaderData.google && <GoogleButton nextUrl={nextUrl} />}
      <form className="auth__form" method="post" action={action} onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="signup-email">{t.account.email}</label>
          <input
            id="signup-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            aria-invalid={fieldError("email") ? true : undefined}
            aria-describedby={describe("email")}
          />
          {errorLine("email")}
        </div>
        <div className="field">
          <label htmlFor="signup-username">{t.account.username}</label>
          <input
            id="signup-username"
            name="username"
            type="text"
            autoComplete="username"
            required
            aria-invalid={fieldError("username") ? true : undefined}
            aria-describedby={`signup-username-hint${fieldError("username") ? " signup-username-error" : ""}`}
          />
          <p className="field__hint" id="signup-username-hint">
            {t.account.usernameHint}
          </p>
          {errorLine("username")}
        </div>
        <fieldset className="field birthday" aria-describedby={describe("birthday")}>
          <legend>{t.account.birthday}</legend>
          <div className="birthday__parts">
            <label>
              <span className="visually-hidden">{t.account.day}</span>
              <select id="signup-birthday" name="birthday_day" defaultValue="" required>
                <option value="" disabled>
                  {t.account.day}
                </option>
                {DAYS.map((day) => (
                  <option key={day}>{day}</option>
                ))}
              </select>
            </label>
            <label>
              <span className="visually-hidden">{t.account.month}</span>
              <select name="birthday_month" defaultValue="" required>
                <option value="" disabled>
                  {t.account.month}
                </option>
                {MONTHS.map((month) => (
                  <option key={month}>{month}</option>
                ))}
              </select>
            </label>
            <label>
              <span className="visually-hidden">{t.account.year}</span>
              <select name="birthday_year" defaultValue="" required>
                <option value="" disabled>
                  {t.account.year}
                </option>
                {years.map((year) => (
                  <option key={year}>{year}</option>
                ))}
              </select>
            </label>
          </div>
          {errorLine("birthday")}
        </fieldset>
        <div className="field">
          <label htmlFor="signup-pronouns">{t.account.pronouns}</label>
          <select id="signup-pronouns" name="pronouns" defaultValue="">
            {(["", ...PRONOUNS] as const).map((value) => (
              <option key={value} value={value}>
                {t.account.pronounOptions[value]}
              </option>
            ))}
          </select>
        </div>
        <PasswordField
          id="signup-password"
          name="password"
          label={t.account.password}
          autoComplete="new-password"
          hint={t.account.passwordHint}
          error={fieldError("password")}
        />
        <div className="field field--check">
          <input id="signup-marketing" name="marketing" type="checkbox" />
          <label htmlFor="signup-marketing">{t.account.marketing}</label>
        </div>
        <div className="field field--check">
          <input
            id="signup-consent"
            name="consent"
            type="checkbox"
            required
            aria-invalid={fieldError("consent") ? true : undefined}
            aria-describedby={describe("consent")}
          />
          <label htmlFor="signup-consent">
            {t.account.consentBefore}
            <a href="/terms">{t.account.terms}</a>
            {t.account.consentMiddle}
            <a href="/privacy">{t.account.privacy}</a>.
          </label>
          {errorLine("consent")}
        </div>
        <button
          className="button button--primary button--large auth__submit"
          type="submit"
          disabled={busy}
        >
          {busy ? t.account.signingUp : t.account.signUpWithEmail}
        </button>
      </form>
      <p className="auth__switch">
        <a href={`/login?${new URLSearchParams({ nextUrl })}`}>{t.account.haveAccount}</a>
      </p>
    </section>
  );
}
