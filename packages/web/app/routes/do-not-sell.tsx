import { cookieValue } from "@inkwell/shared";
import { ShieldCheck } from "lucide";
import { useRef, useState } from "react";
import { flushSync } from "react-dom";
import { browserApi } from "../api/client.ts";
import { apiContext } from "../api/context.ts";
import { ErrorLine } from "../components/alert.tsx";
import { Icon } from "../components/icon.tsx";
import { ScriptButton } from "../components/script-button.tsx";
import { t } from "../i18n/index.ts";
import { deleteCookie, writeCookie } from "../lib/cookies.ts";
import { useCurrentUser } from "../lib/current-user.ts";
import type { Route } from "./+types/do-not-sell";

/** Visitors' opt-out (accounts-safety-messaging.md §9: kept 3650 days). */
const OPT_OUT_COOKIE = "ccpa-oo";
const OPT_OUT_DAYS = 3650;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const api = context.get(apiContext);
  const user = request.headers.get("cookie") ? await api.currentUser() : null;
  const optedOut = user
    ? (await api.ccpa(user.username)).optout
    : cookieValue(request.headers.get("cookie") ?? "", OPT_OUT_COOKIE) === "1";
  return { optedOut, appMode: url.searchParams.get("mode") === "app" };
}

export const meta = () => [{ title: `${t.optOut.title} · Inkwell` }];

/**
 * The privacy opt-out page. Signed-in users keep the choice on the server, visitors in a
 * cookie; in the app (mode=app) the way back tells the app to close the web form.
 */
export default function DoNotSell({ loaderData }: Route.ComponentProps) {
  const user = useCurrentUser();
  const [optedOut, setOptedOut] = useState(loaderData.optedOut);
  const [californian, setCalifornian] = useState(false);
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  // The form gives way to the opted-out view, which takes the focus its button had.
  const done = useRef<HTMLHeadingElement>(null);
  const back = (path: string) => (loaderData.appMode ? `${path}?closeWebForm=true` : path);

  async function optOut() {
    setSending(true);
    setFailed(false);
    let ok = true;
    if (user) {
      const result = await browserApi()
        .setCcpa(user.username, true)
        .catch(() => null);
      ok = result?.ok === true;
      // The account holds the choice now; a visitor's cookie from before is not needed.
      if (ok) deleteCookie(OPT_OUT_COOKIE);
    } else {
      writeCookie(OPT_OUT_COOKIE, "1", OPT_OUT_DAYS);
    }
    setSending(false);
    if (ok) {
      flushSync(() => setOptedOut(true));
      done.current?.focus();
    } else setFailed(true);
  }

  if (optedOut) {
    return (
      <section className="opt-out" aria-labelledby="opt-out-heading">
        <Icon of={ShieldCheck} className="opt-out__icon" aria-hidden="true" size={40} />
        <h1 id="opt-out-heading" ref={done} tabIndex={-1}>
          {t.optOut.doneHeading}
        </h1>
        <p>{t.optOut.doneText}</p>
        <a className="button button--primary" href={back("/")}>
          {t.optOut.backTo}
        </a>
      </section>
    );
  }
  return (
    <section className="opt-out" aria-labelledby="opt-out-heading">
      <h1 id="opt-out-heading">{t.optOut.title}</h1>
      <p>{t.optOut.intro}</p>
      <p>{t.optOut.scope(user !== null)}</p>
      <form
        className="opt-out__form"
        onSubmit={(event) => {
          event.preventDefault();
          void optOut();
        }}
      >
        <label className="opt-out__check">
          <input
            type="checkbox"
            checked={californian}
            onChange={(event) => setCalifornian(event.target.checked)}
          />
          {t.optOut.californian}
        </label>
        <ErrorLine text={failed && t.optOut.failed} />
        <div className="opt-out__actions">
          <ScriptButton
            className="button button--primary"
            type="submit"
            disabled={!californian || sending}
          >
            {sending ? t.optOut.submitting : t.optOut.submit}
          </ScriptButton>
          <a className="button" href={back("/home")}>
            {t.optOut.continueSharing}
          </a>
        </div>
      </form>
    </section>
  );
}
