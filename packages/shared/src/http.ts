/**
 * A page's loader names the stories it shows in this response header; the server keeps
 * visitors' tagged pages for a moment and drops them when one of those stories changes.
 */
export const CACHE_TAGS_HEADER = "x-inkwell-cache-tags";

/**
 * How long (milliseconds) a tagged page may be kept, when longer than the default moment:
 * lists of stories change slowly and nothing in them needs to be to the second.
 */
export const CACHE_TTL_HEADER = "x-inkwell-cache-ttl";
