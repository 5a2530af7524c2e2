import { type Expression, type Kysely, type SelectQueryBuilder, type SqlBool, sql } from "kysely";
import type { Database } from "../db/schema.ts";
import { listedStory } from "../stories/service.ts";
import { IMPACT_SCALE, indexWords, inverseDocumentFrequency, oneTypoAway } from "./index-words.ts";
import type { RankWindow, SearchIndex, SearchTerms } from "./search-index.ts";
import {
  indexQueuedWrites,
  type PostingTables,
  type SearchDatabase,
  TAG_BOOST,
} from "./sqlite-postings.ts";
import { filterConditions } from "./story-filters.ts";

/**
 * Impact-ordered postings (sqlite-postings.ts, docs/decisions/019-search-speed.md). The
 * rarest query word leads: its postings are walked best first, each checked against the
 * filters it carries, the story's visibility and the other words (one index probe each),
 * and the walk stops once the page is full. A one-word ranking is exact; with several
 * words, candidates are re-ranked by every word's impact weighted by its rarity (BM25)
 * within blocks of BLOCK in the lead word's order, so paging stays consistent.
 */

/** Above every letter and digit: `word` ≤ term < word + PREFIX_END holds the words it starts. */
const PREFIX_END = "\u{10FFFF}";
/** A leading prefix walks at most this many of the words it starts (the most frequent). */
const MAX_EXPANSIONS = 16;
const BLOCK = 20;
const MAX_WORDS = 8;
/** A word that starts no indexed word is read as its typo'd neighbours in this range. */
const TYPO_LENGTHS = { min: 4, max: 20 };

type Words = "story_words" | "user_words";

interface QueryWord {
  word: string;
  /** The indexed words it is a prefix of: itself first, then the most frequent. */
  terms: string[];
  /** Documents holding one of `terms` (at most): its rarity. */
  docs: number;
  /** Whether `terms` are all the words it starts. */
  complete: boolean;
}

interface Candidate {
  id: number;
  impact: number;
  /** The popularity of reads or followers: the tie-break after relevance. */
  tie: number;
}

const search = (db: Kysely<Database>) => db.withTables<PostingTables>() as Kysely<SearchDatabase>;

/**
 * Indexed words one typo away from a word long enough to guess at ("dragom" → dragon), most
 * frequent first; PostgreSQL gets the same from pg_trgm.
 */
function typoNeighbours(db: Kysely<SearchDatabase>, table: Words, word: string) {
  const length = [...word].length;
  if (length < TYPO_LENGTHS.min || length > TYPO_LENGTHS.max) return [];
  return db
    .selectFrom(table)
    .select(["term", "docs"])
    .where("term", "in", oneTypoAway(word))
    .orderBy("docs", "desc")
    .limit(MAX_EXPANSIONS + 1)
    .execute();
}

/** The query's words as the index cut them; none when a word starts no indexed word. */
async function queryWords(db: Kysely<SearchDatabase>, table: Words, terms: SearchTerms) {
  const words = [...new Set(terms.tokens.flatMap(indexWords))].slice(0, MAX_WORDS);
  const expanded = await Promise.all(
    words.map(async (word): Promise<QueryWord> => {
      const rows = await db
        .selectFrom(table)
        .select(["term", "docs"])
        .where("term", ">=", word)
        .where("term", "<", word + PREFIX_END)
        .orderBy(sql`term = ${word}`, "desc")
        .orderBy("docs", "desc")
        .limit(MAX_EXPANSIONS + 1)
        .execute();
      if (rows.length === 0) rows.push(...(await typoNeighbours(db, table, word)));
      const kept = rows.slice(0, MAX_EXPANSIONS);
      return {
        word,
        terms: kept.map((row) => row.term),
        docs: kept.reduce((sum, row) => sum + row.docs, 0),
        complete: rows.length === kept.length,
      };
    }),
  );
  if (expanded.length === 0 || expanded.some((word) => word.terms.length === 0)) return null;
  // A word whose expansions were cut would lead a walk that misses the rest of its words:
  // it only leads when every word was cut ("1" starts thousands of usernames' numbers).
  const [lead, ...others] = expanded.sort(
    (a, b) => Number(b.complete) - Number(a.complete) || a.docs - b.docs,
  );
  return lead ? { lead, others } : null;
}

