import { useEffect } from "react";
import { redirect } from "react-router";
import { apiContext } from "../api/context.ts";
import { Alert } from "../components/alert.tsx";
import { Outcome } from "../components/outcome.tsx";
import { PasswordField } from "../components/password-field.tsx";
import { t } from "../i18n/index.ts";
import type { Route } from "./+types/close-account";

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const user = request.headers.has("cookie") ? await context.get(apiContext).currentUser() : null;
  // Where closing ends, signed out: the page says the account is gone (decision 096).
  if (!user && params.has("done")) return { closed: true, hasPassword: false, failed: false };
  if (!user) throw redirect(`/login?${new URLSearchParams({ nextUrl: "/close-account" })}`);
  return { closed: false, hasPassword: user.has_password, failed: params.has("error") };
}

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: `${loaderData?.closed ? t.settings.closedTitle : t.settings.closeTitle} · ${t.brand}` },
];

function AccountClosed() {
  return (
    <Outcome id="closed-heading" title={t.settings.closedTitle}>
      <p>{t.settings.closedText}</p>
      <a className="button button--primary button--large" href="/">
        {t.settings.closedHome}
      </a>
    </Outcome>
  );
}

const PASSWORD_ID = "close-password";
const ERROR_ID = "close-error";

/** Closing the account: a plain form post to POST /close-account, confirmed with the password. */
export default function CloseAccount({ loaderData }: Route.ComponentProps) {
  const { closed, hasPassword, failed } = loaderData;
  // A refused password: focus goes to it, to type it again, as on the login page.
  useEffect(() => {
    if (failed) document.getElementById(PASSWORD_ID)?.focus();
  }, [failed]);
  if (closed) return <AccountClosed />;
  return (
    <section className="auth" aria-labelledby="close-heading">
      <h1 id="close-heading">{t.settings.closeTitle}</h1>
      {failed && (
        <Alert tone="danger" id={ERROR_ID}>
          {t.settings.closeWrongPassword}
        </Alert>
      )}
      <p>{t.settings.closeText}</p>
      <form className="auth__form" method="post" action="/close-account">
        {hasPassword && (
          <PasswordField
            id={PASSWORD_ID}
            name="password"
            label={t.settings.password}
            autoComplete="current-password"
            describedBy={failed ? ERROR_ID : undefined}
          />
        )}
        <button className="button button--danger button--large auth__submit" type="submit">
          {t.settings.closeConfirm}
        </button>
      </form>
      <p className="auth__switch">
        <a className="tap-target" href="/settings">
          {t.account.cancel}
        </a>
      </p>
    </section>
  );
}
