import { ACCOUNT_MESSAGES } from "@inkwell/shared";
import { data, redirect } from "react-router";
import { apiContext } from "../api/context.ts";
import { Outcome } from "../components/outcome.tsx";
import { t } from "../i18n/index.ts";
import { notFoundResponse, pageUrl } from "../lib/route-data.ts";
import type { Route } from "./+types/user-activation";

/**
 * §2's user_activation?action=send&username={username}: resends the signed-in user's
 * verification email (POST /api/v3/users/validate) and says how it went. Visitors log in
 * first; a link naming someone else is refused without sending anything.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const url = pageUrl(request);
  const user = request.headers.has("cookie") ? await api.currentUser() : null;
  if (!user) {
    throw redirect(`/login?${new URLSearchParams({ nextUrl: `${url.pathname}${url.search}` })}`);
  }
  if (url.searchParams.get("action") !== "send") throw notFoundResponse();
  const username = url.searchParams.get("username") ?? "";
  if (username.toLowerCase() !== user.username.toLowerCase()) {
    return data(
      {
        sent: false,
        title: t.account.activation.notYoursTitle,
        text: t.account.activation.notYours(user.username),
      },
      { status: 403 },
    );
  }
  const result = await api.resendActivation();
  if (result.ok) {
    return {
      sent: true,
      title: t.account.activation.sentTitle,
      text: t.account.activation.sent(user.email ?? ""),
    };
  }
  return {
    sent: false,
    title:
      result.refusal.code === "already_verified"
        ? t.account.activation.verifiedTitle
        : t.account.activation.failedTitle,
    text: result.refusal.message || ACCOUNT_MESSAGES.generic,
  };
}

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: `${loaderData?.title ?? t.account.activation.sentTitle} · ${t.brand}` },
];

export default function UserActivation({ loaderData }: Route.ComponentProps) {
  const { sent, title, text } = loaderData;
  return (
    <Outcome id="activation-heading" title={title} failed={!sent}>
      <p>{text}</p>
      <a className="button button--primary button--large" href="/settings">
        {t.account.activation.toSettings}
      </a>
    </Outcome>
  );
}
