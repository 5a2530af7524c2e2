/**
 * A page's loader names what it shows in this response header (`pageTags`); the server keeps
 * visitors' tagged pages for a moment and drops them when one of those things changes.
 */
export const CACHE_TAGS_HEADER = "x-inkwell-cache-tags";

/** The tags a cached page is kept under, one home for the loaders and the server. */
export const pageTags = {
  /** The story's page, its parts' and its rankings': dropped by any change to the story. */
  story: (storyId: number) => `story:${storyId}`,
  /**
   * Every page showing a writer's name, picture or stories (theirs and lists): dropped
   * when something must stop showing at once (a rename, a hidden image, a closed account).
   */
  writer: (username: string) => `writer:${username.toLowerCase()}`,
  /**
   * A tag's list of stories. Percent-encoded: a header holds Latin-1 only, and a tag may be
   * in any script ("aşk", "любовь").
   */
  tag: (tag: string) => `tag:${encodeURIComponent(tag)}`,
  /**
   * Every list showing the story's card: dropped by any change to the story but its counts,
   * so a story made mature or unpublished leaves visitors' lists at once.
   */
  listed: (storyId: number) => `listed:${storyId}`,
};

/**
 * How long (milliseconds) a tagged page may be kept, when longer than the default moment:
 * lists of stories change slowly and nothing in them needs to be to the second.
 */
export const CACHE_TTL_HEADER = "x-inkwell-cache-ttl";

/**
 * The gzip level of what the server compresses as it answers (pages, JSON): level 1 takes a
 * 31 kB page to 8.4 kB in ~0.08 ms; level 6 saves a tenth more for twice the time.
 */
export const ANSWER_GZIP_LEVEL = 1;

/**
 * Whether a request's Accept-Encoding takes gzip (a q of 0 refuses it; `*` takes it): pages
 * go compressed to such a browser, and a visitor's cached page is kept per answer.
 */
export function acceptsGzip(acceptEncoding: string | null | undefined): boolean {
  if (!acceptEncoding) return false;
  let wildcard = false;
  for (const part of acceptEncoding.split(",")) {
    const [coding = "", ...params] = part
      .toLowerCase()
      .split(";")
      .map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith("q="));
    const accepted = q === undefined || Number(q.slice(2)) > 0;
    if (coding === "gzip") return accepted;
    if (coding === "*") wildcard = accepted;
  }
  return wildcard;
}