/** Whether the document (`owner` = its id column in the outer query) holds a word starting `word`. */
function holds(table: "story_terms" | "user_terms", owner: string, word: string) {
  const id = table === "story_terms" ? "story_id" : "user_id";
  return sql<SqlBool>`EXISTS (SELECT 1 FROM ${sql.table(table)} AS o
    WHERE o.${sql.ref(id)} = ${sql.ref(owner)} AND o.term >= ${word} AND o.term < ${word + PREFIX_END})`;
}

/**
 * The arms' postings merged best first: SQLite walks each arm in its key order and merges
 * them, so LIMIT stops every arm early. Equal impacts: most popular, then by id.
 */
function bestFirst<DB, TB extends keyof DB>(
  arms: SelectQueryBuilder<DB, TB, Candidate>[],
  ids: "asc" | "desc",
  limit: number,
): Promise<Candidate[]> {
  const [first, ...rest] = arms;
  if (!first) return Promise.resolve([]);
  return rest
    .reduce((union, arm) => union.unionAll(arm), first)
    .orderBy("impact", "desc")
    .orderBy("tie", "desc")
    .orderBy("id", ids)
    .limit(limit)
    .execute();
}

/** First occurrences only: a document under two words of a prefix keeps its better one. */
function unique(rows: Candidate[]): Candidate[] {
  const seen = new Set<number>();
  return rows.filter((row) => !seen.has(row.id) && seen.add(row.id));
}

/**
 * The walk's first candidates, enough for `needed` ranks: whole blocks when several words
 * re-rank them. Duplicates (one document, two words of a prefix) may need a longer walk.
 */
async function candidates(
  walk: (limit: number) => Promise<Candidate[]>,
  needed: number,
  block: number,
): Promise<Candidate[]> {
  const wanted = Math.ceil(needed / block) * block;
  for (let limit = wanted; ; limit *= 2) {
    const rows = await walk(limit);
    const found = unique(rows);
    if (found.length >= wanted || rows.length < limit) return found.slice(0, wanted);
  }
}

interface Rescore {
  table: "story_terms" | "user_terms";
  idColumn: "story_id" | "user_id";
  documents: number;
  lead: QueryWord;
  others: QueryWord[];
  /** Extra score per candidate id (a tag named like the words joined). */
  bonus: Map<number, number>;
  /** Order among equal scores: tie (reads, followers), then id. */
  compare: (a: Candidate, b: Candidate) => number;
}

/** Several words: each candidate's score is Σ IDF × impact over all words, per block. */
async function rerank(db: Kysely<SearchDatabase>, found: Candidate[], rescore: Rescore) {
  const { table, idColumn, documents, lead, others } = rescore;
  const ids = found.map((candidate) => candidate.id);
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom(table)
    .select([sql.ref<number>(idColumn).as("id"), "term", "impact"])
    .where(sql.ref(idColumn), "in", ids)
    .where((eb) =>
      eb.or(
        others.map((other) =>
          eb.and([eb("term", ">=", other.word), eb("term", "<", other.word + PREFIX_END)]),
        ),
      ),
    )
    .execute();
  const weight = (word: QueryWord) => inverseDocumentFrequency(documents, word.docs);
  const score = new Map<number, number>();
  for (const candidate of found) {
    score.set(
      candidate.id,
      weight(lead) * candidate.impact + (rescore.bonus.get(candidate.id) ?? 0),
    );
  }
  for (const other of others) {
    const best = new Map<number, number>();
    for (const row of rows) {
      if (row.term.startsWith(other.word)) {
        best.set(row.id, Math.max(best.get(row.id) ?? 0, row.impact));
      }
    }
    for (const [id, impact] of best) score.set(id, (score.get(id) ?? 0) + weight(other) * impact);
  }
  const ranked: Candidate[] = [];
  for (let start = 0; start < found.length; start += BLOCK) {
    const block = found.slice(start, start + BLOCK);
    block.sort((a, b) => (score.get(b.id) ?? 0) - (score.get(a.id) ?? 0) || rescore.compare(a, b));
    ranked.push(...block);
  }
  return ranked;
}

const window = (ids: number[], { offset, count }: RankWindow) => ids.slice(offset, offset + count);

