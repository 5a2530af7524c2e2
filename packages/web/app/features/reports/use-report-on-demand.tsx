import { lazy, type ReactNode, Suspense, useState } from "react";
import type { ReportTarget } from "./report-modal.tsx";

// Few readers report anything: the modal (its flows, forms and strings) is downloaded on the
// first report rather than with every story, part, profile and conversation.
const ReportLauncher = lazy(() =>
  import("./report-modal.tsx").then((module) => ({ default: module.ReportLauncher })),
);

/**
 * `useReport` for pages: the same `report` and `reportModal`, the modal's code fetched when
 * the first report is asked for. Render `reportModal` once beside the controls.
 */
export function useReportOnDemand(): {
  report: (target: ReportTarget) => void;
  reportModal: ReactNode;
} {
  const [request, setRequest] = useState<{ target: ReportTarget } | null>(null);
  return {
    report: (target) => setRequest({ target }),
    reportModal: request && (
      <Suspense fallback={null}>
        <ReportLauncher request={request} />
      </Suspense>
    ),
  };
}
