import {
  COPYRIGHT_TICKET,
  isModerator,
  MODEL_TYPES,
  type MyReport,
  modelTypeOf,
  REPORT_TYPE_IDS,
  type ReportedUser,
  type ReportOutcome,
  type ReportReference,
  type ReportStatus,
  type ReportTypeId,
  reasonTitles,
  reportTypeName,
  type StaffNote,
  type StaffReport,
  type StaffReportPage,
} from "@inkwell/shared";
import type { Kysely } from "kysely";
import { readableComment } from "../comments/service.ts";
import { countOf } from "../db/count.ts";
import type { Database } from "../db/schema.ts";
import { badRequest, HttpError, notFound } from "../http/errors.ts";
import { readableProfileMessage } from "../profile-messages/service.ts";
import { isBlocked, isMuted, lockUsers } from "../safety/relations.ts";
import { iso, isoOrNull, storyUrl } from "../stories/cards.ts";
import { readableStory } from "../stories/service.ts";
import type { MaybeViewer, Viewer } from "../viewer.ts";
import { authoredNote, toStaffNote } from "./staff-notes.ts";
import { DEFAULT_TREE_LANG, supportTree } from "./tree.ts";

/** What a report names: the reported item's id, the reported user, and how the modal saw it. */
export interface ReportSubject {
  reportType: ReportTypeId;
  modelId: number | null;
  username: string | null;
  reference: ReportReference;
}

/** A report checked against the database: what it is about, and whom. */
export interface ResolvedReport {
  reportType: ReportTypeId;
  modelType: number;
  modelId: number | null;
  reportedUserId: number | null;
  storyId: number | null;
}

const cannotReportSelf = () => badRequest("You can't report yourself or your own content.");

async function userByName(db: Kysely<Database>, username: string) {
  const user = await db
    .selectFrom("users")
    .select(["id", "username"])
    .where("username_lower", "=", username.toLowerCase())
    .executeTakeFirst();
  if (!user) throw notFound("The reported user");
  return { id: Number(user.id), username: user.username };
}

/**
 * What the reporter may see, or a 404 naming it: a draft, gated or locked story or comment,
 * or a profile message hidden from them, is not theirs to report, and its author and title
 * are not theirs to learn from the answer.
 */
async function unseen<T>(lookup: Promise<T>, what: string): Promise<T> {
  return lookup.catch((error: unknown) => {
    if (error instanceof HttpError && (error.status === 403 || error.status === 404)) {
      throw notFound(what);
    }
    throw error;
  });
}

const requireModelId = (subject: ReportSubject, what: string) => {
  if (subject.modelId === null) {
    throw badRequest(`id is required: the ${what} being reported`, { id: "id is required" });
  }
  return subject.modelId;
};

/**
 * Checks that what a report names exists and that the reporter may report it, and finds
 * whom it is about. A private message may be reported only by the person it was sent to.
 */
export async function resolveReport(
  db: Kysely<Database>,
  viewer: MaybeViewer,
  subject: ReportSubject,
): Promise<ResolvedReport> {
  const base = { reportType: subject.reportType, modelType: modelTypeOf(subject.reportType) };
  let resolved: ResolvedReport;
  switch (subject.reportType) {
    case REPORT_TYPE_IDS.user: {
      if (!subject.username) {
        throw badRequest("username is required: the user being reported", {
          username: "username is required",
        });
      }
      const user = await userByName(db, subject.username);
      resolved = { ...base, modelId: user.id, reportedUserId: user.id, storyId: null };
      break;
    }
    case REPORT_TYPE_IDS.story: {
      const id = requireModelId(subject, "story");
      const story = await unseen(readableStory(db, viewer, id), "The reported story");
      resolved = { ...base, modelId: id, reportedUserId: Number(story.user_id), storyId: id };
      break;
    }
    case REPORT_TYPE_IDS.comment: {
      const id = requireModelId(subject, "comment");
      const { row } = await unseen(readableComment(db, viewer, id), "The reported comment");
      resolved = {
        ...base,
        modelId: id,
        reportedUserId: Number(row.user_id),
        storyId: Number(row.story_id),
      };
      break;
    }
    case REPORT_TYPE_IDS["private-message"]: {
      if (!viewer) throw new HttpError(401, "unauthorized", "Log in to report a message.");
      const id = requireModelId(subject, "message");
      const message = await db
        .selectFrom("messages")
        .select(["id", "sender_id", "recipient_id", "deleted_by_recipient"])
        .where("id", "=", id)
        .executeTakeFirst();
      // Only its recipient has it to report, while it is in their view: to anyone else, and
      // to them once it left it (or never reached it: sent while they muted its sender,
      // kept on the sender's side only), it does not exist, nor does its sender.
      const shown = message && message.deleted_by_recipient === 0;
      if (!shown || Number(message.recipient_id) !== viewer.id) {
        if (message && Number(message.sender_id) === viewer.id) throw cannotReportSelf();
        throw notFound("The reported message");
      }
      resolved = { ...base, modelId: id, reportedUserId: Number(message.sender_id), storyId: null };
      break;
    }
    case REPORT_TYPE_IDS["public-message"]: {
      const id = requireModelId(subject, "message");
      // Whom it is about comes from the message itself, not from what the client says.
      const message = await unseen(readableProfileMessage(db, viewer, id), "The reported message");
      resolved = { ...base, modelId: id, reportedUserId: Number(message.user_id), storyId: null };
      break;
    }
    default: {
      // Media: an image, named by its address; its owner when the client knows them.
      if (!subject.reference.deepLink) {
        throw badRequest("reference[deepLink] is required: the address of the image", {
          "reference.deepLink": "reference[deepLink] is required",
        });
      }
      const user = subject.username ? await userByName(db, subject.username) : null;
      resolved = {
        ...base,
        modelId: subject.modelId,
        reportedUserId: user?.id ?? null,
        storyId: null,
      };
    }
  }
  if (viewer && resolved.reportedUserId === viewer.id) throw cannotReportSelf();
  return resolved;
}

