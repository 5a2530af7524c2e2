import { type Kysely, sql } from "kysely";
import { isPostgres } from "../engine.ts";

/**
 * The yearly contest, the Inkwell Awards (writer-paid-contest.md §3-§5; docs/decisions/033):
 * the contests a system admin set up, at most one of them open for entries, and each
 * story's entry, kept as the JSON the API speaks. A story enters a contest once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable("contests")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("year", "integer", (c) => c.notNull())
    .addColumn("tag", "text", (c) => c.notNull())
    .addColumn("closes_at", "bigint", (c) => c.notNull())
    .addColumn("min_words", "integer", (c) => c.notNull())
    .addColumn("active", "smallint", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  // One active contest at most, whatever a caller forgets.
  await db.schema
    .createIndex("contests_one_active")
    .on("contests")
    .column("active")
    .unique()
    .where(sql.ref("active"), "=", 1)
    .execute();

  await db.schema
    .createTable("contest_submissions")
    .addColumn("id", pg ? "bigserial" : "integer", (c) =>
      pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn("contest_key", "text", (c) => c.notNull().references("contests.key"))
    .addColumn("story_id", "bigint", (c) =>
      c.notNull().references("stories.id").onDelete("cascade"),
    )
    .addColumn("user_id", "bigint", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("entry", "text", (c) => c.notNull())
    .addColumn("submitted_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("contest_submissions_story", ["contest_key", "story_id"])
    .execute();
  // The account data export lists a user's entries.
  await db.schema
    .createIndex("contest_submissions_user")
    .on("contest_submissions")
    .column("user_id")
    .execute();
}
