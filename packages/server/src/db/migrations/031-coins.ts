import { type Kysely, sql } from "kysely";
import { isPostgres } from "../engine.ts";

/**
 * Coins and paid parts (writer-paid-contest.md §3, §4): which parts are paywalled and what a
 * bonus part says about itself, each reader's Coin balance, a ledger of every change to it,
 * and what each reader has unlocked, part by part or a whole story (docs/decisions/030).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .alterTable("parts")
    .addColumn("paywalled", "smallint", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("parts").addColumn("chapter_description", "text").execute();
  await db.schema.alterTable("parts").addColumn("author_note", "text").execute();
  // The listing index answers every story and part page's parts list: it must hold the flag.
  await db.schema.dropIndex("parts_listing").execute();
  await db.schema
    .createIndex("parts_listing")
    .on("parts")
    .columns([
      "story_id",
      "position",
      "id",
      "title",
      "draft",
      "deleted",
      "is_bonus",
      "bonus_type",
      "paywalled",
      "scheduled_at",
      "create_date",
      "modify_date",
      "published_at",
      "word_count",
    ])
    .execute();

  await db.schema
    .createTable("wallets")
    .addColumn("user_id", "bigint", (c) =>
      c.primaryKey().references("users.id").onDelete("cascade"),
    )
    // The database refuses a negative balance, whatever a caller forgets to check.
    .addColumn("coins", "bigint", (c) => c.notNull().defaultTo(0).check(sql`coins >= 0`))
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("coin_transactions")
    .addColumn("id", pg ? "bigserial" : "integer", (c) =>
      pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn("user_id", "bigint", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("amount", "bigint", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("story_id", "bigint", (c) => c.references("stories.id").onDelete("set null"))
    .addColumn("part_id", "bigint", (c) => c.references("parts.id").onDelete("set null"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("coin_transactions_user")
    .on("coin_transactions")
    .columns(["user_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("coin_transactions_story")
    .on("coin_transactions")
    .columns(["story_id", "created_at"])
    .execute();

  await db.schema
    .createTable("part_unlocks")
    .addColumn("user_id", "bigint", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("part_id", "bigint", (c) => c.notNull().references("parts.id").onDelete("cascade"))
    .addColumn("story_id", "bigint", (c) =>
      c.notNull().references("stories.id").onDelete("cascade"),
    )
    .addColumn("coins", "bigint", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("part_unlocks_pk", ["user_id", "part_id"])
    .execute();
  await db.schema
    .createIndex("part_unlocks_user_story")
    .on("part_unlocks")
    .columns(["user_id", "story_id"])
    .execute();

  await db.schema
    .createTable("story_unlocks")
    .addColumn("user_id", "bigint", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("story_id", "bigint", (c) =>
      c.notNull().references("stories.id").onDelete("cascade"),
    )
    .addColumn("coins", "bigint", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("story_unlocks_pk", ["user_id", "story_id"])
    .execute();
}
