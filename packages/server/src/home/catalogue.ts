import {
  curationUsername,
  type FeaturedSlide,
  featuredListUrl,
  picksFor,
  picksMonth,
  type SponsoredStory,
  type StoryCard,
} from "@inkwell/shared";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { onWriterChanged } from "../events.ts";
import { originals as originalsWheel } from "../premium-picks/wheel.ts";
import { selectStories, toStoryCards } from "../stories/cards.ts";
import { publishedListing } from "../stories/published-listing.ts";
import { hasTag } from "../stories/service.ts";

/**
 * What every reader's feed draws from, whoever they are: the most read stories overall, in
 * a genre, among Originals, the running promotions and a language's featured lists. Built
 * once per CATALOGUE_MS for everyone (mature stories included) and narrowed per reader by
 * one query (home/service.ts visibleAmong), so a feed never walks the catalogue itself.
 */
export const CATALOGUE_MS = 30_000;

/** More than a section shows: some are hidden from a given reader. */
const CANDIDATES = 36;
const FEATURED_LISTS = 8;

interface Entry {
  at: number;
  /** The `generation` it was built in: lists from before a writer changed are not served. */
  generation: number;
  value: Promise<unknown>;
}

// Per database, so test files (and engines) never see each other's catalogue.
const entries = new WeakMap<Kysely<Database>, Map<string, Entry>>();
// A writer's name, picture or account changed (events.ts): cards built before must go.
let generation = 0;
onWriterChanged(() => {
  generation++;
});

/** The cached value of `key`; concurrent misses share one load. */
function cached<T>(db: Kysely<Database>, key: string, load: () => Promise<T>): Promise<T> {
  let map = entries.get(db);
  if (!map) {
    map = new Map();
    entries.set(db, map);
  }
  const now = Date.now();
  const hit = map.get(key);
  if (hit && hit.generation === generation && now - hit.at < CATALOGUE_MS) {
    return hit.value as Promise<T>;
  }
  const value = load();
  map.set(key, { at: now, generation, value });
  // A failed load is not kept: the next feed tries again.
  value.catch(() => map.delete(key));
  return value;
}

/** Drops every cached list (tests that change the catalogue mid-file). */
export function forgetCatalogue(db: Kysely<Database>): void {
  entries.delete(db);
}

interface Selection {
  tag?: string;
  paid?: boolean;
}

/** Cards of the most read published stories matching `selection`, on the listing index. */
async function mostRead(
  db: Kysely<Database>,
  selection: Selection,
  limit = CANDIDATES,
): Promise<StoryCard[]> {
  const ids = await db
    .selectFrom("stories")
    .select("stories.id")
    .where((eb) => publishedListing(eb, true))
    .$if(selection.paid === true, (qb) => qb.where("stories.is_paid", "=", 1))
    .$if(selection.tag !== undefined, (qb) => qb.where((eb) => hasTag(eb, selection.tag ?? "")))
    .orderBy("stories.read_count", "desc")
    .orderBy("stories.id", "desc")
    .limit(limit)
    .execute();
  return cardsInOrder(
    db,
    ids.map((row) => row.id),
  );
}

async function cardsInOrder(db: Kysely<Database>, ids: number[]): Promise<StoryCard[]> {
  if (ids.length === 0) return [];
  const rows = await selectStories(db).where("stories.id", "in", ids).execute();
  const byId = new Map((await toStoryCards(db, rows)).map((card) => [card.id, card]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export const hottest = (db: Kysely<Database>) => cached(db, "hot", () => mostRead(db, {}));

export const hottestIn = (db: Kysely<Database>, tag: string) =>
  cached(db, `tag:${tag}`, () => mostRead(db, { tag }));

export const originals = (db: Kysely<Database>) =>
  cached(db, "paid", () => mostRead(db, { paid: true }));

export const originalsIn = (db: Kysely<Database>, tag: string) =>
  cached(db, `paid:${tag}`, () => mostRead(db, { paid: true, tag }));

/** This month's Premium Picks (premium-picks/service.ts), mature ones included. */
export function monthsPicks(db: Kysely<Database>, now = new Date()) {
  const month = picksMonth(now);
  return cached(db, `picks:${month.id}`, async () => ({
    expiresAt: month.expiresAt.toISOString(),
    items: await cardsInOrder(db, picksFor(await originalsWheel(db), month.index)),
  }));
}

/** Promoted stories running now, with their tracking URLs (see promotions/service.ts). */
export const sponsored = (db: Kysely<Database>) =>
  cached(db, "sponsored", async (): Promise<SponsoredStory[]> => {
    const now = Date.now();
    const rows = await db
      .selectFrom("story_promotions")
      .select(["id", "story_id", "sponsor_name"])
      .where("starts_at", "<=", now)
      .where("ends_at", ">", now)
      .orderBy("id")
      .execute();
    const cards = new Map(
      (
        await cardsInOrder(
          db,
          rows.map((row) => row.story_id),
        )
      ).map((card) => [card.id, card]),
    );
    return rows.flatMap((row) => {
      const card = cards.get(row.story_id);
      if (!card) return [];
      return [
        {
          ...card,
          sponsorName: row.sponsor_name,
          clickUrl: `/v5/promotions/${row.id}/click`,
          impressionUrl: `/v5/promotions/${row.id}/impression`,
        },
      ];
    });
  });

/**
 * A language's featured lists as carousel slides: the public lists of its curation account
 * (curationUsername), newest first, with the first story's cover as the picture. None when
 * the language has no curation account.
 */
export const featuredSlides = (db: Kysely<Database>, languageId: number) =>
  cached(db, `featured:${languageId}`, async (): Promise<FeaturedSlide[]> => {
    const rows = await db
      .selectFrom("reading_lists")
      .innerJoin("users", "users.id", "reading_lists.user_id")
      .where("users.username_lower", "=", curationUsername(languageId))
      .where("reading_lists.is_private", "=", 0)
      .where("reading_lists.num_stories", ">", 0)
      .select(["reading_lists.id", "reading_lists.name", "reading_lists.num_stories"])
      .select((eb) =>
        eb
          .selectFrom("reading_list_stories")
          .innerJoin("stories", "stories.id", "reading_list_stories.story_id")
          .select("stories.cover")
          .whereRef("reading_list_stories.list_id", "=", "reading_lists.id")
          .where((inner) => publishedListing(inner, false))
          .orderBy("reading_list_stories.position")
          .limit(1)
          .as("cover"),
      )
      .orderBy("reading_lists.id", "desc")
      .limit(FEATURED_LISTS)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      image: row.cover ?? null,
      heading: row.name,
      subheading: row.num_stories === 1 ? "1 story" : `${row.num_stories} stories`,
      weblink: featuredListUrl(row.id),
    }));
  });