export const sqliteIndex: SearchIndex = {
  catchUp: (db) => indexQueuedWrites(search(db)),
  // One process owns an SQLite file, and every write queues itself (migration 025).
  seesEveryWrite: true,

  async rankStories(base, ranking) {
    const db = search(base);
    const words = await queryWords(db, "story_words", ranking.terms);
    if (!words) return [];
    const { lead, others } = words;
    const walk = async (limit: number) => {
      const arms = lead.terms.map((term) => {
        let arm = db
          .selectFrom("story_terms as p")
          .select(["p.story_id as id", "p.impact as impact", "p.popularity as tie"])
          .where("p.term", "=", term);
        // In this order: the posting's own columns, one probe per other word, and only
        // then the story's row for its visibility (the costliest lookup, for the fewest).
        const conditions: Expression<SqlBool>[] = [
          ...filterConditions("p", ranking.filter),
          ...others.map((other) => holds("story_terms", "p.story_id", other.word)),
        ];
        for (const condition of conditions) arm = arm.where(condition);
        arm = arm.where((eb) =>
          eb.exists(
            eb
              .selectFrom("stories")
              .select(sql.lit(1).as("listed"))
              .whereRef("stories.id", "=", "p.story_id")
              .where((story) => listedStory(story, ranking.viewer)),
          ),
        );
        return arm;
      });
      return bestFirst(arms, "desc", limit);
    };
    const needed = ranking.offset + ranking.count;
    if (others.length === 0) {
      return window(
        (await candidates(walk, needed, 1)).map((row) => row.id),
        ranking,
      );
    }
    const found = await candidates(walk, needed, BLOCK);
    const bonus = new Map<number, number>();
    const joined = ranking.terms.tokens.join("");
    const tagged = await db
      .selectFrom("story_tags")
      .innerJoin("tags", "tags.id", "story_tags.tag_id")
      .select("story_tags.story_id")
      .where("tags.name", "=", joined)
      .where(
        "story_tags.story_id",
        "in",
        found.map((row) => row.id),
      )
      .execute();
    const documents = await db
      .selectFrom("stories")
      .select((eb) => eb.fn.max("id").as("last"))
      .executeTakeFirst();
    const total = Number(documents?.last ?? 0);
    const weightAll = [lead, ...others].reduce(
      (sum, word) => sum + inverseDocumentFrequency(total, word.docs),
      0,
    );
    for (const row of tagged) bonus.set(Number(row.story_id), TAG_BOOST * IMPACT_SCALE * weightAll);
    const ranked = await rerank(db, found, {
      table: "story_terms",
      idColumn: "story_id",
      documents: total,
      lead,
      others,
      bonus,
      compare: (a, b) => b.tie - a.tie || b.id - a.id,
    });
    return window(
      ranked.map((row) => row.id),
      ranking,
    );
  },

  async rankUsers(base, ranking) {
    const db = search(base);
    const words = await queryWords(db, "user_words", ranking.terms);
    if (!words) return [];
    const { lead, others } = words;
    const exact = await db
      .selectFrom("users")
      .select("id")
      .where("username_lower", "=", ranking.username)
      .executeTakeFirst();
    const walk = async (limit: number) => {
      const arms = lead.terms.map((term) => {
        let arm = db
          .selectFrom("user_terms as u")
          .select(["u.user_id as id", "u.impact as impact", "u.popularity as tie"])
          .where("u.term", "=", term);
        for (const other of others) arm = arm.where(holds("user_terms", "u.user_id", other.word));
        return arm;
      });
      return bestFirst(arms, "asc", limit);
    };
    // The exact username is first, wherever the walk would have put it.
    const needed = ranking.offset + ranking.count;
    let found: Candidate[];
    if (others.length === 0) found = await candidates(walk, needed, 1);
    else {
      const total = await db
        .selectFrom("users")
        .select((eb) => eb.fn.max("id").as("last"))
        .executeTakeFirst();
      found = await rerank(db, await candidates(walk, needed, BLOCK), {
        table: "user_terms",
        idColumn: "user_id",
        documents: Number(total?.last ?? 0),
        lead,
        others,
        bonus: new Map(),
        compare: (a, b) => b.tie - a.tie || a.id - b.id,
      });
    }
    const ids = found.map((row) => row.id);
    const ordered = exact ? [exact.id, ...ids.filter((id) => id !== exact.id)] : ids;
    return window(ordered, ranking);
  },
};
