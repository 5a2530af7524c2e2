import {
  isModerator,
  MODEL_TYPES,
  REPORT_OUTCOMES,
  type ReportOutcome,
  type ReportStatus,
  STAFF_NOTE_MAX,
} from "@inkwell/shared";
import { useEffect, useRef, useState } from "react";
import { isRouteErrorResponse, redirect, useRevalidator, useRouteError } from "react-router";
import { browserApi } from "../api/client.ts";
import { apiContext } from "../api/context.ts";
import { ErrorLine } from "../components/alert.tsx";
import { BusyButton } from "../components/busy-button.tsx";
import { ConfirmModal } from "../components/confirm-modal.tsx";
import { ErrorPage } from "../components/error-page.tsx";
import { FieldNotes, fieldDescribedBy } from "../components/field-notes.tsx";
import { reportAbout, reportDate } from "../features/reports/my-reports.tsx";
import { NoteField, StaffNoteList, useNoteDraft } from "../features/reports/staff-notes.tsx";
import { t } from "../i18n/index.ts";
import { idFromParam, notFoundResponse, orNotFound, pageUrl } from "../lib/route-data.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import "../styles/reports.css";
import type { Route } from "./+types/community-report";

const text = t.reports;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const url = pageUrl(request);
  const user = request.headers.has("cookie") ? await api.currentUser() : null;
  if (!user) throw redirect(`/login?${new URLSearchParams({ nextUrl: url.pathname })}`);
  if (!isModerator(user)) throw notFoundResponse();
  const id = idFromParam(params.reportId);
  if (id === null) throw notFoundResponse();
  return orNotFound(api.staffReport(id));
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  if (!data) return [];
  return [{ title: `#${data.report.id} · ${text.queueTitle} · ${t.brand}` }];
}

