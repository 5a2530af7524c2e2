import { countNewParts, type StoryDetails, type StoryList } from "@inkwell/shared";
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.ts";
import { notFound } from "../http/errors.ts";
import type { MaybeViewer } from "../viewer.ts";
import {
  isPublished,
  type StoryRow,
  selectParts,
  selectStories,
  toPartSummary,
  toStoryCard,
  toStoryCards,
} from "./cards.ts";

export interface StoryDetailsOptions {
  /** Add recommendedStories (a query of its own, so only when the caller shows it). */
  withRecommendations?: boolean;
  now?: number;
}

/** Drafts and deleted stories are for their author and staff; everyone else gets a 404. */
export function canSeeStory(
  story: Pick<StoryRow, "user_id" | "draft" | "deleted">,
  viewer: MaybeViewer,
) {
  if (story.draft === 0 && story.deleted === 0) return true;
  if (!viewer) return false;
  return viewer.id === story.user_id || viewer.isSysAdmin || viewer.isStaff;
}

export async function getStoryDetails(
  db: Kysely<Database>,
  storyId: number,
  viewer: MaybeViewer,
  options: StoryDetailsOptions = {},
): Promise<StoryDetails> {
  const now = options.now ?? Date.now();
  const story = await selectStories(db).where("stories.id", "=", storyId).executeTakeFirst();
  if (!story || !canSeeStory(story, viewer)) throw notFound("Story");
  const isOwnerView = viewer !== null && (viewer.id === story.user_id || viewer.isSysAdmin);

  const [tags, categories, parts, recommendedStories] = await Promise.all([
    db
      .selectFrom("story_tags")
      .innerJoin("tags", "tags.id", "story_tags.tag_id")
      .select("tags.name")
      .where("story_tags.story_id", "=", storyId)
      .orderBy("story_tags.position")
      .execute(),
    db
      .selectFrom("story_categories")
      .innerJoin("categories", "categories.id", "story_categories.category_id")
      .select(["categories.id", "categories.name", "categories.slug"])
      .where("story_categories.story_id", "=", storyId)
      .execute(),
    selectParts(db)
      .where("story_id", "=", storyId)
      .$if(!isOwnerView, (query) => query.where("draft", "=", 0).where("deleted", "=", 0))
      .orderBy("position")
      .execute(),
    options.withRecommendations ? recommendFor(db, storyId) : undefined,
  ]);

  const tagNames = tags.map((tag) => tag.name);
  const card = toStoryCard(
    story,
    parts,
    tagNames,
    categories.map((category) => category.id),
  );
  const summaries = parts.map((part) => toPartSummary(part, now));
  const { numNewParts, numNewBonusParts } = countNewParts(summaries, now);
  const firstPart = parts.find(isPublished);
  return {
    ...card,
    createDate: new Date(story.create_date).toISOString(),
    numNewParts,
    numNewBonusParts,
    hasBonusParts: summaries.some((part) => part.isBonusPart && !part.draft),
    // Paid parts arrive with Coins; until then no part is blocked, so no story is a preview.
    isPaidPreview: false,
    rating: story.rating,
    draft: story.draft === 1,
    deleted: story.deleted === 1,
    copyright: story.copyright,
    storyLanguage: card.language.name,
    storyTags: tagNames.map((name) => ({ name, url: `/stories/${encodeURIComponent(name)}` })),
    storyCategories: categories,
    parts: summaries,
    firstStoryPart: firstPart ? { id: firstPart.id, url: `/${firstPart.id}` } : null,
    ...(recommendedStories && { recommendedStories }),
  };
}

/**
 * 'You may also like': published stories sharing the most tags with this one, the more
 * read first. Deterministic, so the same story always recommends the same neighbours.
 */
export async function recommendFor(db: Kysely<Database>, storyId: number, limit = 6) {
  const rows = await selectStories(db)
    .innerJoin(
      (eb) =>
        eb
          .selectFrom("story_tags as mine")
          .innerJoin("story_tags as theirs", "theirs.tag_id", "mine.tag_id")
          .select(["theirs.story_id", sql<number>`count(*)`.as("shared")])
          .where("mine.story_id", "=", storyId)
          .where("theirs.story_id", "!=", storyId)
          .groupBy("theirs.story_id")
          .orderBy("shared", "desc")
          .limit(200)
          .as("overlap"),
      (join) => join.onRef("overlap.story_id", "=", "stories.id"),
    )
    .where("stories.draft", "=", 0)
    .where("stories.deleted", "=", 0)
    .where("stories.num_parts", ">", 0)
    .orderBy("overlap.shared", "desc")
    .orderBy("stories.read_count", "desc")
    .orderBy("stories.id")
    .limit(limit)
    .execute();
  return toStoryCards(db, rows);
}

export type StoryListFilter = "hot" | "new";

export interface StoryListQuery {
  filter: StoryListFilter;
  tag?: string;
  categoryId?: number;
  limit: number;
  offset: number;
}

/** Published stories, by popularity or recency, optionally within one tag or category. */
export async function listStories(db: Kysely<Database>, query: StoryListQuery): Promise<StoryList> {
  let base = selectStories(db)
    .where("stories.draft", "=", 0)
    .where("stories.deleted", "=", 0)
    .where("stories.num_parts", ">", 0);
  if (query.tag !== undefined) {
    const tag = query.tag.toLowerCase();
    base = base.where("stories.id", "in", (eb) =>
      eb
        .selectFrom("story_tags")
        .innerJoin("tags", "tags.id", "story_tags.tag_id")
        .select("story_tags.story_id")
        .where("tags.name", "=", tag),
    );
  }
  if (query.categoryId !== undefined) {
    const categoryId = query.categoryId;
    base = base.where("stories.id", "in", (eb) =>
      eb.selectFrom("story_categories").select("story_id").where("category_id", "=", categoryId),
    );
  }
  const ordered =
    query.filter === "hot"
      ? base.orderBy("stories.read_count", "desc")
      : base.orderBy("stories.last_published_at", "desc");
  const [rows, count] = await Promise.all([
    ordered.orderBy("stories.id", "desc").limit(query.limit).offset(query.offset).execute(),
    base
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as("total"))
      .executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.total);
  const nextOffset = query.offset + rows.length;
  const params = new URLSearchParams({ filter: query.filter, limit: String(query.limit) });
  if (query.tag !== undefined) params.set("tag", query.tag);
  if (query.categoryId !== undefined) params.set("category", String(query.categoryId));
  params.set("offset", String(nextOffset));
  return {
    stories: await toStoryCards(db, rows),
    total,
    nextUrl: nextOffset < total ? `/api/v3/stories?${params}` : null,
  };
}
