import { isEmail } from "./email-address.ts";
import { formatCount } from "./format.ts";
import { ID_DIGITS } from "./ids.ts";

/**
 * Reports (accounts-safety-messaging.md §3, §4, §5, §9): the report type ids, the support
 * tree the report modal walks, the contact-info rules, the copyright sub-flow's story URL
 * and what staff can say happened to a report. See docs/decisions/016-reports.md.
 */

/** Report type ids of §3, by the name a client may send instead of the number. */
export const REPORT_TYPE_IDS = {
  user: 1,
  "private-message": 2,
  comment: 3,
  story: 4,
  "public-message": 5,
  media: 193,
} as const;

export type ReportTypeName = keyof typeof REPORT_TYPE_IDS;
export type ReportTypeId = (typeof REPORT_TYPE_IDS)[ReportTypeName];

export const REPORT_TYPE_NAMES = Object.keys(REPORT_TYPE_IDS) as ReportTypeName[];

export function reportTypeName(id: number): ReportTypeName | null {
  return REPORT_TYPE_NAMES.find((name) => REPORT_TYPE_IDS[name] === id) ?? null;
}

/** A report type given as its id ("3") or its name ("comment"); null when neither. */
export function parseReportType(value: string): ReportTypeId | null {
  const trimmed = value.trim();
  if (/^\d{1,4}$/.test(trimmed))
    return reportTypeName(Number(trimmed)) ? (Number(trimmed) as ReportTypeId) : null;
  const name = trimmed.toLowerCase();
  // Own names only: "constructor" is a property of every object, not a report type.
  return Object.hasOwn(REPORT_TYPE_IDS, name)
    ? ((REPORT_TYPE_IDS as Record<string, ReportTypeId>)[name] ?? null)
    : null;
}

/**
 * What a report is about, as the staff queue's /admin/community_reports?model_type&model_id
 * names it (reader.md §6 links a story's reports with model_type=2).
 */
export const MODEL_TYPES = {
  user: 1,
  story: 2,
  comment: 3,
  "private-message": 4,
  "public-message": 5,
  media: 6,
} as const satisfies Record<ReportTypeName, number>;

export type ModelType = (typeof MODEL_TYPES)[ReportTypeName];

/** Every report on one story in the staff queue (the Story lock panel's review link). */
export const storyReportsUrl = (storyId: number): string =>
  `/admin/community_reports?${new URLSearchParams({
    model_type: String(MODEL_TYPES.story),
    model_id: String(storyId),
    status: "all",
  })}`;

export const modelTypeOf = (reportType: ReportTypeId): ModelType => {
  const name = reportTypeName(reportType) as ReportTypeName;
  return MODEL_TYPES[name];
};

/** The support form of a copyright report (§9): form id, reason and subject. */
export const COPYRIGHT_TICKET = {
  formId: 48864,
  reason: "reported_copyright",
  subject: "Story Report",
} as const;

/** The support tree: one flow per kind of report, walked step by step in the modal. */
export type SupportItem =
  | { type: "text"; id: string; text: string }
  | { type: "url"; id: string; title: string; url: string }
  | {
      type: "editText";
      id: string;
      /** The label of the detail box. */
      title: string;
      placeholder?: string;
      /** The ticket's reason when this box is sent. */
      reason: string;
    }
  | {
      type: "page";
      id: string;
      /** The choice that leads to this page, and the page's heading. */
      title: string;
      items: SupportItem[];
      /** Shown to signed-in users only (the copyright report, §4). */
      loginRequired?: boolean;
      /** A page the modal draws itself: the copyright sub-flow. */
      kind?: "copyright";
    };

export interface SupportFlow {
  /** user, story, comment, private-message, public-message or media. */
  id: ReportTypeName;
  title: string;
  ticketFormId: number;
  ticketSubject: string;
  items: SupportItem[];
}

export interface SupportTree {
  /** The language the flows are in: the one asked for, or English when it has none. */
  lang: number;
  flows: SupportFlow[];
}

/**
 * What each ticket reason is called: the choice (page title) whose detail box sends it, after
 * the choices that led there ("Harassment or bullying: Someone else"), or the flow's title
 * for a box at the flow's top. The first name found for a reason wins.
 */
export function reasonTitles(flows: SupportFlow[]): Map<string, string> {
  const titles = new Map<string, string>();
  const walk = (items: SupportItem[], title: string, chosen: boolean) => {
    for (const item of items) {
      if (item.type === "editText" && !titles.has(item.reason)) titles.set(item.reason, title);
      if (item.type === "page")
        walk(item.items, chosen ? `${title}: ${item.title}` : item.title, true);
    }
  };
  for (const flow of flows) walk(flow.items, flow.title, false);
  return titles;
}

export const SUPPORT_TREE_LIMITS = { depth: 4, items: 20, title: 200, text: 2000 } as const;

