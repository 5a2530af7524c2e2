import {
  ACCOUNT_MESSAGES,
  birthYears,
  passwordProblem,
  SIGNUP_FROM,
  safeNextUrl,
  signupFormType,
  signupSourceOf,
} from "@inkwell/shared";
import { type ReactNode, useState } from "react";
import { redirect } from "react-router";
import { apiContext } from "../api/context.ts";
import { BusySubmitButton } from "../components/busy-button.tsx";
import { GoogleButton } from "../components/google-button.tsx";
import { PasswordField } from "../components/password-field.tsx";
import { Toast } from "../components/toast.tsx";
import {
  BirthdayField,
  ConsentField,
  EmailField,
  MarketingField,
  PronounsField,
  type SignupFailure,
  usernameProblem,
  useSignupForm,
} from "../features/accounts/signup-form.tsx";
import { postSignupForm } from "../features/accounts/signup-post.ts";
import { t } from "../i18n/index.ts";
import { loadFeatures } from "../lib/feature-flags.ts";
import type { Route } from "./+types/signup";

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const url = new URL(request.url);
  const asked = url.searchParams.get("nextUrl");
  if (request.headers.has("cookie") && (await api.currentUser())) {
    throw redirect(safeNextUrl(asked));
  }
  // A new account lands on /home (accounts §2), whose welcome card leads to the questionnaire.
  const nextUrl = safeNextUrl(asked);
  // The landing page's button this came from, recorded with the account; others are dropped.
  const source = signupSourceOf(url.searchParams.get("source"));
  const [providers, features] = await Promise.all([api.authProviders(), loadFeatures(api)]);
  return {
    nextUrl,
    source,
    years: birthYears(new Date()),
    google: providers.google,
    emailView: !providers.google || url.searchParams.get("view") === "email",
    newOnboarding: features?.NEW_ONBOARDING_1 ?? false,
  };
}

/** The form posted without JavaScript (web.ts sends it here): the API's answer, or the form again. */
export const action = ({ request, context }: Route.ActionArgs) =>
  postSignupForm(request, context.get(apiContext));

export function meta() {
  return [{ title: `${t.account.signUp} · ${t.brand}` }];
}

const PREFIX = "signup";

const fieldValue = (form: HTMLFormElement, name: string): string => {
  const field = form.elements.namedItem(name);
  return field instanceof HTMLInputElement ? field.value : "";
};

/** Flag off, the button waits for every field, the password's strength rule included (§4). */
const isComplete = (form: HTMLFormElement): boolean =>
  form.checkValidity() &&
  passwordProblem(fieldValue(form, "password"), { username: fieldValue(form, "username") }) ===
    null;

/**
 * The email sign-up form, in the field order of the NEW_ONBOARDING_1 flag: on, email,
 * username, birthday, pronouns, password, marketing, consent, checked on submit; off,
 * username, email, password, birthday, consent, with the button disabled until complete.
 */
