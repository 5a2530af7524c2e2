import {
  MATURE_RATING,
  type RecentSearches,
  type SearchLength,
  type SearchUpdated,
  type StorySearchFilters,
  type StorySearchResult,
  type UserSearchResult,
} from "@inkwell/shared";
import { type Kysely, sql } from "kysely";
import type { Engine } from "../db/engine.ts";
import type { Database } from "../db/schema.ts";
import { badgesOf, iso, selectStories, toStoryCards } from "../stories/cards.ts";
import { includesMature, visibleStories } from "../stories/service.ts";
import type { MaybeViewer, Viewer } from "../viewer.ts";
import { type SearchTerms, searchIndexFor } from "./search-index.ts";

const DAY = 86_400_000;
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

/** The oldest last update each 'Last updated' option lets through. */
const UPDATED_WITHIN: Record<Exclude<SearchUpdated, "anytime">, number> = {
  today: DAY,
  week: 7 * DAY,
  month: 30 * DAY,
  year: 365 * DAY,
};

/** Published parts per length option: [at least, at most]. */
const PARTS_RANGE: Record<Exclude<SearchLength, "anyLength">, [number, number | null]> = {
  oneToTen: [1, 10],
  tenToTwenty: [11, 20],
  twentyToFifty: [21, 50],
  moreThanFifty: [51, null],
};

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

/**
 * Stories matching the query, best first: the engine's relevance score, plus a boost for a
 * tag named like the query, then the most read. Visibility (published, mature for those
 * who see it) and every filter are conditions of the same query, so pages are full.
 */
export async function searchStories(
  db: Kysely<Database>,
  engine: Engine,
  search: StorySearch,
  viewer: MaybeViewer,
  now = Date.now(),
): Promise<StorySearchResult> {
  const terms = searchTerms(search.query);
  if (terms.tokens.length === 0) return { stories: [], nextUrl: null };
  const index = searchIndexFor(engine);
  const { filters } = search;

  const tagNames = [...new Set([...terms.tokens, terms.tokens.join("")])];
  const tagIds = (
    await db.selectFrom("tags").select("id").where("name", "in", tagNames).execute()
  ).map((tag) => tag.id);
  const boost =
    tagIds.length > 0
      ? sql<number>`CASE WHEN EXISTS (SELECT 1 FROM story_tags WHERE story_tags.story_id = stories.id
          AND story_tags.tag_id IN (${sql.join(tagIds)})) THEN ${sql.lit(index.tagBoost)} ELSE 0 END`
      : sql<number>`0`;

  let query = visibleStories(selectStories(db), viewer).innerJoin(index.stories(terms), (join) =>
    join.onRef("m.id", "=", "stories.id"),
  );
  const windows = filters.updated.flatMap((option) =>
    option === "anytime" ? [] : [UPDATED_WITHIN[option]],
  );
  // Several options are alternatives: the widest wins, and Anytime lets everything through.
  if (windows.length > 0 && !filters.updated.includes("anytime")) {
    query = query.where("stories.last_published_at", ">=", now - Math.max(...windows));
  }
  if (filters.content.includes("complete")) query = query.where("stories.completed", "=", 1);
  if (filters.content.includes("mature")) {
    query = query.where("stories.rating", "=", MATURE_RATING);
  }
  const free = filters.content.includes("free");
  const paid = filters.content.includes("paid");
  if (free !== paid) query = query.where("stories.is_paid", "=", paid ? 1 : 0);
  if (filters.length !== "anyLength") {
    const [least, most] = PARTS_RANGE[filters.length];
    query = query.where("stories.num_parts", ">=", least);
    if (most !== null) query = query.where("stories.num_parts", "<=", most);
  }
  if (filters.hideMature && includesMature(viewer)) {
    query = query.where("stories.rating", "!=", MATURE_RATING);
  }

  // Ranked ids only: the sort then carries no story text for each match. One row more than
  // asked says whether there is a next page, without counting every match.
  const ranked = await query
    .clearSelect()
    .select("stories.id")
    .orderBy(sql`m.score + ${boost}`, "desc")
    .orderBy("stories.read_count", "desc")
    .orderBy("stories.id", "desc")
    .limit(search.limit + 1)
    .offset(search.offset)
    .execute();
  const ids = ranked.slice(0, search.limit).map((row) => row.id);
  const hasMore = ranked.length > search.limit;
  const rows =
    ids.length > 0 ? await selectStories(db).where("stories.id", "in", ids).execute() : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const page = ids.flatMap((id) => byId.get(id) ?? []);
  return {
    stories: await toStoryCards(db, page),
    nextUrl: hasMore
      ? `/v4/search/stories?${storySearchParams(search, search.offset + page.length)}`
      : null,
  };
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
): Promise<UserSearchResult> {
  const terms = searchTerms(search.query);
  if (terms.tokens.length === 0) return { users: [], nextUrl: null };
  const rows = await db
    .selectFrom("users")
    .innerJoin(searchIndexFor(engine).users(terms), (join) => join.onRef("m.id", "=", "users.id"))
    .select([
      "users.id",
      "users.username",
      "users.name",
      "users.avatar",
      "users.description",
      "users.is_verified",
      "users.is_staff",
      "users.is_ambassador",
      "users.num_followers",
    ])
    .orderBy(
      sql`CASE WHEN users.username_lower = ${search.query.trim().toLowerCase()} THEN 1 ELSE 0 END`,
      "desc",
    )
    .orderBy("m.score", "desc")
    .orderBy("users.num_followers", "desc")
    .orderBy("users.id")
    .limit(search.limit + 1)
    .offset(search.offset)
    .execute();
  const page = rows.slice(0, search.limit);
  const ids = page.map((user) => user.id);
  const [published, followed] = await Promise.all([
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
  ]);
  const storyCounts = new Map(published.map((row) => [Number(row.user_id), Number(row.total)]));
  const following = new Set(followed.map((row) => Number(row.followee_id)));
  const params = new URLSearchParams({ query: search.query, limit: String(search.limit) });
  params.set("offset", String(search.offset + page.length));
  return {
    users: page.map((user) => ({
      username: user.username,
      name: user.name,
      avatar: user.avatar,
      badges: badgesOf(user),
      description: user.description,
      numStoriesPublished: storyCounts.get(user.id) ?? 0,
      // Reading lists are counted once profiles count them (users/service.ts getProfile).
      numLists: 0,
      numFollowers: user.num_followers,
      following: following.has(user.id),
    })),
    nextUrl: rows.length > search.limit ? `/v4/search/users/?${params}` : null,
  };
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
