import type { Category } from "@inkwell/shared";
import { formatCount } from "@inkwell/shared";
import { type Kysely, sql, type Transaction } from "kysely";
import { likeStart } from "../db/like.ts";
import type { Database } from "../db/schema.ts";
import { storyChanged } from "../events.ts";
import { badRequest } from "../http/errors.ts";
import { assertNotTimedOut } from "../moderation/service.ts";
import type { Viewer } from "../viewer.ts";
import { lockStory, ownStory } from "./access.ts";
import type { StoryDetails } from "./service.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** A story carries at most this many tags. */
export const MAX_TAGS = 25;

export async function categories(db: Kysely<Database>) {
  const rows = await db
    .selectFrom("categories")
    .select(["id", "name", "slug"])
    .orderBy("name")
    .execute();
  return {
    categories: rows.map((row) => ({ id: Number(row.id), name: row.name, slug: row.slug })),
  };
}

/**
 * Tags for the Story Details tag field: those starting with `prefix` (lower case, no "#"),
 * most used first, so writers pick the tags readers already browse.
 */
export async function tagSuggestions(db: Kysely<Database>, prefix: string, limit = 8) {
  const rows = await db
    .selectFrom("tags")
    .innerJoin("story_tags", "story_tags.tag_id", "tags.id")
    .select((eb) => ["tags.name", eb.fn.countAll<number | string>().as("stories")])
    .where(likeStart(sql.ref("tags.name"), prefix))
    .groupBy("tags.name")
    .orderBy("stories", "desc")
    .orderBy("tags.name")
    .limit(limit)
    .execute();
  return { tags: rows.map((row) => ({ name: row.name, stories: Number(row.stories) })) };
}

/** A story's tags, in their order. */
export async function tagsOf(db: Db, storyId: number): Promise<string[]> {
  const rows = await db
    .selectFrom("story_tags")
    .innerJoin("tags", "tags.id", "story_tags.tag_id")
    .select("tags.name")
    .where("story_tags.story_id", "=", storyId)
    .orderBy("story_tags.position")
    .execute();
  return rows.map((row) => row.name);
}

/** The story's category (a story has at most one) with its name and slug, or null. */
export async function categoryObjectOf(db: Db, storyId: number): Promise<Category | null> {
  const row = await db
    .selectFrom("story_categories")
    .innerJoin("categories", "categories.id", "story_categories.category_id")
    .select(["categories.id", "categories.name", "categories.slug"])
    .where("story_categories.story_id", "=", storyId)
    .orderBy("categories.id")
    .executeTakeFirst();
  return row ? { id: Number(row.id), name: row.name, slug: row.slug } : null;
}

/** The story's category id, or null. */
export async function categoryOf(db: Db, storyId: number): Promise<number | null> {
  return (await categoryObjectOf(db, storyId))?.id ?? null;
}

/** A category id must name one of the list's categories (none is allowed: null). */
export async function checkCategory(db: Db, categoryId: number | null | undefined) {
  if (categoryId === null || categoryId === undefined) return;
  const found = await db
    .selectFrom("categories")
    .select("id")
    .where("id", "=", categoryId)
    .executeTakeFirst();
  if (!found) {
    const message = "Choose a category from the list";
    throw badRequest(message, { categoryId: message });
  }
}

export async function writeTagsAndCategory(
  db: Db,
  storyId: number,
  details: Partial<StoryDetails>,
) {
  if (details.tags) {
    await db.deleteFrom("story_tags").where("story_id", "=", storyId).execute();
    for (const [position, name] of details.tags.entries()) {
      await db
        .insertInto("tags")
        .values({ name })
        .onConflict((oc) => oc.column("name").doNothing())
        .execute();
      const tag = await db
        .selectFrom("tags")
        .select("id")
        .where("name", "=", name)
        .executeTakeFirstOrThrow();
      await db
        .insertInto("story_tags")
        .values({ story_id: storyId, tag_id: Number(tag.id), position })
        .execute();
    }
  }
  if (details.categoryId !== undefined) {
    await db.deleteFrom("story_categories").where("story_id", "=", storyId).execute();
    if (details.categoryId !== null) {
      await db
        .insertInto("story_categories")
        .values({ story_id: storyId, category_id: details.categoryId })
        .execute();
    }
  }
}

/**
 * POST /apiv2/editstorytags: one tag (already normalised) added at the end, or removed.
 * Adding a tag the story has, or removing one it lacks, changes nothing. Answers the tags.
 */
export async function editStoryTag(
  db: Kysely<Database>,
  viewer: Viewer,
  storyId: number,
  change: { action: "add" | "remove"; tag: string },
): Promise<{ tags: string[] }> {
  await ownStory(db, viewer, storyId);
  assertNotTimedOut(viewer);
  const { tags, changed } = await db.transaction().execute(async (trx) => {
    await lockStory(trx, storyId);
    const before = await tagsOf(trx, storyId);
    if (before.includes(change.tag) === (change.action === "add")) {
      return { tags: before, changed: false };
    }
    const after =
      change.action === "add"
        ? [...before, change.tag]
        : before.filter((tag) => tag !== change.tag);
    if (after.length > MAX_TAGS) {
      const message = `A story has at most ${formatCount(MAX_TAGS)} tags: remove one before adding another`;
      throw badRequest(message, { tag_value: message });
    }
    await writeTagsAndCategory(trx, storyId, { tags: after });
    await trx
      .updateTable("stories")
      .set({ modify_date: Date.now() })
      .where("id", "=", storyId)
      .execute();
    return { tags: after, changed: true };
  });
  if (changed) storyChanged(storyId);
  return { tags };
}
