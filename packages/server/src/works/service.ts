import { createHash, randomBytes } from "node:crypto";
import {
  type Category,
  type FieldSelection,
  latestScheduleTime,
  MATURE_RATING,
  partPrice,
  partWordCount,
  SCHEDULE_STEP_MS,
  STORY_LOCKED_MESSAGE,
  sanitizePartHtml,
  wantsField,
} from "@inkwell/shared";
import { type Kysely, sql, type Transaction } from "kysely";
import { isPostgres } from "../db/engine.ts";
import { likeStart } from "../db/like.ts";
import type { Database } from "../db/schema.ts";
import { storyChanged } from "../events.ts";
import { badRequest, HttpError, notFound } from "../http/errors.ts";
import { moderatedPartText } from "../image-moderation/service.ts";
import { assertNotTimedOut } from "../moderation/service.ts";
import { isoOrNull, storySaleAt } from "../stories/cards.ts";
import { nextSaleOf } from "../stories/sale.ts";
import { insertStoryStaffNote } from "../support/staff-notes.ts";
import { tellWriter } from "../support/tell-writer.ts";
import type { Viewer } from "../viewer.ts";
import { applyEdits, dropEdits, type PartEdits, pendingEdits, saveEdits } from "./part-edits.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** A story carries at most this many tags. */
export const MAX_TAGS = 25;

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

const alreadyPublished = () =>
  new HttpError(409, "already_published", "This part is already published.");

const stale = () =>
  new HttpError(
    409,
    "stale_text",
    "This part was changed somewhere else since you opened it. Your changes were not saved: reload to get the latest version.",
  );

async function liveStory(db: Db, storyId: number) {
  const story = await db
    .selectFrom("stories")
    .selectAll()
    .where("id", "=", storyId)
    .where("deleted", "=", 0)
    .executeTakeFirst();
  if (!story) throw notFound("The story");
  return story;
}

const notTheAuthor = () =>
  new HttpError(403, "forbidden", "Only the author can change this story.");

/** The story if the viewer wrote it: 404 when there is none, 403 for anyone else. */
export async function ownStory(db: Db, viewer: Viewer, storyId: number) {
  const story = await liveStory(db, storyId);
  if (Number(story.user_id) !== viewer.id) throw notTheAuthor();
  return story;
}

/**
 * The story if the viewer may change its Story Details and cover: its author, or a system
 * admin (reader.md §6, edit details). Its parts and Story Notes stay the author's alone.
 */
export async function detailsEditableStory(db: Db, viewer: Viewer, storyId: number) {
  const story = await liveStory(db, storyId);
  if (Number(story.user_id) !== viewer.id && !viewer.isSysAdmin) throw notTheAuthor();
  return story;
}

/** Whether the viewer changes the story as staff rather than as its author. */
export const editsAsStaff = (story: { user_id: number }, viewer: Viewer) =>
  Number(story.user_id) !== viewer.id;

/** The part if the viewer wrote its story: 404 when there is none, 403 for anyone else. */
export async function ownPart(db: Db, viewer: Viewer, partId: number) {
  const part = await db
    .selectFrom("parts")
    .selectAll()
    .where("id", "=", partId)
    .where("deleted", "=", 0)
    .executeTakeFirst();
  if (!part) throw notFound("The part");
  await ownStory(db, viewer, Number(part.story_id));
  return part;
}

export const textHash = (text: string) => createHash("sha256").update(text).digest("hex");

/** Paragraph ids: short, random, and unique within a part (sanitizePartHtml checks that). */
const newParagraphId = () => `p${randomBytes(5).toString("hex")}`;

const partSummary = (part: {
  id: number;
  title: string;
  draft: number;
  scheduled_at: number | null;
  create_date: number;
  modify_date: number;
  published_at: number | null;
  paywalled: number;
  is_bonus: number;
  bonus_type: string | null;
  /** Set when the published part has edits readers do not see yet. */
  edited?: number | null;
}) => ({
  id: Number(part.id),
  title: part.title,
  draft: Number(part.draft) === 1,
  scheduledPublishDatetime: isoOrNull(part.scheduled_at),
  createDate: isoOrNull(part.create_date),
  modifyDate: isoOrNull(part.modify_date),
  publishedAt: isoOrNull(part.published_at),
  unpublishedChanges: part.edited !== null && part.edited !== undefined,
  price:
    part.paywalled === 1
      ? partPrice({ isBonusPart: part.is_bonus === 1, bonusTypeName: part.bonus_type })
      : null,
  bonusTypeName: part.is_bonus === 1 ? part.bonus_type : null,
});