/** The reported user as the thank-you screen needs them: name and the reporter's mute state. */
export async function reportedUser(
  db: Kysely<Database>,
  viewer: MaybeViewer,
  userId: number | null,
): Promise<ReportedUser | null> {
  if (userId === null) return null;
  const user = await db
    .selectFrom("users")
    .select(["id", "username", "name"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user) return null;
  const [muted, blocked] = viewer
    ? await Promise.all([isMuted(db, viewer.id, userId), isBlocked(db, viewer.id, userId)])
    : [false, false];
  return {
    username: user.username,
    name: user.name,
    safety: { isMuted: muted, isBlocked: blocked },
  };
}

export function assertModerator(viewer: Viewer): void {
  if (!isModerator(viewer)) {
    throw new HttpError(403, "forbidden", "Only ambassadors and system admins review reports.");
  }
}

const parseReference = (value: string | null): ReportReference => {
  if (!value) return {};
  try {
    return JSON.parse(value) as ReportReference;
  } catch {
    return {};
  }
};

function reportRows(db: Kysely<Database>) {
  return db
    .selectFrom("support_tickets as t")
    .leftJoin("users as reported", "reported.id", "t.reported_user_id")
    .leftJoin("users as requester", "requester.id", "t.requester_user_id")
    .leftJoin("users as resolver", "resolver.id", "t.resolved_by")
    .where("t.report_type_id", "is not", null)
    .select((eb) => [
      "t.id",
      "t.status",
      "t.report_type_id",
      "t.model_type",
      "t.model_id",
      "t.subject",
      "t.reason",
      "t.comment",
      "t.reference",
      "t.requester_name",
      "t.requester_email",
      "t.created_at",
      "t.outcome",
      "t.resolved_at",
      "reported.username as reported_username",
      "reported.name as reported_name",
      "requester.username as requester_username",
      "resolver.username as resolver_username",
      eb
        .selectFrom("support_ticket_notes as n")
        .select((inner) => inner.fn.countAll<number>().as("n"))
        .whereRef("n.ticket_id", "=", "t.id")
        .as("num_notes"),
    ]);
}

type ReportRow = Awaited<ReturnType<ReturnType<typeof reportRows>["executeTakeFirstOrThrow"]>>;

/** Ticket reasons named as the English support tree words them (staff read English). */
async function staffReasonTitles(db: Kysely<Database>): Promise<Map<string, string>> {
  return reasonTitles((await supportTree(db, DEFAULT_TREE_LANG)).flows);
}

/**
 * A report as the queue shows it to this moderator. The reporter's email (their account's,
 * or the one a visitor typed) is for system admins only: ambassadors are readers who
 * volunteer, and review what was reported, not who to write to (decision 115).
 */
function toStaffReport(row: ReportRow, titles: Map<string, string>, viewer: Viewer): StaffReport {
  return {
    id: Number(row.id),
    status: row.status as ReportStatus,
    reportType: reportTypeName(Number(row.report_type_id)),
    modelType: row.model_type === null ? null : Number(row.model_type),
    modelId: row.model_id === null ? null : Number(row.model_id),
    subject: row.subject,
    reason: row.reason,
    reasonTitle: row.reason === null ? null : (titles.get(row.reason) ?? null),
    comment: row.comment,
    reference: parseReference(row.reference),
    reportedUser:
      row.reported_username && row.reported_name !== null
        ? { username: row.reported_username, name: row.reported_name }
        : null,
    requester: {
      name: row.requester_name,
      email: viewer.isSysAdmin ? row.requester_email : null,
      username: row.requester_username ?? null,
    },
    createdAt: iso(row.created_at),
    outcome: (row.outcome as ReportOutcome | null) ?? null,
    resolvedAt: isoOrNull(row.resolved_at),
    resolvedBy: row.resolver_username ?? null,
    numNotes: Number(row.num_notes ?? 0),
  };
}

export interface ReportQuery {
  status: ReportStatus | "all";
  modelType: number | null;
  modelId: number | null;
  reportType: ReportTypeId | null;
  limit: number;
  offset: number;
}

/** The staff queue: reports, oldest open first (or newest resolved first), with a total. */
export async function listReports(
  db: Kysely<Database>,
  viewer: Viewer,
  query: ReportQuery,
): Promise<StaffReportPage> {
  assertModerator(viewer);
  let rows = reportRows(db);
  if (query.status !== "all") rows = rows.where("t.status", "=", query.status);
  if (query.modelType !== null) rows = rows.where("t.model_type", "=", query.modelType);
  if (query.modelId !== null) rows = rows.where("t.model_id", "=", query.modelId);
  if (query.reportType !== null) rows = rows.where("t.report_type_id", "=", query.reportType);
  const [page, total] = await Promise.all([
    rows
      .orderBy("t.created_at", query.status === "open" ? "asc" : "desc")
      .orderBy("t.id", query.status === "open" ? "asc" : "desc")
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
    countOf(rows),
  ]);
  const titles = await staffReasonTitles(db);
  return { reports: page.map((row) => toStaffReport(row, titles, viewer)), total };
}

async function reportById(db: Kysely<Database>, viewer: Viewer, id: number): Promise<StaffReport> {
  const row = await reportRows(db).where("t.id", "=", id).executeTakeFirst();
  if (!row) throw notFound("Report");
  return toStaffReport(row, await staffReasonTitles(db), viewer);
}

async function notesOf(db: Kysely<Database>, id: number): Promise<StaffNote[]> {
  const rows = await db
    .selectFrom("support_ticket_notes")
    .select(["id", "author_username", "body", "created_at"])
    .where("ticket_id", "=", id)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map(toStaffNote);
}

export async function getReport(db: Kysely<Database>, viewer: Viewer, id: number) {
  assertModerator(viewer);
  const [report, notes] = await Promise.all([reportById(db, viewer, id), notesOf(db, id)]);
  return { report, notes };
}

async function insertNote(
  db: Kysely<Database>,
  viewer: Viewer,
  id: number,
  body: string,
  now: number,
): Promise<StaffNote> {
  const note = authoredNote(viewer, body, now);
  const row = await db
    .insertInto("support_ticket_notes")
    .values({ ticket_id: id, ...note })
    .returning("id")
    .executeTakeFirstOrThrow();
  return toStaffNote({ id: row.id, ...note });
}

/** A staff note on a report: seen by staff only. */
export async function addReportNote(
  db: Kysely<Database>,
  viewer: Viewer,
  id: number,
  body: string,
  now = Date.now(),
): Promise<StaffNote> {
  assertModerator(viewer);
  await reportById(db, viewer, id);
  return insertNote(db, viewer, id, body, now);
}

/**
 * Resolves an open report with what happened (the reporter sees it) and, optionally, a
 * staff note, in one transaction. A report already resolved is a 409: two moderators
 * resolving at once cannot both win.
 */
export async function resolveReportTicket(
  db: Kysely<Database>,
  viewer: Viewer,
  id: number,
  outcome: ReportOutcome,
  note: string | null,
  now = Date.now(),
): Promise<StaffReport> {
  assertModerator(viewer);
  await reportById(db, viewer, id);
  await db.transaction().execute((trx) => markResolved(trx, viewer, id, outcome, note, now));
  return reportById(db, viewer, id);
}

/** Resolution's writes, for a caller's transaction (the demo seed's is one). */
export async function markResolved(
  trx: Kysely<Database>,
  viewer: Viewer,
  id: number,
  outcome: ReportOutcome,
  note: string | null,
  now: number,
): Promise<void> {
  const result = await trx
    .updateTable("support_tickets")
    .set({ status: "resolved", outcome, resolved_at: now, resolved_by: viewer.id })
    .where("id", "=", id)
    .where("status", "=", "open")
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) {
    throw new HttpError(409, "already_resolved", "This report is already resolved.");
  }
  if (note) await insertNote(trx, viewer, id, note, now);
}

