import type {
  ReadingListDetails,
  ReadingListPage,
  ReadingListSummary,
  StoryCollections,
} from "@inkwell/shared";
import { isCurationAccount } from "@inkwell/shared";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { badRequest, HttpError, notFound } from "../http/errors.ts";
import { assertNotTimedOut } from "../moderation/service.ts";
import { selectStories, toStoryCards } from "../stories/cards.ts";
import { listedStory, visibleStories } from "../stories/service.ts";
import { userNamed } from "../users/service.ts";
import type { MaybeViewer, Viewer } from "../viewer.ts";

export interface Page {
  limit: number;
  offset: number;
}

const forbidden = (message: string) => new HttpError(403, "forbidden", message);

/** Library calls name the reader in the path; only they may read or change their Library. */
export function assertSelf(viewer: Viewer, username: string): void {
  if (username.toLowerCase() !== viewer.username.toLowerCase()) {
    throw forbidden("You can only see and change your own Library.");
  }
}

/**
 * The stories a reader may put in a list or the Library: published and, for mature
 * stories, only if their content setting shows them. All must exist, or nothing changes.
 */
export async function addableStories(db: Kysely<Database>, viewer: Viewer, storyIds: number[]) {
  const rows = await visibleStories(selectStories(db), viewer)
    .where("stories.id", "in", storyIds)
    .orderBy("stories.id")
    .execute();
  const missing = storyIds.find((id) => !rows.some((row) => row.id === id));
  if (missing !== undefined) throw notFound(`Story ${missing}`);
  return rows;
}

/**
 * A list's summary columns. The cover is the first story's that this viewer may see (the
 * list's own stories' rule, listedStory), so a visitor never sees a mature cover on someone's
 * list, nor a reader the cover of a story by someone they blocked.
 */
function selectLists(db: Kysely<Database>, viewer: MaybeViewer) {
  return db
    .selectFrom("reading_lists")
    .innerJoin("users", "users.id", "reading_lists.user_id")
    .select([
      "reading_lists.id",
      "reading_lists.user_id",
      "reading_lists.name",
      "reading_lists.is_private",
      "reading_lists.num_stories",
      "users.username",
      "users.name as user_name",
    ])
    .select((eb) =>
      eb
        .selectFrom("reading_list_stories")
        .innerJoin("stories", "stories.id", "reading_list_stories.story_id")
        .select("stories.cover")
        .whereRef("reading_list_stories.list_id", "=", "reading_lists.id")
        .where((inner) => listedStory(inner, viewer))
        .orderBy("reading_list_stories.position")
        .limit(1)
        .as("cover"),
    );
}

type ListRow = Awaited<ReturnType<ReturnType<typeof selectLists>["executeTakeFirstOrThrow"]>>;

function toSummary(row: ListRow): ReadingListSummary {
  return {
    id: row.id,
    name: row.name,
    user: { username: row.username, name: row.user_name },
    numStories: row.num_stories,
    cover: row.cover ?? null,
    tags: [],
    featured: isCurationAccount(row.username),
    isPrivate: row.is_private === 1,
  };
}

const isOwner = (row: Pick<ListRow, "user_id">, viewer: MaybeViewer) =>
  viewer !== null && viewer.id === row.user_id;

/** A list this viewer may see: someone else's private list is as good as missing. */
async function visibleList(db: Kysely<Database>, listId: number, viewer: MaybeViewer) {
  const row = await selectLists(db, viewer)
    .where("reading_lists.id", "=", listId)
    .executeTakeFirst();
  if (!row || (row.is_private === 1 && !isOwner(row, viewer))) throw notFound("Reading list");
  return row;
}

/** A list the viewer may change: theirs. A public list of someone else is a 403. */
async function ownList(db: Kysely<Database>, listId: number, viewer: Viewer) {
  const row = await visibleList(db, listId, viewer);
  if (!isOwner(row, viewer)) throw forbidden("Only the owner of a reading list can change it.");
  return row;
}

const summaryOf = async (db: Kysely<Database>, listId: number, viewer: Viewer) =>
  toSummary(await visibleList(db, listId, viewer));

/** The user's reading lists, newest first; private ones only for their owner. */
export async function userLists(
  db: Kysely<Database>,
  username: string,
  viewer: MaybeViewer,
  page: Page,
): Promise<ReadingListPage> {
  const user = await userNamed(db, username);
  const own = viewer?.id === user.id;
  const mine = <Q extends ReturnType<typeof selectLists>>(query: Q) =>
    query
      .where("reading_lists.user_id", "=", user.id)
      .$if(!own, (q) => q.where("reading_lists.is_private", "=", 0));
  const [rows, count] = await Promise.all([
    mine(selectLists(db, viewer))
      .orderBy("reading_lists.id", "desc")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    mine(selectLists(db, viewer))
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as("total"))
      .executeTakeFirstOrThrow(),
  ]);
  return { lists: rows.map(toSummary), total: Number(count.total) };
}

