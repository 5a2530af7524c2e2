import {
  COPYRIGHT_TICKET,
  DMCA_DESCRIPTIONS,
  DMCA_MESSAGES,
  DMCA_REQUIRED,
  type DmcaField,
  type DmcaNotice,
  dmcaProblems,
  dmcaTicketComment,
} from "@inkwell/shared";
import { useRef, useState } from "react";
import { browserApi } from "../api/client.ts";
import { ScriptButton } from "../components/script-button.tsx";
import { Toast } from "../components/toast.tsx";
import { t } from "../i18n/index.ts";
import { useCurrentUser } from "../lib/current-user.ts";
import type { Route } from "./+types/dmca";

const idFrom = (value: string | null) => (value && /^\d{1,12}$/.test(value) ? Number(value) : null);

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = url.searchParams;
  return {
    origin: url.origin,
    storyId: idFrom(query.get("storyId")),
    partId: idFrom(query.get("partId")),
    reportedUser: query.get("reportedUser")?.slice(0, 100) || null,
    language: query.get("language")?.slice(0, 40) || "English",
  };
}

export const meta = () => [{ title: `${t.dmca.title} · Inkwell` }];

type TextField = Exclude<DmcaField, "isAccurate" | "goodFaith" | "owner" | "descriptionAlleged">;

const YOU: TextField[] = [
  "firstName",
  "lastName",
  "username",
  "email",
  "company",
  "address",
  "country",
  "city",
  "province",
  "postalCode",
  "phoneNumber",
];
const WORK: TextField[] = ["originalWorkUrl", "whereToFindOriginal", "reportedUrls"];
const STATEMENTS = ["isAccurate", "goodFaith", "owner"] as const;

const INPUT_TYPES: Partial<Record<TextField, string>> = { email: "email", phoneNumber: "tel" };

/**
 * /help/dmca: the copyright takedown notice. Checked in the page before it is sent (the
 * banner, and focus on the first field to fix), filed as a support ticket, then confirmed.
 */
