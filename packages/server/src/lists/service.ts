import type {
  ReadingListDetails,
  ReadingListPage,
  ReadingListSummary,
  StoryCollections,
} from "@inkwell/shared";
import {
  formatCount,
  isCurationAccount,
  LIST_STORIES_PAGE_MAX,
  MAX_LIST_STORIES,
  MAX_READING_LISTS,
} from "@inkwell/shared";
import type { ExpressionBuilder, Kysely } from "kysely";
import { recheckingGone } from "../db/constraint-errors.ts";
import { countOf } from "../db/count.ts";
import { isPostgres } from "../db/engine.ts";
import type { Database } from "../db/schema.ts";
import { badRequest, HttpError, notFound } from "../http/errors.ts";
import { nextPageUrl, type Page } from "../http/paging.ts";
import { assertNotTimedOut } from "../moderation/service.ts";
import { lockUsers } from "../safety/relations.ts";
import { selectStories, toStoryCards } from "../stories/cards.ts";
import { listedStory, visibleStories } from "../stories/service.ts";
import { userNamed } from "../users/service.ts";
import type { MaybeViewer, Viewer } from "../viewer.ts";
import { holdStories } from "../works/access.ts";

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
 * Lists whose owner has not blocked the viewer: a blocked account does not get the
 * blocker's lists, as it does not get their stories (accounts-safety-messaging.md §4).
 * A probe of user_blocks' primary key.
 */
const notBlockedByOwner = (eb: ExpressionBuilder<Database, "reading_lists">, viewerId: number) =>
  eb.not(
    eb.exists(
      eb
        .selectFrom("user_blocks")
        .select("user_blocks.blocker_id")
        .whereRef("user_blocks.blocker_id", "=", "reading_lists.user_id")
        .where("user_blocks.blocked_id", "=", viewerId),
    ),
  );

/**
 * A list's summary columns, of lists this viewer may see (notBlockedByOwner). The cover is
 * the first story's that this viewer may see (the list's own stories' rule, listedStory), so
 * a visitor never sees a mature cover on someone's list, nor a reader the cover of a story
 * by someone they blocked.
 */
function selectLists(db: Kysely<Database>, viewer: MaybeViewer) {
  const lists = db
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
  return viewer ? lists.where((eb) => notBlockedByOwner(eb, viewer.id)) : lists;
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
  const [rows, total] = await Promise.all([
    mine(selectLists(db, viewer))
      .orderBy("reading_lists.id", "desc")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    countOf(mine(selectLists(db, viewer))),
  ]);
  return { lists: rows.map(toSummary), total };
}

/** How many public lists a profile shows this viewer. */
export async function countPublicLists(
  db: Kysely<Database>,
  userId: number,
  viewer: MaybeViewer,
): Promise<number> {
  return (await publicListCounts(db, [userId], viewer)).get(userId) ?? 0;
}

/**
 * How many public lists each of these users' profiles shows this viewer (none: not in the
 * map), as their lists list them.
 */
export async function publicListCounts(
  db: Kysely<Database>,
  userIds: readonly number[],
  viewer: MaybeViewer,
): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const lists = db
    .selectFrom("reading_lists")
    .select((eb) => ["user_id", eb.fn.countAll<number>().as("total")])
    .where("user_id", "in", userIds)
    .where("is_private", "=", 0);
  const rows = await (viewer ? lists.where((eb) => notBlockedByOwner(eb, viewer.id)) : lists)
    .groupBy("user_id")
    .execute();
  return new Map(rows.map((row) => [Number(row.user_id), Number(row.total)]));
}

/** A list with a page of the stories this viewer may see, in the owner's order. */
export async function getList(
  db: Kysely<Database>,
  listId: number,
  viewer: MaybeViewer,
  page: Page = { limit: LIST_STORIES_PAGE_MAX, offset: 0 },
): Promise<ReadingListDetails> {
  const row = await visibleList(db, listId, viewer);
  const base = visibleStories(selectStories(db), viewer)
    .innerJoin("reading_list_stories", "reading_list_stories.story_id", "stories.id")
    .where("reading_list_stories.list_id", "=", listId);
  const [stories, total] = await Promise.all([
    base
      .orderBy("reading_list_stories.position")
      .orderBy("reading_list_stories.added_at")
      .orderBy("stories.id")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    countOf(base),
  ]);
  return {
    ...toSummary(row),
    stories: await toStoryCards(db, stories),
    nextUrl: nextPageUrl(`/api/v3/lists/${listId}`, page, stories.length, total),
  };
}

export interface NewList {
  name: string;
  isPrivate: boolean;
  stories: number[];
}

const tooManyLists = () => {
  const message = `You have ${formatCount(MAX_READING_LISTS)} reading lists, the most a reader can have: delete one to make another.`;
  return new HttpError(400, "too_many_lists", message, { name: message });
};

const listFull = (name: string, held: number) => {
  const most = formatCount(MAX_LIST_STORIES);
  const message =
    held >= MAX_LIST_STORIES
      ? `${name} holds ${most} stories, the most a reading list can hold: remove one to add another.`
      : `A reading list holds at most ${most} stories: ${name} has room for ${formatCount(MAX_LIST_STORIES - held)} more.`;
  return new HttpError(400, "list_full", message, { stories: message });
};

/**
 * Creates a list, or reuses the reader's list of that name whatever its case (reader.md
 * §5), and adds the stories to it; a reader at MAX_READING_LISTS may only reuse. The
 * owner's users row is locked first (PostgreSQL; SQLite runs one transaction at a time),
 * so two creates at once count and name-match one after the other: neither overshoots
 * the cap, and the second of two same-named creates reuses the first one's list.
 */
