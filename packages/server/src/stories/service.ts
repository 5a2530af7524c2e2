import {
  type AdAudience,
  type AdStory,
  adsShown,
  countNewParts,
  type FieldSelection,
  GENRES,
  isMature,
  type StoryCard,
  type StoryDetails,
  type StoryList,
  wantsField,
} from "@inkwell/shared";
import { type ExpressionBuilder, type Kysely, sql } from "kysely";
import { accessTo, isBlockedFor } from "../coins/access.ts";
import { queryTemplate } from "../db/query-template.ts";
import type { Database } from "../db/schema.ts";
import { HttpError, notFound } from "../http/errors.ts";
import { premiumPicksOfStory } from "../premium-picks/wheel.ts";
import { recommendedStoryIds, tagRankingsOf, tagRankingsOfStories } from "../rankings/service.ts";
import { assertNotBlockedBy } from "../safety/relations.ts";
import { hiddenFromReader } from "../safety/visibility.ts";
import { isAuthorOrStaff, type MaybeViewer } from "../viewer.ts";
import {
  iso,
  isPublished,
  type StoryRow,
  selectParts,
  selectStories,
  toPartSummary,
  toStoryCard,
  toStoryCards,
} from "./cards.ts";
import { publishedListing } from "./published-listing.ts";

export interface StoryDetailsOptions {
  /**
   * The fields the caller keeps (all when absent): parts, tags, categories and rankings are
   * read only when a kept field comes from them. recommendedStories (a query of its own) and
   * premiumPicks (a read of the picks' wheel) come only when named.
   */
  fields?: FieldSelection;
  now?: number;
}

/** Where a story is reported as a copy of another (support/report-routes.ts, decision 016). */
export const storyReportUrl = (storyId: number): string =>
  `/v5/infringement/story/${storyId}/copyright/report`;

/** Drafts and deleted stories are for their author and staff; everyone else gets a 404. */
export function canSeeStory(
  story: Pick<StoryRow, "user_id" | "draft" | "deleted">,
  viewer: MaybeViewer,
) {
  if (story.draft === 0 && story.deleted === 0) return true;
  return isAuthorOrStaff(story.user_id, viewer);
}

/** Whether lists may show this viewer mature stories (never to visitors). */
export const includesMature = (viewer: MaybeViewer): boolean => viewer?.seesMature ?? false;

/**
 * A mature story opened directly by someone it is hidden from: a 403 the pages turn into a
 * gate (log in, or change the content setting), so nothing of the story is shown.
 */
export function assertMatureAllowed(
  story: Pick<StoryRow, "user_id" | "rating">,
  viewer: MaybeViewer,
): void {
  if (!isMature(story.rating) || includesMature(viewer) || isAuthorOrStaff(story.user_id, viewer))
    return;
  throw new HttpError(
    403,
    "mature_content",
    viewer
      ? "This story is for mature readers, and your content settings hide mature stories."
      : "This story is for mature readers. Log in to read it.",
  );
}

// The queries every story page runs, compiled once (see queryTemplate).
export const storyById = queryTemplate((db: Kysely<Database>, id: number) =>
  selectStories(db).where("stories.id", "=", id),
);
const tagNamesOf = queryTemplate((db: Kysely<Database>, storyId: number) =>
  db
    .selectFrom("story_tags")
    .innerJoin("tags", "tags.id", "story_tags.tag_id")
    .select("tags.name")
    .where("story_tags.story_id", "=", storyId)
    .orderBy("story_tags.position"),
);
const categoriesOf = queryTemplate((db: Kysely<Database>, storyId: number) =>
  db
    .selectFrom("story_categories")
    .innerJoin("categories", "categories.id", "story_categories.category_id")
    .select(["categories.id", "categories.name", "categories.slug"])
    .where("story_categories.story_id", "=", storyId),
);
/**
 * Published parts and drafts (scheduled ones too): what the author sees of their own story.
 * Deleted parts are gone for everyone: nothing can restore or read them.
 */
export const ownPartsOf = queryTemplate((db: Kysely<Database>, storyId: number) =>
  selectParts(db).where("story_id", "=", storyId).where("deleted", "=", 0).orderBy("position"),
);
export const publishedPartsOf = queryTemplate((db: Kysely<Database>, storyId: number) =>
  selectParts(db)
    .where("story_id", "=", storyId)
    .where("draft", "=", 0)
    .where("deleted", "=", 0)
    .orderBy("position"),
);

/**
 * A story the viewer may see: not a draft or deleted story of someone else's, not a mature
 * story hidden from them, not by a writer who blocked them. Anything else is a 404 (or the
 * mature gate's refusal).
 */
