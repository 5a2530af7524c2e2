/**
 * A page's loader names the stories it shows in this response header; the server keeps
 * visitors' tagged pages for a moment and drops them when one of those stories changes.
 */
export const CACHE_TAGS_HEADER = "x-inkwell-cache-tags";
