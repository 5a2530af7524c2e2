import {
  DEFAULT_POSITION,
  formatPosition,
  type ReadingPosition,
  type ReadResult,
} from "@inkwell/shared";
import type { Kysely } from "kysely";
import { assertUnlocked } from "../coins/access.ts";
import { recheckingGone } from "../db/constraint-errors.ts";
import type { Database } from "../db/schema.ts";
import { readerSignalsChanged } from "../events.ts";
import { notFound } from "../http/errors.ts";
import { assertNotBlockedBy } from "../safety/relations.ts";
import { readablePart } from "../stories/readable-part.ts";
import { assertMatureAllowed, canSeeStory } from "../stories/service.ts";
import type { MaybeViewer, Viewer } from "../viewer.ts";
import { holdStory } from "../works/access.ts";

/**
 * Where the reader left the story: the saved part and position while that part is still
 * published, else the story's first published part at "0.0" (reader.md §3).
 */
export async function getReadingPosition(
  db: Kysely<Database>,
  viewer: Viewer,
  storyId: number,
): Promise<ReadingPosition> {
  const [story, saved, first] = await Promise.all([
    db
      .selectFrom("stories")
      .select(["user_id", "draft", "deleted", "rating"])
      .where("id", "=", storyId)
      .executeTakeFirst(),
    db
      .selectFrom("reading_positions")
      .innerJoin("parts", "parts.id", "reading_positions.part_id")
      .select(["reading_positions.part_id", "reading_positions.position"])
      .where("reading_positions.user_id", "=", viewer.id)
      .where("reading_positions.story_id", "=", storyId)
      .where("parts.draft", "=", 0)
      .where("parts.deleted", "=", 0)
      .executeTakeFirst(),
    db
      .selectFrom("parts")
      .select("id")
      .where("story_id", "=", storyId)
      .where("draft", "=", 0)
      .where("deleted", "=", 0)
      .orderBy("position")
      .limit(1)
      .executeTakeFirst(),
  ]);
  if (!story || !canSeeStory(story, viewer)) throw notFound("Story");
  assertMatureAllowed(story, viewer);
  await assertNotBlockedBy(db, story.user_id, viewer);
  if (saved) return { part: saved.part_id, position: formatPosition(saved.position) };
  return { part: first?.id ?? null, position: formatPosition(DEFAULT_POSITION) };
}

/**
 * Saves where the reader is, one row per reader and story, and answers the place kept.
 * Requests can arrive out of order (a throttled save racing the page's last beacon), so the
 * newer write wins. Opening an earlier part again keeps the furthest place until the reader
 * scrolls into its text (docs/decisions/123-furthest-reading-place.md): a save at a part's
 * start or end is what opening it reports (a part that fits on one screen is seen to its end
 * at once), only one part-way through its text shows the reader is reading there.
 */
export async function saveReadingPosition(
  db: Kysely<Database>,
  viewer: Viewer,
  input: { storyId: number; partId: number; position: number },
  now = Date.now(),
): Promise<ReadingPosition> {
  await readablePart(db, viewer, input.partId, { storyId: input.storyId });
  const readingThere = input.position > 0 && input.position < 1;
  await db
    .insertInto("reading_positions")
    .values({
      user_id: viewer.id,
      story_id: input.storyId,
      part_id: input.partId,
      position: input.position,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc
        .columns(["user_id", "story_id"])
        .doUpdateSet((eb) => ({
          part_id: eb.ref("excluded.part_id"),
          position: eb.ref("excluded.position"),
          updated_at: eb.ref("excluded.updated_at"),
        }))
        .where("reading_positions.updated_at", "<=", now)
        .where((eb) =>
          readingThere
            ? eb.lit(true)
            : eb.not(
                eb.exists(
                  eb
                    .selectFrom("parts as kept")
                    .innerJoin("parts as opened", "opened.story_id", "kept.story_id")
                    .select("kept.id")
                    .whereRef("kept.id", "=", "reading_positions.part_id")
                    .where("opened.id", "=", input.partId)
                    .where("kept.draft", "=", 0)
                    .where("kept.deleted", "=", 0)
                    .whereRef("kept.position", ">", "opened.position"),
                ),
              ),
        ),
    )
    .execute();
  readerSignalsChanged(viewer.id);
  const kept = await db
    .selectFrom("reading_positions")
    .select(["part_id", "position"])
    .where("user_id", "=", viewer.id)
    .where("story_id", "=", input.storyId)
    .executeTakeFirstOrThrow();
  return { part: kept.part_id, position: formatPosition(kept.position) };
}

/**
 * Records one read of a part: the row and both counters in one transaction, each counter
 * moved by an increment in the database, so concurrent reads are all counted. An author
 * reading their own story is not counted (reader.md, issue #4). Visitors count, unnamed.
 *
 * What counts as a read is decided by the reading page: it posts once per page view, after
 * the part has been on screen for READ_AFTER_MS, never while rendering on the server, so
 * crawlers, prefetches and the visitors' page cache do not inflate the counts.
 */
export async function recordRead(
  db: Kysely<Database>,
  viewer: MaybeViewer,
  partId: number,
  now = Date.now(),
): Promise<ReadResult> {
  const check = () => readablePart(db, viewer, partId);
  const part = await check();
  await assertUnlocked(db, viewer, { ...part, author_id: part.user_id });
  if (viewer?.id === part.user_id) {
    const own = await db
      .selectFrom("parts")
      .select("read_count")
      .where("id", "=", partId)
      .executeTakeFirstOrThrow();
    return { counted: false, readCount: own.read_count };
  }
  // The part may go with its writer's account meanwhile: then the check's 404 says so.
  const write = () =>
    db.transaction().execute(async (trx) => {
      await holdStory(trx, part.story_id);
      await trx
        .insertInto("reads")
        .values({
          user_id: viewer?.id ?? null,
          part_id: partId,
          story_id: part.story_id,
          created_at: now,
        })
        .execute();
      const counted = await trx
        .updateTable("parts")
        .set((eb) => ({ read_count: eb("read_count", "+", 1) }))
        .where("id", "=", partId)
        .returning("read_count")
        .executeTakeFirstOrThrow();
      await trx
        .updateTable("stories")
        .set((eb) => ({ read_count: eb("read_count", "+", 1) }))
        .where("id", "=", part.story_id)
        .execute();
      return counted.read_count;
    });
  const readCount = await recheckingGone(write, check);
  // The story's cached pages are left alone: reads come constantly, and a read count a
  // couple of seconds old is fine, whereas dropping the page cache on every read is not.
  return { counted: true, readCount };
}

const DAY = 86_400_000;

/**
 * Adds what the reading page reports of time on a part to the reader's latest read of it in
 * the last day: a writer's engaged readers (analytics) are those with 5 minutes or more. A
 * reader without such a read (the author, or a read not counted yet) records nothing.
 */
export async function addReadingTime(
  db: Kysely<Database>,
  viewer: Viewer,
  partId: number,
  seconds: number,
  now = Date.now(),
): Promise<{ recorded: boolean }> {
  const latest = await db
    .selectFrom("reads")
    .select("id")
    .where("user_id", "=", viewer.id)
    .where("part_id", "=", partId)
    .where("created_at", ">=", now - DAY)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!latest) return { recorded: false };
  await db
    .updateTable("reads")
    .set((eb) => ({ seconds: eb("seconds", "+", seconds) }))
    .where("id", "=", latest.id)
    .execute();
  return { recorded: true };
}
