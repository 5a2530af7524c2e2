/**
 * The pages a reader finds stories on, for §7's story click: where a link to a story was
 * followed. A writer's Overview shows their shares ("where readers found it").
 */
export const STORY_CLICK_SOURCES = [
  "home",
  "search",
  "tag",
  "catalog",
  "featured",
  "list",
  "library",
  "profile",
  "story",
] as const;
export type StoryClickSource = (typeof STORY_CLICK_SOURCES)[number];
export const STORY_CLICK_SOURCE_MESSAGE = `source must be one of ${STORY_CLICK_SOURCES.join(", ")}`;

/** Each page's first path segment, for the pages that are a discovery. */
const SOURCE_OF_SECTION: Readonly<Record<string, StoryClickSource>> = {
  "": "home",
  home: "home",
  search: "search",
  stories: "tag",
  catalog: "catalog",
  featured: "featured",
  list: "list",
  library: "library",
  user: "profile",
  story: "story",
};

/**
 * Where a click on a link to story `storyId` made on the page at `pathname` found it, or
 * null when it is not a discovery: a story's own pages, the reading page (its story's
 * links), and the writer's and settings pages.
 */
export function storyClickSource(pathname: string, storyId: number): StoryClickSource | null {
  if (pathname === `/story/${storyId}` || pathname.startsWith(`/story/${storyId}/`)) return null;
  const section = pathname.split("/")[1] ?? "";
  return Object.hasOwn(SOURCE_OF_SECTION, section) ? (SOURCE_OF_SECTION[section] ?? null) : null;
}

/** The story a link leads to, when it is a story's page (`/story/{id}`). */
export function storyLinkId(href: string): number | null {
  const match = /^\/story\/(\d{1,15})(?:[?#]|$)/.exec(href);
  return match ? Number(match[1]) : null;
}
