import {
  ACCOUNT_MESSAGES,
  birthYears,
  safeNextUrl,
  signupErrorMessage,
  signupFormType,
  signupSourceOf,
} from "@inkwell/shared";
import { useEffect, useState } from "react";
import { apiContext } from "../api/context.ts";
import { failureOf, LiveAlert } from "../components/alert.tsx";
import { BusySubmitButton } from "../components/busy-button.tsx";
import {
  BirthdayField,
  ConsentField,
  EmailField,
  MarketingField,
  PronounsField,
  useSignupForm,
} from "../features/accounts/signup-form.tsx";
import { postSignupForm } from "../features/accounts/signup-post.ts";
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
    // The landing page's sign-up button this began from, posted back with the form.
    source: signupSourceOf(url.searchParams.get("source")),
    years: birthYears(new Date()),
  };
}

/** The form posted without JavaScript (web.ts sends it here): the API's answer, or the form again. */
export const action = ({ request, context }: Route.ActionArgs) =>
  postSignupForm(request, context.get(apiContext));

export function meta() {
  return [{ title: `${t.account.oauth.completeTitle} · ${t.brand}` }];
}

const PREFIX = "complete";

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
 * required policy consent. With JavaScript it posts with fetch; without, the form posts to
 * this page's action, which renders it again with what was typed when refused (§3's
 * preserved values).
 */
export default function SignupCompletePage({ loaderData, actionData }: Route.ComponentProps) {
  const { nextUrl, token, source, pending, years } = loaderData;
  // The page's own address: a refused post without JavaScript renders this pending sign-up.
  const here: Record<string, string> = source ? { token, nextUrl, source } : { token, nextUrl };
  const action = `/signup/complete?${new URLSearchParams(here)}`;
  const kept = actionData?.values ?? {};
  const form = useSignupForm(PREFIX, action, actionData?.failure ?? null, ERROR_DELAY_MS);
  // A provider's email that already has an account can be replaced by another one; once
  // asked for, the email stays asked for, so a later refusal keeps what was typed.
  const providerEmailTaken = form.failure?.code === "1171";
  const [emailAsked, setEmailAsked] = useState(kept.email !== undefined);
  useEffect(() => {
    if (providerEmailTaken) setEmailAsked(true);
  }, [providerEmailTaken]);
  if (!pending) return <Expired nextUrl={nextUrl} />;
  const askEmail = !pending.email || emailAsked || providerEmailTaken;
  // What the provider gave, which the form leaves out (decision 111).
  const formType = signupFormType({
    email: pending.email !== null,
    birthday: pending.birthdayKnown,
  });

  return (
    <section className="auth" aria-labelledby="complete-heading">
      <h1 id="complete-heading">{t.account.oauth.completeTitle}</h1>
      <p>
        {pending.email && !askEmail ? `${t.account.oauth.signingUpAs(pending.email)}. ` : ""}
        {t.account.oauth.completeIntro}
      </p>
      <form className="auth__form" method="post" action={action} onSubmit={form.submit} noValidate>
        <input type="hidden" name="token" value={token} />
        <input type="hidden" name="form-type" value={formType} />
        {source && <input type="hidden" name="source" value={source} />}
        {/* In the form, as the sign-up form's refusal is: next to the fields it is about. */}
        <LiveAlert
          message={failureOf(form.failure !== null && failureMessage(form.failure.code))}
        />
        {askEmail && <EmailField prefix={PREFIX} form={form} kept={kept} />}
        {!pending.birthdayKnown && (
          <BirthdayField prefix={PREFIX} years={years} form={form} kept={kept} />
        )}
        <PronounsField prefix={PREFIX} kept={kept} />
        <MarketingField prefix={PREFIX} kept={kept} />
        <ConsentField prefix={PREFIX} form={form} kept={kept} />
        <BusySubmitButton
          className="button button--primary button--large auth__submit"
          busy={form.busy}
        >
          {form.busy ? t.account.signingUp : t.account.oauth.signUp}
        </BusySubmitButton>
      </form>
    </section>
  );
}