export async function readableStory(db: Kysely<Database>, viewer: MaybeViewer, storyId: number) {
  const [story] = await storyById(db, storyId);
  if (!story || !canSeeStory(story, viewer)) throw notFound("Story");
  assertMatureAllowed(story, viewer);
  await assertNotBlockedBy(db, story.user_id, viewer);
  return story;
}

// The Story details fields each of the story's lists feeds.
const FROM_PARTS = [
  "parts",
  "numParts",
  "firstPartId",
  "firstStoryPart",
  "length",
  "lastPublishedPart",
  "numNewParts",
  "numNewBonusParts",
  "hasBonusParts",
  "isPaidPreview",
];
const FROM_TAGS = ["tags", "storyTags"];
const FROM_CATEGORIES = ["categories", "storyCategories"];
const FROM_RANKINGS = ["tagRankings"];

/** What the ad rules read of a story (shared/ads.ts). */
export const adStoryOf = (
  story: Pick<StoryRow, "is_paid" | "banned_cover" | "ad_exempt" | "rating">,
): AdStory => ({
  isPaid: story.is_paid === 1,
  imageModerated: story.banned_cover !== null,
  adExempt: story.ad_exempt === 1,
  mature: isMature(story.rating),
});

export async function getStoryDetails(
  db: Kysely<Database>,
  storyId: number,
  viewer: MaybeViewer,
  audience: AdAudience,
  options: StoryDetailsOptions = {},
): Promise<StoryDetails> {
  const now = options.now ?? Date.now();
  const story = await readableStory(db, viewer, storyId);
  const isOwnerView = isAuthorOrStaff(story.user_id, viewer);
  const { fields } = options;
  const wants = (names: string[]) => names.some((name) => wantsField(fields, name));
  const named = (name: string) => fields !== undefined && Object.hasOwn(fields, name);

  const [tags, categories, parts, tagRankings, recommendedStories, premiumPicks] =
    await Promise.all([
      wants(FROM_TAGS) ? tagNamesOf(db, storyId) : [],
      wants(FROM_CATEGORIES) ? categoriesOf(db, storyId) : [],
      !wants(FROM_PARTS)
        ? []
        : isOwnerView
          ? ownPartsOf(db, storyId)
          : publishedPartsOf(db, storyId),
      wants(FROM_RANKINGS) ? tagRankingsOf(db, storyId) : [],
      named("recommendedStories") ? recommendFor(db, storyId, viewer) : undefined,
      named("premiumPicks")
        ? premiumPicksOfStory(db, { id: storyId, isPaid: story.is_paid === 1 }, new Date(now))
        : undefined,
    ]);

  const tagNames = tags.map((tag) => tag.name);
  const card = toStoryCard(
    story,
    parts,
    tagNames,
    categories.map((category) => category.id),
  );
  const access = await accessTo(db, viewer, story, parts);
  const summaries = parts.map((part) => toPartSummary(part, now, isBlockedFor(access, part)));
  const { numNewParts, numNewBonusParts } = countNewParts(
    parts.map((part) => ({
      draft: part.draft === 1,
      createDate: part.create_date,
      isBonusPart: part.is_bonus === 1,
    })),
    now,
  );
  const firstPart = parts.find(isPublished);
  return {
    ...card,
    createDate: iso(story.create_date),
    numNewParts,
    numNewBonusParts,
    hasBonusParts: summaries.some((part) => part.isBonusPart && !part.draft),
    // §4: a paid preview has a part that is both paywalled and blocked for this reader.
    isPaidPreview: summaries.some((part) => part.isBlocked && !part.draft),
    rating: story.rating,
    draft: story.draft === 1,
    deleted: story.deleted === 1,
    copyright: story.copyright,
    storyLanguage: card.language.name,
    storyTags: tagNames.map((name) => ({ name, url: `/stories/${encodeURIComponent(name)}` })),
    storyCategories: categories,
    parts: summaries,
    firstStoryPart: firstPart ? { id: firstPart.id, url: `/${firstPart.id}` } : null,
    tagRankings,
    ...(recommendedStories && { recommendedStories }),
    ...(premiumPicks !== undefined && { premiumPicks }),
    storyReportUrl: storyReportUrl(story.id),
    // Inkwell has no translations yet: nowhere to send a reader for another language.
    storyTranslateUrl: null,
    nextUrl: card.url,
    serverError: false,
    imageModerated: story.banned_cover !== null,
    adExempt: story.ad_exempt === 1,
    // The story page's ad slot, decided here: the exempt countries are the server's setting.
    ads: adsShown(adStoryOf(story), audience),
    // A flagged cover is the owner's alone: the header shows it under a warning.
    ...(viewer?.id === story.user_id && story.banned_cover && { bannedCover: story.banned_cover }),
  };
}