export async function createList(
  db: Kysely<Database>,
  viewer: Viewer,
  input: NewList,
  now = Date.now(),
): Promise<{ list: ReadingListSummary; created: boolean }> {
  // A public list's name shows on the profile: a time-out stops new ones, as it stops posts.
  if (!input.isPrivate) assertNotTimedOut(viewer, now);
  // A story may go with its writer's account meanwhile: then the check's 404 names it.
  const check = () => addableStories(db, viewer, input.stories);
  if (input.stories.length > 0) await check();
  const write = () =>
    db.transaction().execute(async (trx) => {
      await lockUsers(trx, [viewer.id]);
      const existing = await trx
        .selectFrom("reading_lists")
        .select(["id", "name"])
        .where("user_id", "=", viewer.id)
        .where("name_lower", "=", input.name.toLowerCase())
        .executeTakeFirst();
      const list = existing ?? (await insertList(trx, viewer, input, now));
      if (input.stories.length > 0) await insertStories(trx, list, input.stories, now);
      return { listId: Number(list.id), created: existing === undefined };
    });
  const { listId, created } = await recheckingGone(write, check);
  return { list: await summaryOf(db, listId, viewer), created };
}

/** A new list of the reader's, unless they already have MAX_READING_LISTS. */
async function insertList(trx: Kysely<Database>, viewer: Viewer, input: NewList, now: number) {
  const count = await trx
    .selectFrom("reading_lists")
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .where("user_id", "=", viewer.id)
    .executeTakeFirstOrThrow();
  if (Number(count.total) >= MAX_READING_LISTS) throw tooManyLists();
  return trx
    .insertInto("reading_lists")
    .values({
      user_id: viewer.id,
      name: input.name,
      name_lower: input.name.toLowerCase(),
      is_private: input.isPrivate ? 1 : 0,
      created_at: now,
      updated_at: now,
    })
    .returning(["id", "name"])
    .executeTakeFirstOrThrow();
}

/**
 * Adds stories at the end of the list, in the caller's transaction; a story already there
 * keeps its one entry. Refused whole if the list would hold more than MAX_LIST_STORIES.
 * On PostgreSQL the stories are held first, then the list row: the order an account closing
 * takes them in (its stories, then by cascade its lists), so an owner adding their own
 * stories as they close cannot deadlock with it (decision 119). Holding the list makes
 * concurrent adds count and take their positions one after another, so num_stories moves
 * by exactly the rows inserted. The list is written once, at the end: a second update of a
 * row the transaction already changed re-checks its owner's key, which waits for a closing
 * that holds the owner, as it waits for the stories held here.
 */
async function insertStories(
  trx: Kysely<Database>,
  list: { id: number; name: string },
  storyIds: number[],
  now: number,
) {
  await holdStories(trx, storyIds);
  if (isPostgres(trx)) {
    await trx
      .selectFrom("reading_lists")
      .select("id")
      .where("id", "=", list.id)
      .forNoKeyUpdate()
      .execute();
  }
  const [held, present] = await Promise.all([
    trx
      .selectFrom("reading_list_stories")
      .select((eb) => [eb.fn.countAll<number>().as("total"), eb.fn.max("position").as("last")])
      .where("list_id", "=", list.id)
      .executeTakeFirstOrThrow(),
    trx
      .selectFrom("reading_list_stories")
      .select("story_id")
      .where("list_id", "=", list.id)
      .where("story_id", "in", storyIds)
      .execute(),
  ]);
  const there = new Set(present.map((row) => Number(row.story_id)));
  const fresh = storyIds.filter((id) => !there.has(id));
  const total = Number(held.total);
  if (total + fresh.length > MAX_LIST_STORIES) throw listFull(list.name, total);
  if (fresh.length > 0) {
    const first = (held.last ?? -1) + 1;
    await trx
      .insertInto("reading_list_stories")
      .values(
        fresh.map((storyId, index) => ({
          list_id: list.id,
          story_id: storyId,
          position: first + index,
          added_at: now,
        })),
      )
      .execute();
  }
  await trx
    .updateTable("reading_lists")
    .set((eb) => ({ updated_at: now, num_stories: eb("num_stories", "+", fresh.length) }))
    .where("id", "=", list.id)
    .execute();
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
  // The list may go with its owner's account meanwhile, or a story with its writer's.
  const check = async () => {
    const list = await ownList(db, listId, viewer);
    await addableStories(db, viewer, storyIds);
    return list;
  };
  const list = await check();
  await recheckingGone(
    () => db.transaction().execute((trx) => insertStories(trx, list, storyIds, now)),
    check,
  );
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
 * owner since, say, or past the pages the owner has loaded) keep their order after them.
 * Every named story must be in the list, so a reorder never adds one. Only the rows whose
 * place changes are written: a move on a long list writes two.
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
      .select(["story_id", "position"])
      .where("list_id", "=", listId)
      .orderBy("position")
      .orderBy("added_at")
      .orderBy("story_id")
      .execute();
    const was = new Map(rows.map((row) => [Number(row.story_id), row.position]));
    const stranger = storyIds.find((id) => !was.has(id));
    if (stranger !== undefined) {
      const message = `Story ${stranger} is not in this reading list.`;
      throw badRequest(message, { stories: message });
    }
    const named = new Set(storyIds);
    const order = [...storyIds, ...[...was.keys()].filter((id) => !named.has(id))];
    for (const [position, storyId] of order.entries()) {
      if (was.get(storyId) === position) continue;
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
