import type {
  FiledTicket,
  MyReport,
  ReportOutcome,
  StaffNote,
  StaffReport,
  StaffReportPage,
  SupportTree,
} from "@inkwell/shared";
import { form, json, type Requests } from "./http.ts";

/** Support tickets and reports: filing them, and the staff queue. */
export const supportCalls = ({ get, call }: Requests) => ({
  /** A support ticket (copyright notice, report), form-encoded as the spec sends it. */
  supportTicket: (fields: Record<string, string>) =>
    call<FiledTicket>("/v4/support/tickets/", form(fields)),
  /** The report modal's support tree in a language (English where it has none). */
  supportTree: (lang: number) => get<SupportTree>(`/v4/support/tree?lang=${lang}`),
  reportCopyright: (storyId: number, originalId: number) =>
    call<{ id: number }>(
      `/v5/infringement/story/${storyId}/copyright/report?original_story_id=${originalId}`,
      json("POST", {}),
    ),
  /** The staff queue (ambassadors and system admins). */
  staffReports: (query: URLSearchParams) => get<StaffReportPage>(`/v4/support/reports?${query}`),
  staffReport: (id: number) =>
    get<{ report: StaffReport; notes: StaffNote[] }>(`/v4/support/reports/${id}`),
  addReportNote: (id: number, body: string) =>
    call<StaffNote>(`/v4/support/reports/${id}/notes`, json("POST", { body })),
  resolveReport: (id: number, outcome: ReportOutcome, note: string) =>
    call<StaffReport>(`/v4/support/reports/${id}/resolve`, json("POST", { outcome, note })),
  reopenReport: (id: number) =>
    call<StaffReport>(`/v4/support/reports/${id}/reopen`, json("POST", {})),
  /** The reports the user filed and what happened to each. */
  myReports: (username: string) =>
    get<{ reports: MyReport[] }>(`/v4/users/${encodeURIComponent(username)}/reports`),
});
