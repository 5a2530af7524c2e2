import {
  ACCOUNT_MESSAGES,
  birthYears,
  PRONOUNS,
  safeNextUrl,
  signupErrorMessage,
} from "@inkwell/shared";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { apiContext } from "../api/context.ts";
import { Alert } from "../components/alert.tsx";
import { t } from "../i18n/index.ts";
import type { Route } from "./+types/signup-complete";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const nextUrl = safeNextUrl(url.searchParams.get("nextUrl"));
  const token = url.searchParams.get("token") ?? "";
  const pending = token ? await context.get(apiContext).socialSignup(token) : null;
  return {
    nextUrl,
    token,
    pending,
    code: url.searchParams.get("code"),
    years: birthYears(new Date()),
  };
}

export function meta() {
  return [{ title: `${t.account.oauth.completeTitle} · ${t.brand}` }];
}

interface Failure {
  code?: string;
  fields?: Record<string, string>;
}

const MONTHS = Array.from({ length: 12 }, (_, index) => String(index + 1).padStart(2, "0"));
const DAYS = Array.from({ length: 31 }, (_, index) => String(index + 1));

/** The spec shows the completion form's server error after a short delay. */
const ERROR_DELAY_MS = 400;

/** The spec's codes through signupErrorMessage; our own codes (expired, …) by name. */
function failureMessage(code: string | undefined): string {
  if (code === "rate_limited") return ACCOUNT_MESSAGES.rateLimited;
  return (code && t.account.oauth.errors[code]) || signupErrorMessage(code);
}

function Expired({ nextUrl }: { nextUrl: string }) {
  return (
    <section className="auth" aria-labelledby="complete-heading">
      <h1 id="complete-heading">{t.account.oauth.expiredTitle}</h1>
      <p>{t.account.oauth.expiredText}</p>
      <a className="button button--primary" href={`/signup?${new URLSearchParams({ nextUrl })}`}>
        {t.account.oauth.startAgain}
      </a>
    </section>
  );
}

/**
 * The sign-up completion form after a first sign-in with Google: only what the provider
 * did not answer (email, birthday), optional pronouns and marketing consent, and the
 * required policy consent. With JavaScript it posts with fetch; without, the form posts and
 * the server redirects back here with a code.
 */
export default function SignupCompletePage({ loaderData }: Route.ComponentProps) {
  const { nextUrl, token, pending, years } = loaderData;
  const [failure, setFailure] = useState<Failure | null>(
    loaderData.code ? { code: loaderData.code } : null,
  );
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  if (!pending) return <Expired nextUrl={nextUrl} />;

  const action = `/signup/complete?${new URLSearchParams({ nextUrl })}`;
  const fieldError = (name: string) => failure?.fields?.[name];
  // A provider's email that already has an account can be replaced by another one.
  const askEmail = !pending.email || failure?.code === "1171";

  function showFailure(next: Failure) {
    setFailure(null);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setFailure(next);
      const first = Object.keys(next.fields ?? {})[0];
      if (first) document.getElementById(`complete-${first.split("_")[0]}`)?.focus();
    }, ERROR_DELAY_MS);
  }

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
      const body = (await response.json()) as Failure & { redirectUrl?: string };
      if (response.ok && body.redirectUrl) {
        window.location.replace(body.redirectUrl);
        return;
      }
      showFailure(body);
    } catch {
      showFailure({ code: "unknown" });
    } finally {
      setBusy(false);
    }
  }

  const describe = (name: string) => (fieldError(name) ? `complete-${name}-error` : undefined);
  const errorLine = (name: string) =>
    fieldError(name) && (
      <p className="field__error" id={`complete-${name}-error`}>
        {fieldError(name)}
      </p>
    );

  return (
    <section className="auth" aria-labelledby="complete-heading">
      <h1 id="complete-heading">{t.account.oauth.completeTitle}</h1>
      <p>
        {pending.email && !askEmail ? `${t.account.oauth.signingUpAs(pending.email)}. ` : ""}
        {t.account.oauth.completeIntro}
      </p>
      {failure && <Alert tone="danger">{failureMessage(failure.code)}</Alert>}
      <form className="auth__form" method="post" action={action} onSubmit={submit} noValidate>
        <input type="hidden" name="token" value={token} />
        {askEmail && (
          <div className="field">
            <label htmlFor="complete-email">{t.account.email}</label>
            <input
              id="complete-email"
              name="email"
              type="email"
              autoComplete="email"
              required
              aria-invalid={fieldError("email") ? true : undefined}
              aria-describedby={describe("email")}
            />
            {errorLine("email")}
          </div>
        )}
        {!pending.birthdayKnown && (
          <fieldset className="field birthday" aria-describedby={describe("birthday")}>
            <legend>{t.account.birthday}</legend>
            <div className="birthday__parts">
              <label>
                <span className="visually-hidden">{t.account.day}</span>
                <select id="complete-birthday" name="birthday_day" defaultValue="" required>
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
        )}
        <div className="field">
          <label htmlFor="complete-pronouns">{t.account.pronouns}</label>
          <select id="complete-pronouns" name="pronouns" defaultValue="">
            {(["", ...PRONOUNS] as const).map((value) => (
              <option key={value} value={value}>
                {t.account.pronounOptions[value]}
              </option>
            ))}
          </select>
        </div>
        <div className="field field--check">
          <input id="complete-marketing" name="marketing" type="checkbox" />
          <label htmlFor="complete-marketing">{t.account.marketing}</label>
        </div>
        <div className="field field--check">
          <input
            id="complete-consent"
            name="consent"
            type="checkbox"
            required
            aria-invalid={fieldError("consent") ? true : undefined}
            aria-describedby={describe("consent")}
          />
          <label htmlFor="complete-consent">
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
          {busy ? t.account.signingUp : t.account.oauth.signUp}
        </button>
      </form>
    </section>
  );
}
