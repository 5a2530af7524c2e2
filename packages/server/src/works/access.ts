import type { Kysely, Transaction } from "kysely";
import { isPostgres } from "../db/engine.ts";
import type { Database } from "../db/schema.ts";
import { HttpError, notFound } from "../http/errors.ts";
import type { Viewer } from "../viewer.ts";

type Db = Kysely<Database> | Transaction<Database>;

export async function liveStory(db: Db, storyId: number) {
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
