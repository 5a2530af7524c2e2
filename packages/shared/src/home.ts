import type { StoryCard } from "./api-types.ts";
import { LANGUAGES, languageById } from "./story-rules.ts";

/** The genres readers pick at onboarding and browse from the header and the home feed. */
export const GENRES = [
  { label: "Romance", tag: "romance" },
  { label: "Fantasy", tag: "fantasy" },
  { label: "Mystery", tag: "mystery" },
  { label: "Science Fiction", tag: "scifi" },
  { label: "Horror", tag: "horror" },
  { label: "Adventure", tag: "adventure" },
  { label: "Teen Fiction", tag: "teenfiction" },
  { label: "Historical Fiction", tag: "historical" },
  { label: "Humor", tag: "humor" },
  { label: "Thriller", tag: "thriller" },
  { label: "Poetry", tag: "poetry" },
  { label: "Paranormal", tag: "paranormal" },
] as const;

/** Genre onboarding: at most this many choices (reader.md §4, §9). */
export const MAX_GENRES = 3;

export const GENRE_MESSAGES = {
  /** reader.md §8, for a fourth genre. */
  tooMany: "Oops, you can only select three genres. Try removing one before adding another",
  notGenre: "Choose from the listed genres.",
} as const;

/**
 * The genre a client named, by its tag ("scifi") or its name ("Science Fiction": reader.md
 * §7 sends genre names), whatever the case; null for anything else.
 */
export function genreTagOf(named: string): string | null {
  const key = named.trim().toLowerCase();
  return (
    GENRES.find((genre) => genre.tag === key || genre.label.toLowerCase() === key)?.tag ?? null
  );
}

/** A genre's name as shown ("Science Fiction" for scifi); any other tag as it is. */
export const genreLabel = (tag: string): string =>
  GENRES.find((genre) => genre.tag === tag)?.label ?? tag;

/**
 * Toggling a genre tile: a chosen genre is dropped, a new one is added unless the limit is
 * reached, in which case the choice stays as it was and `refused` says why nothing moved.
 */
export function toggleGenre(
  chosen: readonly string[],
  tag: string,
): { chosen: string[]; refused: boolean } {
  if (chosen.includes(tag)) return { chosen: chosen.filter((t) => t !== tag), refused: false };
  if (chosen.length >= MAX_GENRES) return { chosen: [...chosen], refused: true };
  return { chosen: [...chosen, tag], refused: false };
}

/** reader.md §3 Continue-reading item. */
export interface ContinueReadingItem {
  id: number;
  title: string;
  cover: string | null;
  type: "currentRead" | "other";
  heading: string;
  current_part: { number: number; id: number };
  new_parts: number;
  total_parts: number;
  last_pub_date: string | null;
}

export type RankedStory = StoryCard & { rank: number };

/**
 * A story card that is paid to be there: its tracking URLs get one GET each, on the first
 * click and when at least half of it first shows (reader.md §3 Story card, §7).
 */
export interface Sponsorship {
  sponsorName: string;
  clickUrl: string;
  impressionUrl: string;
}

export type SponsoredStory = StoryCard & Sponsorship;

/** reader.md §3 Featured slide. */
export interface FeaturedSlide {
  id: number;
  image: string | null;
  heading: string;
  subheading: string;
  weblink: string;
}

/** A row of a paidMultiRow section. */
export interface HomeStoryRow {
  heading: string;
  subheading?: string;
  items: StoryCard[];
}

export interface NavigationLink {
  label: string;
  url: string;
}

/**
 * What every section of stories may carry (reader.md §3 showContentSettings): set when the
 * reader's content settings hid mature stories from it, so the app offers to change them.
 */
interface StoryListData {
  showContentSettings?: true;
}

/** reader.md §3 Home section: every type of §2 (see docs/decisions/021 and 029). */
export type HomeSection =
  | {
      type: "continueReadingSwimlane";
      data: { heading: string; items: ContinueReadingItem[] };
      dynamic: { path: string };
    }
  | { type: "greeting"; data: { heading: string } }
  | {
      type: "storyList";
      data: StoryListData & {
        heading: string;
        subheading?: string;
        items: (StoryCard | SponsoredStory)[];
        isPromoted?: boolean;
        tracking?: { clicks: number; impressions: number };
      };
    }
  | { type: "rankedStoryList"; data: StoryListData & { heading: string; items: RankedStory[] } }
  | {
      type: "storySpotlight";
      /** background: the spotlighted story's cover, drawn behind it (null without one). */
      data: StoryListData & { heading: string; item: StoryCard; background: string | null };
    }
  | {
      type: "storyHeroGroup";
      data: StoryListData & {
        heading: string;
        subheading?: string;
        heroItem: StoryCard;
        /** Every hero of the group, heroItem first (one today). */
        heroItems: StoryCard[];
        listItems: StoryCard[];
      };
    }
  | {
      type: "storyExpanded";
      data: StoryListData & {
        heading: string;
        subheading?: string;
        item: StoryCard;
        /** The label of the control that opens the story's preview (reader.md §2). */
        expandPrompt: string;
      };
    }
  | {
      type: "paid";
      data: StoryListData & {
        heading: string;
        subheading: string;
        items: StoryCard[];
        weblink: string;
      };
    }
  | {
      type: "paidMultiRow";
      data: StoryListData & {
        heading: string;
        subheading: string;
        rows: HomeStoryRow[];
        weblink: string;
      };
    }
  | {
      type: "premiumPicksRow";
      data: StoryListData & {
        heading: string;
        subheading: string;
        items: StoryCard[];
        expiresAt: string;
        weblink: string;
        /** To readers without Premium: what a plan gives them here. */
        prompt?: string;
      };
    }
  | { type: "featured"; data: { heading: string; items: FeaturedSlide[] } }
  | { type: "smallNavigation"; data: { heading: string; navigation: NavigationLink[] } }
  | {
      type: "cta";
      data: {
        heading: string;
        message: string;
        button: { text: string; url: string };
        image?: string;
      };
    };