async function partsOf(db: Db, storyIds: number[]) {
  if (storyIds.length === 0) return [];
  return db
    .selectFrom("parts")
    .leftJoin("part_edits", "part_edits.part_id", "parts.id")
    .select([
      "parts.id",
      "parts.story_id",
      "parts.title",
      "parts.draft",
      "parts.scheduled_at",
      "parts.create_date",
      "parts.modify_date",
      "parts.published_at",
      "parts.paywalled",
      "parts.is_bonus",
      "parts.bonus_type",
      "part_edits.part_id as edited",
    ])
    .where("parts.story_id", "in", storyIds)
    .where("parts.deleted", "=", 0)
    .orderBy("parts.story_id")
    .orderBy("parts.position")
    .execute();
}

export async function categories(db: Kysely<Database>) {
  const rows = await db
    .selectFrom("categories")
    .select(["id", "name", "slug"])
    .orderBy("name")
    .execute();
  return {
    categories: rows.map((row) => ({ id: Number(row.id), name: row.name, slug: row.slug })),
  };
}

/**
 * Tags for the Story Details tag field: those starting with `prefix` (lower case, no "#"),
 * most used first, so writers pick the tags readers already browse.
 */
export async function tagSuggestions(db: Kysely<Database>, prefix: string, limit = 8) {
  const rows = await db
    .selectFrom("tags")
    .innerJoin("story_tags", "story_tags.tag_id", "tags.id")
    .select((eb) => ["tags.name", eb.fn.countAll<number | string>().as("stories")])
    .where(likeStart(sql.ref("tags.name"), prefix))
    .groupBy("tags.name")
    .orderBy("stories", "desc")
    .orderBy("tags.name")
    .limit(limit)
    .execute();
  return { tags: rows.map((row) => ({ name: row.name, stories: Number(row.stories) })) };
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

/** A story's tags, in their order. */
export async function tagsOf(db: Db, storyId: number): Promise<string[]> {
  const rows = await db
    .selectFrom("story_tags")
    .innerJoin("tags", "tags.id", "story_tags.tag_id")
    .select("tags.name")
    .where("story_tags.story_id", "=", storyId)
    .orderBy("story_tags.position")
    .execute();
  return rows.map((row) => row.name);
}

/** The story's category (a story has at most one) with its name and slug, or null. */
async function categoryObjectOf(db: Db, storyId: number): Promise<Category | null> {
  const row = await db
    .selectFrom("story_categories")
    .innerJoin("categories", "categories.id", "story_categories.category_id")
    .select(["categories.id", "categories.name", "categories.slug"])
    .where("story_categories.story_id", "=", storyId)
    .orderBy("categories.id")
    .executeTakeFirst();
  return row ? { id: Number(row.id), name: row.name, slug: row.slug } : null;
}

/** The story's category id, or null. */
export async function categoryOf(db: Db, storyId: number): Promise<number | null> {
  return (await categoryObjectOf(db, storyId))?.id ?? null;
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

/** A category id must name one of the list's categories (none is allowed: null). */
export async function checkCategory(db: Db, categoryId: number | null | undefined) {
  if (categoryId === null || categoryId === undefined) return;
  const found = await db
    .selectFrom("categories")
    .select("id")
    .where("id", "=", categoryId)
    .executeTakeFirst();
  if (!found) throw badRequest("Choose a category from the list", { categoryId: "unknown" });
}

export async function writeTagsAndCategory(
  db: Db,
  storyId: number,
  details: Partial<StoryDetails>,
) {
  if (details.tags) {
    await db.deleteFrom("story_tags").where("story_id", "=", storyId).execute();
    for (const [position, name] of details.tags.entries()) {
      await db
        .insertInto("tags")
        .values({ name })
        .onConflict((oc) => oc.column("name").doNothing())
        .execute();
      const tag = await db
        .selectFrom("tags")
        .select("id")
        .where("name", "=", name)
        .executeTakeFirstOrThrow();
      await db
        .insertInto("story_tags")
        .values({ story_id: storyId, tag_id: Number(tag.id), position })
        .execute();
    }
  }
  if (details.categoryId !== undefined) {
    await db.deleteFrom("story_categories").where("story_id", "=", storyId).execute();
    if (details.categoryId !== null) {
      await db
        .insertInto("story_categories")
        .values({ story_id: storyId, category_id: details.categoryId })
        .execute();
    }
  }
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
      ...(!byStaff && { modify_date: now }),
    };
    // A staff save of tags or a category alone, or of nothing, has no column to set: like
    // the writer's save of nothing, it answers the story as it is (an empty SET is not SQL).
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
  details: Partial<StoryDetails>,
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
 * Holds the story row for the rest of the transaction: on PostgreSQL two changes of one
 * story's tags or parts' order take turns (and cannot deadlock on its parts); SQLite runs one
 * transaction at a time anyway.
 */
export async function lockStory(trx: Db, storyId: number) {
  if (isPostgres(trx)) {
    await trx.selectFrom("stories").select("id").where("id", "=", storyId).forUpdate().execute();
  }
}

/**
 * Keeps the story's parts as they are for the rest of a purchase's transaction: changes to
 * them (deleting, unpublishing, pricing: lockStory) wait for it, and it for them. A key
 * share, so purchases do not wait for each other, nor for the story's counters. Answers the
 * story's sale columns as the purchase must price it.
 */
export async function holdStory(trx: Db, storyId: number) {
  const held = trx
    .selectFrom("stories")
    .select(["sale_percent", "sale_ends_at"])
    .where("id", "=", storyId);
  return (isPostgres(trx) ? held.forKeyShare() : held).executeTakeFirst();
}

/**
 * POST /apiv2/editstorytags: one tag (already normalised) added at the end, or removed.
 * Adding a tag the story has, or removing one it lacks, changes nothing. Answers the tags.
 */
export async function editStoryTag(
  db: Kysely<Database>,
  viewer: Viewer,
  storyId: number,
  change: { action: "add" | "remove"; tag: string },
): Promise<{ tags: string[] }> {
  await ownStory(db, viewer, storyId);
  assertNotTimedOut(viewer);
  const { tags, changed } = await db.transaction().execute(async (trx) => {
    await lockStory(trx, storyId);
    const before = await tagsOf(trx, storyId);
    if (before.includes(change.tag) === (change.action === "add")) {
      return { tags: before, changed: false };
    }
    const after =
      change.action === "add"
        ? [...before, change.tag]
        : before.filter((tag) => tag !== change.tag);
    if (after.length > MAX_TAGS) {
      const message = `A story has at most ${MAX_TAGS} tags: remove one before adding another`;
      throw badRequest(message, { tag_value: message });
    }
    await writeTagsAndCategory(trx, storyId, { tags: after });
    await trx
      .updateTable("stories")
      .set({ modify_date: Date.now() })
      .where("id", "=", storyId)
      .execute();
    return { tags: after, changed: true };
  });
  if (changed) storyChanged(storyId);
  return { tags };
}

/** A new draft part at the end of the story. */
export async function createPart(
  db: Kysely<Database>,
  viewer: Viewer,
  storyId: number,
  input: { title?: string; text?: string },
) {
  await ownStory(db, viewer, storyId);
  const text = sanitizePartHtml(input.text ?? "", { newId: newParagraphId });
  const now = Date.now();
  // The last position is read under the story's lock: parts added at once each get their own.
  const row = await db.transaction().execute(async (trx) => {
    await lockStory(trx, storyId);
    const last = await trx
      .selectFrom("parts")
      .select((eb) => eb.fn.max("position").as("position"))
      .where("story_id", "=", storyId)
      .executeTakeFirst();
    const position =
      last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1;
    return trx
      .insertInto("parts")
      .values({
        story_id: storyId,
        position,
        title: input.title || "Untitled Part",
        text,
        word_count: partWordCount(text),
        draft: 1,
        create_date: now,
        modify_date: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
  });
  await touchStory(db, storyId);
  return storyText(db, viewer, Number(row.id));
}

/**
 * GET /apiv2/storytext: the text the writer is working on and the hash a save must name.
 * For a published part with pending edits, that is the edits, not what readers see.
 */
export async function storyText(db: Kysely<Database>, viewer: Viewer, partId: number) {
  const part = await ownPart(db, viewer, partId);
  const edits = await pendingEdits(db, partId);
  const working = edits ?? part;
  return {
    ...partSummary({ ...part, title: working.title, edited: edits ? partId : null }),
    storyId: Number(part.story_id),
    ...(await moderatedPartText(db, working.text, viewer.id, viewer)),
    text_hash: textHash(working.text),
  };
}

/**
 * Saves a part's title and text. A text save names the hash of the text it was based on;
 * the update only happens while the stored text is still that one, so a save from a stale
 * tab (or a second device) is refused with 409 and overwrites nothing.
 */
export async function updatePart(
  db: Kysely<Database>,
  viewer: Viewer,
  partId: number,
  input: { title?: string; text?: string; textHash?: string },
) {
  const part = await ownPart(db, viewer, partId);
  if (Number(part.draft) === 0) return savePublishedEdits(db, viewer, part, input);
  const changes: { title?: string; text?: string; word_count?: number; modify_date: number } = {
    modify_date: Date.now(),
  };
  if (input.title !== undefined) changes.title = input.title;
  if (input.text !== undefined) {
    if (input.textHash !== textHash(part.text)) throw stale();
    changes.text = sanitizePartHtml(input.text, { newId: newParagraphId });
    changes.word_count = partWordCount(changes.text);
  }
  const result = await db
    .updateTable("parts")
    .set(changes)
    .where("id", "=", partId)
    .$if(input.text !== undefined, (qb) => qb.where("text", "=", part.text))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw stale();
  await touchStory(db, Number(part.story_id));
  return storyText(db, viewer, partId);
}

/**
 * A published part's edits wait as pending edits (part-edits.ts) until 'Publish Changes',
 * under the same stale-hash rule as a draft's text; readers keep the published text.
 */
async function savePublishedEdits(
  db: Kysely<Database>,
  viewer: Viewer,
  part: { id: number; story_id: number; title: string; text: string },
  input: { title?: string; text?: string; textHash?: string },
) {
  const partId = Number(part.id);
  const edits = await pendingEdits(db, partId);
  const current: PartEdits = edits ?? { title: part.title, text: part.text };
  const next = { title: input.title ?? current.title, text: current.text };
  if (input.text !== undefined) {
    if (input.textHash !== textHash(current.text)) throw stale();
    next.text = sanitizePartHtml(input.text, { newId: newParagraphId });
  }
  if (!(await saveEdits(db, partId, edits, next, input.text !== undefined))) throw stale();
  await touchStory(db, Number(part.story_id));
  return storyText(db, viewer, partId);
}

/** 'Publish Changes': readers get the pending edits of a published part. */
export async function publishChanges(db: Kysely<Database>, viewer: Viewer, partId: number) {
  const part = await ownPart(db, viewer, partId);
  assertNotTimedOut(viewer);
  await requireVerifiedEmail(db, viewer);
  if (Number(part.draft) === 1) {
    throw new HttpError(409, "not_published", "This part is a draft: publish it instead.");
  }
  const edits = await pendingEdits(db, partId);
  if (edits) {
    const applied = await db
      .transaction()
      .execute((trx) => applyEdits(trx, partId, edits, Date.now()));
    if (!applied) throw stale();
    await touchStory(db, Number(part.story_id));
    storyChanged(Number(part.story_id));
  }
  return storyText(db, viewer, partId);
}

/** Cancel: a published part's pending edits are dropped; the editor gets the published text. */
export async function discardChanges(db: Kysely<Database>, viewer: Viewer, partId: number) {
  await ownPart(db, viewer, partId);
  await dropEdits(db, partId);
  return storyText(db, viewer, partId);
}

/** Deleting a part hides it everywhere; its reads and comments stay with it. */
export async function deletePart(db: Kysely<Database>, viewer: Viewer, partId: number) {
  const part = await ownPart(db, viewer, partId);
  await db.transaction().execute(async (trx) => {
    // A purchase of it at this moment commits first, or finds it gone (coins/service.ts).
    await lockStory(trx, Number(part.story_id));
    await dropEdits(trx, partId);
    await trx
      .updateTable("parts")
      .set({ deleted: 1, scheduled_at: null, modify_date: Date.now() })
      .where("id", "=", partId)
      .execute();
  });
  await recountStory(db, Number(part.story_id));
  return { deleted: true };
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

/**
 * Back to a draft: readers no longer see it; the writer keeps the text, pending edits
 * included (a draft's edits are its text).
 */
export async function unpublishPart(db: Kysely<Database>, viewer: Viewer, partId: number) {
  const part = await ownPart(db, viewer, partId);
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    await lockStory(trx, Number(part.story_id)); // as deletePart does
    const edits = await pendingEdits(trx, partId);
    if (edits) await applyEdits(trx, partId, edits, now);
    await trx
      .updateTable("parts")
      .set({ draft: 1, published_at: null, scheduled_at: null, modify_date: now })
      .where("id", "=", partId)
      .execute();
  });
  await recountStory(db, Number(part.story_id));
  return storyText(db, viewer, partId);
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

async function requireVerifiedEmail(db: Kysely<Database>, viewer: Viewer) {
  const user = await db
    .selectFrom("users")
    .select("email_verified")
    .where("id", "=", viewer.id)
    .executeTakeFirstOrThrow();
  if (Number(user.email_verified) !== 1) {
    throw new HttpError(403, "email_unverified", "Verify your email address to publish.");
  }
}

/** What a story needs before any part of it goes out: spec §2's story-details publish form. */
async function requirePublishableStory(db: Kysely<Database>, viewer: Viewer, storyId: number) {
  const story = await storyForEditing(db, viewer, storyId);
  const missing = [
    story.title.trim() === "" && "a title",
    story.description.trim() === "" && "a description",
    story.tags.length === 0 && "tags",
    story.categoryId === null && "a category",
  ].filter((item): item is string => typeof item === "string");
  if (missing.length > 0) {
    throw new HttpError(
      400,
      "story_incomplete",
      `Add ${missing.join(", ")} to the story before publishing.`,
    );
  }
}

/** Publishes a draft now. */
export async function publishPart(db: Kysely<Database>, viewer: Viewer, partId: number) {
  const part = await ownPart(db, viewer, partId);
  assertNotTimedOut(viewer);
  await requireVerifiedEmail(db, viewer);
  await requirePublishableStory(db, viewer, Number(part.story_id));
  const now = Date.now();
  const result = await db
    .updateTable("parts")
    .set({ draft: 0, published_at: now, scheduled_at: null, modify_date: now })
    .where("id", "=", partId)
    .where("draft", "=", 1)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) {
    throw alreadyPublished();
  }
  await recountStory(db, Number(part.story_id));
  return storyText(db, viewer, partId);
}

/** Schedules a draft to publish at `at`; the job (job.ts) publishes it then. */
export async function schedulePart(
  db: Kysely<Database>,
  viewer: Viewer,
  partId: number,
  at: Date,
  now = Date.now(),
) {
  const part = await ownPart(db, viewer, partId);
  assertNotTimedOut(viewer, now);
  await requireVerifiedEmail(db, viewer);
  if (Number(part.draft) === 0) {
    throw alreadyPublished();
  }
  const time = at.getTime();
  if (time <= now) throw badRequest("Choose a time in the future", { datetime: "past" });
  if (time < now + SCHEDULE_STEP_MS) {
    throw badRequest("Choose a time at least 15 minutes from now", { datetime: "too_soon" });
  }
  if (time > latestScheduleTime(now)) {
    throw badRequest("Choose a time within one year", { datetime: "too_far" });
  }
  if (time % SCHEDULE_STEP_MS !== 0) {
    throw badRequest("Choose a time on a quarter hour (:00, :15, :30 or :45)", {
      datetime: "step",
    });
  }
  await requirePublishableStory(db, viewer, Number(part.story_id));
  // Still a draft when written: a publish (or delete) since the check above wins, and this
  // schedule changes nothing rather than leave a time on a published part.
  const result = await db
    .updateTable("parts")
    .set({ scheduled_at: time, modify_date: now })
    .where("id", "=", partId)
    .where("draft", "=", 1)
    .where("deleted", "=", 0)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) {
    await ownPart(db, viewer, partId); // 404 when it was deleted meanwhile
    throw alreadyPublished();
  }
  return { part_id: partId, scheduled_datetime: new Date(time).toISOString() };
}

export async function unschedulePart(db: Kysely<Database>, viewer: Viewer, partId: number) {
  await ownPart(db, viewer, partId);
  await db
    .updateTable("parts")
    .set({ scheduled_at: null, modify_date: Date.now() })
    .where("id", "=", partId)
    .where("draft", "=", 1)
    .execute();
  return { success: true };
}

async function touchStory(db: Db, storyId: number) {
  await db
    .updateTable("stories")
    .set({ modify_date: Date.now() })
    .where("id", "=", storyId)
    .execute();
}

/**
 * Sets the story's counters from its parts (not by adding one), so a recount is exact
 * whatever ran before or alongside it; a story with no published part is a draft again.
 * The counting statement runs after the story's lock is held: on PostgreSQL a statement
 * that only waited for the row would keep counting from the parts as they were before it
 * waited, and could overwrite a later recount with a stale one.
 */
export async function recountStory(db: Db, storyId: number) {
  const published = sql`FROM parts WHERE story_id = ${storyId} AND draft = 0 AND deleted = 0`;
  const recount = async (trx: Db) => {
    await lockStory(trx, storyId);
    await trx
      .updateTable("stories")
      .set({
        num_parts: sql<number>`(SELECT COUNT(*) ${published})`,
        last_published_at: sql<number | null>`(SELECT MAX(published_at) ${published})`,
        draft: sql<0 | 1>`(CASE WHEN EXISTS (SELECT 1 ${published}) THEN 0 ELSE 1 END)`,
        modify_date: Date.now(),
      })
      .where("id", "=", storyId)
      .execute();
  };
  await (db.isTransaction ? recount(db) : db.transaction().execute(recount));
  storyChanged(storyId);
}