/** 'You may also like' (see recommendedStoryIds), as cards the viewer may see. */
export async function recommendFor(
  db: Kysely<Database>,
  storyId: number,
  viewer: MaybeViewer,
  limit = 6,
): Promise<StoryCard[]> {
  // Ask for a few more than shown: some may be hidden from this viewer or unpublished since.
  const ids = await recommendedStoryIds(db, storyId, limit * 2);
  if (ids.length === 0) return [];
  const rows = await visibleStories(selectStories(db), viewer)
    .where("stories.id", "in", ids)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ordered = ids.flatMap((id) => byId.get(id) ?? []).slice(0, limit);
  return toStoryCards(db, ordered, ["similar"]);
}

/**
 * Published stories with a published part, minus mature ones the viewer does not see and,
 * for a signed-in viewer, those safety hides (blocked tags, muted and blocked people: see
 * hiddenFromReader). Every story list filters through this, so home and search get it too.
 */
export function listedStory(eb: ExpressionBuilder<Database, "stories">, viewer: MaybeViewer) {
  // Skipped for visitors, who hide nothing: their lists stay on the covering indexes alone.
  if (!viewer) return publishedListing(eb, false);
  return eb.and([publishedListing(eb, includesMature(viewer)), ...hiddenFromReader(eb, viewer.id)]);
}

/** The story carries the tag (any case): a probe of story_tags by its key. */
export function hasTag(eb: ExpressionBuilder<Database, "stories">, tag: string) {
  return eb.exists(
    eb
      .selectFrom("story_tags")
      .select("story_tags.story_id")
      .whereRef("story_tags.story_id", "=", "stories.id")
      .where("story_tags.tag_id", "=", (inner) => tagIdNamed(inner, tag)),
  );
}

/** The id of the tag of this name (any case), as a subquery. */
function tagIdNamed(eb: ExpressionBuilder<Database, "stories" | "story_tags">, tag: string) {
  return eb.selectFrom("tags").select("tags.id").where("tags.name", "=", tag.toLowerCase());
}

export function visibleStories<Q extends ReturnType<typeof selectStories>>(
  query: Q,
  viewer: MaybeViewer,
) {
  return query.where((eb) => listedStory(eb, viewer));
}

export type StoryListFilter = "hot" | "new";

export interface StoryListQuery {
  filter: StoryListFilter;
  tag?: string;
  /** Complete stories only (true) or ongoing ones only (false). */
  completed?: boolean;
  /** Only these stories (a group chosen by a rule SQL cannot say, such as a price). */
  storyIds?: readonly number[];
  categoryId?: number;
  /** Paid stories (Originals) only. */
  paid?: boolean;
  limit: number;
  offset: number;
}

/**
 * The paid catalog's tag groups (reader.md §2 Catalogs, §7 GET /v4/paid_stories/tags): the
 * genres, in their usual order, in which the viewer may see at least one paid story. One
 * probe per genre, each stopping at its first story.
 */
export async function paidStoryTags(db: Kysely<Database>, viewer: MaybeViewer): Promise<string[]> {
  const found = await Promise.all(
    GENRES.map((genre) =>
      db
        .selectFrom("stories")
        .select("stories.id")
        .where((eb) => listedStory(eb, viewer))
        .where("stories.is_paid", "=", 1)
        .where((eb) => hasTag(eb, genre.tag))
        .limit(1)
        .executeTakeFirst(),
    ),
  );
  return GENRES.filter((_, index) => found[index] !== undefined).map((genre) => genre.tag);
}

/** A list's conditions on the story itself: everything but its tag. */
function storyFilters(
  eb: ExpressionBuilder<Database, "stories">,
  query: StoryListQuery,
  viewer: MaybeViewer,
) {
  const { categoryId, paid, completed, storyIds } = query;
  const conditions = [listedStory(eb, viewer)];
  if (paid === true) conditions.push(eb("stories.is_paid", "=", 1));
  if (completed !== undefined) conditions.push(eb("stories.completed", "=", completed ? 1 : 0));
  if (storyIds !== undefined) conditions.push(eb("stories.id", "in", storyIds));
  if (categoryId !== undefined) {
    conditions.push(
      eb.exists(
        eb
          .selectFrom("story_categories")
          .select("story_categories.story_id")
          .whereRef("story_categories.story_id", "=", "stories.id")
          .where("story_categories.category_id", "=", categoryId),
      ),
    );
  }
  return eb.and(conditions);
}

