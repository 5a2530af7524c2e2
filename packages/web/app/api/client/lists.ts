import type {
  LibraryPage,
  LibrarySort,
  ReadingListDetails,
  ReadingListPage,
  ReadingListSummary,
  StoryCollections,
} from "@inkwell/shared";
import { json, type PageQuery, pageParams, type Requests, userPath } from "./http.ts";

/** The Library and reading lists. */
export const listsCalls = ({ get, call }: Requests) => ({
  library: (username: string, query: PageQuery & { sort: LibrarySort; archived: boolean }) =>
    get<LibraryPage>(
      userPath(
        username,
        `/library?${pageParams(query)}&sort=${query.sort}&archived=${query.archived ? 1 : 0}`,
      ),
    ),
  addToLibrary: (username: string, storyId: number) =>
    call<{ stories: { id: number }[] }>(
      userPath(username, "/library?fields=stories(id)"),
      json("POST", { stories: storyId }),
    ),
  removeFromLibrary: (username: string, storyId: number) =>
    call<{ removed: boolean }>(userPath(username, `/library/${storyId}`), { method: "DELETE" }),
  archiveInLibrary: (username: string, storyId: number, archived: boolean) =>
    call<{ id: number; archived: boolean }>(
      userPath(username, `/library/${storyId}`),
      json("PUT", { archived }),
    ),
  /** Which of the signed-in reader's lists, and whether their Library, hold each story. */
  storyCollections: (storyIds: number[]) =>
    get<StoryCollections>(`/v4/stories/collections?storyIds=${storyIds.join(",")}`),
  /** The user's reading lists (theirs include private ones), newest first. */
  readingLists: (username: string, page: PageQuery) =>
    get<ReadingListPage>(userPath(username, `/lists?${pageParams(page)}`)),
  /** A page of the list's stories, in order; nextUrl is null at the list's end. */
  readingList: (id: number, page: PageQuery) =>
    get<ReadingListDetails>(`/api/v3/lists/${id}?${pageParams(page)}`),
  /** A new list holding the story; a list of that name (any case) is reused. */
  createReadingList: (name: string, storyId: number) =>
    call<ReadingListSummary>(
      "/api/v3/lists/",
      json("POST", {
        id: null,
        name,
        numStories: 0,
        cover: 0,
        tags: [],
        featured: false,
        stories: storyId,
      }),
    ),
  updateReadingList: (id: number, changes: { name?: string; isPrivate?: boolean }) =>
    call<ReadingListSummary>(`/api/v3/lists/${id}`, json("PUT", changes)),
  deleteReadingList: (id: number) =>
    call<{ deleted: true }>(`/api/v3/lists/${id}`, { method: "DELETE" }),
  addToReadingList: (id: number, storyId: number) =>
    call<ReadingListSummary>(`/api/v3/lists/${id}/stories`, json("POST", { stories: storyId })),
  removeFromReadingList: (id: number, storyId: number) =>
    call<ReadingListSummary>(`/api/v3/lists/${id}/stories/${storyId}`, { method: "DELETE" }),
  reorderReadingList: (id: number, storyIds: number[]) =>
    call<ReadingListDetails>(`/api/v3/lists/${id}/stories`, json("PUT", { stories: storyIds })),
});
