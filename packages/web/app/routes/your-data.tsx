import { Download } from "lucide";
import { redirect } from "react-router";
import { apiContext } from "../api/context.ts";
import { Icon } from "../components/icon.tsx";
import { t } from "../i18n/index.ts";
import type { Route } from "./+types/your-data";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = request.headers.has("cookie") ? await context.get(apiContext).currentUser() : null;
  if (!user)
    throw redirect(`/login?${new URLSearchParams({ nextUrl: "/settings/your-inkwell-data" })}`);
  return { username: user.username };
}

export const meta = () => [{ title: `${t.settings.yourDataTitle} · ${t.brand}` }];

/** The HTML side of /settings/your-inkwell-data; with json=1 the server answers the file. */
export default function YourData() {
  return (
    <section className="auth" aria-labelledby="data-heading">
      <h1 id="data-heading">{t.settings.yourDataTitle}</h1>
      <p>{t.settings.yourDataText}</p>
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
