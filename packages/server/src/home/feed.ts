import {
  GENRES,
  genreLabel,
  type HomeFeed,
  type HomeSection,
  type HomeStoryRow,
  PAID_CATALOG_URL,
  type StoryCard,
  type StorySource,
  seesMatureContent,
  WRITER_JOURNEY_PATH,
} from "@inkwell/shared";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { onReaderSignalsChanged, onStoryChanged, onWriterChanged } from "../events.ts";
import { selectStories, toStoryCards } from "../stories/cards.ts";
import { listedStory, visibleStories } from "../stories/service.ts";
import type { MaybeViewer, Viewer } from "../viewer.ts";
import {
  featuredSlides,
  hottest,
  hottestIn,
  monthsPicks,
  originals,
  originalsIn,
  sponsored,
} from "./catalogue.ts";
import { continueReading, continueReadingSection, preferredTagsOf } from "./service.ts";

/** A reader's feed is reused this long unless their own signals change first. */
export const HOME_CACHE_MS = 30_000;

const MAX_CACHED = 10_000;

interface Cached {
  at: number;
  feed: Promise<HomeFeed>;
  /** The feed as sent, serialised once: a feed is ~60 kB, and stringifying it on every hit
   * cost more than the rest of the request. */
  json?: Promise<string>;
}

// Keyed by reader id, or by language for visitors (who share one generic feed each).
const cache = new Map<string, Cached>();
const readerKey = (userId: number) => `reader:${userId}`;
onReaderSignalsChanged((userId) => cache.delete(readerKey(userId)));
// What a writer's cards showed must go (a new name, a hidden cover, a closed account): every
// feed is rebuilt on its next load. Such changes are rare next to loads, and a feed lives
// HOME_CACHE_MS at most anyway.
onWriterChanged(() => cache.clear());
// Likewise a story made mature, unpublished or deleted must leave every feed at once (each
// is narrowed per reader when built); a vote's counts may show a moment late.
onStoryChanged((_storyId, countsOnly) => {
  if (!countsOnly) cache.clear();
});

/** Stories per list section, places in the ranked list, list items beside a hero. */
const LIST_SIZE = 12;
const RANKED_SIZE = 10;
const HERO_LIST_SIZE = 4;
/** Genres of the Originals rows when the reader has chosen none. */
const DEFAULT_ROW_GENRES = ["romance", "fantasy", "mystery"];

const navigation: HomeSection = {
  type: "smallNavigation",
  data: {
    heading: "Browse genres",
    navigation: GENRES.map((genre) => ({ label: genre.label, url: `/stories/${genre.tag}` })),
  },
};

/** What the feed knows of a signed-in reader beyond the shared catalogue. */
interface ReaderSignals {
  name: string;
  languageId: number;
  isPremium: boolean;
  /** An adult whose content settings hide mature stories: they may turn them back on. */
  hidesMature: boolean;
  tags: string[];
  /** Has said whether they read, write or both (or skipped the question). */
  answeredQuestionnaire: boolean;
  continuing: Awaited<ReturnType<typeof continueReading>>;
  followed: StoryCard[];
  /** The story of their latest vote and its first tag, for "because you voted". */
  voted: { id: number; title: string; tag: string | null } | undefined;
}

async function readerSignals(db: Kysely<Database>, viewer: Viewer): Promise<ReaderSignals> {
  const [tags, continuing, followed, user, voted] = await Promise.all([
    preferredTagsOf(db, viewer.id),
    continueReading(db, viewer),
    fromFollowed(db, viewer),
    db
      .selectFrom("users")
      .select([
        "name",
        "language_id",
        "is_premium",
        "include_mature",
        "birthdate",
        "writer_answered_at",
      ])
      .where("id", "=", viewer.id)
      .executeTakeFirstOrThrow(),
    latestVote(db, viewer),
  ]);
  return {
    name: user.name || viewer.username,
    languageId: user.language_id,
    isPremium: user.is_premium === 1,
    hidesMature:
      user.include_mature === 0 &&
      seesMatureContent({ includeMature: true, birthdate: user.birthdate }, new Date()),
    tags,
    answeredQuestionnaire: user.writer_answered_at !== null,
    continuing,
    followed,
    voted,
  };
}

/** The latest stories of the people the reader follows. */
async function fromFollowed(db: Kysely<Database>, viewer: Viewer): Promise<StoryCard[]> {
  const rows = await visibleStories(selectStories(db), viewer)
    .where("stories.user_id", "in", (eb) =>
      eb.selectFrom("follows").select("followee_id").where("follower_id", "=", viewer.id),
    )
    .orderBy("stories.last_published_at", "desc")
    .orderBy("stories.id", "desc")
    .limit(LIST_SIZE)
    .execute();
  return toStoryCards(db, rows, ["following"]);
}

