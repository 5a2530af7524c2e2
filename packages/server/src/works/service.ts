import {
  type FieldSelection,
  MATURE_RATING,
  STORY_LOCKED_MESSAGE,
  wantsField,
} from "@inkwell/shared";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema.ts";
import { storyChanged } from "../events.ts";
import { badRequest, HttpError } from "../http/errors.ts";
import { assertNotTimedOut } from "../moderation/service.ts";
import { isoOrNull, storySaleAt } from "../stories/cards.ts";
import { nextSaleOf } from "../stories/sale.ts";
import { insertStoryStaffNote } from "../support/staff-notes.ts";
import { tellWriter } from "../support/tell-writer.ts";
import type { Viewer } from "../viewer.ts";
import {
  detailsEditableStory,
  editsAsStaff,
  type liveStory,
  lockStory,
  ownStory,
} from "./access.ts";
import {
  categoryObjectOf,
  categoryOf,
  checkCategory,
  tagsOf,
  writeTagsAndCategory,
} from "./classification.ts";
import { partSummary, partsOf } from "./part-summary.ts";
import { textHash, touchStory } from "./parts.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** The Story Details a writer fills in; every field optional on update. */
export interface StoryDetails {
  title: string;
  description: string;
  tags: string[];
  categoryId: number | null;
  languageId: number;
  mature: boolean;
  completed: boolean;
  copyright: number;
}

/** The writer's own stories, last changed first, each with its parts and counters. */
export async function myWorks(db: Kysely<Database>, viewer: Viewer) {
  const stories = await db
    .selectFrom("stories")
    .select([
      "id",
      "title",
      "cover",
      "modify_date",
      "read_count",
      "vote_count",
      "comment_count",
      "copyright",
      "draft",
    ])
    .where("user_id", "=", viewer.id)
    .where("deleted", "=", 0)
    .orderBy("modify_date", "desc")
    .orderBy("id", "desc")
    .execute();
  const parts = await partsOf(
    db,
    stories.map((story) => Number(story.id)),
  );
  return {
    stories: stories.map((story) => {
      const own = parts.filter((part) => Number(part.story_id) === Number(story.id));
      return {
        id: Number(story.id),
        title: story.title,
        cover: story.cover,
        modifyDate: isoOrNull(story.modify_date),
        readCount: Number(story.read_count),
        voteCount: Number(story.vote_count),
        commentCount: Number(story.comment_count),
        copyright: Number(story.copyright),
        published: Number(story.draft) === 0,
        numParts: own.filter((part) => Number(part.draft) === 0).length,
        numDrafts: own.filter((part) => Number(part.draft) === 1).length,
        parts: own.map(partSummary),
      };
    }),
  };
}

/**
 * One story as its editor shows it: the Story Details, the table of contents and the
 * story's textids. Those read every part's text, so they are left out when `fields` is
 * given without them.
 */
export async function storyForEditing(
  db: Kysely<Database>,
  viewer: Viewer,
  storyId: number,
  fields?: FieldSelection,
) {
  const story = await detailsEditableStory(db, viewer, storyId);
  const [tags, category, parts, author] = await Promise.all([
    tagsOf(db, storyId),
    categoryObjectOf(db, storyId),
    partsOf(db, [storyId]),
    db
      .selectFrom("users")
      .select("username")
      .where("id", "=", story.user_id)
      .executeTakeFirstOrThrow(),
  ]);
  const partIds = parts.map((part) => Number(part.id));
  const textids = wantsField(fields, "textids") ? await textIdsOf(db, storyId, partIds) : [];
  return {
    id: Number(story.id),
    author: author.username,
    title: story.title,
    description: story.description,
    cover: story.cover,
    bannedCover: story.banned_cover,
    tags,
    categoryId: category?.id ?? null,
    category: category?.id ?? null,
    categoryObject: category,
    languageId: Number(story.language_id),
    classificationLocked: Number(story.classification_locked) === 1,
    mature: Number(story.rating) === MATURE_RATING,
    completed: Number(story.completed) === 1,
    copyright: Number(story.copyright),
    published: Number(story.draft) === 0,
    isPaid: Number(story.is_paid) === 1,
    sale: Number(story.is_paid) === 1 ? storySaleAt(story, Date.now()) : null,
    nextSaleAt: Number(story.is_paid) === 1 ? isoOrNull(nextSaleOf(story, Date.now())) : null,
    modifyDate: isoOrNull(story.modify_date),
    parts: parts.map(partSummary),
    textids,
  };
}

