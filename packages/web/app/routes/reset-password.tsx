import { ACCOUNT_MESSAGES, passwordProblem } from "@inkwell/shared";
import { useEffect, useState } from "react";
import { PasswordField } from "../components/password-field.tsx";
import { t } from "../i18n/index.ts";
import type { Route } from "./+types/reset-password";

const INLINE_ERRORS: Record<string, string> = {
  error_weak_password: ACCOUNT_MESSAGES.passwordWeak,
  error_invalid_password_length: ACCOUNT_MESSAGES.passwordLength,
};

export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const error = params.get("error");
  return { token: params.get("token") ?? "", error: error ? (INLINE_ERRORS[error] ?? null) : null };
}

export const meta = () => [{ title: `${t.account.resetTitle} · ${t.brand}` }];

/** The emailed reset link lands here; the button waits for a password the rules accept. */
export default function ResetPasswordPage({ loaderData }: Route.ComponentProps) {
  const { token, error } = loaderData;
  const [password, setPassword] = useState("");
  // Before the script runs the form must still work, so the button starts enabled.
  const [checking, setChecking] = useState(false);
  useEffect(() => setChecking(true), []);
  const problem = password ? passwordProblem(password) : null;
  return (
    <section className="auth" aria-labelledby="reset-heading">
      <h1 id="reset-heading">{t.account.resetTitle}</h1>
      <form className="auth__form" method="post" action="/apiv2/updateuserpassword">
        <input type="hidden" name="at" value={token} />
        <PasswordField
          id="reset-password"
          name="new_password"
          label={t.account.newPassword}
          autoComplete="new-password"
          hint={t.account.passwordHint}
          error={problem ?? error ?? undefined}
          onValue={setPassword}
        />
        <button
          className="button button--primary button--large auth__submit"
          type="submit"
          disabled={checking && (password === "" || problem !== null)}
        >
          {t.account.resetPassword}
        </button>
      </form>
      <p className="auth__switch">
        <a href="/login">{t.account.cancel}</a>
      </p>
    </section>
  );
}
