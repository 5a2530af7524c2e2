import type { Kysely } from "kysely";
import { isPostgres } from "../engine.ts";

/**
 * Reading lists and the Library (docs/decisions/006-lists.md). A list's name is unique per
 * owner without regard to case, so "create a list called X" reuses X even when two
 * requests race. The Library is its own table: it has no name, order or privacy, but
 * it has an archive.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable("reading_lists")
    .$call((table) =>
      pg
        ? table.addColumn("id", "bigserial", (c) => c.primaryKey())
        : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement()),
    )
    .addColumn("user_id", "bigint", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("name_lower", "text", (c) => c.notNull())
    .addColumn("is_private", "smallint", (c) => c.notNull().defaultTo(0))
    .addColumn("num_stories", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("reading_lists_user_name")
    .on("reading_lists")
    .columns(["user_id", "name_lower"])
    .unique()
    .execute();

  await db.schema
    .createTable("reading_list_stories")
    .addColumn("list_id", "bigint", (c) =>
      c.notNull().references("reading_lists.id").onDelete("cascade"),
    )
    .addColumn("story_id", "bigint", (c) =>
      c.notNull().references("stories.id").onDelete("cascade"),
    )
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("added_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("reading_list_stories_pk", ["list_id", "story_id"])
    .execute();
  // Which lists hold a story (the add-to popover's checkmarks) and a list in its order.
  await db.schema
    .createIndex("reading_list_stories_story")
    .on("reading_list_stories")
    .column("story_id")
    .execute();
  await db.schema
    .createIndex("reading_list_stories_order")
    .on("reading_list_stories")
    .columns(["list_id", "position"])
    .execute();

  await db.schema
    .createTable("library_stories")
    .addColumn("user_id", "bigint", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("story_id", "bigint", (c) =>
      c.notNull().references("stories.id").onDelete("cascade"),
    )
    .addColumn("archived", "smallint", (c) => c.notNull().defaultTo(0))
    .addColumn("added_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("library_stories_pk", ["user_id", "story_id"])
    .execute();
  await db.schema
    .createIndex("library_stories_story")
    .on("library_stories")
    .column("story_id")
    .execute();
}
