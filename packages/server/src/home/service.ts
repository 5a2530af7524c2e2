import {
  type ContinueReadingItem,
  GENRES,
  type HomeFeed,
  type HomeSection,
  isGenreTag,
  MAX_GENRES,
  type StoryCard,
} from "@inkwell/shared";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { onReaderSignalsChanged, readerSignalsChanged } from "../events.ts";
import { badRequest, HttpError } from "../http/errors.ts";
import { iso, type StoryRow, selectStories, toStoryCards } from "../stories/cards.ts";
import { listedStory, visibleStories } from "../stories/service.ts";
import type { MaybeViewer, Viewer } from "../viewer.ts";

/** Stories per list section, places in the ranked list, items in the continue strip. */
const LIST_SIZE = 12;
const RANKED_SIZE = 10;
const CONTINUE_SIZE = 10;

/** A reader's feed is reused this long unless their own signals change first. */
export const HOME_CACHE_MS = 30_000;

const MAX_CACHED = 10_000;

interface Cached {
  at: number;
  feed: HomeFeed;
}

// Keyed by reader id, 0 for visitors (who all share one generic feed).
const cache = new Map<number, Cached>();
onReaderSignalsChanged((userId) => cache.delete(userId));

export const continueReadingPath = (username: string) =>
  `/v5/users/${encodeURIComponent(username)}/continue-reading`;

/** The reader's genres from onboarding, in the order chosen. */
export async function preferredTagsOf(db: Kysely<Database>, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom("preferred_tags")
    .select("tag")
    .where("user_id", "=", userId)
    .orderBy("position")
    .execute();
  return rows.map((row) => row.tag);
}

/** Replaces the reader's preferred genres (reader.md §7 content-settings {preferredTags}). */
export async function setPreferredTags(
  db: Kysely<Database>,
  viewer: Viewer,
  username: string,
  typed: string[],
): Promise<{ preferredTags: string[] }> {
  if (viewer.username.toLowerCase() !== username.toLowerCase()) {
    throw new HttpError(403, "forbidden", "You can only change your own settings.");
  }
  const tags = [...new Set(typed.map((tag) => tag.trim().toLowerCase()))];
  if (tags.length > MAX_GENRES || !tags.every(isGenreTag)) {
    const message = `Choose up to ${MAX_GENRES} of the listed genres.`;
    throw badRequest(message, { preferredTags: message });
  }
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("preferred_tags").where("user_id", "=", viewer.id).execute();
    if (tags.length > 0) {
      await trx
        .insertInto("preferred_tags")
        .values(tags.map((tag, position) => ({ user_id: viewer.id, tag, position })))
        .execute();
    }
  });
  readerSignalsChanged(viewer.id);
  return { preferredTags: tags };
}

/**
 * The stories the reader has a reading position in, most recently read first, as
 * continue-reading items. new_parts counts parts published since they last read.
 */
export async function continueReading(
  db: Kysely<Database>,
  viewer: Viewer,
  limit = CONTINUE_SIZE,
): Promise<ContinueReadingItem[]> {
  const rows = await db
    .selectFrom("reading_positions")
    .innerJoin("stories", "stories.id", "reading_positions.story_id")
    .innerJoin("parts", "parts.id", "reading_positions.part_id")
    .where("reading_positions.user_id", "=", viewer.id)
    .where("parts.draft", "=", 0)
    .where("parts.deleted", "=", 0)
    .where("stories.id", "in", (eb) =>
      eb
        .selectFrom("stories")
        .select("stories.id")
        .where((inner) => listedStory(inner, viewer)),
    )
    .select([
      "stories.id",
      "stories.title",
      "stories.cover",
      "stories.num_parts",
      "stories.last_published_at",
      "parts.id as part_id",
      "parts.title as part_title",
    ])
    .select((eb) => [
      eb
        .selectFrom("parts as earlier")
        .select(eb.fn.countAll<number>().as("n"))
        .whereRef("earlier.story_id", "=", "stories.id")
        .whereRef("earlier.position", "<=", "parts.position")
        .where("earlier.draft", "=", 0)
        .where("earlier.deleted", "=", 0)
        .as("part_number"),
      eb
        .selectFrom("parts as fresh")
        .select(eb.fn.countAll<number>().as("n"))
        .whereRef("fresh.story_id", "=", "stories.id")
        .whereRef("fresh.published_at", ">", "reading_positions.updated_at")
        .where("fresh.draft", "=", 0)
        .where("fresh.deleted", "=", 0)
        .as("new_parts"),
    ])
    .orderBy("reading_positions.updated_at", "desc")
    .orderBy("stories.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    cover: row.cover,
    type: "currentRead",
    heading: row.part_title,
    current_part: { number: Number(row.part_number), id: row.part_id },
    new_parts: Number(row.new_parts),
    total_parts: row.num_parts,
    last_pub_date: row.last_published_at === null ? null : iso(row.last_published_at),
  }));
}

