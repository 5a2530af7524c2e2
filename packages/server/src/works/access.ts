import type { Kysely, Selectable, Transaction } from "kysely";
import { isPostgres } from "../db/engine.ts";
import type { Database, StoriesTable } from "../db/schema.ts";
import { HttpError, notFound } from "../http/errors.ts";
import { isPublished } from "../stories/cards.ts";
import { canSeeStory } from "../stories/service.ts";
import { isAuthorOrStaff, type Viewer } from "../viewer.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** The story unless it is deleted: gone for everyone, its author too. */
const storyRow = (db: Db, storyId: number) =>
  db
    .selectFrom("stories")
    .selectAll()
    .where("id", "=", storyId)
    .where("deleted", "=", 0)
    .executeTakeFirst();

export async function liveStory(db: Db, storyId: number) {
  const story = await storyRow(db, storyId);
  if (!story) throw notFound("The story");
  return story;
}

const CHANGE_REFUSAL = "Only the author can change this story.";

/**
 * Refuses a viewer who may not change the story: a 403 only when they may see it (a public
 * story, or staff looking at a draft); a draft of someone else's answers as an unknown id
 * would, so that no author-only call reveals that it exists.
 */
function assertMayChange(
  story: Selectable<StoriesTable>,
  viewer: Viewer,
  mayChange: boolean,
  refusal = CHANGE_REFUSAL,
) {
  if (mayChange) return;
  if (!canSeeStory(story, viewer)) throw notFound("The story");
  throw new HttpError(403, "forbidden", refusal);
}

/**
 * The story if the viewer wrote it: 404 when there is none or it is hidden from them, else 403
 * with `refusal`, which says what only the author may do (change the story, unless told).
 */
export async function ownStory(db: Db, viewer: Viewer, storyId: number, refusal = CHANGE_REFUSAL) {
  const story = await liveStory(db, storyId);
  assertMayChange(story, viewer, Number(story.user_id) === viewer.id, refusal);
  return story;
}

/**
 * The story if the viewer may change its Story Details and cover: its author, or a system
 * admin (reader.md §6, edit details). Its parts and Story Notes stay the author's alone.
 */
export async function detailsEditableStory(db: Db, viewer: Viewer, storyId: number) {
  const story = await liveStory(db, storyId);
  assertMayChange(story, viewer, Number(story.user_id) === viewer.id || viewer.isSysAdmin);
  return story;
}

/** Whether the viewer changes the story as staff rather than as its author. */
export const editsAsStaff = (story: { user_id: number }, viewer: Viewer) =>
  Number(story.user_id) !== viewer.id;

/**
 * The part if the viewer wrote its story: 404 when there is none, or when it or its story is
 * hidden from them (a draft part, a draft or deleted story: what an unknown part id answers),
 * 403 for anyone else.
 */
export async function ownPart(db: Db, viewer: Viewer, partId: number) {
  const part = await db
    .selectFrom("parts")
    .selectAll()
    .where("id", "=", partId)
    .where("deleted", "=", 0)
    .executeTakeFirst();
  const story = part && (await storyRow(db, Number(part.story_id)));
  const seen =
    story &&
    canSeeStory(story, viewer) &&
    (isPublished(part) || isAuthorOrStaff(Number(story.user_id), viewer));
  if (!seen) throw notFound("The part");
  assertMayChange(story, viewer, Number(story.user_id) === viewer.id);
  return part;
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
 * lockStory for every story of a user: an account closing holds them while it counts, so an
 * add to a reading list either commits first and is counted or waits and finds them gone.
 */
export async function lockStoriesOf(trx: Db, userId: number) {
  if (isPostgres(trx)) {
    await trx
      .selectFrom("stories")
      .select("id")
      .where("user_id", "=", userId)
      .orderBy("id")
      .forUpdate()
      .execute();
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
 * holdStory for several stories, in id order, as an account closing locks its stories
 * (lockStoriesOf): a write that takes them before its other rows cannot deadlock with it.
 */
export async function holdStories(trx: Db, storyIds: readonly number[]) {
  if (isPostgres(trx) && storyIds.length > 0) {
    await trx
      .selectFrom("stories")
      .select("id")
      .where("id", "in", [...new Set(storyIds)])
      .orderBy("id")
      .forKeyShare()
      .execute();
  }
}
