import type { MailList } from "@inkwell/shared";
import { BellOff } from "lucide";
import { apiContext } from "../api/context.ts";
import { Icon } from "../components/icon.tsx";
import { Outcome } from "../components/outcome.tsx";
import { t } from "../i18n/index.ts";
import type { Route } from "./+types/unsubscribe";

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const userId = params.get("u") ?? "";
  const key = params.get("k") ?? "";
  const list: MailList = params.get("list") === "news" ? "news" : "alerts";
  const link = userId && key ? await context.get(apiContext).mailLink(userId, key) : null;
  return {
    userId,
    key,
    list,
    found: link?.ok ? link.value : null,
    done: params.has("done"),
  };
}

const textsOf = (list: MailList) => (list === "news" ? t.alerts.news : t.alerts);

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: `${textsOf(loaderData?.list ?? "alerts").title} · ${t.brand}` },
];

/**
 * Where the alert emails' and the newsletter's unsubscribe link lands (`list` says which).
 * Stopping takes a press (a form post, so it works before the script loads): mail scanners
 * that open links change nothing.
 */
export default function Unsubscribe({ loaderData }: Route.ComponentProps) {
  const { userId, key, list, found, done } = loaderData;
  const text = textsOf(list);
  if (!found) {
    return (
      <Outcome id="unsubscribe-heading" title={t.alerts.invalidHeading} failed>
        <p>{t.alerts.invalidText}</p>
        <a className="button button--primary button--large" href="/settings#notifications">
          {t.alerts.settings}
        </a>
      </Outcome>
    );
  }
  if (done || !found[list]) {
    return (
      <Outcome id="unsubscribe-heading" title={text.doneHeading}>
        <p>{done ? text.doneText : text.alreadyOff}</p>
        <a className="button button--large" href="/settings#notifications">
          {t.alerts.settings}
        </a>
      </Outcome>
    );
  }
  return (
    <section className="auth auth--centered" aria-labelledby="unsubscribe-heading">
      <Icon of={BellOff} className="auth__icon" aria-hidden="true" size={56} />
      <h1 id="unsubscribe-heading">{text.askHeading}</h1>
      <p>{text.askText(found.username)}</p>
      <form className="auth__form" method="post" action="/v5/alerts/unsubscribe">
        <input type="hidden" name="u" value={userId} />
        <input type="hidden" name="k" value={key} />
        <input type="hidden" name="list" value={list} />
        <button className="button button--primary button--large auth__submit" type="submit">
          {text.stop}
        </button>
      </form>
      <a href="/home">{text.keep}</a>
    </section>
  );
}