/** Every problem of a flow's items (depth, size, a page without items); empty when fine. */
export function supportTreeProblems(items: SupportItem[], depth = 1): string[] {
  const problems: string[] = [];
  if (depth > SUPPORT_TREE_LIMITS.depth) {
    return [`the tree may be at most ${formatCount(SUPPORT_TREE_LIMITS.depth)} pages deep`];
  }
  if (items.length === 0) problems.push("a page needs at least one item");
  if (items.length > SUPPORT_TREE_LIMITS.items) {
    problems.push(`a page may have at most ${formatCount(SUPPORT_TREE_LIMITS.items)} items`);
  }
  const ids = new Set<string>();
  for (const item of items) {
    if (ids.has(item.id)) problems.push(`item id ${item.id} is used twice on one page`);
    ids.add(item.id);
    if (item.type === "page" && item.kind !== "copyright") {
      problems.push(...supportTreeProblems(item.items, depth + 1));
    }
  }
  return problems;
}

/** Texts of the report modal that the spec words (§5, §8). */
export const REPORT_MESSAGES = {
  nameRequired: "Name is required.",
  emailRequired: "Email is required.",
  emailInvalid: "The email address is invalid.",
  detailRequired: "Please tell us what happened.",
  failed: "An error has occurred. We're sorry about that!",
  originalRequired: "The original URL is required",
  invalidStoryUrl: "Invalid story URL",
  copyrightFailed: "Something went wrong. Please try again",
} as const;

/** The contact info of a visitor's report: what is wrong with each field, if anything. */
export function contactProblems(contact: { name: string; email: string }): {
  name?: string;
  email?: string;
} {
  const problems: { name?: string; email?: string } = {};
  if (contact.name.trim() === "") problems.name = REPORT_MESSAGES.nameRequired;
  const email = contact.email.trim();
  if (email === "") problems.email = REPORT_MESSAGES.emailRequired;
  else if (!isEmail(email)) problems.email = REPORT_MESSAGES.emailInvalid;
  return problems;
}

const STORY_PATH = new RegExp(`^/story/(${ID_DIGITS})(?:-[^/]*)?/?$`);

/**
 * The story id of a pasted story URL: /story/{id} or /story/{id}-{slug}, with or without
 * the origin; null for anything else.
 */
export function storyIdFromUrl(value: string): number | null {
  const text = value.trim();
  if (text === "") return null;
  let path: string;
  try {
    path = new URL(text, "https://inkwell.invalid").pathname;
  } catch {
    return null;
  }
  const match = STORY_PATH.exec(path);
  return match ? Number(match[1]) : null;
}

export type ReportStatus = "open" | "resolved";

/** What staff say happened to a report when they resolve it; the reporter sees it. */
export const REPORT_OUTCOMES = [
  "content_removed",
  "warning_sent",
  "account_timed_out",
  "account_closed",
  "no_violation",
  "duplicate",
] as const;

export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];

/** The longest staff note, on a report or a story. */
export const STAFF_NOTE_MAX = 2000;

/** A reference to what was reported, as the modal describes it (§3). */
export interface ReportReference {
  name?: string;
  location?: string;
  body?: string;
  deepLink?: string;
}

/** Whom a report is about, as the thank-you screen's mute button needs them. */
export interface ReportedUser {
  username: string;
  name: string;
  safety: { isMuted: boolean; isBlocked: boolean };
}

/** What POST /v4/support/tickets/ answers: reportedUser is null for a copyright notice. */
export interface FiledTicket {
  id: number;
  reportedUser: ReportedUser | null;
}

/** One report in the staff queue. */
export interface StaffReport {
  id: number;
  status: ReportStatus;
  reportType: ReportTypeName | null;
  modelType: number | null;
  modelId: number | null;
  subject: string;
  reason: string | null;
  /** The reason as the report modal words it (the support tree's choice), when known. */
  reasonTitle: string | null;
  comment: string;
  reference: ReportReference;
  reportedUser: { username: string; name: string } | null;
  /** email: for system admins only, null for ambassadors. */
  requester: { name: string; email: string | null; username: string | null };
  createdAt: string;
  outcome: ReportOutcome | null;
  resolvedAt: string | null;
  resolvedBy: string | null;
  numNotes: number;
}

/** A staff note on a report or a story: staff alone see it. */
export interface StaffNote {
  id: number;
  /** The writer's username when written; null once their account is gone. */
  author: string | null;
  body: string;
  createdAt: string;
}

export interface StaffReportPage {
  reports: StaffReport[];
  total: number;
}

/** A reporter's own report, as settings shows it: what it was about and what happened. */
export interface MyReport {
  id: number;
  reportType: ReportTypeName | null;
  subject: string;
  reason: string | null;
  reference: ReportReference;
  reportedUsername: string | null;
  createdAt: string;
  status: ReportStatus;
  outcome: ReportOutcome | null;
  resolvedAt: string | null;
}
