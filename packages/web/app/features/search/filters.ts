import {
  SEARCH_CONTENT,
  SEARCH_LENGTHS,
  SEARCH_UPDATED,
  type SearchLength,
  type StorySearchFilters,
} from "@inkwell/shared";

/**
 * The story filters as the results page's URL carries them: the filter form's GET fields
 * (updated and content repeat, one per ticked box). Unknown values are ignored.
 */
export function filtersFromUrl(params: URLSearchParams): StorySearchFilters {
  const pick = <T extends string>(name: string, options: readonly T[]) =>
    options.filter((option) => params.getAll(name).includes(option));
  const length = params.get("length") ?? "";
  return {
    updated: pick("updated", SEARCH_UPDATED),
    content: pick("content", SEARCH_CONTENT),
    length: (SEARCH_LENGTHS as readonly string[]).includes(length)
      ? (length as SearchLength)
      : "anyLength",
    hideMature: params.get("hideMature") === "1",
  };
}

/** The same filters as URL fields, for links that keep them (the no-JS 'Show more'). */
export function filtersToUrl(filters: StorySearchFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const option of filters.updated) params.append("updated", option);
  for (const option of filters.content) params.append("content", option);
  if (filters.length !== "anyLength") params.set("length", filters.length);
  if (filters.hideMature) params.set("hideMature", "1");
  return params;
}

/** How many filters differ from the defaults (shown on the collapsed panel). */
export const activeFilterCount = (filters: StorySearchFilters): number =>
  filters.updated.filter((option) => option !== "anytime").length +
  filters.content.length +
  (filters.length === "anyLength" ? 0 : 1) +
  (filters.hideMature ? 1 : 0);

/** /search/{term}/stories or /people: the term is one path segment, whatever it holds. */
export const searchPath = (term: string, tab: "stories" | "people") =>
  `/search/${encodeURIComponent(term)}/${tab}`;
