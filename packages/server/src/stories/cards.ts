import {
  type Badge,
  isMature,
  isNewPart,
  isoTime,
  languageById,
  type PartSummary,
  type StoryCard,
  type StorySale,
  type StorySource,
  saleAt,
  type UserSummary,
} from "@inkwell/shared";
import type { Kysely, Selectable } from "kysely";
import type { Database, PartsTable, StoriesTable } from "../db/schema.ts";

export type StoryRow = Selectable<StoriesTable> & {
  username: string;
  user_name: string;
  user_avatar: string | null;
  user_is_verified: 0 | 1;
  user_is_staff: 0 | 1;
  user_is_ambassador: 0 | 1;
};

export type PartRow = Pick<
  Selectable<PartsTable>,
  | "id"
  | "story_id"
  | "title"
  | "position"
  | "draft"
  | "deleted"
  | "is_bonus"
  | "bonus_type"
  | "paywalled"
  | "scheduled_at"
  | "create_date"
  | "modify_date"
  | "published_at"
  | "word_count"
>;

/** A stored time (milliseconds; PostgreSQL's bigint arrives as a string) as the API sends it. */
export const iso = (millis: number | string): string => isoTime(Number(millis));
export const isoOrNull = (millis: number | string | null): string | null =>
  millis === null ? null : iso(millis);
export const storyUrl = (id: number): string => `/story/${id}`;
export const partUrl = (id: number): string => `/${id}`;

/** The users columns `toUserSummary` reads, named as it expects them. */
export const USER_SUMMARY_COLUMNS = [
  "users.username as username",
  "users.name as user_name",
  "users.avatar as user_avatar",
  "users.is_verified as user_is_verified",
  "users.is_staff as user_is_staff",
  "users.is_ambassador as user_is_ambassador",
] as const;

/** A story joined with its author: the start of every story query. */
export function selectStories(db: Kysely<Database>) {
  return db
    .selectFrom("stories")
    .innerJoin("users", "users.id", "stories.user_id")
    .selectAll("stories")
    .select(USER_SUMMARY_COLUMNS);
}

export function selectParts(db: Kysely<Database>) {
  return db
    .selectFrom("parts")
    .select([
      "id",
      "story_id",
      "title",
      "position",
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
    ]);
}

export const isPublished = (part: Pick<PartRow, "draft" | "deleted">): boolean =>
  part.draft === 0 && part.deleted === 0;

/** `blocked`: the part is paywalled and this reader has not unlocked it (coins/access.ts). */
export function toPartSummary(part: PartRow, now: number, blocked = false): PartSummary {
  const draft = part.draft === 1;
  const createDate = iso(part.create_date);
  return {
    id: part.id,
    title: part.title,
    url: partUrl(part.id),
    new: isNewPart({ draft, createDate: part.create_date }, now),
    isBonusPart: part.is_bonus === 1,
    bonusTypeName: part.bonus_type,
    isScheduledPart: draft && part.scheduled_at !== null,
    formattedScheduledPublishDatetime:
      draft && part.scheduled_at !== null ? iso(part.scheduled_at) : null,
    draft,
    deleted: part.deleted === 1,
    isBlocked: blocked,
    createDate,
    modifyDate: iso(part.modify_date),
    wordCount: part.word_count,
  };
}

type AuthorColumns =
  | "username"
  | "user_name"
  | "user_avatar"
  | "user_is_verified"
  | "user_is_staff"
  | "user_is_ambassador";

export function toUserSummary(row: Pick<StoryRow, AuthorColumns>): UserSummary {
  return {
    username: row.username,
    name: row.user_name,
    fullname: row.user_name,
    avatar: row.user_avatar,
    badges: badgesOf({
      is_verified: row.user_is_verified,
      is_staff: row.user_is_staff,
      is_ambassador: row.user_is_ambassador,
    }),
  };
}