export type HomeSectionType = HomeSection["type"];

export type ContinueReadingSection = Extract<HomeSection, { type: "continueReadingSwimlane" }>;

/**
 * GET of a continue-reading section's dynamic.path (reader.md §7 'sections with data for the
 * strip'): the section again, with fresh items.
 */
export interface ContinueReadingSections {
  sections: ContinueReadingSection[];
}

export interface HomeFeed {
  sections: HomeSection[];
}

/** Home page: sections shown at first and added each time the bottom comes near (§4, §9). */
export const HOME_SECTIONS_PER_LOAD = 5;

/**
 * The account whose public reading lists are a language's featured lists (reader.md §7
 * GET /api/v3/users/{curationUsername}/lists): inkwell_en, inkwell_fr…
 */
export const curationUsername = (languageId: number): string =>
  `inkwell_${languageById(languageId)?.code ?? "en"}`;

/** Every language's curation account, in lower case. */
export const CURATION_USERNAMES: readonly string[] = LANGUAGES.map((language) =>
  curationUsername(language.id),
);
const CURATION_ACCOUNTS = new Set(CURATION_USERNAMES);

export const isCurationAccount = (username: string): boolean =>
  CURATION_ACCOUNTS.has(username.toLowerCase());

/**
 * Whether a name is one a curation account has or may get: `inkwell_` and a two- or
 * three-letter language code. Wider than today's languages so that nobody holds the name
 * of a language's curation account before the team creates it (docs/decisions/024).
 */
export const isCurationName = (username: string): boolean => /^inkwell_[a-z]{2,3}$/i.test(username);

/** The catalog of paid stories (reader.md §2), where the paid sections' See all leads. */
export const PAID_CATALOG_URL = "/catalog/paidstories";
/** The originals catalog: the same view under our brand's key (reader.md §2, spec README). */
export const ORIGINALS_CATALOG_URL = "/catalog/inkwelloriginals";

/**
 * The paid catalog's groups before its genres (reader.md §2 Catalogs): keys the catalog's
 * tags call answers beside genre tags. The '~' keeps them apart from every tag, which is
 * letters, digits, - and _ only. Featured picks are the paid stories on the curation
 * accounts' public lists: the team features a story by listing it. On sale are the paid
 * stories whose sale is on (decision 052).
 */
export const PAID_CATALOG_GROUPS = [
  "~featured",
  "~on_sale",
  "~new_releases",
  "~ongoing",
  "~deals",
] as const;
export type PaidCatalogGroup = (typeof PAID_CATALOG_GROUPS)[number];
export const isPaidCatalogGroup = (key: string): key is PaidCatalogGroup =>
  (PAID_CATALOG_GROUPS as readonly string[]).includes(key);

/** Where a featured reading list is read (reader.md §2 /featured/{listId}). */
export const featuredListUrl = (listId: number): string => `/featured/${listId}`;

/** The widest phone layout (reader.md §9: 575 px and up is not mobile). */
export const MOBILE_MAX_WIDTH = 574;

/** The continue-reading strip: scroll handling throttled, a swipe moves it a page (§4, §9). */
export const STRIP_SCROLL_THROTTLE_MS = 300;
export const STRIP_SWIPE_PX = 150;

/** The featured carousel advances this often on desktop once seen (§4, §9). */
export const FEATURED_AUTOPLAY_MS = 5500;
/** …and this often with the HFC_LIMIT_INCREASE feature flag on (§9). */
export const FEATURED_AUTOPLAY_INCREASED_MS = 5000;

/** The featured carousel's autoplay interval, by the HFC_LIMIT_INCREASE flag (off without flags). */
export const featuredAutoplayMs = (features: { HFC_LIMIT_INCREASE: boolean } | null): number =>
  features?.HFC_LIMIT_INCREASE ? FEATURED_AUTOPLAY_INCREASED_MS : FEATURED_AUTOPLAY_MS;

/** What the hero of a storyHeroGroup shows from `minWidth` px up (reader.md §9). */
export interface HeroLimits {
  minWidth: number;
  title: number;
  description: number;
  tags: number;
  /** A tag shows only if shorter than this. */
  tagLength: number;
}

export const HERO_LIMITS: readonly HeroLimits[] = [
  { minWidth: 961, title: 200, description: 500, tags: 3, tagLength: 18 },
  { minWidth: 576, title: 60, description: 250, tags: 2, tagLength: 10 },
  { minWidth: 400, title: 30, description: 100, tags: 1, tagLength: 8 },
  { minWidth: 0, title: 30, description: 60, tags: 1, tagLength: 8 },
];

/** The hero's tags at one width: the first short enough, at most the limit's count. */
export const heroTags = (tags: readonly string[], limits: HeroLimits): string[] =>
  tags.filter((tag) => tag.length < limits.tagLength).slice(0, limits.tags);

/** A spotlighted story's description is cut to this (reader.md §9). */
export const SPOTLIGHT_DESCRIPTION = 290;
