import { type Kysely, sql } from "kysely";
import { isPostgres } from "../engine.ts";

/**
 * A tag's stories, hot or new, walk the tag's own entries in sort order (docs/decisions/
 * 056): story_tags carries copies of its story's two sort keys, indexed after the tag, and
 * of its paid flag, for the tag's Originals (partial indexes: 1.5% of stories are paid).
 * Walking every story in sort order and probing each for the tag read thousands of rows
 * for a page of a tag that 2% of stories carry (20 ms on the bench catalogue).
 *
 * Triggers keep the copies: whatever writes a story's reads or last publication (and
 * whatever gives a story a tag) cannot forget them. Every writer of story_tags locks the
 * story's row first (lockStory, works/access.ts), as a read's count does, so the two never
 * deadlock.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("story_tags")
    .addColumn("read_count", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("story_tags").addColumn("last_published_at", "bigint").execute();
  await db.schema
    .alterTable("story_tags")
    .addColumn("is_paid", "smallint", (c) => c.notNull().defaultTo(0))
    .execute();
  const copied = (column: string) =>
    sql.raw(`${column} = (SELECT ${column} FROM stories WHERE stories.id = story_tags.story_id)`);
  await sql`UPDATE story_tags SET ${copied("read_count")}, ${copied("last_published_at")},
    ${copied("is_paid")}`.execute(db);
  for (const key of ["read_count", "last_published_at"] as const) {
    await db.schema
      .createIndex(`story_tags_by_${key}`)
      .on("story_tags")
      .columns(["tag_id", key, "story_id"])
      .execute();
    // is_paid is a column too, or SQLite reads each row to check what the index implies.
    await db.schema
      .createIndex(`story_tags_paid_by_${key}`)
      .on("story_tags")
      .columns(["tag_id", key, "story_id", "is_paid"])
      .where(sql.ref("is_paid"), "=", 1)
      .execute();
  }
  const statements = isPostgres(db)
    ? [
        `CREATE FUNCTION story_tags_copy_keys() RETURNS trigger LANGUAGE plpgsql AS $$
           BEGIN
             SELECT read_count, last_published_at, is_paid
               INTO NEW.read_count, NEW.last_published_at, NEW.is_paid
               FROM stories WHERE id = NEW.story_id;
             RETURN NEW;
           END $$`,
        `CREATE TRIGGER story_tags_copy_keys BEFORE INSERT ON story_tags
           FOR EACH ROW EXECUTE FUNCTION story_tags_copy_keys()`,
        `CREATE FUNCTION story_tags_follow_keys() RETURNS trigger LANGUAGE plpgsql AS $$
           BEGIN
             UPDATE story_tags SET read_count = NEW.read_count,
               last_published_at = NEW.last_published_at, is_paid = NEW.is_paid
               WHERE story_id = NEW.id;
             RETURN NULL;
           END $$`,
        `CREATE TRIGGER story_tags_follow_keys
           AFTER UPDATE OF read_count, last_published_at, is_paid ON stories FOR EACH ROW
           WHEN (NEW.read_count IS DISTINCT FROM OLD.read_count
             OR NEW.last_published_at IS DISTINCT FROM OLD.last_published_at
             OR NEW.is_paid IS DISTINCT FROM OLD.is_paid)
           EXECUTE FUNCTION story_tags_follow_keys()`,
      ]
    : [
        `CREATE TRIGGER story_tags_copy_keys AFTER INSERT ON story_tags BEGIN
           UPDATE story_tags SET
             read_count = (SELECT read_count FROM stories WHERE id = NEW.story_id),
             last_published_at = (SELECT last_published_at FROM stories WHERE id = NEW.story_id),
             is_paid = (SELECT is_paid FROM stories WHERE id = NEW.story_id)
           WHERE story_id = NEW.story_id AND tag_id = NEW.tag_id;
         END`,
        `CREATE TRIGGER story_tags_follow_keys
           AFTER UPDATE OF read_count, last_published_at, is_paid ON stories
           WHEN NEW.read_count IS NOT OLD.read_count
             OR NEW.last_published_at IS NOT OLD.last_published_at
             OR NEW.is_paid IS NOT OLD.is_paid BEGIN
           UPDATE story_tags SET read_count = NEW.read_count,
             last_published_at = NEW.last_published_at, is_paid = NEW.is_paid
           WHERE story_id = NEW.id;
         END`,
      ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
