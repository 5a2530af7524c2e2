import { type Kysely, sql } from "kysely";
import { buildPostings, type SearchDatabase } from "../../search/sqlite-postings.ts";
import { isPostgres } from "../engine.ts";

/**
 * SQLite search on impact-ordered postings instead of FTS5 (docs/decisions/
 * 019-search-speed.md): bm25 scored every match before the page was cut, tens of ms a
 * query on the bench catalogue. PostgreSQL keeps its tsvector index (012).
 *
 * Triggers only queue what was written; the server indexes the queue before each search
 * (search/sqlite-postings.ts), because words are cut in JavaScript. The bench catalogue
 * (100,000 stories, 20,000 users) is indexed here in about 25 s.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  const statements = [
    `CREATE TABLE story_terms (
       term text NOT NULL, impact integer NOT NULL, popularity integer NOT NULL,
       story_id integer NOT NULL, rating integer NOT NULL, completed integer NOT NULL,
       is_paid integer NOT NULL, num_parts integer NOT NULL, last_published_at integer,
       PRIMARY KEY (term, impact DESC, popularity DESC, story_id DESC)
     ) WITHOUT ROWID`,
    "CREATE TABLE story_words (term text PRIMARY KEY, docs integer NOT NULL) WITHOUT ROWID",
    "CREATE TABLE story_search_queue (story_id integer PRIMARY KEY)",
    `CREATE TABLE user_terms (
       term text NOT NULL, impact integer NOT NULL, popularity integer NOT NULL,
       user_id integer NOT NULL,
       PRIMARY KEY (term, impact DESC, popularity DESC, user_id)
     ) WITHOUT ROWID`,
    "CREATE TABLE user_words (term text PRIMARY KEY, docs integer NOT NULL) WITHOUT ROWID",
    "CREATE TABLE user_search_queue (user_id integer PRIMARY KEY)",
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);

  await buildPostings(db as Kysely<SearchDatabase>);

  const queueStory = (id: string) => `INSERT OR IGNORE INTO story_search_queue VALUES (${id})`;
  const queueUser = (id: string) => `INSERT OR IGNORE INTO user_search_queue VALUES (${id})`;
  const magnitude = (count: string) => `floor(log2(1 + max(0, ${count})))`;
  const afterBuild = [
    `CREATE TRIGGER story_search_queue_insert AFTER INSERT ON stories BEGIN
       ${queueStory("NEW.id")}; END`,
    // The indexed text, every column a posting copies for the filters, and whether the
    // story is listed at all: the queue also tells cached answers that they are stale.
    `CREATE TRIGGER story_search_queue_update AFTER UPDATE OF title, description, rating,
       completed, is_paid, num_parts, last_published_at, draft, deleted ON stories BEGIN
       ${queueStory("NEW.id")}; END`,
    // sqlite-postings.ts popularity(): only a new order of magnitude moves a posting.
    `CREATE TRIGGER story_search_queue_reads AFTER UPDATE OF read_count ON stories
       WHEN ${magnitude("NEW.read_count")} != ${magnitude("OLD.read_count")} BEGIN
       ${queueStory("NEW.id")}; END`,
    `CREATE TRIGGER story_search_queue_delete AFTER DELETE ON stories BEGIN
       ${queueStory("OLD.id")}; END`,
    `CREATE TRIGGER story_search_queue_tag_added AFTER INSERT ON story_tags BEGIN
       ${queueStory("NEW.story_id")}; END`,
    `CREATE TRIGGER story_search_queue_tag_removed AFTER DELETE ON story_tags BEGIN
       ${queueStory("OLD.story_id")}; END`,
    `CREATE TRIGGER story_search_queue_tag_renamed AFTER UPDATE OF name ON tags BEGIN
       INSERT OR IGNORE INTO story_search_queue
         SELECT story_id FROM story_tags WHERE tag_id = NEW.id; END`,
    `CREATE TRIGGER user_search_queue_insert AFTER INSERT ON users BEGIN
       ${queueUser("NEW.id")}; END`,
    `CREATE TRIGGER user_search_queue_update AFTER UPDATE OF username, name ON users BEGIN
       ${queueUser("NEW.id")}; END`,
    `CREATE TRIGGER user_search_queue_followers AFTER UPDATE OF num_followers ON users
       WHEN ${magnitude("NEW.num_followers")} != ${magnitude("OLD.num_followers")} BEGIN
       ${queueUser("NEW.id")}; END`,
    `CREATE TRIGGER user_search_queue_delete AFTER DELETE ON users BEGIN
       ${queueUser("OLD.id")}; END`,
    // FTS5 (012) is replaced: its triggers would keep paying for every write.
    "DROP TRIGGER story_search_insert",
    "DROP TRIGGER story_search_update",
    "DROP TRIGGER story_search_delete",
    "DROP TRIGGER story_search_tag_added",
    "DROP TRIGGER story_search_tag_removed",
    "DROP TRIGGER user_search_insert",
    "DROP TRIGGER user_search_update",
    "DROP TRIGGER user_search_delete",
    "DROP TABLE story_search",
    "DROP TABLE user_search",
  ];
  for (const statement of afterBuild) await sql.raw(statement).execute(db);
}
