import { type FiledTicket, type ReportReference, reportTypeName } from "@inkwell/shared";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { badRequest } from "../http/errors.ts";
import type { MaybeViewer } from "../viewer.ts";
import { type ReportSubject, reportedUser, resolveReport } from "./reports.ts";

export interface NewTicket {
  /** Who files it; a signed-in requester who gives none is taken from their account. */
  requester: { name: string; email: string } | null;
  comment: string;
  subject: string;
  ticketFormId: number | null;
  reportType: string | null;
  reason: string | null;
  storyId: number | null;
  username: string | null;
  customFields: { id: string; value: string }[];
  /** Set for a report (a report type of §3); null for a copyright notice. */
  report: ReportSubject | null;
  reference: ReportReference | null;
}

async function requesterOf(
  db: Kysely<Database>,
  viewer: MaybeViewer,
  given: NewTicket["requester"],
): Promise<{ name: string; email: string }> {
  if (given) return given;
  if (!viewer) {
    throw badRequest("requester is required: your name and email", {
      requester: "requester is required",
    });
  }
  const account = await db
    .selectFrom("users")
    .select(["name", "username", "email"])
    .where("id", "=", viewer.id)
    .executeTakeFirstOrThrow();
  if (!account.email) {
    throw badRequest("requester email is required: your account has no email", {
      "requester.email": "requester email is required",
    });
  }
  return { name: account.name || account.username, email: account.email };
}

/**
 * Stores a support ticket; a signed-in requester is linked, a visitor is kept by name and
 * email. A report is checked first (what it names exists, and may be reported by this
 * requester) and answers with the reported user for the thank-you screen's mute button.
 */
export async function createTicket(
  db: Kysely<Database>,
  viewer: MaybeViewer,
  ticket: NewTicket,
  now = Date.now(),
): Promise<FiledTicket> {
  const requester = await requesterOf(db, viewer, ticket.requester);
  const report = ticket.report ? await resolveReport(db, viewer, ticket.report) : null;
  const row = await db
    .insertInto("support_tickets")
    .values({
      requester_user_id: viewer?.id ?? null,
      requester_name: requester.name,
      requester_email: requester.email,
      ticket_form_id: ticket.ticketFormId,
      report_type: report ? reportTypeName(report.reportType) : ticket.reportType,
      reason: ticket.reason,
      subject: ticket.subject,
      comment: ticket.comment,
      story_id: report ? report.storyId : ticket.storyId,
      reported_username: ticket.username,
      custom_fields: JSON.stringify(ticket.customFields),
      created_at: now,
      report_type_id: report?.reportType ?? null,
      model_type: report?.modelType ?? null,
      model_id: report?.modelId ?? null,
      reported_user_id: report?.reportedUserId ?? null,
      reference: ticket.reference ? JSON.stringify(ticket.reference) : null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return {
    id: Number(row.id),
    reportedUser: report ? await reportedUser(db, viewer, report.reportedUserId) : null,
  };
}
