import { CompiledQuery, type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.ts";
import { indexWords, wordImpacts } from "./index-words.ts";

/**
 * SQLite's search index (migration 025, docs/decisions/019-search-speed.md): impact-ordered
 * postings, one row per (word, document), read best first so that a page needs only its
 * first rows. Stories' postings carry the columns that search filters on, so a filter
 * rejects a posting without reading its story.
 */
export interface StoryTermsTable {
  term: string;
  impact: number;
  /** popularity(read_count): in the key after impact, so equal matches come most read first. */
  popularity: number;
  story_id: number;
  rating: number;
  completed: number;
  is_paid: number;
  num_parts: number;
  last_published_at: number | null;
}

export interface UserTermsTable {
  term: string;
  impact: number;
  /** popularity(num_followers): equal matches come most followed first. */
  popularity: number;
  user_id: number;
}

/** Each indexed word and how many documents hold it: prefix expansion and IDF. */
export interface WordsTable {
  term: string;
  docs: number;
}

// A type, not an interface: Kysely's withTables needs an index signature.
export type PostingTables = {
  story_terms: StoryTermsTable;
  story_words: WordsTable;
  /** Stories written since they were last indexed, filled by triggers. */
  story_search_queue: { story_id: number };
  user_terms: UserTermsTable;
  user_words: WordsTable;
  user_search_queue: { user_id: number };
};

export type SearchDatabase = Database & PostingTables;

/**
 * A count's order of magnitude, floor(log2(1 + count)), the tie-break between equal
 * matches. Exact counts would change a document's postings on every read or follow, and
 * ordering by a column of another table would make a page read every tied match (the
 * bench's templated titles tie by the thousand); this changes at 1, 3, 7, 15… and the
 * triggers of migration 025 queue a document when it does, with the same formula.
 */
export const popularity = (count: number): number => Math.floor(Math.log2(1 + Math.max(0, count)));

/** Column weights, as 008 chose them for FTS5: title 10, tags 4, description 1. */
const STORY_WEIGHTS = { title: 10, tags: 4, description: 1 };
/** Username 2, name 1. */
const USER_WEIGHTS = { username: 2, name: 1 };
/** Document lengths (in words) that are neither long nor short. */
const STORY_TYPICAL_LENGTH = 32;
const USER_TYPICAL_LENGTH = 5;
/** Added to a word's impact in a story carrying a tag of that name (008: exact tag boost). */
export const TAG_BOOST = 1.5;
const BATCH = 500;

interface StoryDocument {
  id: number;
  title: string;
  description: string;
  rating: number;
  completed: number;
  is_paid: number;
  num_parts: number;
  last_published_at: number | null;
  read_count: number;
  /** JSON array of tag names. */
  tags: string;
}

function storyPostings(story: StoryDocument): StoryTermsTable[] {
  const tags = JSON.parse(story.tags) as string[];
  // A one-word tag boosts that word; "sci fi" against a `scifi` tag is the ranking's business.
  const tagWords = new Set(
    tags.map(indexWords).flatMap((words) => (words.length === 1 ? words : [])),
  );
  const impacts = wordImpacts(
    [
      { text: story.title, weight: STORY_WEIGHTS.title },
      { text: tags.join(" "), weight: STORY_WEIGHTS.tags },
      { text: story.description, weight: STORY_WEIGHTS.description },
    ],
    STORY_TYPICAL_LENGTH,
    tagWords,
    TAG_BOOST,
  );
  return [...impacts].map(([term, impact]) => ({
    term,
    impact,
    popularity: popularity(story.read_count),
    story_id: story.id,
    rating: story.rating,
    completed: story.completed,
    is_paid: story.is_paid,
    num_parts: story.num_parts,
    last_published_at: story.last_published_at,
  }));
}

interface UserDocument {
  id: number;
  username: string;
  name: string;
  num_followers: number;
}

function userPostings(user: UserDocument): UserTermsTable[] {
  const impacts = wordImpacts(
    [
      { text: user.username, weight: USER_WEIGHTS.username },
      { text: user.name, weight: USER_WEIGHTS.name },
    ],
    USER_TYPICAL_LENGTH,
  );
  return [...impacts].map(([term, impact]) => ({
    term,
    impact,
    popularity: popularity(user.num_followers),
    user_id: user.id,
  }));
}

/** Every story is indexed, drafts too: whether it may be listed is checked at query time. */
function selectStoryDocuments(db: Kysely<SearchDatabase>) {
  return db
    .selectFrom("stories")
    .select([
      "id",
      "title",
      "description",
      "rating",
      "completed",
      "is_paid",
      "num_parts",
      "last_published_at",
      "read_count",
    ])
    .select(
      sql<string>`(SELECT json_group_array(tags.name) FROM story_tags
        JOIN tags ON tags.id = story_tags.tag_id WHERE story_tags.story_id = stories.id)`.as(
        "tags",
      ),
    );
}

function selectUserDocuments(db: Kysely<SearchDatabase>) {
  return db.selectFrom("users").select(["id", "username", "name", "num_followers"]);
}

/**
 * Appends rows BATCH at a time through one statement, prepared once: building each insert
 * with Kysely would cost more than SQLite's work when the whole index is built.
 */
async function insertRows(
  db: Kysely<SearchDatabase>,
  table: "story_terms" | "story_terms_load" | "user_terms",
  rows: StoryTermsTable[] | UserTermsTable[],
): Promise<void> {
  const [first] = rows;
  if (!first) return;
  const columns = Object.keys(first);
  const tuple = `(${columns.map(() => "?").join(", ")})`;
  for (let start = 0; start < rows.length; start += BATCH) {
    const slice = rows.slice(start, start + BATCH);
    const text = `INSERT INTO ${table} (${columns.join(", ")}) VALUES ${Array(slice.length).fill(tuple).join(", ")}`;
    await db.executeQuery(CompiledQuery.raw(text, slice.flatMap(Object.values)));
  }
}

/** Adds `delta` documents to each word's count, dropping words no document holds any more. */
async function countWords(
  db: Kysely<SearchDatabase>,
  table: "story_words" | "user_words",
  delta: Map<string, number>,
): Promise<void> {
  const changed = [...delta].filter(([, docs]) => docs !== 0);
  for (let start = 0; start < changed.length; start += BATCH) {
    const slice = changed.slice(start, start + BATCH);
    await db
      .insertInto(table)
      .values(slice.map(([term, docs]) => ({ term, docs })))
      .onConflict((oc) => oc.column("term").doUpdateSet({ docs: sql`docs + excluded.docs` }))
      .execute();
    await db
      .deleteFrom(table)
      .where(
        "term",
        "in",
        slice.map(([term]) => term),
      )
      .where("docs", "<=", 0)
      .execute();
  }
}

function tally(delta: Map<string, number>, terms: Iterable<string>, by: number): void {
  for (const term of terms) delta.set(term, (delta.get(term) ?? 0) + by);
}

/** What differs between the stories' and the people's halves of the index. */
interface Postings {
  terms: "story_terms" | "user_terms";
  words: "story_words" | "user_words";
  queue: "story_search_queue" | "user_search_queue";
  /** The document id's column in `terms` and `queue`. */
  id: "story_id" | "user_id";
  postingsOf(
    db: Kysely<SearchDatabase>,
    ids: number[],
  ): Promise<StoryTermsTable[] | UserTermsTable[]>;
}

const STORY_POSTINGS: Postings = {
  terms: "story_terms",
  words: "story_words",
  queue: "story_search_queue",
  id: "story_id",
  postingsOf: async (db, ids) =>
    (await selectStoryDocuments(db).where("id", "in", ids).execute()).flatMap(storyPostings),
};

const USER_POSTINGS: Postings = {
  terms: "user_terms",
  words: "user_words",
  queue: "user_search_queue",
  id: "user_id",
  postingsOf: async (db, ids) =>
    (await selectUserDocuments(db).where("id", "in", ids).execute()).flatMap(userPostings),
};

/** Rewrites the postings of these documents (none for a deleted one) and the word counts. */
async function reindex(db: Kysely<SearchDatabase>, kind: Postings, ids: number[]): Promise<void> {
  const delta = new Map<string, number>();
  const old = await db
    .selectFrom(kind.terms)
    .select("term")
    .where(sql.ref(kind.id), "in", ids)
    .execute();
  tally(
    delta,
    old.map((row) => row.term),
    -1,
  );
  await db.deleteFrom(kind.terms).where(sql.ref(kind.id), "in", ids).execute();
  const postings = await kind.postingsOf(db, ids);
  tally(
    delta,
    postings.map((row) => row.term),
    1,
  );
  await insertRows(db, kind.terms, postings);
  await countWords(db, kind.words, delta);
}

/** Indexes up to BATCH queued documents of one kind; true when its queue is now empty. */
async function indexQueued(db: Kysely<SearchDatabase>, kind: Postings): Promise<boolean> {
  const rows = await db
    .selectFrom(kind.queue)
    .select(sql.ref<number>(kind.id).as("id"))
    .limit(BATCH)
    .execute();
  const ids = rows.map((row) => row.id);
  if (ids.length > 0) {
    await reindex(db, kind, ids);
    await db.deleteFrom(kind.queue).where(sql.ref(kind.id), "in", ids).execute();
  }
  return ids.length < BATCH;
}

/** One query that says whether either queue holds anything: the common answer is no. */
const pendingQuery = sql<{ story: number | null; user: number | null }>`SELECT
  (SELECT story_id FROM story_search_queue LIMIT 1) AS story,
  (SELECT user_id FROM user_search_queue LIMIT 1) AS user`;

/** A queue longer than this (a bulk load, a seed) is cheaper to index by rebuilding. */
const REBUILD_AT = 10_000;

/**
 * Indexes what was written since the last call (the queues the triggers fill), before a
 * search reads the index: a write is searchable from the next search on. True when
 * anything was indexed, so that cached answers can be dropped.
 */
export async function indexQueuedWrites(db: Kysely<SearchDatabase>): Promise<boolean> {
  const [pending] = (await pendingQuery.execute(db)).rows;
  if (!pending || (pending.story === null && pending.user === null)) return false;
  const queued = await db
    .selectFrom("story_search_queue")
    .select((eb) => eb.fn.countAll<number>().as("stories"))
    .executeTakeFirst();
  if (Number(queued?.stories) > REBUILD_AT) {
    await db.transaction().execute(rebuildPostings);
    return true;
  }
  for (;;) {
    const done = await db.transaction().execute(async (trx) => {
      const storiesDone = await indexQueued(trx, STORY_POSTINGS);
      const usersDone = await indexQueued(trx, USER_POSTINGS);
      return storiesDone && usersDone;
    });
    if (done) return true;
  }
}

/** Chunks of the catalogue read at once when the index is built (bounded memory). */
const BUILD_CHUNK = 5000;

/** Finding one document's postings: reindexing it, and checking a query's other words. */
const SECONDARY_INDEXES = {
  story_terms_story: "story_terms (story_id, term, impact)",
  user_terms_user: "user_terms (user_id, term, impact)",
};

/**
 * Fills the empty index from every story and user (migration 025), then adds the
 * secondary indexes. Postings are appended to a scratch table and copied in key order:
 * one sorted pass instead of millions of inserts at random places of the key (about
 * 25 s for the bench catalogue's 100,000 stories).
 */
export async function buildPostings(db: Kysely<SearchDatabase>): Promise<void> {
  await sql`CREATE TEMP TABLE story_terms_load AS SELECT * FROM story_terms WHERE 0`.execute(db);
  for (let after = 0; ; ) {
    const stories = await selectStoryDocuments(db)
      .where("id", ">", after)
      .orderBy("id")
      .limit(BUILD_CHUNK)
      .execute();
    if (stories.length === 0) break;
    await insertRows(db, "story_terms_load", stories.flatMap(storyPostings));
    after = stories[stories.length - 1]?.id ?? after;
  }
  await sql`INSERT INTO story_terms SELECT * FROM story_terms_load
    ORDER BY term, impact DESC, popularity DESC, story_id DESC`.execute(db);
  await sql`DROP TABLE story_terms_load`.execute(db);
  await sql`INSERT INTO story_words SELECT term, count(*) FROM story_terms GROUP BY term`.execute(
    db,
  );

  const users = await selectUserDocuments(db).execute();
  const userRows = users.flatMap(userPostings);
  userRows.sort(
    (a, b) =>
      (a.term < b.term ? -1 : a.term > b.term ? 1 : 0) ||
      b.impact - a.impact ||
      b.popularity - a.popularity ||
      a.user_id - b.user_id,
  );
  await insertRows(db, "user_terms", userRows);
  await sql`INSERT INTO user_words SELECT term, count(*) FROM user_terms GROUP BY term`.execute(db);
  for (const [name, on] of Object.entries(SECONDARY_INDEXES)) {
    await sql.raw(`CREATE INDEX ${name} ON ${on}`).execute(db);
  }
}

/** Empties the index and its queues and builds it again from every row. */
async function rebuildPostings(db: Kysely<SearchDatabase>): Promise<void> {
  for (const name of Object.keys(SECONDARY_INDEXES))
    await sql.raw(`DROP INDEX ${name}`).execute(db);
  const tables = [
    "story_terms",
    "story_words",
    "story_search_queue",
    "user_terms",
    "user_words",
    "user_search_queue",
  ] as const;
  for (const table of tables) await db.deleteFrom(table).execute();
  await buildPostings(db);
}
