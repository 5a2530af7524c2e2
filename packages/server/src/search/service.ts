import type {
  RecentSearches,
  StorySearchFilters,
  StorySearchResult,
  UserSearchResult,
} from "@inkwell/shared";
import type { Kysely } from "kysely";
import type { Engine } from "../db/engine.ts";
import type { Database } from "../db/schema.ts";
import { publicListCounts } from "../lists/service.ts";
import { badgesOf, iso, selectStories, toStoryCards } from "../stories/cards.ts";
import { visibleStories } from "../stories/service.ts";
import { followCounts } from "../users/service.ts";
import type { MaybeViewer, Viewer } from "../viewer.ts";
import { ResultCache } from "./result-cache.ts";
import { type SearchTerms, searchIndexFor } from "./search-index.ts";
import { storyFilter } from "./story-filters.ts";

/** More words than this add little but cost a join each: the rest are ignored. */
const MAX_TOKENS = 8;
const MAX_TOKEN_LENGTH = 40;
/** reader.md §2: recent searches shown (and kept) per reader. */
export const RECENT_KEPT = 10;
const RECENT_MAX_LENGTH = 200;

/**
 * The words of a query, lower-cased: runs of letters and digits. Punctuation, quotes and
 * operators are separators, so `NEAR(`, `"` or `'; DROP` are harmless, and a query of
 * punctuation alone has no terms (and matches nothing).
 */
export function searchTerms(query: string): SearchTerms {
  const tokens = [
    ...new Set(
      (
        query
          .normalize("NFKC")
          .toLowerCase()
          .match(/[\p{L}\p{N}]+/gu) ?? []
      ).map((token) => token.slice(0, MAX_TOKEN_LENGTH)),
    ),
  ].slice(0, MAX_TOKENS);
  return { tokens, text: tokens.join(" ") };
}

export interface Page {
  limit: number;
  offset: number;
}

export interface StorySearch extends Page {
  query: string;
  filters: StorySearchFilters;
}

/** The query string of a story search page: the same search, from `offset`. */
export function storySearchParams(search: StorySearch, offset: number): URLSearchParams {
  const { filters } = search;
  const params = new URLSearchParams({ query: search.query, limit: String(search.limit) });
  if (filters.updated.length > 0) params.set("updated", filters.updated.join(","));
  if (filters.content.length > 0) params.set("content", filters.content.join(","));
  if (filters.length !== "anyLength") params.set("length", filters.length);
  if (filters.hideMature) params.set("hideMature", "1");
  params.set("offset", String(offset));
  return params;
}

const caches = new WeakMap<Kysely<Database>, ResultCache>();
/** SEARCH_CACHE=off: every search is ranked afresh (bench/search.ts --uncached). */
const cacheOff = process.env.SEARCH_CACHE === "off";

export interface SearchOptions {
  now?: number;
  /** false: neither read nor keep a cached answer (bench/search-cost.ts measures the work). */
  cached?: boolean;
}

/**
 * The index caught up with every write before it is read (a write is searchable from the
 * next search on), and the visitors' answers kept for this database, emptied when the
 * index saw a write; none where the index cannot see every write.
 */
async function searchReady(db: Kysely<Database>, engine: Engine, options: SearchOptions) {
  const index = searchIndexFor(engine);
  if (await index.catchUp(db)) caches.get(db)?.clear();
  if (!index.seesEveryWrite || cacheOff || options.cached === false) return { index, cache: null };
  let cache = caches.get(db);
  if (!cache) {
    cache = new ResultCache();
    caches.set(db, cache);
  }
  return { index, cache };
}

/**
 * Stories matching the query, best first: the engine's relevance score, plus a boost for a
 * tag named like the query, then the most read. Visibility (published, mature for those
 * who see it) and every filter are conditions of the ranking itself, so pages are full.
 * One rank more than asked says whether there is a next page, without counting matches.
 */
export async function searchStories(
  db: Kysely<Database>,
  engine: Engine,
  search: StorySearch,
  viewer: MaybeViewer,
  options: SearchOptions = {},
): Promise<StorySearchResult> {
  const terms = searchTerms(search.query);
  if (terms.tokens.length === 0) return { stories: [], nextUrl: null };
  const { index, cache } = await searchReady(db, engine, options);
  const key = cache && !viewer ? `stories ${storySearchParams(search, search.offset)}` : null;
  const cached = key ? cache?.get<StorySearchResult>(key) : undefined;
  if (cached) return cached;

  const filter = storyFilter(search.filters, viewer, options.now ?? Date.now());
  const ranked = filter
    ? await index.rankStories(db, {
        terms,
        filter,
        viewer,
        offset: search.offset,
        count: search.limit + 1,
      })
    : [];
  const ids = ranked.slice(0, search.limit);
  const rows =
    ids.length > 0 ? await selectStories(db).where("stories.id", "in", ids).execute() : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const page = ids.flatMap((id) => byId.get(id) ?? []);
  const result = {
    stories: await toStoryCards(db, page),
    nextUrl:
      ranked.length > search.limit
        ? `/v4/search/stories?${storySearchParams(search, search.offset + page.length)}`
        : null,
  };
  if (key) cache?.set(key, result, ids);
  return result;
}