/** Opens a resolved report again; what happened is cleared until it is resolved anew. */
export async function reopenReportTicket(
  db: Kysely<Database>,
  viewer: Viewer,
  id: number,
): Promise<StaffReport> {
  assertModerator(viewer);
  await reportById(db, viewer, id);
  const result = await db
    .updateTable("support_tickets")
    .set({ status: "open", outcome: null, resolved_at: null, resolved_by: null })
    .where("id", "=", id)
    .where("status", "=", "resolved")
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) {
    throw new HttpError(409, "already_open", "This report is already open.");
  }
  return reportById(db, viewer, id);
}

/** The reports a user filed, newest first, with what happened to each (owner and admins). */
export async function myReports(
  db: Kysely<Database>,
  viewer: Viewer,
  username: string,
): Promise<{ reports: MyReport[] }> {
  const owner = await db
    .selectFrom("users")
    .select("id")
    .where("username_lower", "=", username.toLowerCase())
    .executeTakeFirst();
  if (!owner) throw notFound("User");
  if (Number(owner.id) !== viewer.id && !viewer.isSysAdmin) {
    throw new HttpError(403, "forbidden", "You can only see your own reports.");
  }
  const rows = await db
    .selectFrom("support_tickets as t")
    .leftJoin("users as reported", "reported.id", "t.reported_user_id")
    .select([
      "t.id",
      "t.report_type_id",
      "t.subject",
      "t.reason",
      "t.reference",
      "t.created_at",
      "t.status",
      "t.outcome",
      "t.resolved_at",
      "reported.username as reported_username",
    ])
    .where("t.requester_user_id", "=", Number(owner.id))
    .where("t.report_type_id", "is not", null)
    .orderBy("t.created_at", "desc")
    .orderBy("t.id", "desc")
    .limit(100)
    .execute();
  return {
    reports: rows.map((row) => ({
      id: Number(row.id),
      reportType: reportTypeName(Number(row.report_type_id)),
      subject: row.subject,
      reason: row.reason,
      reference: parseReference(row.reference),
      reportedUsername: row.reported_username ?? null,
      createdAt: iso(row.created_at),
      status: row.status as ReportStatus,
      outcome: (row.outcome as ReportOutcome | null) ?? null,
      resolvedAt: isoOrNull(row.resolved_at),
    })),
  };
}

