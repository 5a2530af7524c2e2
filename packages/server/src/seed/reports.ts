import {
  MATURE_RATING,
  REPORT_TYPE_IDS,
  type ReportOutcome,
  type ReportReference,
  type ReportTypeName,
  reasonTitles,
} from "@inkwell/shared";
import type { ExpressionBuilder, Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { partUrl, storyUrl } from "../stories/cards.ts";
import { markResolved } from "../support/reports.ts";
import { createTicket } from "../support/service.ts";
import { DEFAULT_TREE_LANG, supportTree } from "../support/tree.ts";
import { plainViewer } from "../viewer.ts";

const HOUR = 3_600_000;
const REPORTERS = 6;

/** One report a reader files: what about, why, in their words, and how long ago. */
interface DemoReport {
  flow: ReportTypeName;
  reason: string;
  comment: string;
  hoursAgo: number;
  /** Resolved by the demo admin, with what happened and a note for staff. */
  resolved?: { outcome: ReportOutcome; note: string; hoursAgo: number };
}

const COMMENT_REPORTS: DemoReport[] = [
  {
    flow: "comment",
    reason: "spam",
    comment: "The same comment with a link to a 'free Coins' site is under every part.",
    hoursAgo: 30,
  },
  {
    flow: "comment",
    reason: "harassment_of_other",
    comment: "Aimed at the writer, again: this is the third part where they do it.",
    hoursAgo: 5,
  },
  {
    flow: "comment",
    reason: "hate_speech",
    comment: "Slurs in the middle of an otherwise normal comment.",
    hoursAgo: 72,
    resolved: {
      outcome: "content_removed",
      note: "Comment removed; first report about this reader.",
      hoursAgo: 60,
    },
  },
];

const STORY_REPORTS: DemoReport[] = [
  {
    flow: "story",
    reason: "other",
    comment: "The tags say fantasy, but chapter 3 onwards is graphic violence with no warning.",
    hoursAgo: 18,
  },
  {
    flow: "story",
    reason: "spam",
    comment: "Every part is a single line advertising another app.",
    hoursAgo: 96,
    resolved: {
      outcome: "no_violation",
      note: "Checked all parts: short, but real chapters. Nothing to do.",
      hoursAgo: 90,
    },
  },
];

const USER_REPORT: DemoReport = {
  flow: "user",
  reason: "spam",
  comment: "Follows hundreds of people a day and messages them to read their story.",
  hoursAgo: 2,
};

/** A published story anyone may read whole: not mature, not paid. */
const openToAll = (eb: ExpressionBuilder<Database, "stories">) =>
  eb.and([
    eb("stories.deleted", "=", 0),
    eb("stories.draft", "=", 0),
    eb("stories.rating", "!=", MATURE_RATING),
    eb("stories.is_paid", "=", 0),
  ]);

interface Person {
  id: number;
  username: string;
  name: string;
}

/** What a report names, as the modal sends it from a comment, a story or a profile. */
interface Subject {
  id: number | null;
  username: string;
  reference: ReportReference;
}

/**
 * Community reports for the demo's staff queue (/admin/community_reports): open reports of
 * comments, stories and a profile, and two the admin resolved. They are filed and resolved
 * through the support service with the support tree's own subjects and reasons, as readers
 * and staff would, by ordinary readers: the demo accounts' own report lists stay empty.
 */
export async function seedReports(
  db: Kysely<Database>,
  readerIds: readonly number[],
  adminId: number,
  now: number,
): Promise<void> {
  const { flows } = await supportTree(db, DEFAULT_TREE_LANG);
  const people = (ids: readonly number[]) =>
    db
      .selectFrom("users")
      .select(["id", "username", "name"])
      .where("id", "in", ids)
      .orderBy("id")
      .execute();
  // The first few readers report; what they report is by the others.
  const reporters = (await people(readerIds.slice(0, REPORTERS))).map(toPerson);
  const others = readerIds.slice(REPORTERS);
  const [admin] = (await people([adminId])).map(toPerson);
  if (!admin || reporters.length === 0 || others.length === 0) return;

  // Reported where every reader may see them: no mature, paid or unpublished stories.
  const comments = await db
    .selectFrom("comments")
    .innerJoin("users", "users.id", "comments.user_id")
    .innerJoin("stories", "stories.id", "comments.story_id")
    .select(["comments.id", "comments.part_id", "comments.text", "users.username", "users.name"])
    .where((eb) => openToAll(eb))
    .where("comments.deleted", "=", 0)
    .where("comments.parent_id", "is", null)
    .where("comments.user_id", "in", others)
    .orderBy("comments.id")
    .limit(COMMENT_REPORTS.length)
    .execute();
  const stories = await db
    .selectFrom("stories")
    .innerJoin("users", "users.id", "stories.user_id")
    .select(["stories.id", "stories.title", "users.username"])
    .where((eb) => openToAll(eb))
    .where("stories.user_id", "in", others)
    .orderBy("stories.id", "desc")
    .limit(STORY_REPORTS.length)
    .execute();
  const profiles = await people(others.slice(-1));

  const reports: Array<[DemoReport, Subject]> = [
    ...comments.map((row, index): [DemoReport, Subject] => [
      COMMENT_REPORTS[index] as DemoReport,
      {
        id: Number(row.id),
        username: row.username,
        reference: {
          name: row.name,
          body: row.text.slice(0, 500),
          deepLink: `${partUrl(Number(row.part_id))}?commentId=${row.id}`,
        },
      },
    ]),
    ...stories.map((row, index): [DemoReport, Subject] => {
      const url = storyUrl(Number(row.id));
      return [
        STORY_REPORTS[index] as DemoReport,
        {
          id: Number(row.id),
          username: row.username,
          reference: { name: row.title, location: url, deepLink: url },
        },
      ];
    }),
    ...profiles.map((row): [DemoReport, Subject] => [
      USER_REPORT,
      {
        id: null,
        username: row.username,
        reference: { name: row.name, location: `/user/${row.username}` },
      },
    ]),
  ];

  for (const [index, [report, subject]] of reports.entries()) {
    const flow = flows.find((candidate) => candidate.id === report.flow);
    if (!flow || !reasonTitles([flow]).has(report.reason)) {
      throw new Error(`the ${report.flow} report flow has no reason ${report.reason}`);
    }
    const reporter = reporters[index % reporters.length] as Person;
    const ticket = await createTicket(
      db,
      plainViewer(reporter),
      {
        // Readers without an email on their account give one in the modal.
        requester: { name: reporter.name, email: `${reporter.username}@example.com` },
        comment: report.comment,
        subject: flow.ticketSubject,
        ticketFormId: flow.ticketFormId,
        reportType: null,
        reason: report.reason,
        storyId: null,
        username: subject.username,
        customFields: [
          { id: "language", value: "en" },
          { id: "platform", value: "web" },
        ],
        reference: subject.reference,
        report: {
          reportType: REPORT_TYPE_IDS[report.flow],
          modelId: subject.id,
          username: subject.username,
          reference: subject.reference,
        },
      },
      now - report.hoursAgo * HOUR,
    );
    if (report.resolved) {
      const { outcome, note, hoursAgo } = report.resolved;
      await markResolved(
        db,
        plainViewer(admin, { isSysAdmin: true }),
        ticket.id,
        outcome,
        note,
        now - hoursAgo * HOUR,
      );
    }
  }
}

const toPerson = (row: { id: number; username: string; name: string }): Person => ({
  id: Number(row.id),
  username: row.username,
  name: row.name,
});
