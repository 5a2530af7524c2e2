import { data, redirect } from "react-router";
import type { ApiClient } from "../../api/client.ts";
import type { SignupFailure } from "./signup-form.tsx";

/** What a refused form shows again: every field as sent but the passwords. */
const KEPT = [
  "username",
  "email",
  "birthday_day",
  "birthday_month",
  "birthday_year",
  "pronouns",
  "marketing",
  "consent",
] as const;

export type KeptValues = Partial<Record<(typeof KEPT)[number], string>>;

/**
 * A sign-up form posted without JavaScript (decision 116): sent
 * on to the API as the page's script sends it. Signed up, the browser goes on with the new
 * session's cookie; refused, the page renders the form again with the refusal and what was
 * typed, none of it in the address.
 */
export async function postSignupForm(request: Request, api: ApiClient) {
  const sent = await request.formData();
  const fields: Record<string, string> = {};
  for (const [name, value] of sent) if (typeof value === "string") fields[name] = value;
  const url = new URL(request.url);
  const answer = await api.postSignupForm(`${url.pathname}${url.search}`, fields);
  if (answer.outcome.ok) {
    const headers = new Headers();
    for (const cookie of answer.cookies) headers.append("set-cookie", cookie);
    return redirect(answer.outcome.value.redirectUrl, { status: 303, headers });
  }
  const { code, message, fields: named } = answer.outcome.refusal;
  const failure: SignupFailure = {
    code: code === undefined ? undefined : String(code),
    msg: message,
    fields: named,
  };
  const values: KeptValues = {};
  for (const name of KEPT) if (name in fields) values[name] = fields[name];
  return data({ failure, values }, { status: answer.status });
}