/**
 * POST /v5/infringement/story/{storyId}/copyright/report?original_story_id: a signed-in
 * reader says a story copies another Inkwell story. Filed as a story report on the support
 * form of §9; the same reporter naming the same pair again while it is open gets that
 * ticket back instead of a second one, also when the requests arrive at once.
 */
export async function reportCopyright(
  db: Kysely<Database>,
  viewer: Viewer,
  storyId: number,
  originalId: number,
  now = Date.now(),
): Promise<{ id: number; created: boolean }> {
  if (storyId === originalId) {
    const message = "A story can't copy itself: paste the original story's URL.";
    throw badRequest(message, { original_story_id: message });
  }
  const [story, original] = await Promise.all([
    unseen(readableStory(db, viewer, storyId), "Story"),
    unseen(readableStory(db, viewer, originalId), "The original story"),
  ]);
  if (Number(story.user_id) === viewer.id) throw cannotReportSelf();

  // The reporter's row is held while the open ticket is looked for and filed, so the same
  // pair sent several times at once files one ticket.
  return db.transaction().execute(async (trx) => {
    await lockUsers(trx, [viewer.id]);
    const existing = await trx
      .selectFrom("support_tickets")
      .select("id")
      .where("requester_user_id", "=", viewer.id)
      .where("model_type", "=", MODEL_TYPES.story)
      .where("model_id", "=", storyId)
      .where("reason", "=", COPYRIGHT_TICKET.reason)
      .where("status", "=", "open")
      .where("custom_fields", "=", JSON.stringify(originalField(originalId)))
      .executeTakeFirst();
    if (existing) return { id: Number(existing.id), created: false };

    const requester = await trx
      .selectFrom("users")
      .select(["name", "username", "email"])
      .where("id", "=", viewer.id)
      .executeTakeFirstOrThrow();
    const row = await trx
      .insertInto("support_tickets")
      .values({
        requester_user_id: viewer.id,
        requester_name: requester.name || requester.username,
        requester_email: requester.email ?? "",
        ticket_form_id: COPYRIGHT_TICKET.formId,
        report_type: "story",
        report_type_id: REPORT_TYPE_IDS.story,
        model_type: MODEL_TYPES.story,
        model_id: storyId,
        reported_user_id: Number(story.user_id),
        reason: COPYRIGHT_TICKET.reason,
        subject: COPYRIGHT_TICKET.subject,
        comment: `Copyright report: "${story.title}" (${storyUrl(storyId)}) copies "${original.title}" (${storyUrl(originalId)}).`,
        story_id: storyId,
        reported_username: null,
        reference: JSON.stringify({
          name: story.title,
          location: storyUrl(storyId),
          body: `Original: ${original.title}`,
          deepLink: storyUrl(originalId),
        }),
        custom_fields: JSON.stringify(originalField(originalId)),
        created_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { id: Number(row.id), created: true };
  });
}

const originalField = (originalId: number) => [
  { id: "original_story_id", value: String(originalId) },
];
