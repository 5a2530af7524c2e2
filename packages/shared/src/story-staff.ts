/**
 * The story page's staff tools (reader.md §6, §7): the Story lock panel of ambassadors and
 * system admins, and the system admins' own panel. Decision 042 says what is left out.
 */

import type { StorySale } from "./coins.ts";
import type { StaffNote } from "./reports.ts";

/** What an ambassador or system admin sees of a story in the Story lock panel. */
export interface StoryStaffView {
  storyId: number;
  languageId: number;
  categoryId: number | null;
  /** Whether the writer is kept from changing the language and category (the Story lock). */
  locked: boolean;
  /** System admins only: never present for ambassadors. */
  author?: StoryAuthorFacts;
  /** System admins only: their notes on the story, oldest first. */
  notes?: StaffNote[];
  /** System admins only: each rating the story was given, oldest first. */
  ratingHistory?: StoryRatingChange[];
  /** System admins only: ads are kept off the story (reader.md §6). */
  adExempt?: boolean;
}

/** A rating a story was given (at its creation or a later change), by whom and when. */
export interface StoryRatingChange {
  mature: boolean;
  /** The username of whoever set it; null once their account is gone. */
  by: string | null;
  at: string;
}

/** The facts about a story's author that only system admins see. */
export interface StoryAuthorFacts {
  username: string;
  /** Whole years from the birthday, or null when none was given. */
  age: number | null;
  /** As the account recorded it, or null when unknown. */
  country: string | null;
  /** Reads of every story of the author's that is not deleted. */
  totalReads: number;
}

/**
 * A staff change of a story's classification; at least one field. A new language or
 * category locks the story unless `locked` says otherwise; `locked` alone locks or unlocks.
 */
export interface StoryClassificationInput {
  languageId?: number;
  categoryId?: number;
  locked?: boolean;
}

/** What the writer of a locked story is told of its language and category (the Story lock). */
export const STORY_LOCKED_MESSAGE =
  "Inkwell staff set this story's language and category. Contact support to change them.";

/** How long the panels' check and warning icons, and an error text, stay (reader.md §6). */
export const STAFF_STATUS_RESET_MS = 3000;

/** The story text download's switches (reader.md §7), each 0 or 1 in the query. */
export interface StoryTextFlags {
  /** Plain text instead of HTML. */
  noFormat: boolean;
  includeDeleted: boolean;
  includeDrafts: boolean;
  /** Accepted for the spec's clients; Inkwell has no private parts (decision 042). */
  includePrivate: boolean;
}

/** A story's part as the paid story manager lists it, in the story's order. */
export interface PaidProgrammePart {
  id: number;
  title: string;
  /** Not published yet (a draft or a scheduled part). */
  draft: boolean;
  /** What unlocking it costs a reader, or null when it is free to read. */
  price: number | null;
  /** A paid bonus part's type (Exclusive Chapter, Writer Reveal); null for any other part. */
  bonusType: string | null;
}

/**
 * The paid story manager's view of a story (system admins, reader.md §6): whether it is in
 * the Paid Stories programme, what each part costs, and what readers have spent on it.
 */
export interface PaidProgrammeView {
  storyId: number;
  title: string;
  url: string;
  /** The author's username. */
  author: string;
  isPaid: boolean;
  draft: boolean;
  deleted: boolean;
  parts: PaidProgrammePart[];
  /** Readers who bought a part or the whole story, and the Coins they spent, all told. */
  sales: { readers: number; coins: number };
  /** The sale on now (a paid story's only); null when none is. */
  sale: StorySale | null;
}

/**
 * How many parts at the start of a story stay free when it joins the programme: at least
 * the first, so readers meet a story before they pay; the writer prices each part after.
 */
export const PAID_PROGRAMME_FREE_PARTS = { default: 3, min: 1, max: 200 } as const;

/** What a system admin sends to put a story in the Paid Stories programme. */
export interface PaidProgrammeInput {
  freeParts: number;
}
