import { CircleAlert, CircleCheck } from "lucide";
import { Icon } from "../components/icon.tsx";
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
    <section className="auth auth--centered" aria-labelledby="verified-heading">
      {failed ? (
        <Icon
          of={CircleAlert}
          className="auth__icon auth__icon--warning"
          aria-hidden="true"
          size={56}
        />
      ) : (
        <Icon of={CircleCheck} className="auth__icon" aria-hidden="true" size={56} />
      )}
      <h1 id="verified-heading">
        {failed ? t.account.verifyFailedTitle : t.account.verifiedTitle}
      </h1>
      <p>{failed ? t.account.verifyFailedText : t.account.verifiedText}</p>
      <a className="button button--primary button--large" href={failed ? "/login" : "/home"}>
        {failed ? t.account.logIn : t.account.continue}
      </a>
    </section>
  );
}