export default function SignupPage({ loaderData, actionData }: Route.ComponentProps) {
  const { nextUrl, source, years, newOnboarding, google } = loaderData;
  // Switching between the sign-up views, or a refused post, keeps where the sign-up started.
  const here: Record<string, string> = source ? { nextUrl, source } : { nextUrl };
  const action = `/signup?${new URLSearchParams(here)}`;
  // A refused post without JavaScript: the form again, as it was sent.
  const kept = actionData?.values ?? {};
  const emailView = loaderData.emailView || actionData !== undefined;
  const form = useSignupForm(PREFIX, action, actionData?.failure ?? null);
  const [complete, setComplete] = useState(newOnboarding);
  // Dismissing hides this failure's toast; the messages under the fields stay.
  const [dismissed, setDismissed] = useState<SignupFailure | null>(null);
  const failure = form.standingFailure !== dismissed ? form.standingFailure : null;

  const fields: Record<string, ReactNode> = {
    email: <EmailField key="email" prefix={PREFIX} form={form} kept={kept} />,
    username: (
      <div className="field" key="username">
        <label htmlFor="signup-username">{t.account.username}</label>
        <input
          id="signup-username"
          name="username"
          type="text"
          autoComplete="username"
          required
          defaultValue={kept.username}
          pattern="[A-Za-z0-9_]{3,20}"
          onBlur={form.checkOnBlur("username", usernameProblem)}
          aria-invalid={form.fieldError("username") ? true : undefined}
          aria-describedby={
            form.fieldError("username") ? "signup-username-error" : "signup-username-hint"
          }
        />
        {/* The format error says what the hint says: it takes the hint's place. */}
        {!form.fieldError("username") && (
          <p className="field__hint" id="signup-username-hint">
            {t.account.usernameHint}
          </p>
        )}
        {form.errorLine("username")}
      </div>
    ),
    birthday: (
      <BirthdayField key="birthday" prefix={PREFIX} years={years} form={form} kept={kept} />
    ),
    pronouns: <PronounsField key="pronouns" prefix={PREFIX} kept={kept} />,
    password: (
      <PasswordField
        key="password"
        id="signup-password"
        name="password"
        label={t.account.password}
        autoComplete="new-password"
        hint={t.account.passwordHint}
        error={form.fieldError("password")}
        liveError
        onBlur={form.checkOnBlur("password", async (value, owner) =>
          passwordProblem(value, { username: owner ? fieldValue(owner, "username") : undefined }),
        )}
      />
    ),
    marketing: <MarketingField key="marketing" prefix={PREFIX} kept={kept} />,
    consent: <ConsentField key="consent" prefix={PREFIX} form={form} kept={kept} />,
  };
  const order = newOnboarding
    ? ["email", "username", "birthday", "pronouns", "password", "marketing", "consent"]
    : ["username", "email", "password", "birthday", "consent"];

  return (
    <section className="auth" aria-labelledby="signup-heading">
      <h1 id="signup-heading">{newOnboarding ? t.account.signUpTitle : t.account.joinTitle}</h1>
      {!newOnboarding && <p>{t.account.joinSubtitle}</p>}
      {emailView ? (
        <>
          <form
            className="auth__form"
            method="post"
            action={action}
            onSubmit={form.submit}
            onChange={(event) => !newOnboarding && setComplete(isComplete(event.currentTarget))}
            noValidate
          >
            <input type="hidden" name="signup-from" value={SIGNUP_FROM} />
            {/* The account has neither answer yet: this form asks for both. */}
            <input
              type="hidden"
              name="form-type"
              value={signupFormType({ email: false, birthday: false })}
            />
            {source && <input type="hidden" name="source" value={source} />}
            {/* §8: the server's msg, or the spec's fallback when it sent none. */}
            <Toast
              message={failure ? (failure.msg ?? ACCOUNT_MESSAGES.signupFailed) : null}
              onDismiss={() => setDismissed(form.failure)}
              inline={form.rendered}
            />
            {order.map((name) => fields[name])}
            {!newOnboarding && <p className="field__hint">{t.account.continuingAgree}</p>}
            <BusySubmitButton
              className="button button--primary button--large auth__submit"
              busy={form.busy}
              disabled={!complete}
            >
              {form.busy ? t.account.signingUp : t.account.signUpWithEmail}
            </BusySubmitButton>
          </form>
          {google && !newOnboarding && (
            <p className="auth__switch">
              <a className="tap-target" href={`/signup?${new URLSearchParams(here)}`}>
                {t.account.backToSignup}
              </a>
            </p>
          )}
        </>
      ) : (
        <>
          <GoogleButton nextUrl={nextUrl} source={source} />
          <a
            className="button button--primary button--large auth__submit auth__social"
            href={`/signup?${new URLSearchParams({ ...here, view: "email" })}`}
          >
            {t.account.signUpWithEmail}
          </a>
          {!newOnboarding && <p className="field__hint">{t.account.continuingAgree}</p>}
        </>
      )}
      <p className="auth__switch">
        <a className="tap-target" href={`/login?${new URLSearchParams({ nextUrl })}`}>
          {t.account.haveAccount}
        </a>
      </p>
    </section>
  );
}
