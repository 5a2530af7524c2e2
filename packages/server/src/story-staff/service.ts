import {
  ageOn,
  escapeHtml,
  isModerator,
  languageById,
  MATURE_RATING,
  partPlainText,
  type StaffNote,
  type StoryAuthorFacts,
  type StoryClassificationInput,
  type StoryRatingChange,
  type StoryStaffView,
  type StoryTextFlags,
} from "@inkwell/shared";
import type { Kysely } from "kysely";
import { recheckingGone } from "../db/constraint-errors.ts";
import type { Database } from "../db/schema.ts";
import { storyChanged } from "../events.ts";
import { badRequest, HttpError, notFound } from "../http/errors.ts";
import { iso } from "../stories/cards.ts";
import { canSeeStory } from "../stories/service.ts";
import { insertStoryStaffNote, toStaffNote } from "../support/staff-notes.ts";
import type { Viewer } from "../viewer.ts";
import { lockStory } from "../works/access.ts";
import { categoryOf, checkCategory, writeTagsAndCategory } from "../works/classification.ts";
import { type ZipEntry, zip } from "./zip.ts";

type Db = Kysely<Database>;

function requireModerator(viewer: Viewer) {
  if (!isModerator(viewer)) {
    throw new HttpError(403, "forbidden", "Only ambassadors and system admins can do this.");
  }
}

export function requireSysAdmin(viewer: Viewer) {
  if (!viewer.isSysAdmin) {
    throw new HttpError(403, "forbidden", "Only system admins can do this.");
  }
}

/**
 * A story the viewer sees, whatever its state for staff and system admins, who see drafts and
 * deleted stories on the story page too. Ambassadors see only what readers see (reader.md §6
 * gives them the Story lock panel of the story page), so someone else's draft or deleted
 * story answers them as an unknown id does (decision 127).
 */
async function staffStory(db: Db, viewer: Viewer, storyId: number) {
  const story = await db
    .selectFrom("stories")
    .select([
      "id",
      "user_id",
      "language_id",
      "classification_locked",
      "ad_exempt",
      "draft",
      "deleted",
    ])
    .where("id", "=", storyId)
    .executeTakeFirst();
  if (!story || !canSeeStory(story, viewer)) throw notFound("Story");
  return story;
}

async function authorFacts(db: Db, authorId: number, today: Date): Promise<StoryAuthorFacts> {
  const [author, reads] = await Promise.all([
    db
      .selectFrom("users")
      .select(["username", "birthdate", "country"])
      .where("id", "=", authorId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("stories")
      .select((eb) => eb.fn.sum<number | string | null>("read_count").as("total"))
      .where("user_id", "=", authorId)
      .where("deleted", "=", 0)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    username: author.username,
    age: author.birthdate ? ageOn(author.birthdate, today) : null,
    country: author.country || null,
    totalReads: Number(reads.total ?? 0),
  };
}

/**
 * The Story lock panel's view of a story (ambassadors and system admins); the author's age,
 * country and total reads are added for system admins only.
 */
export async function storyStaffView(
  db: Db,
  viewer: Viewer,
  storyId: number,
  today = new Date(),
): Promise<StoryStaffView> {
  requireModerator(viewer);
  const story = await staffStory(db, viewer, storyId);
  const view = {
    storyId,
    languageId: Number(story.language_id),
    categoryId: await categoryOf(db, storyId),
    locked: Number(story.classification_locked) === 1,
  };
  if (!viewer.isSysAdmin) return view;
  const [author, notes, ratingHistory] = await Promise.all([
    authorFacts(db, Number(story.user_id), today),
    staffNotesOf(db, storyId),
    ratingHistoryOf(db, storyId),
  ]);
  return { ...view, author, notes, ratingHistory, adExempt: Number(story.ad_exempt) === 1 };
}

/**
 * System admins keep ads off a story, or allow them again (the admin panel's No ads): filed
 * in the admin notes, and the story's kept pages are dropped so visitors see it at once.
 */
export async function setAdExempt(
  db: Db,
  viewer: Viewer,
  storyId: number,
  exempt: boolean,
  now = Date.now(),
): Promise<StoryStaffView> {
  requireSysAdmin(viewer);
  const changed = await db.transaction().execute(async (trx) => {
    await lockStory(trx, storyId);
    const story = await staffStory(trx, viewer, storyId);
    if ((Number(story.ad_exempt) === 1) === exempt) return false;
    await trx
      .updateTable("stories")
      .set({ ad_exempt: exempt ? 1 : 0 })
      .where("id", "=", storyId)
      .execute();
    const note = exempt ? "Kept ads off the story." : "Allowed ads on the story again.";
    await insertStoryStaffNote(trx, viewer, storyId, note, now);
    return true;
  });
  if (changed) storyChanged(storyId);
  return storyStaffView(db, viewer, storyId);
}

/** The ratings the story was given, as works/service.ts recorded them. */
async function ratingHistoryOf(db: Db, storyId: number): Promise<StoryRatingChange[]> {
  const rows = await db
    .selectFrom("story_rating_changes")
    .select(["rating", "changed_by_username", "created_at"])
    .where("story_id", "=", storyId)
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    mature: Number(row.rating) === MATURE_RATING,
    by: row.changed_by_username,
    at: iso(row.created_at),
  }));
}