/** The most read stories the viewer may see, optionally within one tag. */
function hottest(db: Kysely<Database>, viewer: MaybeViewer, limit: number, tag?: string) {
  return visibleStories(selectStories(db), viewer)
    .$if(tag !== undefined, (query) =>
      query.where((eb) =>
        eb.exists(
          eb
            .selectFrom("story_tags")
            .innerJoin("tags", "tags.id", "story_tags.tag_id")
            .select("story_tags.story_id")
            .whereRef("story_tags.story_id", "=", "stories.id")
            .where("tags.name", "=", tag ?? ""),
        ),
      ),
    )
    .orderBy("stories.read_count", "desc")
    .orderBy("stories.id", "desc")
    .limit(limit)
    .execute();
}

/** The latest stories of the people the reader follows. */
function fromFollowed(db: Kysely<Database>, viewer: Viewer) {
  return visibleStories(selectStories(db), viewer)
    .where("stories.user_id", "in", (eb) =>
      eb.selectFrom("follows").select("followee_id").where("follower_id", "=", viewer.id),
    )
    .orderBy("stories.last_published_at", "desc")
    .orderBy("stories.id", "desc")
    .limit(LIST_SIZE)
    .execute();
}

const genreLabel = (tag: string) => GENRES.find((genre) => genre.tag === tag)?.label ?? tag;

const navigation: HomeSection = {
  type: "smallNavigation",
  data: {
    heading: "Browse genres",
    navigation: GENRES.map((genre) => ({ label: genre.label, url: `/stories/${genre.tag}` })),
  },
};

/**
 * The viewer's feed (reader.md §2 Home page). Story rows are gathered first, in parallel,
 * then turned into cards together, so the whole feed costs a handful of queries; every
 * list goes through visibleStories, so mature, blocked tags and blocked or muted authors
 * are left out as everywhere else. A list section with no stories is not sent.
 */
async function buildFeed(db: Kysely<Database>, viewer: MaybeViewer): Promise<HomeFeed> {
  const [hot, reader] = await Promise.all([
    hottest(db, viewer, RANKED_SIZE + 1),
    viewer ? readerRows(db, viewer) : undefined,
  ]);
  const rows = [
    ...hot,
    ...(reader?.followed ?? []),
    ...(reader?.byTag.flatMap((t) => t.rows) ?? []),
  ];
  const cards = new Map((await toStoryCards(db, unique(rows))).map((card) => [card.id, card]));
  const cardsOf = (list: StoryRow[]): StoryCard[] => list.flatMap((row) => cards.get(row.id) ?? []);

  const [spotlight, ...ranked] = cardsOf(hot);
  const sections: HomeSection[] = [];
  if (viewer && reader) {
    sections.push({
      type: "continueReadingSwimlane",
      data: { heading: "Continue reading", items: reader.continuing },
      dynamic: { path: continueReadingPath(viewer.username) },
    });
    sections.push({ type: "greeting", data: { heading: `Hi, ${reader.name}` } });
    for (const { tag, rows: tagged } of reader.byTag) {
      const items = cardsOf(tagged);
      if (items.length > 0) {
        sections.push({
          type: "storyList",
          data: {
            heading: `Top picks in ${genreLabel(tag)}`,
            subheading: "Because you chose it",
            items,
          },
        });
      }
    }
  } else {
    sections.push({
      type: "cta",
      data: {
        heading: "Your next favourite story is here",
        message: "Sign up to follow writers, keep a Library and get a feed made for you.",
        button: { text: "Start Reading", url: "/signup" },
      },
    });
  }
  if (spotlight) {
    sections.push({ type: "storySpotlight", data: { heading: "Spotlight", item: spotlight } });
  }
  if (ranked.length > 0) {
    sections.push({
      type: "rankedStoryList",
      data: {
        heading: "Hottest right now",
        items: ranked.map((card, index) => ({ ...card, rank: index + 1 })),
      },
    });
  }
  const followed = cardsOf(reader?.followed ?? []);
  if (followed.length > 0) {
    sections.push({
      type: "storyList",
      data: { heading: "From writers you follow", items: followed },
    });
  }
  sections.push(navigation);
  return { sections };
}

async function readerRows(db: Kysely<Database>, viewer: Viewer) {
  const [tags, continuing, followed, user] = await Promise.all([
    preferredTagsOf(db, viewer.id),
    continueReading(db, viewer),
    fromFollowed(db, viewer),
    db.selectFrom("users").select("name").where("id", "=", viewer.id).executeTakeFirstOrThrow(),
  ]);
  const byTag = await Promise.all(
    tags.map(async (tag) => ({ tag, rows: await hottest(db, viewer, LIST_SIZE, tag) })),
  );
  return { continuing, followed, byTag, name: user.name || viewer.username };
}

function unique(rows: StoryRow[]): StoryRow[] {
  return [...new Map(rows.map((row) => [row.id, row])).values()];
}

/** The feed, from the per-reader cache while it is fresh (see HOME_CACHE_MS). */
export async function homeFeed(
  db: Kysely<Database>,
  viewer: MaybeViewer,
  now = Date.now(),
): Promise<HomeFeed> {
  const key = viewer?.id ?? 0;
  const cached = cache.get(key);
  if (cached && now - cached.at < HOME_CACHE_MS) return cached.feed;
  const feed = await buildFeed(db, viewer);
  // Stale entries are only replaced on their reader's next visit; bound the memory they hold.
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(key, { at: now, feed });
  return feed;
}