/** The latest vote on a story the reader may still see: the heading names it. */
function latestVote(db: Kysely<Database>, viewer: Viewer) {
  return db
    .selectFrom("votes")
    .innerJoin("stories", "stories.id", "votes.story_id")
    .where("votes.user_id", "=", viewer.id)
    .where((eb) => listedStory(eb, viewer))
    .select(["stories.id", "stories.title"])
    .select((eb) =>
      eb
        .selectFrom("story_tags")
        .innerJoin("tags", "tags.id", "story_tags.tag_id")
        .select("tags.name")
        .whereRef("story_tags.story_id", "=", "stories.id")
        .orderBy("story_tags.position")
        .limit(1)
        .as("tag"),
    )
    .orderBy("votes.created_at", "desc")
    .limit(1)
    .executeTakeFirst();
}

/**
 * Which of the candidate stories this viewer may see, by the one rule every list uses
 * (listedStory: mature, blocked tags, muted and blocked people): one query by primary key.
 * The cards shown carry the section's source (the catalogue's cards are shared, so copied).
 */
async function visibleAmong(
  db: Kysely<Database>,
  viewer: MaybeViewer,
  lists: StoryCard[][],
): Promise<(cards: StoryCard[], source: StorySource, limit?: number) => StoryCard[]> {
  const ids = [...new Set(lists.flat().map((card) => card.id))];
  const rows =
    ids.length === 0
      ? []
      : await db
          .selectFrom("stories")
          .select("stories.id")
          .where("stories.id", "in", ids)
          .where((eb) => listedStory(eb, viewer))
          .execute();
  const visible = new Set(rows.map((row) => row.id));
  return <T extends StoryCard>(cards: T[], source: StorySource, limit = LIST_SIZE) =>
    cards
      .filter((card) => visible.has(card.id))
      .slice(0, limit)
      .map((card) => ({ ...card, sources: [source] }));
}

/**
 * The viewer's feed (reader.md §2 Home page): every section type the data allows, in the
 * order below. Lists come from the shared catalogue (catalogue.ts) and the reader's own
 * signals (positions, genres, follows, votes), gathered in parallel: two round trips of a
 * handful of queries. A section with nothing to show is not sent.
 */