/** The badges a user shows on cards, profiles and threads, in display order. */
export function badgesOf(user: {
  is_verified: number;
  is_staff: number;
  is_ambassador: number;
}): Badge[] {
  const badges: Badge[] = [];
  if (user.is_verified === 1) badges.push("verified");
  if (user.is_staff === 1) badges.push("staff");
  if (user.is_ambassador === 1) badges.push("ambassador");
  return badges;
}

/** The story's sale on at `now` (decision 052), from its row. */
export const storySaleAt = (
  story: Pick<Selectable<StoriesTable>, "sale_percent" | "sale_ends_at">,
  now: number,
): StorySale | null => saleAt({ percent: story.sale_percent, endsAt: story.sale_ends_at }, now);

export function toStoryCard(
  story: StoryRow,
  parts: PartRow[],
  tags: string[],
  categories: number[],
  sources: StorySource[] = [],
): StoryCard {
  const published = parts.filter(isPublished);
  const first = published[0];
  const last = published.reduce<PartRow | undefined>(
    (latest, part) =>
      !latest || (part.published_at ?? 0) > (latest.published_at ?? 0) ? part : latest,
    undefined,
  );
  const language = languageById(story.language_id) ?? { id: story.language_id, name: "Unknown" };
  return {
    id: story.id,
    title: story.title,
    url: storyUrl(story.id),
    cover: story.cover,
    description: story.description,
    user: toUserSummary(story),
    tags,
    categories,
    isPaid: story.is_paid === 1,
    isPaywalled: story.is_paywalled === 1,
    paidModel: story.paid_model,
    sale: story.is_paid === 1 ? storySaleAt(story, Date.now()) : null,
    completed: story.completed === 1,
    mature: isMature(story.rating),
    numParts: published.length,
    firstPartId: first?.id ?? null,
    readCount: story.read_count,
    voteCount: story.vote_count,
    commentCount: story.comment_count,
    length: published.reduce((sum, part) => sum + part.word_count, 0),
    language: { id: language.id, name: language.name },
    modifyDate: iso(story.modify_date),
    lastPublishedPart: last
      ? { id: last.id, createDate: iso(last.published_at ?? last.create_date) }
      : null,
    sources,
  };
}

/** Tags, categories and published parts for many stories in three queries. */
export async function loadCardParts(db: Kysely<Database>, storyIds: number[]) {
  const tags = new Map<number, string[]>();
  const categories = new Map<number, number[]>();
  const parts = new Map<number, PartRow[]>();
  if (storyIds.length === 0) return { tags, categories, parts };
  const [tagRows, categoryRows, partRows] = await Promise.all([
    db
      .selectFrom("story_tags")
      .innerJoin("tags", "tags.id", "story_tags.tag_id")
      .select(["story_tags.story_id", "tags.name"])
      .where("story_tags.story_id", "in", storyIds)
      .orderBy("story_tags.story_id")
      .orderBy("story_tags.position")
      .execute(),
    db
      .selectFrom("story_categories")
      .select(["story_id", "category_id"])
      .where("story_id", "in", storyIds)
      .execute(),
    selectParts(db)
      .where("story_id", "in", storyIds)
      .where("draft", "=", 0)
      .where("deleted", "=", 0)
      .orderBy("story_id")
      .orderBy("position")
      .execute(),
  ]);
  for (const row of tagRows) push(tags, row.story_id, row.name);
  for (const row of categoryRows) push(categories, row.story_id, row.category_id);
  for (const row of partRows) push(parts, row.story_id, row);
  return { tags, categories, parts };
}

/** The stories as cards; `sources` says which list they are shown in (none by default). */
export async function toStoryCards(
  db: Kysely<Database>,
  stories: StoryRow[],
  sources: StorySource[] = [],
): Promise<StoryCard[]> {
  const { tags, categories, parts } = await loadCardParts(
    db,
    stories.map((story) => story.id),
  );
  return stories.map((story) =>
    toStoryCard(
      story,
      parts.get(story.id) ?? [],
      tags.get(story.id) ?? [],
      categories.get(story.id) ?? [],
      sources,
    ),
  );
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
