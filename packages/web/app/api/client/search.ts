import type {
  RecentSearches,
  StorySearchFilters,
  StorySearchResult,
  UserSearchResult,
} from "@inkwell/shared";
import { json, noBody, type PageQuery, pageParams, type Requests } from "./http.ts";

/** The people search call of the spec: the profile card's fields. */
const PROFILE_CARD_FIELDS =
  "username,name,avatar,description,numLists,numFollowers,numStoriesPublished,badges,following";

/** Story search: the query, a page and the filters, as GET /v4/search/stories takes them. */
export function storySearchPath(query: string, page: PageQuery, filters: StorySearchFilters) {
  const params = new URLSearchParams({ query, ...Object.fromEntries(pageParams(page)) });
  if (filters.updated.length > 0) params.set("updated", filters.updated.join(","));
  if (filters.content.length > 0) params.set("content", filters.content.join(","));
  if (filters.length !== "anyLength") params.set("length", filters.length);
  if (filters.hideMature) params.set("hideMature", "1");
  return `/v4/search/stories?${params}`;
}

const recentSearchesPath = "/api/v3/users/me/recent-searches";

export const searchCalls = ({ get, call, orNullForVisitors }: Requests) => ({
  /** A page of story cards (no total: it costs a count the pages do not show). */
  searchStories: (query: string, page: PageQuery, filters: StorySearchFilters) =>
    get<StorySearchResult>(storySearchPath(query, page, filters)),
  /** The next page of a story search: the nextUrl it answered. */
  searchStoriesAt: (nextUrl: string) => get<StorySearchResult>(nextUrl),
  searchUsers: (query: string, page: PageQuery) =>
    get<UserSearchResult>(
      `/v4/search/users/?${new URLSearchParams({ query, ...Object.fromEntries(pageParams(page)), fields: PROFILE_CARD_FIELDS })}`,
    ),
  /** The signed-in reader's recent searches, or null for a visitor. */
  recentSearches: () => orNullForVisitors<RecentSearches>(recentSearchesPath),
  addRecentSearch: (query: string) =>
    call<RecentSearches>(recentSearchesPath, json("POST", { query })),
  removeRecentSearch: (query: string) =>
    call<RecentSearches>(
      `${recentSearchesPath}?${new URLSearchParams({ query })}`,
      noBody("DELETE"),
    ),
});