async function composeFeed(
  db: Kysely<Database>,
  viewer: MaybeViewer,
  visitorLanguageId: number,
): Promise<HomeFeed> {
  const reader = viewer ? await readerSignals(db, viewer) : undefined;
  const genres = reader?.tags ?? [];
  const rowGenres = genres.length > 0 ? genres : DEFAULT_ROW_GENRES;
  const votedTag = reader?.voted?.tag ?? null;
  const [hot, paid, picks, promoted, slides, byGenre, paidByGenre, sameTag] = await Promise.all([
    hottest(db),
    originals(db),
    monthsPicks(db),
    sponsored(db),
    featuredSlides(db, reader?.languageId ?? visitorLanguageId),
    Promise.all(genres.map((tag) => hottestIn(db, tag))),
    Promise.all(rowGenres.map((tag) => originalsIn(db, tag))),
    votedTag ? hottestIn(db, votedTag) : Promise.resolve([]),
  ]);
  const shown = await visibleAmong(db, viewer, [
    hot,
    paid,
    picks.items,
    promoted,
    ...byGenre,
    ...paidByGenre,
    sameTag,
  ]);

  // Lists the reader's mature setting filtered offer to change it (reader.md §3).
  const listed = reader?.hidesMature ? { showContentSettings: true as const } : {};
  const sections: HomeSection[] = [];
  if (viewer && reader) {
    sections.push(continueReadingSection(viewer.username, reader.continuing));
    sections.push({ type: "greeting", data: { heading: `Hi, ${reader.name}` } });
    if (!reader.answeredQuestionnaire && genres.length === 0) {
      // A new account's way into the onboarding (decision 061), which ends by picking genres.
      sections.push({
        type: "cta",
        data: {
          heading: "Welcome to Inkwell",
          message:
            "Tell us whether you read, write or both, then pick up to three genres, and we'll make this feed yours.",
          button: { text: "Get started", url: WRITER_JOURNEY_PATH },
        },
      });
    }
  }
  if (slides.length > 0) {
    sections.push({ type: "featured", data: { heading: "Featured lists", items: slides } });
  }
  if (!reader) {
    sections.push({
      type: "cta",
      data: {
        heading: "Your next favourite story is here",
        message: "Sign up to follow writers, keep a Library and get a feed made for you.",
        button: { text: "Start Reading", url: "/signup" },
      },
    });
  } else if (genres.length === 0 && reader.answeredQuestionnaire) {
    sections.push({
      type: "cta",
      data: {
        heading: "Make this feed yours",
        message: "Pick up to three genres and we'll fill your home with them.",
        button: { text: "Pick genres", url: "/start/genres" },
      },
    });
  }
  genres.forEach((tag, index) => {
    const items = shown(byGenre[index] ?? [], "genre");
    const [hero, ...rest] = items;
    const heading = `Top picks in ${genreLabel(tag)}`;
    const subheading = "Because you chose it";
    if (!hero) return;
    // The first genre leads with a hero; the others are rows.
    if (index === 0) {
      sections.push({
        type: "storyHeroGroup",
        data: {
          ...listed,
          heading,
          subheading,
          heroItem: hero,
          heroItems: [hero],
          listItems: rest.slice(0, HERO_LIST_SIZE),
        },
      });
    } else {
      sections.push({ type: "storyList", data: { ...listed, heading, subheading, items } });
    }
  });
  const voted = reader?.voted;
  const reading = new Set(reader?.continuing.map((item) => item.id));
  const alike = shown(sameTag, "voted", Number.POSITIVE_INFINITY).find(
    (card) => card.id !== voted?.id && !reading.has(card.id),
  );
  if (voted && alike) {
    sections.push({
      type: "storyExpanded",
      data: {
        ...listed,
        heading: `Because you voted for ${voted.title}`,
        item: alike,
        expandPrompt: "Read more",
      },
    });
  }
  const paidItems = shown(paid, "originals");
  if (paidItems.length > 0) {
    sections.push({
      type: "paid",
      data: {
        ...listed,
        heading: "Inkwell Originals",
        subheading: "Stories our editors love, unlocked with Coins",
        items: paidItems,
        weblink: PAID_CATALOG_URL,
      },
    });
  }
  const promotedItems = shown(promoted, "sponsored");
  if (promotedItems.length > 0) {
    sections.push({
      type: "storyList",
      data: { ...listed, heading: "Sponsored stories", items: promotedItems, isPromoted: true },
    });
  }
  const [spotlight, ...ranked] = shown(hot, "hot", RANKED_SIZE + 1);
  if (spotlight) {
    sections.push({
      type: "storySpotlight",
      data: { ...listed, heading: "Spotlight", item: spotlight, background: spotlight.cover },
    });
  }
  if (ranked.length > 0) {
    sections.push({
      type: "rankedStoryList",
      data: {
        ...listed,
        heading: "Hottest right now",
        items: ranked.map((card, index) => ({ ...card, rank: index + 1 })),
      },
    });
  }
  const pickItems = shown(picks.items, "picks");
  if (pickItems.length > 0) {
    sections.push({
      type: "premiumPicksRow",
      data: {
        ...listed,
        heading: "Premium Picks",
        subheading: "5 Originals free with Premium this month",
        items: pickItems,
        expiresAt: picks.expiresAt,
        weblink: "/catalog/premiumpicks",
        ...(!reader?.isPremium && {
          prompt: "Any Premium or Premium+ plan gives you access to 5 Originals a month.",
        }),
      },
    });
  }
  if (reader && reader.followed.length > 0) {
    sections.push({
      type: "storyList",
      data: { ...listed, heading: "From writers you follow", items: reader.followed },
    });
  }
  const rows: HomeStoryRow[] = rowGenres.flatMap((tag, index) => {
    const items = shown(paidByGenre[index] ?? [], "originals");
    return items.length > 0 ? [{ heading: genreLabel(tag), items }] : [];
  });
  if (rows.length > 0) {
    sections.push({
      type: "paidMultiRow",
      data: {
        ...listed,
        heading: "Originals by genre",
        subheading: "Paid stories in genres you like",
        rows,
        weblink: PAID_CATALOG_URL,
      },
    });
  }
  sections.push(navigation);
  return { sections };
}

/**
 * The feed as JSON, from the per-reader cache while it is fresh (see HOME_CACHE_MS).
 * Visitors get the generic feed of their language (the locale cookie's).
 */
export function homeFeedJson(
  db: Kysely<Database>,
  viewer: MaybeViewer,
  visitorLanguageId: number,
  now = Date.now(),
): Promise<string> {
  const key = viewer ? readerKey(viewer.id) : `visitor:${visitorLanguageId}`;
  let entry = cache.get(key);
  if (!entry || now - entry.at >= HOME_CACHE_MS) {
    const feed = composeFeed(db, viewer, visitorLanguageId);
    // Stale entries are only replaced on their reader's next visit; bound the memory they hold.
    if (cache.size >= MAX_CACHED) cache.clear();
    entry = { at: now, feed };
    cache.set(key, entry);
    feed.catch(() => cache.delete(key));
  }
  entry.json ??= entry.feed.then((feed) => JSON.stringify(feed));
  return entry.json;
}
