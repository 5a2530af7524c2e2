import { createHash, randomBytes } from "node:crypto";
import {
  EMPTY_PART_MESSAGE,
  latestScheduleTime,
  partHasContent,
  partWordCount,
  SCHEDULE_STEP_MS,
  sanitizePartHtml,
} from "@inkwell/shared";
import { type Kysely, sql, type Transaction, type UpdateResult } from "kysely";
import type { Database } from "../db/schema.ts";
import { storyChanged } from "../events.ts";
import { badRequest, HttpError } from "../http/errors.ts";
import { moderatedPartText } from "../image-moderation/service.ts";
import { assertNotTimedOut } from "../moderation/service.ts";
import type { Viewer } from "../viewer.ts";
import { liveStory, lockStory, ownPart, ownStory } from "./access.ts";
import { categoryOf, tagsOf } from "./classification.ts";
import { applyEdits, dropEdits, type PartEdits, pendingEdits, saveEdits } from "./part-edits.ts";
import { partSummary } from "./part-summary.ts";

type Db = Kysely<Database> | Transaction<Database>;

const alreadyPublished = () =>
  new HttpError(409, "already_published", "This part is already published.");

const stale = () =>
  new HttpError(
    409,
    "stale_text",
    "This part was changed somewhere else since you opened it. Your changes were not saved: reload to get the latest version.",
  );

export const textHash = (text: string) => createHash("sha256").update(text).digest("hex");

/** Paragraph ids: short, random, and unique within a part (sanitizePartHtml checks that). */
const newParagraphId = () => `p${randomBytes(5).toString("hex")}`;

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
    scheduledEmpty: part.scheduled_at !== null && !partHasContent(working.text),
  };
}

/**
 * Whether a save keeps the title and text as they are (saved again with nothing typed): it
 * then stores nothing, so neither the part's nor its story's modified date moves.
 */
const unchanged = (current: PartEdits, next: { title?: string; text?: string }) =>
  (next.title ?? current.title) === current.title && (next.text ?? current.text) === current.text;

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
  if (unchanged(part, changes)) return storyText(db, viewer, partId);
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
  if (unchanged(current, next)) return storyText(db, viewer, partId);
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
    requireContent(edits.text);
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
async function requirePublishableStory(db: Kysely<Database>, storyId: number) {
  const [story, tags, categoryId] = await Promise.all([
    liveStory(db, storyId),
    tagsOf(db, storyId),
    categoryOf(db, storyId),
  ]);
  const missing = [
    story.title.trim() === "" && "a title",
    story.description.trim() === "" && "a description",
    tags.length === 0 && "tags",
    categoryId === null && "a category",
  ].filter((item): item is string => typeof item === "string");
  if (missing.length > 0) {
    throw new HttpError(
      400,
      "story_incomplete",
      `Add ${missing.join(", ")} to the story before publishing.`,
    );
  }
}

/**
 * A draft with neither words nor a picture stays a draft, and a published part keeps its
 * text rather than go out blank; saving either empty is fine (decision 090).
 */
function requireContent(text: string) {
  if (!partHasContent(text)) throw new HttpError(400, "part_empty", EMPTY_PART_MESSAGE);
}

/** Publishes a draft now. */
export async function publishPart(db: Kysely<Database>, viewer: Viewer, partId: number) {
  const part = await ownPart(db, viewer, partId);
  assertNotTimedOut(viewer);
  await requireVerifiedEmail(db, viewer);
  requireContent(part.text);
  await requirePublishableStory(db, Number(part.story_id));
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
  // The field says what the message says, as every refusal of a field does.
  const refuse = (message: string) => badRequest(message, { datetime: message });
  if (time <= now) throw refuse("Choose a time in the future");
  if (time < now + SCHEDULE_STEP_MS) throw refuse("Choose a time at least 15 minutes from now");
  if (time > latestScheduleTime(now)) throw refuse("Choose a time within one year");
  if (time % SCHEDULE_STEP_MS !== 0) {
    throw refuse("Choose a time on a quarter hour (:00, :15, :30 or :45)");
  }
  requireContent(part.text);
  await requirePublishableStory(db, Number(part.story_id));
  // Still a draft when written: a publish (or delete) since the check above wins, and this
  // schedule changes nothing rather than leave a time on a published part.
  const result = await db
    .updateTable("parts")
    .set({ scheduled_at: time, modify_date: now })
    .where("id", "=", partId)
    .where("draft", "=", 1)
    .where("deleted", "=", 0)
    .executeTakeFirst();
  await requireDraftWritten(db, viewer, partId, result);
  return { part_id: partId, scheduled_datetime: new Date(time).toISOString() };
}

/**
 * Takes a draft's time off. A part already out (its time came, or it was published) says so
 * rather than succeed: the writer's editor would otherwise show a draft that is live.
 */
export async function unschedulePart(db: Kysely<Database>, viewer: Viewer, partId: number) {
  await ownPart(db, viewer, partId);
  const result = await db
    .updateTable("parts")
    .set({ scheduled_at: null, modify_date: Date.now() })
    .where("id", "=", partId)
    .where("draft", "=", 1)
    .where("deleted", "=", 0)
    .executeTakeFirst();
  await requireDraftWritten(db, viewer, partId, result);
  return { success: true };
}

/** A write kept to a live draft that wrote nothing: the part is out, or (404) gone meanwhile. */
async function requireDraftWritten(
  db: Kysely<Database>,
  viewer: Viewer,
  partId: number,
  result: UpdateResult,
) {
  if (Number(result.numUpdatedRows) === 1) return;
  await ownPart(db, viewer, partId);
  throw alreadyPublished();
}

export async function touchStory(db: Db, storyId: number) {
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
