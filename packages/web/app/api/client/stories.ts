import type { StoryCard, StoryDetails } from "@inkwell/shared";
import { type PageQuery, pageParams, type Requests } from "./http.ts";

/** What a story card and its preview show: enough to draw them, nothing more. */
export const STORY_CARD_FIELDS = [
  "id",
  "title",
  "url",
  "cover",
  "description",
  "user",
  "completed",
  "mature",
  "isPaid",
  "sale",
  "numParts",
  "firstPartId",
  "readCount",
  "voteCount",
] as const satisfies ReadonlyArray<keyof StoryCard>;

/** The story fields the story page shows: its card's, and the rest of the story. */
export const STORY_PAGE_FIELDS = [
  ...STORY_CARD_FIELDS,
  "draft",
  "deleted",
  "numNewParts",
  "numNewBonusParts",
  "length",
  "language",
  "storyTags",
  "parts",
  "firstStoryPart",
  "modifyDate",
  "tagRankings",
  "ads",
  "bannedCover",
] as const satisfies ReadonlyArray<keyof StoryDetails>;

export type StoryCardData = Pick<StoryCard, (typeof STORY_CARD_FIELDS)[number]>;

export interface StoryCardPage {
  stories: StoryCardData[];
  nextUrl: string | null;
}

export type StoryPageData = Pick<StoryDetails, (typeof STORY_PAGE_FIELDS)[number]>;

export type StoryRankingsData = Pick<
  StoryDetails,
  "id" | "title" | "url" | "cover" | "user" | "tagRankings"
>;

const STORY_PAGE_QUERY = STORY_PAGE_FIELDS.join(",");

export interface StoryListQuery {
  filter?: "hot" | "new";
  tag?: string;
  limit?: number;
  offset?: number;
}

/** Stories as readers find them: the story page, lists of cards, the paid catalog. */
export const storiesCalls = ({ get }: Requests) => ({
  storyPage: (id: number) => get<StoryPageData>(`/api/v3/stories/${id}?fields=${STORY_PAGE_QUERY}`),
  storyRankings: (id: number) =>
    get<StoryRankingsData>(`/api/v3/stories/${id}?fields=id,title,url,cover,user,tagRankings`),
  /** 'You may also like': asked for by the browser, below the fold, after the page. */
  recommendedStories: (id: number) =>
    get<{ recommendedStories: StoryCardData[] }>(
      `/api/v3/stories/${id}?fields=recommendedStories(${STORY_CARD_FIELDS.join(",")})`,
    ),
  /** A pasted story's title: how the copyright sub-flow checks a story URL. */
  storyTitle: (id: number) => get<{ title: string }>(`/api/v3/stories/${id}?fields=title`),
  stories: (query: StoryListQuery) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined) params.set(key, String(value));
    }
    params.set("fields", `stories(${STORY_CARD_FIELDS.join(",")}),nextUrl`);
    return get<StoryCardPage>(`/api/v3/stories?${params}`);
  },
  /** The paid catalog's groups (PAID_CATALOG_GROUPS, then genres) the reader may see. */
  paidStoryTags: () => get<{ tags: string[] }>("/v4/paid_stories/tags"),
  /**
   * A page of the Originals of a tag or catalog group (the tag page's carousel, the
   * catalog's groups); nextUrl is null at the group's end.
   */
  paidStoriesOfTag: (tag: string, page: PageQuery) =>
    get<{ stories: StoryCardData[]; nextUrl: string | null }>(
      `/v4/paid_stories/tags/${encodeURIComponent(tag)}?${pageParams(page)}&fields=stories(${STORY_CARD_FIELDS.join(",")}),nextUrl`,
    ),
});
