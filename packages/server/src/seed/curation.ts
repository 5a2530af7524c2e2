import { curationUsername, MATURE_RATING } from "@inkwell/shared";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { publishedListing } from "../stories/published-listing.ts";

const DAY = 86_400_000;
const STORIES_PER_LIST = 8;

/**
 * The featured lists of the demo (reader.md §7 GET /api/v3/users/{curationUsername}/lists):
 * per language, a curation account and its public lists of the most read stories in some
 * tags. Language 1 leads with "Inkwell Picks", which the header's Browse links to.
 */
const CURATED: ReadonlyArray<{
  languageId: number;
  name: string;
  /** Each list takes the most read stories of its tags, or the most read Originals. */
  lists: ReadonlyArray<{ name: string; tags: readonly string[] } | { name: string; paid: true }>;
}> = [
  {
    languageId: 1,
    name: "Inkwell Editors",
    // Newest first on the feed: the picks are created last.
    lists: [
      { name: "Spine-chilling nights", tags: ["horror", "ghost", "haunted"] },
      { name: "Worlds to get lost in", tags: ["fantasy", "magic", "dragons"] },
      { name: "Slow burns and sweet endings", tags: ["romance", "slowburn", "love"] },
      // The paid catalog's Featured picks are the Originals on these lists.
      { name: "Originals we love", paid: true },
      { name: "Inkwell Picks", tags: ["mystery", "thriller", "adventure", "scifi"] },
    ],
  },
  {
    languageId: 2,
    name: "Inkwell France",
    lists: [{ name: "Coups de cœur", tags: ["romance", "fantasy", "mystery", "horror"] }],
  },
];

/** Seeds the curation accounts and their lists from the stories already in the database. */
export async function seedCuration(db: Kysely<Database>, now: number): Promise<void> {
  for (const curator of CURATED) {
    const username = curationUsername(curator.languageId);
    const user = await db
      .insertInto("users")
      .values({
        username,
        username_lower: username,
        name: curator.name,
        description: "Reading lists picked by the Inkwell team.",
        is_staff: 1,
        is_verified: 1,
        email_verified: 1,
        language_id: curator.languageId,
        created_at: now - 500 * DAY,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const [index, list] of curator.lists.entries()) {
      const candidates = db
        .selectFrom("stories")
        .select("stories.id")
        .where("stories.language_id", "=", curator.languageId)
        .where("stories.draft", "=", 0)
        .where("stories.deleted", "=", 0)
        .where("stories.num_parts", ">", 0)
        .where("stories.rating", "!=", MATURE_RATING);
      const stories = await ("paid" in list
        ? candidates.where("stories.is_paid", "=", 1)
        : candidates.where("stories.id", "in", (eb) =>
            eb
              .selectFrom("story_tags")
              .innerJoin("tags", "tags.id", "story_tags.tag_id")
              .select("story_tags.story_id")
              .where("tags.name", "in", list.tags),
          )
      )
        .orderBy("stories.read_count", "desc")
        .orderBy("stories.id")
        .limit(STORIES_PER_LIST)
        .execute();
      const created = now - (curator.lists.length - index) * DAY;
      const row = await db
        .insertInto("reading_lists")
        .values({
          user_id: user.id,
          name: list.name,
          name_lower: list.name.toLowerCase(),
          num_stories: stories.length,
          created_at: created,
          updated_at: created,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (stories.length > 0) {
        await db
          .insertInto("reading_list_stories")
          .values(
            stories.map((story, position) => ({
              list_id: row.id,
              story_id: story.id,
              position,
              added_at: created,
            })),
          )
          .execute();
      }
    }
  }
}

/** How many accounts seedCuration adds. */
export const CURATION_ACCOUNTS = CURATED.length;

/**
 * A sponsored story for the demo's feed: the most read English story among those not in a
 * featured list, promoted for a year around now (see promotions/service.ts).
 */
export async function seedPromotion(db: Kysely<Database>, now: number): Promise<void> {
  const story = await db
    .selectFrom("stories")
    .select("id")
    .where("language_id", "=", 1)
    .where((eb) => publishedListing(eb, false))
    .where("is_paid", "=", 0)
    .where("id", "not in", (eb) => eb.selectFrom("reading_list_stories").select("story_id"))
    .orderBy("read_count", "desc")
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
  if (!story) return;
  await db
    .insertInto("story_promotions")
    .values({
      story_id: story.id,
      sponsor_name: "Moonlit Press",
      starts_at: now - 30 * DAY,
      ends_at: now + 335 * DAY,
    })
    .execute();
}

/** The demo's sales: the paid catalog's On sale group and a paywall at sale prices. */
const DEMO_SALES = [30, 25] as const;

/**
 * Puts the most read Originals (published, not mature, none of the demo writer's) on sale
 * for two weeks from now, as staff would in the paid story manager (decision 052).
 */
export async function seedSales(
  db: Kysely<Database>,
  demoWriterId: number,
  now: number,
): Promise<void> {
  const stories = await db
    .selectFrom("stories")
    .select("id")
    .where("is_paid", "=", 1)
    .where((eb) => publishedListing(eb, false))
    .where("user_id", "!=", demoWriterId)
    .orderBy("read_count", "desc")
    .orderBy("id")
    .limit(DEMO_SALES.length)
    .execute();
  for (const [index, story] of stories.entries()) {
    await db
      .updateTable("stories")
      .set({
        sale_percent: DEMO_SALES[index] ?? null,
        sale_ends_at: now + 14 * DAY,
        sale_started_at: now,
      })
      .where("id", "=", story.id)
      .execute();
  }
}