export interface UserSearch extends Page {
  query: string;
}

/**
 * People whose username or name match, the exact username first, then by relevance and
 * followers; each with the profile card's counts and whether the viewer follows them.
 */
export async function searchUsers(
  db: Kysely<Database>,
  engine: Engine,
  search: UserSearch,
  viewer: MaybeViewer,
  options: SearchOptions = {},
): Promise<UserSearchResult> {
  const terms = searchTerms(search.query);
  if (terms.tokens.length === 0) return { users: [], nextUrl: null };
  const params = new URLSearchParams({ query: search.query, limit: String(search.limit) });
  const { index, cache } = await searchReady(db, engine, options);
  const key = cache && !viewer ? `users ${params} ${search.offset}` : null;
  const cached = key ? cache?.get<UserSearchResult>(key) : undefined;
  if (cached) return cached;

  const ranked = await index.rankUsers(db, {
    terms,
    username: search.query.trim().toLowerCase(),
    offset: search.offset,
    count: search.limit + 1,
  });
  const ids = ranked.slice(0, search.limit);
  const [rows, published, followed, listCounts] = await Promise.all([
    ids.length === 0
      ? []
      : db
          .selectFrom("users")
          .select([
            "id",
            "username",
            "name",
            "avatar",
            "description",
            "is_verified",
            "is_staff",
            "is_ambassador",
            "num_followers",
            "num_following",
          ])
          .where("id", "in", ids)
          .execute(),
    ids.length === 0
      ? []
      : visibleStories(selectStories(db), viewer)
          .clearSelect()
          .select((eb) => ["stories.user_id", eb.fn.countAll<number>().as("total")])
          .where("stories.user_id", "in", ids)
          .groupBy("stories.user_id")
          .execute(),
    viewer && ids.length > 0
      ? db
          .selectFrom("follows")
          .select("followee_id")
          .where("follower_id", "=", viewer.id)
          .where("followee_id", "in", ids)
          .execute()
      : [],
    publicListCounts(db, ids, viewer),
  ]);
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  const page = ids.flatMap((id) => byId.get(id) ?? []);
  const storyCounts = new Map(published.map((row) => [Number(row.user_id), Number(row.total)]));
  const following = new Set(followed.map((row) => Number(row.followee_id)));
  const numFollowers = await followCounts(db, page, "followers", viewer);
  params.set("offset", String(search.offset + page.length));
  const result = {
    users: page.map((user) => ({
      username: user.username,
      name: user.name,
      fullname: user.name,
      avatar: user.avatar,
      badges: badgesOf(user),
      description: user.description,
      numStoriesPublished: storyCounts.get(Number(user.id)) ?? 0,
      numLists: listCounts.get(Number(user.id)) ?? 0,
      numFollowers: numFollowers.get(Number(user.id)) ?? 0,
      following: following.has(Number(user.id)),
    })),
    nextUrl: ranked.length > search.limit ? `/v4/search/users/?${params}` : null,
  };
  if (key) cache?.set(key, result, []);
  return result;
}

export async function listRecentSearches(
  db: Kysely<Database>,
  viewer: Viewer,
): Promise<RecentSearches> {
  const rows = await db
    .selectFrom("recent_searches")
    .select(["query", "searched_at"])
    .where("user_id", "=", viewer.id)
    .orderBy("searched_at", "desc")
    .orderBy("query")
    .limit(RECENT_KEPT)
    .execute();
  return { searches: rows.map((row) => ({ query: row.query, searchedAt: iso(row.searched_at) })) };
}

/** Remembers a search (again: it moves to the top) and forgets all but the last ten. */
export async function addRecentSearch(
  db: Kysely<Database>,
  viewer: Viewer,
  query: string,
  now = Date.now(),
): Promise<RecentSearches> {
  const text = query.trim().slice(0, RECENT_MAX_LENGTH);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("recent_searches")
      .values({ user_id: viewer.id, query: text, searched_at: now })
      .onConflict((oc) => oc.columns(["user_id", "query"]).doUpdateSet({ searched_at: now }))
      .execute();
    await trx
      .deleteFrom("recent_searches")
      .where("user_id", "=", viewer.id)
      .where("query", "not in", (eb) =>
        eb
          .selectFrom("recent_searches")
          .select("query")
          .where("user_id", "=", viewer.id)
          .orderBy("searched_at", "desc")
          .orderBy("query")
          .limit(RECENT_KEPT),
      )
      .execute();
  });
  return listRecentSearches(db, viewer);
}

export async function removeRecentSearch(
  db: Kysely<Database>,
  viewer: Viewer,
  query: string,
): Promise<RecentSearches> {
  await db
    .deleteFrom("recent_searches")
    .where("user_id", "=", viewer.id)
    .where("query", "=", query)
    .execute();
  return listRecentSearches(db, viewer);
}
