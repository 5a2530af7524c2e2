import { Download } from "lucide";
import { redirect } from "react-router";
import { apiContext } from "../api/context.ts";
import { Icon } from "../components/icon.tsx";
import { EmailAddress } from "../features/settings/email-address.tsx";
import { t } from "../i18n/index.ts";
import type { Route } from "./+types/your-data";
import "../styles/settings.css";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = request.headers.has("cookie") ? await context.get(apiContext).currentUser() : null;
  if (!user)
    throw redirect(`/login?${new URLSearchParams({ nextUrl: "/settings/your-inkwell-data" })}`);
  return { username: user.username, email: user.email, birthdate: user.birthdate };
}

/** A birthday (YYYY-MM-DD) as words, the same on the server and in the browser. */
const longDate = (date: string) =>
  new Date(date).toLocaleDateString("en-US", { dateStyle: "long", timeZone: "UTC" });

export const meta = () => [{ title: `${t.settings.yourDataTitle} · ${t.brand}` }];

/**
 * The HTML side of /settings/your-inkwell-data: whose data it is, then the file to download
 * (with json=1 the server answers it).
 */
export default function YourData({ loaderData }: Route.ComponentProps) {
  const { username, email, birthdate } = loaderData;
  return (
    <section className="auth" aria-labelledby="data-heading">
      <h1 id="data-heading">{t.settings.yourDataTitle}</h1>
      <p>{t.settings.yourDataText}</p>
      <dl className="settings-rows">
        <div className="settings-row">
          <dt>{t.settings.username}</dt>
          <dd>{username}</dd>
        </div>
        <div className="settings-row">
          <dt>{t.settings.email}</dt>
          <dd>{email === null ? t.settings.notGiven : <EmailAddress email={email} />}</dd>
        </div>
        <div className="settings-row">
          <dt>{t.settings.birthday}</dt>
          <dd>{birthdate === null ? t.settings.notGiven : longDate(birthdate)}</dd>
        </div>
      </dl>
      <a
        className="button button--primary button--large"
        href="/settings/your-inkwell-data?json=1"
        download
      >
        <Icon of={Download} aria-hidden="true" size={18} />
        {t.settings.download}
      </a>
    </section>
  );
}
