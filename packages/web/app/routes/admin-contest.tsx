import type { ContestInfo } from "@inkwell/shared";
import { type FormEvent, useState } from "react";
import { redirect } from "react-router";
import { browserApi } from "../api/client.ts";
import { apiContext } from "../api/context.ts";
import { type AlertMessage, LiveAlert, useLiveMessage } from "../components/alert.tsx";
import { BusyButton } from "../components/busy-button.tsx";
import { TextField } from "../components/text-field.tsx";
import { t } from "../i18n/index.ts";
import { isoFromLocal, localInput } from "../lib/datetime-local.ts";
import { notFoundResponse } from "../lib/route-data.ts";
import { useZoneHint } from "../lib/use-time-zone.ts";
import type { Route } from "./+types/admin-contest";

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const user = request.headers.has("cookie") ? await api.currentUser() : null;
  if (!user) throw redirect(`/login?${new URLSearchParams({ nextUrl: "/admin/contest" })}`);
  // Only system admins set the contest: for anyone else the page is not there.
  if (!user.isSysAdmin) throw notFoundResponse();
  return { contest: await api.activeContest() };
}

export const meta = () => [{ title: `${t.contest.admin.title} · ${t.brand}` }];

const FIELDS = ["key", "year", "tag", "closesAt", "minWords"] as const;
type Field = (typeof FIELDS)[number];
const NUMBERS: readonly Field[] = ["year", "minWords"];

/**
 * What a refused field needs, in staff's words: the server's own words name its API's fields
 * (minWords, closesAt) and ISO times, for its clients.
 */
const REFUSED: Record<Field, string> = {
  key: t.contest.admin.keyRefused,
  year: t.contest.admin.yearRefused,
  tag: t.contest.admin.tagRefused,
  closesAt: t.contest.admin.closesAtRefused,
  minWords: t.contest.admin.minWordsRefused,
};

const HINTS: Partial<Record<Field, string>> = {
  key: t.contest.admin.keyHint,
  tag: t.contest.admin.tagHint,
  minWords: t.contest.admin.minWordsHint,
};

/**
 * The form's values: the closing time as the admin's own clock shows it, to the second, so
 * that a contest closing at 23:59:59 (writer-paid-contest.md §9) still does after a save.
 */
const valuesOf = (contest: ContestInfo | null): Record<Field, string> =>
  Object.fromEntries(
    FIELDS.map((field) => {
      if (!contest) return [field, ""];
      return [
        field,
        field === "closesAt"
          ? localInput(Date.parse(contest.closesAt), "second")
          : String(contest[field]),
      ];
    }),
  ) as Record<Field, string>;

/**
 * What is sent: numbers as numbers when they are whole numbers, the closing time as an ISO
 * time; the server judges the rest.
 */
const bodyOf = (values: Record<Field, string>) =>
  Object.fromEntries(
    FIELDS.map((field) => {
      const value = values[field].trim();
      if (field === "closesAt") return [field, isoFromLocal(value)];
      return [field, NUMBERS.includes(field) && /^\d+$/.test(value) ? Number(value) : value];
    }),
  );

/** /admin/contest: a system admin sets the Inkwell Awards writers can enter (decision 033). */
export default function AdminContest({ loaderData }: Route.ComponentProps) {
  const [contest, setContest] = useState(loaderData.contest);
  const [values, setValues] = useState(() => valuesOf(loaderData.contest));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useLiveMessage<AlertMessage>();
  // The closing time is on the admin's own clock: its hint names that clock's zone.
  const zoneHint = useZoneHint();

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    setMessage(null);
    const result = await browserApi()
      .setContest(bodyOf(values))
      .catch(() => null);
    setSaving(false);
    if (result?.ok) {
      setContest(result.value);
      setValues(valuesOf(result.value));
      setErrors({});
      setMessage({ tone: "success", text: t.contest.admin.saved });
    } else {
      const refused = FIELDS.filter((field) => result?.refusal.fields?.[field]);
      setErrors(Object.fromEntries(refused.map((field) => [field, REFUSED[field]])));
      setMessage({ tone: "danger", text: t.contest.admin.failed });
      // Focus goes to the first refused field, which on a phone may be out of sight.
      if (refused[0]) document.getElementById(`contest-admin-${refused[0]}`)?.focus();
    }
  }

  return (
    <section className="admin-page" aria-labelledby="contest-admin-heading">
      <h1 id="contest-admin-heading">{t.contest.admin.title}</h1>
      <p>{t.contest.admin.lead}</p>
      <p className="admin-page__current">
        {contest ? t.contest.admin.current(contest.year, contest.key) : t.contest.admin.none}
      </p>
      <LiveAlert message={message} />
      <form className="admin-form" onSubmit={save} noValidate>
        {FIELDS.map((field) => (
          <TextField
            key={field}
            id={`contest-admin-${field}`}
            label={t.contest.admin[field]}
            type={field === "closesAt" ? "datetime-local" : "text"}
            step={field === "closesAt" ? 1 : undefined}
            inputMode={NUMBERS.includes(field) ? "numeric" : undefined}
            value={values[field]}
            hint={field === "closesAt" ? zoneHint : HINTS[field]}
            error={errors[field]}
            onValue={(value) => {
              setValues({ ...values, [field]: value });
              setMessage(null);
            }}
          />
        ))}
        <BusyButton className="button button--primary" type="submit" busy={saving}>
          {saving ? t.contest.admin.saving : t.contest.admin.save}
        </BusyButton>
      </form>
    </section>
  );
}