export default function DmcaPage({ loaderData }: Route.ComponentProps) {
  const user = useCurrentUser();
  const [notice, setNotice] = useState<DmcaNotice>(() => ({
    firstName: "",
    lastName: "",
    username: user?.username ?? "",
    email: user?.email ?? "",
    company: "",
    address: "",
    country: "",
    city: "",
    province: "",
    postalCode: "",
    phoneNumber: "",
    descriptionAlleged: "Word_for_word_copy_of_my_work",
    originalWorkUrl: "",
    whereToFindOriginal: "",
    reportedUrls: loaderData.storyId ? `${loaderData.origin}/story/${loaderData.storyId}` : "",
    isAccurate: false,
    goodFaith: false,
    owner: false,
    signature: "",
  }));
  const [problems, setProblems] = useState<Partial<Record<DmcaField, string>>>({});
  const [sending, setSending] = useState(false);
  const [toast, setToast] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const set = <K extends DmcaField>(field: K, value: DmcaNotice[K]) =>
    setNotice((current) => ({ ...current, [field]: value }));

  async function submit() {
    const found = dmcaProblems(notice);
    setProblems(found);
    const first = Object.keys(found)[0];
    if (first) {
      form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setSending(true);
    setToast(null);
    const { storyId, partId, reportedUser, language } = loaderData;
    const result = await browserApi()
      .supportTicket({
        "requester[name]": `${notice.firstName.trim()} ${notice.lastName.trim()}`,
        "requester[email]": notice.email.trim(),
        comment: dmcaTicketComment(notice, { storyId, partId, reportedUser }, location.origin),
        ticket_form_id: String(COPYRIGHT_TICKET.formId),
        reportType: "DMCA",
        reason: COPYRIGHT_TICKET.reason,
        subject: COPYRIGHT_TICKET.subject,
        ...(storyId !== null && { id: String(storyId) }),
        ...(reportedUser && { username: reportedUser }),
        "custom_fields[0][id]": "language",
        "custom_fields[0][value]": language,
        "custom_fields[1][id]": "platform",
        "custom_fields[1][value]": window.innerWidth < 576 ? "mobile_web" : "web",
        "custom_fields[2][id]": "reason",
        "custom_fields[2][value]": notice.descriptionAlleged,
        "custom_fields[3][id]": "report_kind",
        "custom_fields[3][value]": "DMCA",
      })
      .catch(() => null);
    setSending(false);
    if (!result?.ok) {
      setToast(DMCA_MESSAGES.failed);
      return;
    }
    setDone(true);
    window.scrollTo({ top: 0 });
  }

  if (done) {
    return (
      <section className="dmca" aria-labelledby="dmca-heading">
        <h1 id="dmca-heading">{t.dmca.doneHeading}</h1>
        <p role="status">{t.dmca.doneText}</p>
        {loaderData.storyId !== null && (
          <a className="button" href={`/story/${loaderData.storyId}`}>
            {t.dmca.backToStory}
          </a>
        )}
      </section>
    );
  }

  const textField = (field: TextField, multiline = false) => {
    const error = problems[field];
    const props = {
      id: `dmca-${field}`,
      name: field,
      value: notice[field],
      "aria-invalid": error ? true : undefined,
      "aria-describedby": error ? `dmca-${field}-error` : undefined,
      "aria-required": DMCA_REQUIRED.includes(field) || field === "signature" || undefined,
    };
    return (
      <div className="field" key={field}>
        <label htmlFor={props.id}>{t.dmca.fields[field]}</label>
        {multiline ? (
          <textarea {...props} rows={3} onChange={(event) => set(field, event.target.value)} />
        ) : (
          <input
            {...props}
            type={INPUT_TYPES[field] ?? "text"}
            onChange={(event) => set(field, event.target.value)}
          />
        )}
        {error && (
          <p className="field__error" id={`dmca-${field}-error`}>
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <section className="dmca" aria-labelledby="dmca-heading">
      <h1 id="dmca-heading">{t.dmca.title}</h1>
      <p>{t.dmca.intro}</p>
      <p className="dmca__warning">{DMCA_MESSAGES.warning}</p>
      <p className="dmca__banner live-region" role="alert">
        {Object.keys(problems).length > 0 ? DMCA_MESSAGES.banner : null}
      </p>
      <form
        ref={form}
        className="dmca__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <fieldset>
          <legend>{t.dmca.you}</legend>
          {YOU.map((field) => textField(field))}
        </fieldset>
        <fieldset>
          <legend>{t.dmca.work}</legend>
          <div className="field">
            <label htmlFor="dmca-descriptionAlleged">{t.dmca.fields.descriptionAlleged}</label>
            <select
              id="dmca-descriptionAlleged"
              name="descriptionAlleged"
              value={notice.descriptionAlleged}
              onChange={(event) =>
                set("descriptionAlleged", event.target.value as DmcaNotice["descriptionAlleged"])
              }
            >
              {DMCA_DESCRIPTIONS.map((key) => (
                <option key={key} value={key}>
                  {t.dmca.descriptions[key]}
                </option>
              ))}
            </select>
          </div>
          {WORK.map((field) => textField(field, field === "reportedUrls"))}
        </fieldset>
        <fieldset>
          <legend>{t.dmca.statements}</legend>
          {STATEMENTS.map((field) => (
            <div className="field" key={field}>
              <label className="dmca__statement">
                <input
                  type="checkbox"
                  name={field}
                  checked={notice[field]}
                  aria-invalid={problems[field] ? true : undefined}
                  aria-describedby={problems[field] ? `dmca-${field}-error` : undefined}
                  onChange={(event) => set(field, event.target.checked)}
                />
                {t.dmca.fields[field]}
              </label>
              {problems[field] && (
                <p className="field__error" id={`dmca-${field}-error`}>
                  {problems[field]}
                </p>
              )}
            </div>
          ))}
          {textField("signature")}
        </fieldset>
        <ScriptButton
          className="button button--primary button--large"
          type="submit"
          disabled={sending}
        >
          {sending ? t.dmca.sending : t.dmca.submit}
        </ScriptButton>
      </form>
      <Toast message={toast} onDismiss={() => setToast(null)} />
    </section>
  );
}
