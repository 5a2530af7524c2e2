import { sql } from "kysely";
import { listedStory } from "../stories/service.ts";
import type { SearchIndex, SearchTerms } from "./search-index.ts";
import { filterConditions } from "./story-filters.ts";

/** Trigrams need three characters: shorter queries are left to prefix matching alone. */
const TRIGRAM_MIN = 3;
/** Added to the score of a story carrying a tag named like a query word or the words joined. */
const TAG_BOOST = 0.5;

/** Every term a prefix ('drag':* finds dragon and dragons), all must match. */
const tsQuery = (terms: SearchTerms) => terms.tokens.map((token) => `'${token}':*`).join(" & ");

const userText = sql`lower(users.username || ' ' || users.name)`;

/**
 * tsvector + GIN for full text (title weighted A, tags B, description C, ranked by
 * ts_rank), plus pg_trgm word similarity over title and tags so that a misspelt query
 * ("dragom") still finds its story. Both conditions are answered by GIN indexes; every
 * match is scored before the page is cut (019-search-speed.md: not tuned for the bench).
 * Triggers keep the index in the writing transaction, so there is nothing to catch up.
 */
export const postgresIndex: SearchIndex = {
  catchUp: async () => false,
  // Several server processes may share one PostgreSQL database.
  seesEveryWrite: false,

  async rankStories(db, { terms, filter, viewer, offset, count }) {
    const fuzzy = terms.text.length >= TRIGRAM_MIN;
    const matches = sql<{ id: number; score: number }>`(
      SELECT story_id AS id,
             ts_rank(document, q.query) + word_similarity(${terms.text}, words) AS score
      FROM story_search, to_tsquery('simple', ${tsQuery(terms)}) AS q (query)
      WHERE document @@ q.query ${fuzzy ? sql`OR ${terms.text} <% words` : sql``}
    )`.as("m");
    const tagNames = [...new Set([...terms.tokens, terms.tokens.join("")])];
    const tagIds = (
      await db.selectFrom("tags").select("id").where("name", "in", tagNames).execute()
    ).map((tag) => tag.id);
    const boost =
      tagIds.length > 0
        ? sql<number>`CASE WHEN EXISTS (SELECT 1 FROM story_tags
            WHERE story_tags.story_id = stories.id AND story_tags.tag_id IN (${sql.join(tagIds)}))
            THEN ${sql.lit(TAG_BOOST)} ELSE 0 END`
        : sql<number>`0`;
    let query = db
      .selectFrom("stories")
      .innerJoin(matches, (join) => join.onRef("m.id", "=", "stories.id"))
      .select("stories.id")
      .where((eb) => listedStory(eb, viewer));
    for (const condition of filterConditions("stories", filter)) query = query.where(condition);
    const rows = await query
      .orderBy(sql`m.score + ${boost}`, "desc")
      .orderBy("stories.read_count", "desc")
      .orderBy("stories.id", "desc")
      .limit(count)
      .offset(offset)
      .execute();
    return rows.map((row) => Number(row.id));
  },

  async rankUsers(db, { terms, username, offset, count }) {
    const fuzzy = terms.text.length >= TRIGRAM_MIN;
    const patterns = terms.tokens.map((token) => `%${token}%`);
    const rows = await db
      .selectFrom("users")
      .select("users.id")
      .select(sql<number>`word_similarity(${terms.text}, ${userText})`.as("score"))
      .where(
        sql<boolean>`${userText} LIKE ALL (${patterns})
          ${fuzzy ? sql`OR ${terms.text} <% ${userText}` : sql``}`,
      )
      .orderBy(sql`CASE WHEN users.username_lower = ${username} THEN 1 ELSE 0 END`, "desc")
      .orderBy("score", "desc")
      .orderBy("users.num_followers", "desc")
      .orderBy("users.id")
      .limit(count)
      .offset(offset)
      .execute();
    return rows.map((row) => Number(row.id));
  },
};