/** How many public lists a profile shows. */
export async function countPublicLists(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom("reading_lists")
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .where("user_id", "=", userId)
    .where("is_private", "=", 0)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** A list with the stories this viewer may see, in the owner's order. */
export async function getList(
  db: Kysely<Database>,
  listId: number,
  viewer: MaybeViewer,
): Promise<ReadingListDetails> {
  const row = await visibleList(db, listId, viewer);
  const stories = await visibleStories(selectStories(db), viewer)
    .innerJoin("reading_list_stories", "reading_list_stories.story_id", "stories.id")
    .where("reading_list_stories.list_id", "=", listId)
    .orderBy("reading_list_stories.position")
    .orderBy("reading_list_stories.added_at")
    .execute();
  return { ...toSummary(row), stories: await toStoryCards(db, stories) };
}

export interface NewList {
  name: string;
  isPrivate: boolean;
  stories: number[];
}

/**
 * Creates a list, or reuses the reader's list of that name whatever its case (reader.md
 * §5), and adds the stories to it. The unique (user, lower-case name) index settles a race
 * between two creates: the loser's insert does nothing and it reuses the winner's list.
 */
export async function createList(
  db: Kysely<Database>,
  viewer: Viewer,
  input: NewList,
  now = Date.now(),
): Promise<{ list: ReadingListSummary; created: boolean }> {
  // A public list's name shows on the profile: a time-out stops new ones, as it stops posts.
  if (!input.isPrivate) assertNotTimedOut(viewer, now);
  if (input.stories.length > 0) await addableStories(db, viewer, input.stories);
  const inserted = await db
    .insertInto("reading_lists")
    .values({
      user_id: viewer.id,
      name: input.name,
      name_lower: input.name.toLowerCase(),
      is_private: input.isPrivate ? 1 : 0,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(["user_id", "name_lower"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  const listId =
    inserted?.id ??
    (
      await db
        .selectFrom("reading_lists")
        .select("id")
        .where("user_id", "=", viewer.id)
        .where("name_lower", "=", input.name.toLowerCase())
        .executeTakeFirstOrThrow()
    ).id;
  if (input.stories.length > 0) await insertStories(db, listId, input.stories, now);
  return { list: await summaryOf(db, Number(listId), viewer), created: inserted !== undefined };
}

/**
 * Adds stories at the end of the list; a story already there keeps its one entry. The
 * list row is touched first: on PostgreSQL that locks it, so concurrent adds take their
 * positions one after another and num_stories moves by exactly the rows inserted.
 */
async function insertStories(
  db: Kysely<Database>,
  listId: number,
  storyIds: number[],
  now: number,
) {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("reading_lists")
      .set({ updated_at: now })
      .where("id", "=", listId)
      .execute();
    const last = await trx
      .selectFrom("reading_list_stories")
      .select((eb) => eb.fn.max("position").as("position"))
      .where("list_id", "=", listId)
      .executeTakeFirst();
    let position = (last?.position ?? -1) + 1;
    let added = 0;
    for (const storyId of storyIds) {
      const row = await trx
        .insertInto("reading_list_stories")
        .values({ list_id: listId, story_id: storyId, position, added_at: now })
        .onConflict((oc) => oc.columns(["list_id", "story_id"]).doNothing())
        .returning("story_id")
        .executeTakeFirst();
      if (row) {
        position++;
        added++;
      }
    }
    if (added > 0) await moveCounter(trx, listId, added);
  });
}

const moveCounter = (db: Kysely<Database>, listId: number, by: number) =>
  db
    .updateTable("reading_lists")
    .set((eb) => ({ num_stories: eb("num_stories", "+", by) }))
    .where("id", "=", listId)
    .execute();

export async function addToList(
  db: Kysely<Database>,
  viewer: Viewer,
  listId: number,
  storyIds: number[],
  now = Date.now(),
): Promise<ReadingListSummary> {
  await ownList(db, listId, viewer);
  await addableStories(db, viewer, storyIds);
  await insertStories(db, listId, storyIds, now);
  return summaryOf(db, listId, viewer);
}

/** Removing a story the list does not hold changes nothing. */
export async function removeFromList(
  db: Kysely<Database>,
  viewer: Viewer,
  listId: number,
  storyId: number,
  now = Date.now(),
): Promise<ReadingListSummary> {
  await ownList(db, listId, viewer);
  await db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom("reading_list_stories")
      .where("list_id", "=", listId)
      .where("story_id", "=", storyId)
      .returning("story_id")
      .executeTakeFirst();
    if (!removed) return;
    await moveCounter(trx, listId, -1);
    await trx
      .updateTable("reading_lists")
      .set({ updated_at: now })
      .where("id", "=", listId)
      .execute();
  });
  return summaryOf(db, listId, viewer);
}

export interface ListChanges {
  name?: string;
  isPrivate?: boolean;
}

/** Renames a list or changes its privacy; a name the owner already uses is refused. */
export async function updateList(
  db: Kysely<Database>,
  viewer: Viewer,
  listId: number,
  changes: ListChanges,
  now = Date.now(),
): Promise<ReadingListSummary> {
  const list = await ownList(db, listId, viewer);
  const publicAfter = !(changes.isPrivate ?? list.is_private === 1);
  if (publicAfter && (changes.name !== undefined || list.is_private === 1)) {
    assertNotTimedOut(viewer, now);
  }
  if (changes.name !== undefined) {
    const clash = await db
      .selectFrom("reading_lists")
      .select("id")
      .where("user_id", "=", viewer.id)
      .where("name_lower", "=", changes.name.toLowerCase())
      .where("id", "!=", listId)
      .executeTakeFirst();
    if (clash) {
      const message = `You already have a reading list called ${changes.name}.`;
      throw badRequest(message, { name: message });
    }
  }
  await db
    .updateTable("reading_lists")
    .set({
      updated_at: now,
      ...(changes.name !== undefined && {
        name: changes.name,
        name_lower: changes.name.toLowerCase(),
      }),
      ...(changes.isPrivate !== undefined && { is_private: changes.isPrivate ? 1 : 0 }),
    })
    .where("id", "=", listId)
    .execute();
  return summaryOf(db, listId, viewer);
}

export async function deleteList(db: Kysely<Database>, viewer: Viewer, listId: number) {
  await ownList(db, listId, viewer);
  await db.deleteFrom("reading_lists").where("id", "=", listId).execute();
}

/**
 * Puts the named stories first, in that order; stories left unnamed (one hidden from the
 * owner since, say) keep their order after them. Every named story must be in the list.
 */
export async function reorderList(
  db: Kysely<Database>,
  viewer: Viewer,
  listId: number,
  storyIds: number[],
  now = Date.now(),
): Promise<ReadingListDetails> {
  await ownList(db, listId, viewer);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("reading_lists")
      .set({ updated_at: now })
      .where("id", "=", listId)
      .execute();
    const rows = await trx
      .selectFrom("reading_list_stories")
      .select("story_id")
      .where("list_id", "=", listId)
      .orderBy("position")
      .orderBy("added_at")
      .execute();
    const held = rows.map((row) => Number(row.story_id));
    const stranger = storyIds.find((id) => !held.includes(id));
    if (stranger !== undefined) {
      const message = `Story ${stranger} is not in this reading list.`;
      throw badRequest(message, { stories: message });
    }
    const order = [...storyIds, ...held.filter((id) => !storyIds.includes(id))];
    for (const [position, storyId] of order.entries()) {
      await trx
        .updateTable("reading_list_stories")
        .set({ position })
        .where("list_id", "=", listId)
        .where("story_id", "=", storyId)
        .execute();
    }
  });
  return getList(db, listId, viewer);
}

/** Which of the reader's lists, and whether their Library, hold each story. */
export async function storyCollections(
  db: Kysely<Database>,
  viewer: Viewer,
  storyIds: number[],
): Promise<StoryCollections> {
  const [library, lists] = await Promise.all([
    db
      .selectFrom("library_stories")
      .select("story_id")
      .where("user_id", "=", viewer.id)
      .where("story_id", "in", storyIds)
      .execute(),
    db
      .selectFrom("reading_list_stories")
      .innerJoin("reading_lists", "reading_lists.id", "reading_list_stories.list_id")
      .select(["reading_list_stories.story_id", "reading_list_stories.list_id"])
      .where("reading_lists.user_id", "=", viewer.id)
      .where("reading_list_stories.story_id", "in", storyIds)
      .orderBy("reading_list_stories.list_id")
      .execute(),
  ]);
  const inLibrary = new Set(library.map((row) => Number(row.story_id)));
  return {
    stories: storyIds.map((id) => ({
      id,
      library: inLibrary.has(id),
      lists: lists.filter((row) => Number(row.story_id) === id).map((row) => Number(row.list_id)),
    })),
  };
}
