import type { AliasedRawBuilder } from "kysely";
import type { Engine } from "../db/engine.ts";
import { postgresIndex } from "./postgres-index.ts";
import { sqliteIndex } from "./sqlite-index.ts";

/** A query cut into words: letters and digits only, so no input reaches the engine's syntax. */
export interface SearchTerms {
  tokens: string[];
  /** The tokens joined by spaces, for similarity measures. */
  text: string;
}

/** Ids that match, with a relevance score: bigger is better, comparable within one engine. */
export type Matches = AliasedRawBuilder<{ id: number; score: number }, "m">;

/**
 * The engine-specific half of search (docs/decisions/008-search.md). Everything else
 * (visibility, filters, paging, cards) is shared, so both engines pass the same tests.
 */
export interface SearchIndex {
  /** Stories whose title, tags or description match every term (a prefix of a word). */
  stories(terms: SearchTerms): Matches;
  /** Added to the score of a story carrying a tag named exactly like the query or a term. */
  tagBoost: number;
  /** People whose username or name match. */
  users(terms: SearchTerms): Matches;
}

export const searchIndexFor = (engine: Engine): SearchIndex =>
  engine === "postgres" ? postgresIndex : sqliteIndex;