/**
 * The story's textids (decision 071): for each part of `partIds`, in that
 * order, the hash of the text its editor works on (pending edits first), which is the
 * text_hash GET /apiv2/storytext answers for it and a save must name.
 */
async function textIdsOf(db: Db, storyId: number, partIds: number[]): Promise<string[]> {
  const rows = await db
    .selectFrom("parts")
    .leftJoin("part_edits", "part_edits.part_id", "parts.id")
    .select(["parts.id", "parts.text", "part_edits.text as edited_text"])
    .where("parts.story_id", "=", storyId)
    .where("parts.deleted", "=", 0)
    .execute();
  const hashes = new Map(
    rows.map((row) => [Number(row.id), textHash(row.edited_text ?? row.text)] as const),
  );
  // A part deleted between the two reads has no text left: it is gone from the next answer.
  return partIds.flatMap((id) => hashes.get(id) ?? []);
}

const ratingOf = (mature: boolean) => (mature ? MATURE_RATING : 1);

const storyColumns = (details: Partial<StoryDetails>) => ({
  ...(details.title !== undefined && { title: details.title }),
  ...(details.description !== undefined && { description: details.description }),
  ...(details.languageId !== undefined && { language_id: details.languageId }),
  ...(details.mature !== undefined && { rating: ratingOf(details.mature) }),
  ...(details.completed !== undefined && {
    completed: details.completed ? (1 as const) : (0 as const),
  }),
  ...(details.copyright !== undefined && { copyright: details.copyright }),
});

/** A new story is a draft until its first part is published. */
export async function createWork(db: Kysely<Database>, viewer: Viewer, details: StoryDetails) {
  await checkCategory(db, details.categoryId);
  const now = Date.now();
  const storyId = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("stories")
      .values({
        user_id: viewer.id,
        ...storyColumns(details),
        title: details.title,
        draft: 1,
        create_date: now,
        modify_date: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await writeTagsAndCategory(trx, Number(row.id), details);
    await recordRating(trx, viewer, Number(row.id), ratingOf(details.mature ?? false), now);
    return Number(row.id);
  });
  return storyForEditing(db, viewer, storyId);
}

/**
 * Saves Story Details: the author's, or a system admin's. A staff save leaves the story's
 * last change date (readers' "updated" is the writer's) and the Story lock alone, and files
 * what it changed in the story's admin notes. `cover: null` is the writer's removal of the
 * cover (and of one moderators hid, whose notice ends; its flag stays for the appeal).
 */
export async function updateWork(
  db: Kysely<Database>,
  viewer: Viewer,
  storyId: number,
  details: Partial<StoryDetails> & { cover?: null },
  baseUrl: string,
) {
  const story = await detailsEditableStory(db, viewer, storyId);
  const byStaff = editsAsStaff(story, viewer);
  // Staff remove a cover the image-moderation way, which its writer may appeal (decision 042).
  if (byStaff && details.cover !== undefined) {
    throw new HttpError(
      403,
      "forbidden",
      "Only the writer can remove a cover here. Staff remove one with Remove cover on the story page.",
    );
  }
  // Readers see the details: a writer in a time-out changes them no more than they publish.
  if (!byStaff) assertNotTimedOut(viewer);
  await checkCategory(db, details.categoryId);
  const changed = await changedDetails(db, story, details);
  if (
    !byStaff &&
    Number(story.classification_locked) === 1 &&
    (changed.includes("language") || changed.includes("category"))
  ) {
    throw new HttpError(403, "classification_locked", STORY_LOCKED_MESSAGE);
  }
  await db.transaction().execute(async (trx) => {
    const now = Date.now();
    if (details.mature !== undefined) {
      // Read under the lock: of two saves at once, only the one that changes it is recorded.
      await lockStory(trx, storyId);
      const { rating } = await trx
        .selectFrom("stories")
        .select("rating")
        .where("id", "=", storyId)
        .executeTakeFirstOrThrow();
      const next = ratingOf(details.mature);
      if (Number(rating) !== next) await recordRating(trx, viewer, storyId, next, now);
    }
    const columns = {
      ...storyColumns(details),
      ...(details.cover === null && { cover: null, banned_cover: null }),
      // A save that changes nothing (the form saved again as it is) is not an update to show.
      ...(!byStaff && changed.length > 0 && { modify_date: now }),
    };
    // A staff save of tags or a category alone, or of nothing new, has no column to set: it
    // answers the story as it is (an empty SET is not SQL).
    if (Object.keys(columns).length > 0) {
      await trx.updateTable("stories").set(columns).where("id", "=", storyId).execute();
    }
    await writeTagsAndCategory(trx, storyId, details);
    if (byStaff && changed.length > 0) {
      const body = `Edited the story's details: ${changed.join(", ")}.`;
      await insertStoryStaffNote(trx, viewer, storyId, body, now);
    }
  });
  storyChanged(storyId);
  if (byStaff && changed.length > 0) {
    await tellWriter(db, storyId, {
      subject: (title) => `Inkwell staff changed ${title}`,
      lines: (title) => [
        `Inkwell staff changed the details of your story "${title}": its ${changed.join(", ")}.`,
        "",
        "See them in your story editor, and write to support if you disagree:",
        `${baseUrl}/myworks/${storyId}`,
      ],
    });
  }
  return storyForEditing(db, viewer, storyId);
}

