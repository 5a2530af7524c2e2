import { ACCOUNT_MESSAGES, passwordProblem, REFUSED } from "@inkwell/shared";
import { type FormEvent, useEffect, useState } from "react";
import { browserApi } from "../api/client.ts";
import { BusySubmitButton } from "../components/busy-button.tsx";
import { Outcome } from "../components/outcome.tsx";
import { PasswordField } from "../components/password-field.tsx";
import { Toast } from "../components/toast.tsx";
import { t } from "../i18n/index.ts";
import type { Route } from "./+types/reset-password";

const INLINE_ERRORS: Record<string, string> = {
  error_weak_password: ACCOUNT_MESSAGES.passwordWeak,
  error_invalid_password_length: ACCOUNT_MESSAGES.passwordLength,
};

export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const error = params.get("error");
  const fromPush = params.get("isFromPushNotification");
  return {
    token: params.get("token") ?? "",
    error: error ? (INLINE_ERRORS[error] ?? null) : null,
    // Opened from the app's push notification: the form says so, and success ends here.
    fromPush: fromPush === "true" || fromPush === "1",
    done: params.has("done"),
  };
}

export const meta = ({ loaderData }: Route.MetaArgs) => [
  {
    title: `${loaderData?.done ? t.account.resetDoneTitle : t.account.resetTitle} · ${t.brand}`,
  },
];

/** §4: after a reset from a push notification, the reader logs in again in the app. */
function ResetDone() {
  return (
    <Outcome id="reset-done-heading" title={t.account.resetDoneTitle}>
      <p>{t.account.resetDoneText}</p>
    </Outcome>
  );
}

/** The emailed reset link lands here; the button waits for a password the rules accept. */
export default function ResetPasswordPage({ loaderData }: Route.ComponentProps) {
  const { token, error, fromPush, done } = loaderData;
  const [password, setPassword] = useState("");
  // Before the script runs the form must still work, so the button starts enabled.
  const [checking, setChecking] = useState(false);
  useEffect(() => setChecking(true), []);
  const [refused, setRefused] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const problem = password ? passwordProblem(password) : null;

  // With the script running, the form is sent from here: a failure the form cannot show
  // (too many tries, a server fault, no network) becomes a toast instead of an error page.
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    const result = await browserApi()
      .resetPassword({
        at: token,
        new_password: password,
        ...(fromPush ? { isFromPushNotification: "true" } : {}),
      })
      .catch(() => null);
    setBusy(false);
    if (result?.ok) {
      window.location.assign(result.value.redirectUrl);
      return;
    }
    const code = result?.refusal.error_code;
    if (code && INLINE_ERRORS[code]) setRefused(INLINE_ERRORS[code]);
    else if (code && result.refusal.code === REFUSED) {
      window.location.assign(`/forgot?${new URLSearchParams({ nextUrl: "settings", msg: code })}`);
    } else setFailure(t.settings.notSaved(result?.refusal.message ?? ""));
  }

  if (done) return <ResetDone />;
  return (
    <section className="auth" aria-labelledby="reset-heading">
      <h1 id="reset-heading">{t.account.resetTitle}</h1>
      <form
        className="auth__form"
        method="post"
        action="/apiv2/updateuserpassword"
        onSubmit={submit}
      >
        <input type="hidden" name="at" value={token} />
        {fromPush && <input type="hidden" name="isFromPushNotification" value="true" />}
        <PasswordField
          id="reset-password"
          name="new_password"
          label={t.account.newPassword}
          autoComplete="new-password"
          hint={t.account.passwordHint}
          error={problem ?? refused ?? error ?? undefined}
          onValue={(value) => {
            setPassword(value);
            setRefused(null);
          }}
        />
        <BusySubmitButton
          className="button button--primary button--large auth__submit"
          busy={busy}
          disabled={checking && (password === "" || problem !== null)}
        >
          {t.account.resetPassword}
        </BusySubmitButton>
      </form>
      <p className="auth__switch">
        <a className="tap-target" href="/login">
          {t.account.cancel}
        </a>
      </p>
      <Toast message={failure} onDismiss={() => setFailure(null)} />
    </section>
  );
}