/** One report: what was reported and by whom, staff notes, and resolving it. */
export default function CommunityReport({ loaderData }: Route.ComponentProps) {
  const { report, notes } = loaderData;
  const revalidator = useRevalidator();
  const note = useNoteDraft();
  // No outcome chosen in advance: one careless click must not record a removal.
  const [outcome, setOutcome] = useState<ReportOutcome | "">("");
  const [resolveNote, setResolveNote] = useState("");
  // Resolve stays pressable without an outcome, and then says that one is missing.
  const [outcomeMissing, setOutcomeMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [hidden, setHidden] = useState(false);
  const [askingHide, setAskingHide] = useState(false);
  // Resolving, reopening and hiding take their button away: focus goes to what the page says
  // now (the outcome, the outcome to choose, the image's new state), not to the page's body.
  const [movedTo, setMovedTo] = useState<ReportStatus | null>(null);
  const outcomeLine = useRef<HTMLParagraphElement>(null);
  const outcomeChoice = useRef<HTMLSelectElement>(null);
  const hiddenLine = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (movedTo === null || movedTo !== report.status) return;
    (movedTo === "resolved" ? outcomeLine : outcomeChoice).current?.focus();
    setMovedTo(null);
  }, [movedTo, report.status]);
  useEffect(() => {
    if (hidden) hiddenLine.current?.focus();
  }, [hidden]);
  // The forms act through scripts: until they run, what staff type or pick would be lost.
  const hydrated = useHydrated();
  const missing = outcomeMissing ? text.outcomeMissing : null;

  async function act(call: () => Promise<{ ok: boolean; refusal?: { message?: string } }>) {
    setBusy(true);
    setError(null);
    const result = await call().catch(() => null);
    setBusy(false);
    if (!result?.ok) {
      setError(result?.refusal?.message || text.actionFailed);
      return false;
    }
    revalidator.revalidate();
    return true;
  }

  const link = report.reference.deepLink ?? report.reference.location;
  // A reported image of ours can be hidden from here (image moderation, docs/decisions/022).
  const image = report.modelType === MODEL_TYPES.media && link?.startsWith("/media/") ? link : null;
  return (
    <section className="staff-reports staff-report" aria-labelledby="report-heading">
      <p>
        <a href="/admin/community_reports">{text.backToQueue}</a>
      </p>
      <h1 id="report-heading">
        #{report.id} {reportAbout(report)}
      </h1>
      <span
        className={
          report.status === "resolved" ? "report-status report-status--resolved" : "report-status"
        }
      >
        {text.status[report.status]}
      </span>
      <dl className="staff-report__facts">
        <dt>{text.reason}</dt>
        <dd>{report.reasonTitle ?? report.reason ?? "—"}</dd>
        <dt>{text.details}</dt>
        <dd>{report.comment}</dd>
        {report.reference.body && (
          <>
            <dt>{text.what}</dt>
            <dd>{report.reference.body}</dd>
          </>
        )}
        {link && (
          <>
            <dt>{text.view}</dt>
            <dd>
              <a href={link}>{text.openReported(reportAbout(report))}</a>
            </dd>
          </>
        )}
        {report.reportedUser && (
          <>
            <dt>{text.reportedUser}</dt>
            <dd>
              <a href={`/user/${report.reportedUser.username}`}>{report.reportedUser.name}</a> (@
              {report.reportedUser.username})
            </dd>
          </>
        )}
        <dt>{text.reporter}</dt>
        <dd>
          {report.requester.name}
          {report.requester.email && ` <${report.requester.email}>`}
          {report.requester.username && ` (@${report.requester.username})`}
        </dd>
        <dt>{text.reportedLabel}</dt>
        <dd>{reportDate(report.createdAt)}</dd>
      </dl>

      {image &&
        (hidden ? (
          <p role="status" ref={hiddenLine} tabIndex={-1}>
            {t.imageModeration.hidden}
          </p>
        ) : (
          <BusyButton className="button" busy={busy} onClick={() => setAskingHide(true)}>
            {t.imageModeration.hide}
          </BusyButton>
        ))}
      {image && (
        // As the story page's Remove cover: hiding someone's image is asked once more.
        <ConfirmModal
          open={askingHide}
          title={t.imageModeration.hideTitle}
          text={t.imageModeration.hideText}
          cancelLabel={t.storyStaff.cancel}
          confirmLabel={t.imageModeration.hide}
          tone="danger"
          onCancel={() => setAskingHide(false)}
          onConfirm={() => {
            setAskingHide(false);
            void act(() => browserApi().flagImage(image)).then((done) => setHidden(done));
          }}
        />
      )}
      <ErrorLine text={error} />

      {report.status === "resolved" ? (
        <section aria-labelledby="resolution-heading">
          <h2 id="resolution-heading">{text.resolveHeading}</h2>
          <p ref={outcomeLine} tabIndex={-1}>
            {report.outcome && text.outcomes[report.outcome]}
          </p>
          <p className="muted-text">
            {text.resolvedBy(
              report.resolvedBy ?? "—",
              report.resolvedAt ? reportDate(report.resolvedAt) : "",
            )}
          </p>
          <BusyButton
            className="button"
            busy={busy}
            onClick={() =>
              void act(() => browserApi().reopenReport(report.id)).then(
                (done) => done && setMovedTo("open"),
              )
            }
          >
            {text.reopen}
          </BusyButton>
        </section>
      ) : (
        <section aria-labelledby="resolve-heading">
          <h2 id="resolve-heading">{text.resolveHeading}</h2>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (outcome === "") {
                setOutcomeMissing(true);
                outcomeChoice.current?.focus();
                return;
              }
              void act(() =>
                browserApi().resolveReport(report.id, outcome, resolveNote.trim()),
              ).then((done) => {
                if (!done) return;
                setMovedTo("resolved");
                // Reopened, the form asks afresh: the last outcome is not chosen in advance.
                setOutcome("");
                setResolveNote("");
              });
            }}
          >
            <div className="field">
              <label htmlFor="resolve-outcome">{text.outcome}</label>
              <select
                id="resolve-outcome"
                ref={outcomeChoice}
                disabled={!hydrated}
                required
                value={outcome}
                aria-invalid={outcomeMissing || undefined}
                aria-describedby={fieldDescribedBy({ id: "resolve-outcome", error: missing })}
                onChange={(event) => {
                  setOutcome(event.target.value as ReportOutcome | "");
                  setOutcomeMissing(false);
                }}
              >
                <option value="" disabled>
                  {text.chooseOutcome}
                </option>
                {REPORT_OUTCOMES.map((value) => (
                  <option key={value} value={value}>
                    {text.outcomeLabels[value]}
                  </option>
                ))}
              </select>
              <FieldNotes id="resolve-outcome" error={missing} />
            </div>
            <div className="field">
              <label htmlFor="resolve-note">{text.resolveNote}</label>
              <textarea
                id="resolve-note"
                disabled={!hydrated}
                rows={3}
                maxLength={STAFF_NOTE_MAX}
                value={resolveNote}
                onChange={(event) => setResolveNote(event.target.value)}
              />
            </div>
            <BusyButton className="button button--primary" type="submit" busy={busy}>
              {text.resolve}
            </BusyButton>
          </form>
        </section>
      )}

      <section aria-labelledby="notes-heading">
        <h2 id="notes-heading">{text.notes}</h2>
        <StaffNoteList notes={notes} empty={text.noNotes} />
        <form
          onSubmit={async (event) => {
            event.preventDefault();
            const body = note.take();
            if (body && (await act(() => browserApi().addReportNote(report.id, body)))) {
              note.clear();
            }
          }}
        >
          <div className="field">
            <NoteField id="report-note" label={text.addNote} draft={note} disabled={!hydrated} />
          </div>
          <BusyButton className="button" type="submit" busy={busy}>
            {text.saveNote}
          </BusyButton>
        </form>
      </section>
    </section>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <ErrorPage kind="notFound" />;
  return <ErrorPage kind="generic" />;
}
