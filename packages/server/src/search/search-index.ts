import type { Kysely } from "kysely";
import type { Engine } from "../db/engine.ts";
import type { Database } from "../db/schema.ts";
import type { MaybeViewer } from "../viewer.ts";
import { postgresIndex } from "./postgres-index.ts";
import { sqliteIndex } from "./sqlite-index.ts";
import type { StoryFilter } from "./story-filters.ts";

/** A query cut into words: letters and digits only, so no input reaches the engine's syntax. */
export interface SearchTerms {
  tokens: string[];
  /** The tokens joined by spaces, for similarity measures. */
  text: string;
}

/** Ranks [offset, offset + count) of a ranking: one more than a page says if another follows. */
export interface RankWindow {
  offset: number;
  count: number;
}

export interface StoryRanking extends RankWindow {
  terms: SearchTerms;
  filter: StoryFilter;
  viewer: MaybeViewer;
}

export interface UserRanking extends RankWindow {
  terms: SearchTerms;
  /** The query as a username (trimmed, lower-case): that user comes first. */
  username: string;
}

/**
 * The engine-specific half of search (docs/decisions/008-search.md, 019-search-speed.md):
 * which ids match, in which order. Everything else (filters resolved, cards, paging, the
 * cache) is shared, so both engines pass the same tests.
 */
export interface SearchIndex {
  /** Indexes writes the index has not seen yet; true when anything changed. */
  catchUp(db: Kysely<Database>): Promise<boolean>;
  /**
   * Whether `catchUp` sees every write, so that an answer may be kept until it reports
   * one. Not so where other processes may share the database.
   */
  seesEveryWrite: boolean;
  /**
   * Listed stories whose title, tags or description hold every term (as a word prefix),
   * passing the filter; best first: relevance, an exact tag, then the most read.
   */
  rankStories(db: Kysely<Database>, ranking: StoryRanking): Promise<number[]>;
  /** People whose username or name match: the exact username, relevance, followers. */
  rankUsers(db: Kysely<Database>, ranking: UserRanking): Promise<number[]>;
}

export const searchIndexFor = (engine: Engine): SearchIndex =>
  engine === "postgres" ? postgresIndex : sqliteIndex;
