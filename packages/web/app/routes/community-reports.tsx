import {
  ID_PATTERN,
  isModerator,
  MODEL_TYPES,
  REPORT_TYPE_NAMES,
  type ReportTypeName,
} from "@inkwell/shared";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { apiContext } from "../api/context.ts";
import { ErrorPage } from "../components/error-page.tsx";
import { reportAbout, reportDate } from "../features/reports/my-reports.tsx";
import { t } from "../i18n/index.ts";
import { currentUserOrLogin, notFoundResponse, orNotFound } from "../lib/route-data.ts";
import "../styles/reports.css";
import type { Route } from "./+types/community-reports";

const text = t.reports;
const PAGE = 20;
const STATUSES = ["open", "resolved", "all"] as const;

/** The filters of the queue, read from the URL as the spec's admin links write them. */
function filtersOf(url: URL) {
  const query = url.searchParams;
  const status = STATUSES.find((value) => value === query.get("status")) ?? "open";
  const modelType = /^[1-6]$/.test(query.get("model_type") ?? "")
    ? Number(query.get("model_type"))
    : null;
  const modelId = ID_PATTERN.test(query.get("model_id") ?? "")
    ? Number(query.get("model_id"))
    : null;
  const reportType = REPORT_TYPE_NAMES.find((name) => name === query.get("report_type")) ?? null;
  const offset = /^\d{1,7}$/.test(query.get("offset") ?? "") ? Number(query.get("offset")) : 0;
  return { status, modelType, modelId, reportType, offset };
}

type Filters = ReturnType<typeof filtersOf>;

function queueQuery(filters: Filters, changes: Partial<Filters> = {}) {
  const next = { ...filters, ...changes };
  const params = new URLSearchParams({ status: next.status });
  if (next.modelType !== null) params.set("model_type", String(next.modelType));
  if (next.modelId !== null) params.set("model_id", String(next.modelId));
  if (next.reportType) params.set("report_type", next.reportType);
  if (next.offset > 0) params.set("offset", String(next.offset));
  return params;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const url = new URL(request.url);
  const user = await currentUserOrLogin(api, request);
  // The queue is not there at all for anyone who may not review reports.
  if (!isModerator(user)) throw notFoundResponse();
  const filters = filtersOf(url);
  const params = queueQuery(filters);
  params.set("limit", String(PAGE));
  const page = await orNotFound(api.staffReports(params));
  return { filters, page };
}

export const meta = () => [{ title: `${text.queueTitle} · ${t.brand}` }];

const modelName = (modelType: number) =>
  text.types[
    (Object.keys(MODEL_TYPES) as ReportTypeName[]).find(
      (name) => MODEL_TYPES[name] === modelType,
    ) ?? "story"
  ];

/**
 * /admin/community_reports?model_type&model_id: the staff queue of reports for ambassadors
 * and system admins, filtered by status and type, or by the thing reported when a story's
 * admin link (model_type=2) leads here. Each report opens to be annotated and resolved.
 */
export default function CommunityReports({ loaderData }: Route.ComponentProps) {
  const { filters, page } = loaderData;
  const { reports, total } = page;
  return (
    <section className="staff-reports" aria-labelledby="queue-heading">
      <h1 id="queue-heading">{text.queueTitle}</h1>
      <p>{text.queueIntro}</p>
      {filters.modelType !== null && filters.modelId !== null && (
        <p>
          {text.modelFilter(modelName(filters.modelType), filters.modelId)}{" "}
          <a href="/admin/community_reports">{text.clearFilter}</a>
        </p>
      )}
      <form className="staff-reports__filters" method="get" aria-label={text.filters}>
        {filters.modelType !== null && (
          <input type="hidden" name="model_type" value={filters.modelType} />
        )}
        {filters.modelId !== null && (
          <input type="hidden" name="model_id" value={filters.modelId} />
        )}
        <div className="field">
          <label htmlFor="queue-status">{text.statusLabel}</label>
          <select id="queue-status" name="status" defaultValue={filters.status}>
            <option value="open">{text.status.open}</option>
            <option value="resolved">{text.status.resolved}</option>
            <option value="all">{text.statusAll}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="queue-type">{text.typeLabel}</label>
          <select id="queue-type" name="report_type" defaultValue={filters.reportType ?? ""}>
            <option value="">{text.typeAll}</option>
            {REPORT_TYPE_NAMES.map((name) => (
              <option key={name} value={name}>
                {text.types[name]}
              </option>
            ))}
          </select>
        </div>
        <button className="button" type="submit">
          {text.apply}
        </button>
      </form>
      <p role="status">{total === 0 ? text.queueEmpty : text.total(total)}</p>
      {reports.length === 0 ? (
        // A page past the last one: the queue has reports, just none here.
        total > 0 && <p>{text.queueEmpty}</p>
      ) : (
        <ul className="stack-list">
          {reports.map((report) => (
            <li key={report.id} className="staff-reports__item">
              <span
                className={
                  report.status === "resolved"
                    ? "report-status report-status--resolved"
                    : "report-status"
                }
              >
                {report.outcome ? text.outcomeLabels[report.outcome] : text.status[report.status]}
              </span>
              <h2>
                <a href={`/admin/community_reports/${report.id}`}>
                  #{report.id} {reportAbout(report)}
                </a>
              </h2>
              <p>
                {text.reason}: {report.reasonTitle ?? report.reason ?? "—"}
              </p>
              <p className="staff-reports__meta">
                <span>{reportDate(report.createdAt)}</span>
                <span>
                  {text.reporter}: {report.requester.username ?? report.requester.name}
                </span>
                {report.reportedUser && (
                  <span>
                    {text.reportedUser}: {report.reportedUser.username}
                  </span>
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
      {total > PAGE && (
        <nav className="staff-reports__pages" aria-label={text.queueTitle}>
          {filters.offset > 0 ? (
            <a
              href={`?${queueQuery(filters, { offset: Math.max(0, filters.offset - PAGE) })}`}
              rel="prev"
            >
              {text.previous}
            </a>
          ) : (
            <span />
          )}
          {filters.offset + PAGE < total && (
            <a href={`?${queueQuery(filters, { offset: filters.offset + PAGE })}`} rel="next">
              {text.nextPage}
            </a>
          )}
        </nav>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <ErrorPage kind="notFound" />;
  return <ErrorPage kind="generic" />;
}
