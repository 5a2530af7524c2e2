import type { StoryCard } from "./api-types.ts";

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

export const isGenreTag = (tag: string): boolean => GENRES.some((genre) => genre.tag === tag);

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

/** reader.md §3 Home section: the types /v5/home produces today (see decisions/014). */
export type HomeSection =
  | {
      type: "continueReadingSwimlane";
      data: { heading: string; items: ContinueReadingItem[] };
      dynamic: { path: string };
    }
  | { type: "greeting"; data: { heading: string } }
  | { type: "storyList"; data: { heading: string; subheading?: string; items: StoryCard[] } }
  | { type: "rankedStoryList"; data: { heading: string; items: RankedStory[] } }
  | { type: "storySpotlight"; data: { heading: string; item: StoryCard } }
  | {
      type: "smallNavigation";
      data: { heading: string; navigation: { label: string; url: string }[] };
    }
  | {
      type: "cta";
      data: { heading: string; message: string; button: { text: string; url: string } };
    };

export interface HomeFeed {
  sections: HomeSection[];
}

/** Home page: sections shown at first and added each time the bottom comes near (§4, §9). */
export const HOME_SECTIONS_PER_LOAD = 5;
