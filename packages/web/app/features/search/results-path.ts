import { type ApiClient, ApiRequestError } from "../../api/client.ts";
import { filtersFromUrl, searchPath } from "./filters.ts";

/** An API 400 (a query it refuses, e.g. too long) reads as no results, not an error page. */
export async function orEmpty<T>(request: Promise<T>, empty: T): Promise<T> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 400) return empty;
    throw error;
  }
}

const FIRST = { limit: 1, offset: 0 };

/**
 * Where a submitted search opens (its results page's path): the Profiles tab when the term is someone's username (the
 * people search ranks that account first) or when only people match, else Stories. A reader
 * typing a writer's name is looking for that writer, not for stories that mention them.
 */
export async function resultsPath(api: ApiClient, term: string): Promise<string> {
  const [people, stories] = await Promise.all([
    orEmpty(api.searchUsers(term, FIRST), { users: [], nextUrl: null }),
    orEmpty(api.searchStories(term, FIRST, filtersFromUrl(new URLSearchParams())), {
      stories: [],
      nextUrl: null,
    }),
  ]);
  const [best] = people.users;
  const forPeople =
    best !== undefined &&
    (best.username.toLowerCase() === term.toLowerCase() || stories.stories.length === 0);
  return searchPath(term, forPeople ? "people" : "stories");
}
