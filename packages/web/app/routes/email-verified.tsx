import { Outcome } from "../components/outcome.tsx";
import { t } from "../i18n/index.ts";
import type { Route } from "./+types/email-verified";

export function loader({ request }: Route.LoaderArgs) {
  return { failed: new URL(request.url).searchParams.has("error") };
}

export function meta() {
  return [{ title: `${t.account.verifiedTitle} · ${t.brand}` }];
}

/** Where the emailed verification link lands. */
export default function EmailVerified({ loaderData }: Route.ComponentProps) {
  const { failed } = loaderData;
  return (
    <Outcome
      id="verified-heading"
      title={failed ? t.account.verifyFailedTitle : t.account.verifiedTitle}
      failed={failed}
    >
      <p>{failed ? t.account.verifyFailedText : t.account.verifiedText}</p>
      <a className="button button--primary button--large" href={failed ? "/login" : "/home"}>
        {failed ? t.account.logIn : t.account.continue}
      </a>
    </Outcome>
  );
}
