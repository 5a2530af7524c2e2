import {
  type ContinueReadingItem,
  type ContinueReadingSection,
  GENRE_MESSAGES,
  genreTagOf,
  MAX_GENRES,
} from "@inkwell/shared";
import type { ExpressionBuilder, Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { readerSignalsChanged } from "../events.ts";
import { badRequest } from "../http/errors.ts";
import { assertOwnContentSettings } from "../safety/content-settings.ts";
import { lockUsers } from "../safety/relations.ts";
import { iso } from "../stories/cards.ts";
import { listedStory } from "../stories/service.ts";
import type { Viewer } from "../viewer.ts";

const CONTINUE_SIZE = 10;

export const continueReadingPath = (username: string) =>
  `/v5/users/${encodeURIComponent(username)}/continue-reading`;

/** The strip's section, as the feed sends it and as its dynamic path answers it again. */
export const continueReadingSection = (
  username: string,
  items: ContinueReadingItem[],
): ContinueReadingSection => ({
  type: "continueReadingSwimlane",
  data: { heading: "Continue reading", items },
  dynamic: { path: continueReadingPath(username) },
});

/** The reader's genres from onboarding, in the order chosen. */
export async function preferredTagsOf(db: Kysely<Database>, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom("preferred_tags")
    .select("tag")
    .where("user_id", "=", userId)
    .orderBy("position")
    .execute();
  return rows.map((row) => row.tag);
}

/** Replaces the reader's preferred genres (reader.md §7 content-settings {preferredTags}). */
export async function setPreferredTags(
  db: Kysely<Database>,
  viewer: Viewer,
  username: string,
  typed: string[],
): Promise<{ preferredTags: string[] }> {
  assertOwnContentSettings(viewer, username);
  const named = typed.map(genreTagOf);
  const tags = [...new Set(named.filter((tag) => tag !== null))];
  const problem = named.includes(null)
    ? GENRE_MESSAGES.notGenre
    : tags.length > MAX_GENRES
      ? GENRE_MESSAGES.tooMany
      : null;
  if (problem) throw badRequest(problem, { preferredTags: problem });
  await db.transaction().execute(async (trx) => {
    // Two saves at once (a double press of Finish) replace the list one after the other.
    await lockUsers(trx, [viewer.id]);
    await trx.deleteFrom("preferred_tags").where("user_id", "=", viewer.id).execute();
    if (tags.length > 0) {
      await trx
        .insertInto("preferred_tags")
        .values(tags.map((tag, position) => ({ user_id: viewer.id, tag, position })))
        .execute();
    }
  });
  readerSignalsChanged(viewer.id);
  return { preferredTags: tags };
}

/**
 * The stories the reader has a reading position in, most recently read first, as
 * continue-reading items. new_parts counts parts published since they last read.
 */
export async function continueReading(
  db: Kysely<Database>,
  viewer: Viewer,
  limit = CONTINUE_SIZE,
): Promise<ContinueReadingItem[]> {
  const rows = await db
    .selectFrom("reading_positions")
    .innerJoin("stories", "stories.id", "reading_positions.story_id")
    .innerJoin("parts", "parts.id", "reading_positions.part_id")
    .where("reading_positions.user_id", "=", viewer.id)
    .where("parts.draft", "=", 0)
    .where("parts.deleted", "=", 0)
    // On the joined row itself: an IN over every listed story would read the whole catalogue.
    .where((eb) => listedStory(eb as unknown as ExpressionBuilder<Database, "stories">, viewer))
    .select([
      "stories.id",
      "stories.title",
      "stories.cover",
      "stories.num_parts",
      "stories.last_published_at",
      "parts.id as part_id",
      "parts.title as part_title",
    ])
    .select((eb) => [
      eb
        .selectFrom("parts as earlier")
        .select(eb.fn.countAll<number>().as("n"))
        .whereRef("earlier.story_id", "=", "stories.id")
        .whereRef("earlier.position", "<=", "parts.position")
        .where("earlier.draft", "=", 0)
        .where("earlier.deleted", "=", 0)
        .as("part_number"),
      eb
        .selectFrom("parts as fresh")
        .select(eb.fn.countAll<number>().as("n"))
        .whereRef("fresh.story_id", "=", "stories.id")
        .whereRef("fresh.published_at", ">", "reading_positions.updated_at")
        .where("fresh.draft", "=", 0)
        .where("fresh.deleted", "=", 0)
        .as("new_parts"),
    ])
    .orderBy("reading_positions.updated_at", "desc")
    .orderBy("stories.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    cover: row.cover,
    type: "currentRead",
    heading: row.part_title,
    current_part: { number: Number(row.part_number), id: row.part_id },
    new_parts: Number(row.new_parts),
    total_parts: row.num_parts,
    last_pub_date: row.last_published_at === null ? null : iso(row.last_published_at),
  }));
}
