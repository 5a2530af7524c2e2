import {
  countNewParts,
  type LibraryItem,
  type LibraryPage,
  type LibrarySort,
  type StoryCard,
} from "@inkwell/shared";
import type { Kysely } from "kysely";
import { recheckingGone } from "../db/constraint-errors.ts";
import { countOf } from "../db/count.ts";
import type { Database } from "../db/schema.ts";
import { HttpError } from "../http/errors.ts";
import type { Page } from "../http/paging.ts";
import {
  iso,
  loadCardParts,
  type PartRow,
  selectStories,
  toPartSummary,
  toStoryCard,
} from "../stories/cards.ts";
import { visibleStories } from "../stories/service.ts";
import { userNamed } from "../users/service.ts";
import type { Viewer } from "../viewer.ts";
import { addableStories, assertSelf } from "./service.ts";

/** The Library is private: every call names the reader and must be them (assertSelf). */
export async function addToLibrary(
  db: Kysely<Database>,
  viewer: Viewer,
  username: string,
  storyIds: number[],
  now = Date.now(),
): Promise<{ stories: Pick<StoryCard, "id">[] }> {
  assertSelf(viewer, username);
  // A story may go with its writer's account meanwhile, or the Library with its reader's:
  // then the check's 404 names what is gone.
  const check = async () => {
    await userNamed(db, username);
    return addableStories(db, viewer, storyIds);
  };
  await check();
  await recheckingGone(
    () =>
      db
        .insertInto("library_stories")
        .values(storyIds.map((id) => ({ user_id: viewer.id, story_id: id, added_at: now })))
        .onConflict((oc) => oc.columns(["user_id", "story_id"]).doNothing())
        .execute(),
    check,
  );
  return { stories: storyIds.map((id) => ({ id })) };
}

/** Removing a story the Library does not hold changes nothing. */
export async function removeFromLibrary(
  db: Kysely<Database>,
  viewer: Viewer,
  username: string,
  storyId: number,
): Promise<{ removed: boolean }> {
  assertSelf(viewer, username);
  const row = await db
    .deleteFrom("library_stories")
    .where("user_id", "=", viewer.id)
    .where("story_id", "=", storyId)
    .returning("story_id")
    .executeTakeFirst();
  return { removed: row !== undefined };
}

export async function archiveInLibrary(
  db: Kysely<Database>,
  viewer: Viewer,
  username: string,
  storyId: number,
  archived: boolean,
): Promise<{ id: number; archived: boolean }> {
  assertSelf(viewer, username);
  const row = await db
    .updateTable("library_stories")
    .set({ archived: archived ? 1 : 0 })
    .where("user_id", "=", viewer.id)
    .where("story_id", "=", storyId)
    .returning("story_id")
    .executeTakeFirst();
  if (!row) throw notInLibrary();
  return { id: storyId, archived };
}

const notInLibrary = () => new HttpError(404, "not_found", "That story is not in your Library");

export interface LibraryQuery extends Page {
  sort: LibrarySort;
  archived: boolean;
}

/**
 * The reader's Library (or its Archive) as they may see it now: a story unpublished since
 * it was added drops out until it is back. Most recently read first by default; stories
 * never opened come after those read, newest added first.
 */
export async function libraryPage(
  db: Kysely<Database>,
  viewer: Viewer,
  username: string,
  query: LibraryQuery,
  now = Date.now(),
): Promise<LibraryPage> {
  assertSelf(viewer, username);
  const base = visibleStories(selectStories(db), viewer)
    .innerJoin("library_stories", "library_stories.story_id", "stories.id")
    .leftJoin("reading_positions", (join) =>
      join
        .onRef("reading_positions.story_id", "=", "stories.id")
        .on("reading_positions.user_id", "=", viewer.id),
    )
    .where("library_stories.user_id", "=", viewer.id)
    .where("library_stories.archived", "=", query.archived ? 1 : 0);
  const ordered =
    query.sort === "title"
      ? base.orderBy((eb) => eb.fn("lower", ["stories.title"]))
      : query.sort === "added"
        ? base.orderBy("library_stories.added_at", "desc")
        : base
            .orderBy((eb) => eb.fn.coalesce("reading_positions.updated_at", eb.lit(0)), "desc")
            .orderBy("library_stories.added_at", "desc");
  const [rows, total] = await Promise.all([
    ordered
      .select([
        "library_stories.added_at",
        "library_stories.archived",
        "reading_positions.part_id as read_part_id",
        "reading_positions.position as read_position",
        "reading_positions.updated_at as read_at",
      ])
      .orderBy("stories.id", "desc")
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
    countOf(base),
  ]);
  const { tags, categories, parts } = await loadCardParts(
    db,
    rows.map((row) => row.id),
  );
  return {
    stories: rows.map((row): LibraryItem => {
      const published = parts.get(row.id) ?? [];
      return {
        story: toStoryCard(row, published, tags.get(row.id) ?? [], categories.get(row.id) ?? []),
        addedAt: iso(row.added_at),
        archived: row.archived === 1,
        lastReadAt: row.read_at === null ? null : iso(row.read_at),
        progress: progressOf(published, row.read_part_id, row.read_position),
        numNewParts: countNewParts(
          published.map((part) => toPartSummary(part, now)),
          now,
        ).numNewParts,
      };
    }),
    total,
  };
}

/**
 * Where the reader is: part N of M, and the share of the story read, counting each part
 * as an equal share (parts differ in length, but readers think in parts). A saved part
 * that is no longer published counts as not started.
 */
function progressOf(
  published: PartRow[],
  partId: number | null,
  position: number | null,
): LibraryItem["progress"] {
  const index = published.findIndex((part) => part.id === partId);
  if (index < 0 || partId === null) return null;
  const of = published.length;
  return {
    partId,
    part: index + 1,
    of,
    percent: Math.floor(((index + (position ?? 0)) / of) * 100),
  };
}
