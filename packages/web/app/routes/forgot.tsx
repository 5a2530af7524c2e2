import { ACCOUNT_MESSAGES, safeNextUrl } from "@inkwell/shared";
import { Alert } from "../components/alert.tsx";
import { t } from "../i18n/index.ts";
import type { Route } from "./+types/forgot";

const ERRORS: Record<string, string> = { rate_limited: ACCOUNT_MESSAGES.rateLimited };

export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const code = params.get("error");
  return {
    nextUrl: safeNextUrl(params.get("nextUrl")),
    sent: params.has("sent"),
    failed: params.has("msg"),
    // A refused request (too many in an hour), sent back here by POST /forgot.
    error: code ? (ERRORS[code] ?? ACCOUNT_MESSAGES.generic) : null,
  };
}

export const meta = () => [{ title: `${t.account.forgotTitle} · ${t.brand}` }];

/** Asks for a reset link: a plain form post to POST /forgot. */
export default function ForgotPage({ loaderData }: Route.ComponentProps) {
  const { nextUrl, sent, failed, error } = loaderData;
  const query = new URLSearchParams({ nextUrl }).toString();
  return (
    <section className="auth" aria-labelledby="forgot-heading">
      <h1 id="forgot-heading">{t.account.forgotTitle}</h1>
      {sent && <Alert tone="info">{t.account.instructionsSent}</Alert>}
      {failed && <Alert tone="danger">{t.account.badResetLink}</Alert>}
      {error && <Alert tone="danger">{error}</Alert>}
      <p>{t.account.forgotText}</p>
      <form className="auth__form" method="post" action={`/forgot?${query}`}>
        <div className="field">
          <label htmlFor="forgot-identifier">{t.account.usernameOrEmail}</label>
          <input id="forgot-identifier" name="email" type="text" autoComplete="username" required />
        </div>
        <button className="button button--primary button--large auth__submit" type="submit">
          {t.account.sendInstructions}
        </button>
      </form>
      <p className="auth__switch">
        <a className="tap-target" href={`/login?${query}`}>
          {t.account.cancel}
        </a>
      </p>
    </section>
  );
}
