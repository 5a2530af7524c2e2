import type { CreateTableBuilder, Kysely } from "kysely";
import { isPostgres } from "../engine.ts";

type Table = CreateTableBuilder<string, string>;

/** Users, sessions, the catalogue (stories, parts, tags, categories) and reader signals. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const id = (table: Table): Table =>
    pg
      ? table.addColumn("id", "bigserial", (c) => c.primaryKey())
      : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
  const flag = (table: Table, name: string): Table =>
    table.addColumn(name, "smallint", (c) => c.notNull().defaultTo(0));
  const counter = (table: Table, name: string): Table =>
    table.addColumn(name, "bigint", (c) => c.notNull().defaultTo(0));
  const ref = (table: Table, name: string, target: string): Table =>
    table.addColumn(name, "bigint", (c) =>
      c.notNull().references(`${target}.id`).onDelete("cascade"),
    );

  let users = id(db.schema.createTable("users"))
    .addColumn("username", "text", (c) => c.notNull())
    .addColumn("username_lower", "text", (c) => c.notNull().unique())
    .addColumn("email", "text")
    .addColumn("email_lower", "text", (c) => c.unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("avatar", "text")
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("password_hash", "text");
  for (const name of [
    "is_ambassador",
    "is_sysadmin",
    "is_staff",
    "is_verified",
    "email_verified",
  ]) {
    users = flag(users, name);
  }
  users = users
    .addColumn("language_id", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("country", "text")
    .addColumn("birthdate", "text");
  users = counter(counter(users, "num_followers"), "num_following");
  await users.addColumn("created_at", "bigint", (c) => c.notNull()).execute();

  await ref(db.schema.createTable("sessions"), "user_id", "users")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sessions_user").on("sessions").column("user_id").execute();

  await id(db.schema.createTable("categories"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .execute();
  await id(db.schema.createTable("tags"))
    .addColumn("name", "text", (c) => c.notNull().unique())
    .execute();

  let stories = ref(id(db.schema.createTable("stories")), "user_id", "users")
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("cover", "text")
    .addColumn("language_id", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("rating", "integer", (c) => c.notNull().defaultTo(1));
  for (const name of ["completed", "draft", "deleted", "is_paid", "is_paywalled"]) {
    stories = flag(stories, name);
  }
  stories = stories
    .addColumn("copyright", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("paid_model", "text")
    .addColumn("create_date", "bigint", (c) => c.notNull())
    .addColumn("modify_date", "bigint", (c) => c.notNull())
    .addColumn("last_published_at", "bigint");
  for (const name of ["num_parts", "read_count", "vote_count", "comment_count"]) {
    stories = counter(stories, name);
  }
  await stories.execute();
  await db.schema.createIndex("stories_user").on("stories").column("user_id").execute();
  await db.schema
    .createIndex("stories_published")
    .on("stories")
    .columns(["last_published_at", "id"])
    .execute();

  await ref(
    ref(db.schema.createTable("story_categories"), "story_id", "stories"),
    "category_id",
    "categories",
  )
    .addPrimaryKeyConstraint("story_categories_pk", ["story_id", "category_id"])
    .execute();
  await db.schema
    .createIndex("story_categories_category")
    .on("story_categories")
    .columns(["category_id", "story_id"])
    .execute();

  await ref(ref(db.schema.createTable("story_tags"), "story_id", "stories"), "tag_id", "tags")
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("story_tags_pk", ["story_id", "tag_id"])
    .execute();
  await db.schema
    .createIndex("story_tags_tag")
    .on("story_tags")
    .columns(["tag_id", "story_id"])
    .execute();

  let parts = ref(id(db.schema.createTable("parts")), "story_id", "stories")
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("word_count", "integer", (c) => c.notNull().defaultTo(0));
  for (const name of ["draft", "deleted", "is_bonus"]) parts = flag(parts, name);
  parts = parts
    .addColumn("bonus_type", "text")
    .addColumn("scheduled_at", "bigint")
    .addColumn("create_date", "bigint", (c) => c.notNull())
    .addColumn("modify_date", "bigint", (c) => c.notNull())
    .addColumn("published_at", "bigint");
  for (const name of ["read_count", "vote_count", "comment_count"]) parts = counter(parts, name);
  await parts.execute();
  await db.schema
    .createIndex("parts_story")
    .on("parts")
    .columns(["story_id", "position"])
    .execute();

  await ref(ref(db.schema.createTable("follows"), "follower_id", "users"), "followee_id", "users")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("follows_pk", ["follower_id", "followee_id"])
    .execute();
  await db.schema
    .createIndex("follows_followee")
    .on("follows")
    .columns(["followee_id", "follower_id"])
    .execute();

  await ref(
    ref(ref(db.schema.createTable("votes"), "user_id", "users"), "part_id", "parts"),
    "story_id",
    "stories",
  )
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("votes_pk", ["user_id", "part_id"])
    .execute();
  await db.schema.createIndex("votes_part").on("votes").column("part_id").execute();

  await ref(
    ref(ref(db.schema.createTable("reading_positions"), "user_id", "users"), "story_id", "stories"),
    "part_id",
    "parts",
  )
    .addColumn("position", "double precision", (c) => c.notNull().defaultTo(0))
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("reading_positions_pk", ["user_id", "story_id"])
    .execute();
  await db.schema
    .createIndex("reading_positions_recent")
    .on("reading_positions")
    .columns(["user_id", "updated_at"])
    .execute();

  await ref(ref(id(db.schema.createTable("reads")), "part_id", "parts"), "story_id", "stories")
    .addColumn("user_id", "bigint", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("seconds", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("reads_story_time")
    .on("reads")
    .columns(["story_id", "created_at"])
    .execute();
  await db.schema.createIndex("reads_part").on("reads").column("part_id").execute();
  await db.schema.createIndex("reads_user").on("reads").column("user_id").execute();
}
