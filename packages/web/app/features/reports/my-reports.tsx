import type { MyReport } from "@inkwell/shared";
import { useEffect, useState } from "react";
import { browserApi } from "../../api/client.ts";
import { LoadingStatus } from "../../components/alert.tsx";
import { t } from "../../i18n/index.ts";
import "../../styles/reports.css";

const text = t.reports;

export const reportDate = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" });

/** What a report was about, in a line: its type and the name the modal showed. */
export function reportAbout(report: Pick<MyReport, "reportType" | "reference" | "reason">) {
  const type = report.reportType ? text.types[report.reportType] : text.report;
  const name = report.reference.name;
  return name ? `${type}: ${name}` : type;
}

/**
 * Settings #reports: the reports the user filed, newest first, each with its status and,
 * once resolved, what our team did about it.
 */
export function MyReports({ username }: { username: string }) {
  const [reports, setReports] = useState<MyReport[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    browserApi()
      .myReports(username)
      .then((answer) => setReports(answer.reports))
      .catch(() => setFailed(true));
  }, [username]);

  if (!reports) {
    return (
      <LoadingStatus loading={!failed && text.loading} failure={failed && text.actionFailed} />
    );
  }
  if (reports.length === 0) return <p>{text.settingsEmpty}</p>;
  return (
    <>
      <p>{text.settingsIntro}</p>
      <ul className="stack-list" aria-label={text.settingsTab}>
        {reports.map((report) => (
          <li key={report.id} className="my-reports__item">
            <span
              className={
                report.status === "resolved"
                  ? "report-status report-status--resolved"
                  : "report-status"
              }
            >
              {text.status[report.status]}
            </span>
            <p>
              <strong>{reportAbout(report)}</strong>
            </p>
            {report.outcome && <p>{text.outcomes[report.outcome]}</p>}
            <p className="muted-text">
              {text.reportedOn(reportDate(report.createdAt))}
              {report.resolvedAt && ` · ${text.resolvedOn(reportDate(report.resolvedAt))}`}
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}
