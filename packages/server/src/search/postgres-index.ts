import { sql } from "kysely";
import type { SearchIndex, SearchTerms } from "./search-index.ts";

/** Trigrams need three characters: shorter queries are left to prefix matching alone. */
const TRIGRAM_MIN = 3;

/** Every term a prefix ('drag':* finds dragon and dragons), all must match. */
const tsQuery = (terms: SearchTerms) => terms.tokens.map((token) => `'${token}':*`).join(" & ");

const userText = sql`lower(users.username || ' ' || users.name)`;

/**
 * tsvector + GIN for full text (title weighted A, tags B, description C, ranked by
 * ts_rank), plus pg_trgm word similarity over title and tags so that a misspelt query
 * ("dragom") still finds its story. Both conditions are answered by GIN indexes.
 */
export const postgresIndex: SearchIndex = {
  stories: (terms) => {
    const fuzzy = terms.text.length >= TRIGRAM_MIN;
    return sql<{ id: number; score: number }>`(
      SELECT story_id AS id,
             ts_rank(document, q.query) + word_similarity(${terms.text}, words) AS score
      FROM story_search, to_tsquery('simple', ${tsQuery(terms)}) AS q (query)
      WHERE document @@ q.query ${fuzzy ? sql`OR ${terms.text} <% words` : sql``}
    )`.as("m");
  },
  tagBoost: 0.5,
  users: (terms) => {
    const fuzzy = terms.text.length >= TRIGRAM_MIN;
    const patterns = terms.tokens.map((token) => `%${token}%`);
    return sql<{ id: number; score: number }>`(
      SELECT users.id, word_similarity(${terms.text}, ${userText}) AS score
      FROM users
      WHERE ${userText} LIKE ALL (${patterns})
        ${fuzzy ? sql`OR ${terms.text} <% ${userText}` : sql``}
    )`.as("m");
  },
};
