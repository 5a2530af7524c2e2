import {
  CURATION_USERNAMES,
  DEAL_PRICE_MAX,
  fullStoryPrice,
  PAID_CATALOG_GROUPS,
  type PaidCatalogGroup,
  type StoryList,
} from "@inkwell/shared";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import type { MaybeViewer } from "../viewer.ts";
import { listedStory, listStories, paidStoryTags } from "./service.ts";

/**
 * The paid catalog (reader.md §2 Catalogs, docs/decisions/041): Featured picks, On sale
 * (decision 052), New releases, Ongoing stories and 'Stories for 74 coins or less' before the
 * genres, each shown only when the viewer may see a story of it.
 */
export async function paidCatalogKeys(
  db: Kysely<Database>,
  viewer: MaybeViewer,
): Promise<string[]> {
  const [groups, genres] = await Promise.all([
    Promise.all(
      PAID_CATALOG_GROUPS.map(async (group) => {
        const first = await paidGroupStories(db, viewer, group, { limit: 1, offset: 0 });
        return first.stories.length > 0 ? [group] : [];
      }),
    ),
    paidStoryTags(db, viewer),
  ]);
  return [...groups.flat(), ...genres];
}

/** A page of a group's stories: the newest for New releases, the hottest otherwise. */
export async function paidGroupStories(
  db: Kysely<Database>,
  viewer: MaybeViewer,
  group: PaidCatalogGroup,
  page: { limit: number; offset: number },
  withTagRankings = false,
): Promise<StoryList> {
  return listStories(
    db,
    {
      filter: group === "~new_releases" ? "new" : "hot",
      paid: true,
      ...(group === "~ongoing" && { completed: false }),
      ...(group === "~deals" && { storyIds: await dealStoryIds(db, viewer) }),
      ...(group === "~on_sale" && { storyIds: [...(await storiesOnSale(db)).keys()] }),
      ...(group === "~featured" && { storyIds: await featuredStoryIds(db) }),
      ...page,
    },
    viewer,
    { withTotal: false, withTagRankings },
  );
}

/** Paid stories whose sale is on at `now`, with their percent off. */
async function storiesOnSale(db: Kysely<Database>, now = Date.now()): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom("stories")
    .select(["id", "sale_percent"])
    .where("sale_ends_at", ">", now)
    .where("sale_percent", "is not", null)
    .where("is_paid", "=", 1)
    .execute();
  return new Map(rows.map((row) => [Number(row.id), Number(row.sale_percent)]));
}

/**
 * Paid stories the viewer may see whose paywalled parts cost at most DEAL_PRICE_MAX Coins
 * bought whole by a new reader at today's prices (fullStoryPrice: a sale counts). Read as one
 * row per story and kind of part, so a story of a hundred parts is still a row or three.
 */
async function dealStoryIds(db: Kysely<Database>, viewer: MaybeViewer): Promise<number[]> {
  const [rows, onSale] = await Promise.all([
    db
      .selectFrom("parts")
      .select((eb) => [
        "parts.story_id",
        "parts.is_bonus",
        "parts.bonus_type",
        eb.fn.countAll<number | string>().as("count"),
      ])
      .where("parts.paywalled", "=", 1)
      .where("parts.draft", "=", 0)
      .where("parts.deleted", "=", 0)
      .where("parts.story_id", "in", (eb) =>
        eb
          .selectFrom("stories")
          .select("stories.id")
          .where((inner) => listedStory(inner, viewer))
          .where("stories.is_paid", "=", 1),
      )
      .groupBy(["parts.story_id", "parts.is_bonus", "parts.bonus_type"])
      .execute(),
    storiesOnSale(db),
  ]);
  const partsOf = new Map<number, { isBonusPart: boolean; bonusTypeName: string | null }[]>();
  for (const row of rows) {
    const parts = partsOf.get(Number(row.story_id)) ?? [];
    const part = { isBonusPart: Number(row.is_bonus) === 1, bonusTypeName: row.bonus_type };
    for (let i = 0; i < Number(row.count); i++) parts.push(part);
    partsOf.set(Number(row.story_id), parts);
  }
  return [...partsOf]
    .filter(([id, parts]) => fullStoryPrice(parts, onSale.get(id) ?? null) <= DEAL_PRICE_MAX)
    .map(([id]) => id);
}

/**
 * Paid stories on a public list of a curation account (the lists home shows as Featured
 * lists): the team features an Original by listing it. listStories keeps only those the
 * viewer may see.
 */
async function featuredStoryIds(db: Kysely<Database>): Promise<number[]> {
  const rows = await db
    .selectFrom("reading_list_stories")
    .innerJoin("reading_lists", "reading_lists.id", "reading_list_stories.list_id")
    .innerJoin("users", "users.id", "reading_lists.user_id")
    .innerJoin("stories", "stories.id", "reading_list_stories.story_id")
    .where("users.username_lower", "in", CURATION_USERNAMES)
    .where("reading_lists.is_private", "=", 0)
    .where("stories.is_paid", "=", 1)
    .select("reading_list_stories.story_id")
    .distinct()
    .execute();
  return rows.map((row) => Number(row.story_id));
}
