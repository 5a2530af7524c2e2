/**
 * Reading lists' sizes (docs/decisions/064-reading-list-limits.md). A list holds at most
 * 1,000 stories: a reader who adds one by hand would take years to get near it, and it
 * keeps a list a bounded thing to count, reorder and page through.
 */
export const MAX_LIST_STORIES = 1000;
/**
 * A reader has at most 200 reading lists: the spec's fetch of a user's lists asks for 200
 * (reader.md §9), so the Add-to popover always holds every one of them.
 */
export const MAX_READING_LISTS = 200;
/** GET /api/v3/lists/{listId} answers at most this many stories at once; nextUrl leads on. */
export const LIST_STORIES_PAGE_MAX = 100;