/** The Story Details a save changes, by the names staff read in the admin notes. */
async function changedDetails(
  db: Db,
  story: Awaited<ReturnType<typeof liveStory>>,
  details: Partial<StoryDetails> & { cover?: null },
): Promise<string[]> {
  const [tags, categoryId] = await Promise.all([tagsOf(db, story.id), categoryOf(db, story.id)]);
  const differs = <T>(next: T | undefined, current: T) => next !== undefined && next !== current;
  const changes: [string, boolean][] = [
    ["title", differs(details.title, story.title)],
    ["description", differs(details.description, story.description)],
    ["tags", differs(details.tags?.join("\n"), tags.join("\n"))],
    ["category", differs(details.categoryId, categoryId)],
    ["language", differs(details.languageId, Number(story.language_id))],
    ["rating", differs(details.mature, Number(story.rating) === MATURE_RATING)],
    ["status", differs(details.completed, Number(story.completed) === 1)],
    ["licence", differs(details.copyright, Number(story.copyright))],
    ["cover", details.cover === null && (story.cover !== null || story.banned_cover !== null)],
  ];
  return changes.filter(([, changed]) => changed).map(([name]) => name);
}

/** A rating the story is given, for its rating history (staff's admin panel). */
function recordRating(trx: Db, viewer: Viewer, storyId: number, rating: number, now: number) {
  return trx
    .insertInto("story_rating_changes")
    .values({
      story_id: storyId,
      rating,
      changed_by_id: viewer.id,
      changed_by_username: viewer.username,
      created_at: now,
    })
    .execute();
}

/**
 * Deleting a story takes it out of every reader's view at once, as a deleted story is a 404
 * everywhere (pages, lists, search, the writer's profile); its parts, reads, votes and
 * comments stay with it, so staff can still restore it. Its scheduled parts are called off.
 * An Inkwell Original stays: readers bought its parts under the Paid Stories programme,
 * which staff run (reader.md §6), so its writer asks them.
 */
export async function deleteWork(db: Kysely<Database>, viewer: Viewer, storyId: number) {
  const story = await ownStory(db, viewer, storyId);
  if (story.is_paid === 1) {
    throw new HttpError(
      409,
      "paid_story",
      "An Inkwell Original can't be deleted by its writer: write to Inkwell support to take it down.",
    );
  }
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    // A purchase or a part's change at this moment commits first, or finds it gone.
    await lockStory(trx, storyId);
    await trx
      .updateTable("stories")
      .set({ deleted: 1, modify_date: now })
      .where("id", "=", storyId)
      .execute();
    await trx
      .updateTable("parts")
      .set({ scheduled_at: null })
      .where("story_id", "=", storyId)
      .where("scheduled_at", "is not", null)
      .execute();
  });
  storyChanged(storyId);
  return { deleted: true as const };
}

/** New order of every (undeleted) part of the story, first to last. */
export async function reorderParts(
  db: Kysely<Database>,
  viewer: Viewer,
  storyId: number,
  partIds: number[],
) {
  await ownStory(db, viewer, storyId);
  await db.transaction().execute(async (trx) => {
    // Checked under the lock, so a part added meanwhile is not left without a place.
    await lockStory(trx, storyId);
    const current = (await partsOf(trx, [storyId])).map((part) => Number(part.id));
    const same =
      current.length === partIds.length &&
      new Set(partIds).size === partIds.length &&
      partIds.every((id) => current.includes(id));
    if (!same) throw badRequest("parts must list every part of the story exactly once");
    for (const [position, id] of partIds.entries()) {
      await trx.updateTable("parts").set({ position }).where("id", "=", id).execute();
    }
  });
  await touchStory(db, storyId);
  storyChanged(storyId);
  return storyForEditing(db, viewer, storyId);
}
