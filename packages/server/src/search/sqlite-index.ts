import { sql } from "kysely";
import type { SearchIndex, SearchTerms } from "./search-index.ts";

/**
 * FTS5 (migration 012-search): every term is a quoted prefix ("drag"* finds dragon and
 * dragons), all must match. Tokens hold only letters and digits, so quoting them is safe;
 * FTS5 has no typo tolerance, so a misspelt word finds nothing beyond its prefix.
 */
const matchExpression = (terms: SearchTerms) =>
  terms.tokens.map((token) => `"${token}"*`).join(" ");

export const sqliteIndex: SearchIndex = {
  // bm25 is lower for better matches; column weights: title 10, tags 4, description 1.
  stories: (terms) =>
    sql<{ id: number; score: number }>`(
      SELECT rowid AS id, -bm25(story_search, 10.0, 4.0, 1.0) AS score
      FROM story_search WHERE story_search MATCH ${matchExpression(terms)}
    )`.as("m"),
  tagBoost: 5,
  users: (terms) =>
    sql<{ id: number; score: number }>`(
      SELECT rowid AS id, -bm25(user_search, 2.0, 1.0) AS score
      FROM user_search WHERE user_search MATCH ${matchExpression(terms)}
    )`.as("m"),
};
