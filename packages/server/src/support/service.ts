import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import type { MaybeViewer } from "../viewer.ts";

export interface NewTicket {
  requester: { name: string; email: string };
  comment: string;
  subject: string;
  ticketFormId: number | null;
  reportType: string | null;
  reason: string | null;
  storyId: number | null;
  username: string | null;
  customFields: { id: string; value: string }[];
}

/** Stores a support ticket; a signed-in requester is linked, a visitor is kept by email. */
export async function createTicket(
  db: Kysely<Database>,
  viewer: MaybeViewer,
  ticket: NewTicket,
  now = Date.now(),
): Promise<{ id: number }> {
  const row = await db
    .insertInto("support_tickets")
    .values({
      requester_user_id: viewer?.id ?? null,
      requester_name: ticket.requester.name,
      requester_email: ticket.requester.email,
      ticket_form_id: ticket.ticketFormId,
      report_type: ticket.reportType,
      reason: ticket.reason,
      subject: ticket.subject,
      comment: ticket.comment,
      story_id: ticket.storyId,
      reported_username: ticket.username,
      custom_fields: JSON.stringify(ticket.customFields),
      created_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: Number(row.id) };
}
