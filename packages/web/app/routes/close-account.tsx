import { redirect } from "react-router";
import { apiContext } from "../api/context.ts";
import { Alert } from "../components/alert.tsx";
import { PasswordField } from "../components/password-field.tsx";
import { t } from "../i18n/index.ts";
import type { Route } from "./+types/close-account";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = request.headers.has("cookie") ? await context.get(apiContext).currentUser() : null;
  if (!user) throw redirect(`/login?${new URLSearchParams({ nextUrl: "/close-account" })}`);
  return { hasPassword: user.has_password, failed: new URL(request.url).searchParams.has("error") };
}

export const meta = () => [{ title: `${t.settings.closeTitle} · ${t.brand}` }];

/** Closing the account: a plain form post to POST /close-account, confirmed with the password. */
export default function CloseAccount({ loaderData }: Route.ComponentProps) {
  const { hasPassword, failed } = loaderData;
  return (
    <section className="auth" aria-labelledby="close-heading">
      <h1 id="close-heading">{t.settings.closeTitle}</h1>
      {failed && <Alert tone="danger">{t.settings.closeWrongPassword}</Alert>}
      <p>{t.settings.closeText}</p>
      <form className="auth__form" method="post" action="/close-account">
        {hasPassword && (
          <PasswordField
            id="close-password"
            name="password"
            label={t.settings.password}
            autoComplete="current-password"
          />
        )}
        <button className="button button--danger button--large auth__submit" type="submit">
          {t.settings.closeConfirm}
        </button>
      </form>
      <p className="auth__switch">
        <a href="/settings">{t.account.cancel}</a>
      </p>
    </section>
  );
}