/**
 * One page of a list's ids, in its order, with one more id when there is a next page.
 * Without a tag the walk is over the listing indexes (013-listing-indexes: the sort key and
 * every filter column), so a page reads no story rows; within a tag it is over the tag's
 * own entries, which carry the sort keys (047-tag-listing-keys), checking each story by its
 * key: about a page of rows, however rare the tag (docs/decisions/056).
 */
export function listedStoryIds(db: Kysely<Database>, query: StoryListQuery, viewer: MaybeViewer) {
  const sortKey = query.filter === "hot" ? "read_count" : "last_published_at";
  const { tag, limit, offset } = query;
  if (tag === undefined) {
    return db
      .selectFrom("stories")
      .where((eb) => storyFilters(eb, query, viewer))
      .select("stories.id")
      .orderBy(`stories.${sortKey}`, "desc")
      .orderBy("stories.id", "desc")
      .limit(limit + 1)
      .offset(offset);
  }
  return (
    entriesOfTag(db, tag)
      .where((eb) => storyFilters(eb, query, viewer))
      // The tag's Originals walk a partial index of its paid entries, which SQLite uses only
      // for the very literal of the index's WHERE, not a parameter.
      .$if(query.paid === true, (qb) => qb.where("story_tags.is_paid", "=", sql.lit(1)))
      .select("story_tags.story_id as id")
      .orderBy(`story_tags.${sortKey}`, "desc")
      .orderBy("story_tags.story_id", "desc")
      .limit(limit + 1)
      .offset(offset)
  );
}

/** A tag's entries (any case) with their stories. */
const entriesOfTag = (db: Kysely<Database>, tag: string) =>
  db
    .selectFrom("story_tags")
    .innerJoin("stories", "stories.id", "story_tags.story_id")
    .where("story_tags.tag_id", "=", (eb) => tagIdNamed(eb, tag));

/**
 * How many stories a list holds in all. Within a tag, over the tag's entries, as its pages;
 * within a category, over the category's entries, each story checked by its key: counting
 * every listed story and probing it for the category took 100+ ms on the bench catalogue.
 */
export function countListed(db: Kysely<Database>, query: StoryListQuery, viewer: MaybeViewer) {
  const { tag, categoryId } = query;
  const from =
    tag !== undefined
      ? entriesOfTag(db, tag)
      : categoryId !== undefined
        ? db
            .selectFrom("story_categories")
            .innerJoin("stories", "stories.id", "story_categories.story_id")
            .where("story_categories.category_id", "=", categoryId)
        : db.selectFrom("stories");
  return from
    .where((eb) => storyFilters(eb, query, viewer))
    .select((eb) => eb.fn.countAll<number>().as("total"));
}

/**
 * Published stories, by popularity or recency, optionally within one tag or category, a
 * page of ids first (listedStoryIds), then only that page's rows. `total` costs a count
 * over the whole selection, and the cards' tagRankings a query of their own, so each is
 * computed only when asked for.
 */
export async function listStories(
  db: Kysely<Database>,
  query: StoryListQuery,
  viewer: MaybeViewer,
  options: { withTotal: boolean; withTagRankings?: boolean } = { withTotal: true },
): Promise<StoryList> {
  const { tag, categoryId, storyIds } = query;
  if (storyIds?.length === 0)
    return { stories: [], ...(options.withTotal && { total: 0 }), nextUrl: null };
  const [idRows, count] = await Promise.all([
    listedStoryIds(db, query, viewer).execute(),
    options.withTotal ? countListed(db, query, viewer).executeTakeFirstOrThrow() : undefined,
  ]);
  const ids = idRows.slice(0, query.limit).map((row) => row.id);
  const [rows, rankings] = await Promise.all([
    ids.length === 0 ? [] : selectStories(db).where("stories.id", "in", ids).execute(),
    options.withTagRankings ? tagRankingsOfStories(db, ids) : undefined,
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const page = ids.flatMap((id) => byId.get(id) ?? []);
  const nextOffset = query.offset + ids.length;
  const params = new URLSearchParams({ filter: query.filter, limit: String(query.limit) });
  if (tag !== undefined) params.set("tag", tag);
  if (categoryId !== undefined) params.set("category", String(categoryId));
  params.set("offset", String(nextOffset));
  const cards = await toStoryCards(db, page, [query.filter]);
  return {
    stories: rankings
      ? cards.map((card) => ({ ...card, tagRankings: rankings.get(card.id) ?? [] }))
      : cards,
    ...(count && { total: Number(count.total) }),
    nextUrl: idRows.length > query.limit ? `/api/v3/stories?${params}` : null,
  };
}