async function staffNotesOf(db: Db, storyId: number): Promise<StaffNote[]> {
  const rows = await db
    .selectFrom("story_staff_notes")
    .select(["id", "author_username", "body", "created_at"])
    .where("story_id", "=", storyId)
    .orderBy("id")
    .execute();
  return rows.map(toStaffNote);
}

/** A system admin's note on a story (the admin panel's admin notes): staff alone see it. */
export async function addStoryStaffNote(
  db: Db,
  viewer: Viewer,
  storyId: number,
  body: string,
  now = Date.now(),
): Promise<StaffNote> {
  requireSysAdmin(viewer);
  const check = () => staffStory(db, viewer, storyId);
  await check();
  return recheckingGone(() => insertStoryStaffNote(db, viewer, storyId, body, now), check);
}

/**
 * Staff put a story in its right language and category (the Story lock panel), which locks
 * them against the writer's changes unless staff say otherwise (`locked`). The writer's last
 * change date is left alone: readers' "updated" is about the story's text.
 */
export async function classifyStory(
  db: Db,
  viewer: Viewer,
  storyId: number,
  input: StoryClassificationInput,
): Promise<StoryStaffView> {
  requireModerator(viewer);
  await staffStory(db, viewer, storyId);
  if (input.languageId !== undefined && !languageById(input.languageId)) {
    const message = "Choose a language from the list";
    throw badRequest(message, { languageId: message });
  }
  await checkCategory(db, input.categoryId);
  const reclassified = input.languageId !== undefined || input.categoryId !== undefined;
  const locked = input.locked ?? reclassified;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("stories")
      .set({
        ...(input.languageId !== undefined && { language_id: input.languageId }),
        classification_locked: locked ? 1 : 0,
      })
      .where("id", "=", storyId)
      .execute();
    await writeTagsAndCategory(trx, storyId, { categoryId: input.categoryId });
  });
  storyChanged(storyId);
  return storyStaffView(db, viewer, storyId);
}

const MARKERS = { deleted: " (deleted)", draft: " (draft)", published: "" } as const;

/** A part's file name: its place, its title as a file system allows, and what it is. */
function partFileName(index: number, title: string, state: keyof typeof MARKERS, ext: string) {
  const safe = title
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are dropped
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 80);
  return `${String(index + 1).padStart(2, "0")} ${safe || "Untitled Part"}${MARKERS[state]}.${ext}`;
}

function partDocument(title: string, text: string, languageId: number) {
  const lang = languageById(languageId)?.code ?? "en";
  const heading = escapeHtml(title);
  return `<!doctype html>\n<html lang="${lang}">\n<head>\n<meta charset="utf-8">\n<title>${heading}</title>\n</head>\n<body>\n<h1>${heading}</h1>\n${text}\n</body>\n</html>\n`;
}

/**
 * GET /apiv2/storytext?group_id…&output=zip (reader.md §7, system admins): one file per
 * part in the story's order, HTML or (no_format) plain text. Published parts only, unless
 * the flags add drafts (scheduled ones too) or deleted parts; what a published part's
 * writer has not yet published is not in it.
 */
export async function storyTextArchive(
  db: Db,
  viewer: Viewer,
  storyId: number,
  flags: StoryTextFlags,
): Promise<{ fileName: string; archive: Buffer }> {
  requireSysAdmin(viewer);
  const story = await staffStory(db, viewer, storyId);
  const parts = await db
    .selectFrom("parts")
    .select(["title", "text", "draft", "deleted", "modify_date"])
    .where("story_id", "=", storyId)
    .$if(!flags.includeDeleted, (qb) => qb.where("deleted", "=", 0))
    .$if(!flags.includeDrafts, (qb) => qb.where("draft", "=", 0))
    .orderBy("position")
    .orderBy("id")
    .execute();
  const ext = flags.noFormat ? "txt" : "html";
  const entries: ZipEntry[] = parts.map((part, index) => {
    const state = part.deleted === 1 ? "deleted" : part.draft === 1 ? "draft" : "published";
    return {
      name: partFileName(index, part.title, state, ext),
      data: flags.noFormat
        ? `${part.title}\n\n${partPlainText(part.text)}\n`
        : partDocument(part.title, part.text, Number(story.language_id)),
      modified: new Date(Number(part.modify_date)),
    };
  });
  return { fileName: `inkwell-story-${storyId}.zip`, archive: zip(entries) };
}
