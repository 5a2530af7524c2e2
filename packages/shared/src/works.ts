import type { Category } from "./api-types.ts";
import type { StorySale } from "./coins.ts";
import { isSameDay } from "./format.ts";

/** Writer tools (docs/decisions/013-writer-tools.md): what the /v4/works calls answer. */

/** Copyright licences of writer-paid-contest.md §3, value to name; 1 is the default. */
export const COPYRIGHT_LICENCES = [
  { id: 1, name: "All Rights Reserved" },
  { id: 2, name: "Public Domain" },
  { id: 3, name: "CC Attribution" },
  { id: 4, name: "CC Attrib. NonCommercial" },
  { id: 5, name: "CC NonComm. NoDerivs" },
  { id: 6, name: "CC NonComm. ShareAlike" },
  { id: 7, name: "CC Attribution-ShareAlike" },
  { id: 8, name: "CC Attribution-NoDerivs" },
] as const;

/** Scheduling (§5, §9): quarter-hour steps, at least one step and at most a year ahead. */
export const SCHEDULE_STEP_MINUTES = 15;
export const SCHEDULE_STEP_MS = SCHEDULE_STEP_MINUTES * 60_000;

/** The latest a part scheduled at `now` may go out: the same moment a calendar year on. */
export function latestScheduleTime(now: number): number {
  const date = new Date(now);
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.getTime();
}

/** §4: the writer is reminded this long before a scheduled part goes out. */
export const REMINDER_AHEAD_MS = 24 * 60 * 60_000;
/** The reminder job sends a reminder within this long after its moment, or never. */
export const REMINDER_WINDOW_MS = 60 * 60_000;

/**
 * Whether the writer is told a reminder is coming (§4: 'only if the date is not today').
 * Today is the writer's own day, in the zone the picker and the shown time use; and a part
 * too close for the reminder job to send one (less than a day less the window away) gets
 * no promise either, whatever its date.
 */
export function promisesReminder(scheduledAt: number, now: number, timeZone: string): boolean {
  return (
    !isSameDay(scheduledAt, now, timeZone) &&
    scheduledAt - now > REMINDER_AHEAD_MS - REMINDER_WINDOW_MS
  );
}

export interface WorkPart {
  id: number;
  title: string;
  draft: boolean;
  scheduledPublishDatetime: string | null;
  createDate: string | null;
  modifyDate: string | null;
  publishedAt: string | null;
  /** A published part with edits readers do not see until 'Publish Changes'. */
  unpublishedChanges: boolean;
  /** The Coins readers pay to unlock it; null for a free part. */
  price: number | null;
  /** Exclusive Chapter or Writer Reveal for a paid bonus part, else null. */
  bonusTypeName: string | null;
}

/**
 * The N of "Untitled Part N" (decision 142): the part's place in the table of contents as
 * readers will see it once it is published, so drafts and scheduled parts before it (which
 * readers do not see) are not counted. `parts` are the story's parts in story order; a part
 * not among them yet goes last.
 */
export function untitledPartNumber(parts: readonly WorkPart[], partId: number): number {
  const at = parts.findIndex((part) => part.id === partId);
  const before = at < 0 ? parts : parts.slice(0, at);
  return before.filter((part) => !part.draft).length + 1;
}

export interface WorkSummary {
  id: number;
  title: string;
  cover: string | null;
  modifyDate: string | null;
  readCount: number;
  voteCount: number;
  commentCount: number;
  copyright: number;
  published: boolean;
  numParts: number;
  numDrafts: number;
  parts: WorkPart[];
}

export interface StoryDetailsInput {
  title: string;
  description: string;
  tags: string[];
  categoryId: number | null;
  languageId: number;
  mature: boolean;
  completed: boolean;
  copyright: number;
}

/**
 * PUT /v4/works/{storyId}: any of the details, and `cover: null`, by which its writer removes
 * the cover (a new one is uploaded with POST /apiv2/updatestorycover).
 */
export interface StoryDetailsUpdate extends Partial<StoryDetailsInput> {
  cover?: null;
}

/** POST /v4/works: a new story's details and the writer's copyright acknowledgement. */
export interface NewStoryInput extends StoryDetailsInput {
  /** "I acknowledge this is my own original work": the server refuses a story without it. */
  originalWork: boolean;
}

export interface WorkDetails extends StoryDetailsInput {
  id: number;
  /** The author's username: a system admin may open another writer's Story Details. */
  author: string;
  cover: string | null;
  /** The cover moderators flagged, which only the writer sees (with the banned notice). */
  bannedCover: string | null;
  published: boolean;
  /** In the Paid Stories programme: its writer may set paid parts (writer-paid-contest.md §3). */
  isPaid: boolean;
  /** The sale on now (decision 052): a paid story's writer starts and ends it too (054). */
  sale: StorySale | null;
  /**
   * When its writer may start a new sale (ISO 8601), a month after the last began (054),
   * while that is ahead; null when they may now. The sale on may be changed any time.
   */
  nextSaleAt: string | null;
  /** Staff set the language and category (the Story lock): the form shows them unchangeable. */
  classificationLocked: boolean;
  modifyDate: string | null;
  parts: WorkPart[];
  /** The story's category under its publish-use names (§3): the id, and the category itself. */
  category: number | null;
  categoryObject: Category | null;
  /**
   * Part by part, in the order of `parts`, the text_hash of the text its editor works on
   * (pending edits first): what GET /apiv2/storytext answers and a save must name.
   */
  textids: string[];
}

/**
 * What the editor pages ask GET /v4/works/{storyId} for (its `fields`): the Story Details,
 * the sale and the table of contents. Not textids, which read every part's text
 * (docs/decisions/071): the part editor saves against its own part's text_hash, from
 * GET /apiv2/storytext. Nor the publish-use names of the category, which categoryId covers.
 */
export const EDITOR_WORK_FIELDS = [
  "id",
  "author",
  "title",
  "description",
  "tags",
  "categoryId",
  "languageId",
  "mature",
  "completed",
  "copyright",
  "cover",
  "bannedCover",
  "published",
  "isPaid",
  "sale",
  "nextSaleAt",
  "classificationLocked",
  "parts",
] as const satisfies readonly (keyof WorkDetails)[];

/** A story as the editor pages load it. */
export type EditorWork = Pick<WorkDetails, (typeof EDITOR_WORK_FIELDS)[number]>;

/** PUT and DELETE /v4/works/{storyId}/sale answer the story's sale: null once ended. */
export interface WorkSale {
  sale: StorySale | null;
  /** As WorkDetails': when a new sale may start, once this one is ended. */
  nextSaleAt: string | null;
}

export interface PartText extends WorkPart {
  storyId: number;
  text: string;
  /** Pictures in `text` that moderators flagged: the editor shows the banned-image notice. */
  bannedImages?: string[];
  text_hash: string;
  /**
   * A scheduled part with nothing in it (decision 090): at its time it is not published but
   * stays a draft and leaves the schedule, unless the writer adds to it first.
   */
  scheduledEmpty: boolean;
}

/** GET /v4/tags/suggestions: tags starting with what the writer typed, most used first. */
export interface TagSuggestion {
  name: string;
  stories: number;
}

/** POST /apiv2/updatestorycover answers the story and its new cover's URL. */
export interface StoryCoverUpdate {
  id: number;
  cover: string;
}

/** POST /v4/parts/{id}/images answers where the uploaded picture is. */
export interface PartImage {
  url: string;
  width: number;
  height: number;
}
