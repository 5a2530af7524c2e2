import { type Kysely, sql } from "kysely";
import { isPostgres } from "../engine.ts";

/**
 * Search (docs/decisions/008-search.md): a full-text index of stories (title, tag names,
 * description) and of people (username, name), kept in step with writes by triggers so
 * that no code path can forget it, and each reader's recent searches.
 *
 * The index holds text only; whether a story may be listed (published, mature, …) is read
 * from `stories` at query time, so publishing or unpublishing needs no index write at all.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("recent_searches")
    .addColumn("user_id", "bigint", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("query", "text", (c) => c.notNull())
    .addColumn("searched_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("recent_searches_pk", ["user_id", "query"])
    .execute();
  await db.schema
    .createIndex("recent_searches_recent")
    .on("recent_searches")
    .columns(["user_id", "searched_at"])
    .execute();

  if (isPostgres(db)) await postgresIndex(db);
  else await sqliteIndex(db);
}

/** FTS5 tables keyed by rowid = story id / user id; filled once here, then by triggers. */
async function sqliteIndex(db: Kysely<unknown>): Promise<void> {
  const tokenizer = "unicode61 remove_diacritics 2";
  // prefix='2 3': short prefixes ("dr*", "dra*") are answered from their own index.
  await sql
    .raw(
      `CREATE VIRTUAL TABLE story_search USING fts5(title, tags, description,
         tokenize = '${tokenizer}', prefix = '2 3')`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE VIRTUAL TABLE user_search USING fts5(username, name,
         tokenize = '${tokenizer}', prefix = '2 3')`,
    )
    .execute(db);

  const tagsOf = (story: string) =>
    `(SELECT coalesce(group_concat(tags.name, ' '), '') FROM story_tags
      JOIN tags ON tags.id = story_tags.tag_id WHERE story_tags.story_id = ${story})`;
  const statements = [
    `INSERT INTO story_search (rowid, title, tags, description)
       SELECT id, title, ${tagsOf("stories.id")}, description FROM stories`,
    `INSERT INTO user_search (rowid, username, name) SELECT id, username, name FROM users`,
    `CREATE TRIGGER story_search_insert AFTER INSERT ON stories BEGIN
       INSERT INTO story_search (rowid, title, tags, description)
         VALUES (NEW.id, NEW.title, ${tagsOf("NEW.id")}, NEW.description);
     END`,
    `CREATE TRIGGER story_search_update AFTER UPDATE OF title, description ON stories BEGIN
       UPDATE story_search SET title = NEW.title, description = NEW.description
         WHERE rowid = NEW.id;
     END`,
    `CREATE TRIGGER story_search_delete AFTER DELETE ON stories BEGIN
       DELETE FROM story_search WHERE rowid = OLD.id;
     END`,
    `CREATE TRIGGER story_search_tag_added AFTER INSERT ON story_tags BEGIN
       UPDATE story_search SET tags = ${tagsOf("NEW.story_id")} WHERE rowid = NEW.story_id;
     END`,
    `CREATE TRIGGER story_search_tag_removed AFTER DELETE ON story_tags BEGIN
       UPDATE story_search SET tags = ${tagsOf("OLD.story_id")} WHERE rowid = OLD.story_id;
     END`,
    `CREATE TRIGGER user_search_insert AFTER INSERT ON users BEGIN
       INSERT INTO user_search (rowid, username, name) VALUES (NEW.id, NEW.username, NEW.name);
     END`,
    `CREATE TRIGGER user_search_update AFTER UPDATE OF username, name ON users BEGIN
       UPDATE user_search SET username = NEW.username, name = NEW.name WHERE rowid = NEW.id;
     END`,
    `CREATE TRIGGER user_search_delete AFTER DELETE ON users BEGIN
       DELETE FROM user_search WHERE rowid = OLD.id;
     END`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/**
 * A `story_search` row per story: a weighted tsvector (title A, tags B, description C) for
 * full text, and the lower-cased title and tags for trigram (typo-tolerant) matching.
 * People are matched by trigrams on username and name, straight from `users`.
 */
async function postgresIndex(db: Kysely<unknown>): Promise<void> {
  // A trusted extension since PostgreSQL 13: a database owner may create it without superuser.
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  const statements = [
    `CREATE TABLE story_search (
       story_id bigint PRIMARY KEY REFERENCES stories (id) ON DELETE CASCADE,
       document tsvector NOT NULL,
       words text NOT NULL
     )`,
    `CREATE FUNCTION story_search_refresh(target bigint) RETURNS void LANGUAGE sql AS $$
       INSERT INTO story_search (story_id, document, words)
       SELECT s.id,
              setweight(to_tsvector('simple', s.title), 'A')
                || setweight(to_tsvector('simple', coalesce(t.names, '')), 'B')
                || setweight(to_tsvector('simple', s.description), 'C'),
              lower(s.title || ' ' || coalesce(t.names, ''))
       FROM stories s
       LEFT JOIN LATERAL (
         SELECT string_agg(tags.name, ' ') AS names FROM story_tags
         JOIN tags ON tags.id = story_tags.tag_id WHERE story_tags.story_id = s.id
       ) t ON true
       WHERE s.id = target
       ON CONFLICT (story_id) DO UPDATE SET document = excluded.document, words = excluded.words
     $$`,
    `CREATE FUNCTION story_search_story_changed() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN PERFORM story_search_refresh(NEW.id); RETURN NULL; END
     $$`,
    `CREATE FUNCTION story_search_tags_changed() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         PERFORM story_search_refresh(CASE WHEN TG_OP = 'DELETE' THEN OLD.story_id ELSE NEW.story_id END);
         RETURN NULL;
       END
     $$`,
    `CREATE TRIGGER story_search_story AFTER INSERT OR UPDATE OF title, description ON stories
       FOR EACH ROW EXECUTE FUNCTION story_search_story_changed()`,
    `CREATE TRIGGER story_search_tags AFTER INSERT OR DELETE ON story_tags
       FOR EACH ROW EXECUTE FUNCTION story_search_tags_changed()`,
    `INSERT INTO story_search (story_id, document, words)
       SELECT s.id,
              setweight(to_tsvector('simple', s.title), 'A')
                || setweight(to_tsvector('simple', coalesce(t.names, '')), 'B')
                || setweight(to_tsvector('simple', s.description), 'C'),
              lower(s.title || ' ' || coalesce(t.names, ''))
       FROM stories s
       LEFT JOIN (
         SELECT story_tags.story_id, string_agg(tags.name, ' ') AS names FROM story_tags
         JOIN tags ON tags.id = story_tags.tag_id GROUP BY story_tags.story_id
       ) t ON t.story_id = s.id`,
    "CREATE INDEX story_search_document ON story_search USING gin (document)",
    "CREATE INDEX story_search_words ON story_search USING gin (words gin_trgm_ops)",
    `CREATE INDEX users_search ON users
       USING gin ((lower(username || ' ' || name)) gin_trgm_ops)`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
