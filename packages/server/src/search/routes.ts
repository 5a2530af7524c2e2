import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { cleanUserText, SEARCH_CONTENT, SEARCH_LENGTHS, SEARCH_UPDATED } from "@inkwell/shared";
import type { AppEnv } from "../http/app-env.ts";
import { errorJson, objectJson } from "../http/openapi.ts";
import { readFields } from "../http/request-info.ts";
import { requireViewer } from "../http/require-viewer.ts";
import { fieldsFrom, project } from "../http/respond.ts";
import {
  fieldsQuery,
  limitQuery,
  offsetQuery,
  parseInput,
  validationHook,
} from "../http/validation.ts";
import {
  addRecentSearch,
  listRecentSearches,
  removeRecentSearch,
  searchStories,
  searchUsers,
} from "./service.ts";

/**
 * Any text up to 1,000 characters that is not blank; it is cut into words, never parsed.
 * Control characters become spaces: PostgreSQL refuses NUL in text.
 */
const searchText = z
  .string({ error: "query is required" })
  .max(1000, "query must be at most 1,000 characters")
  // Control characters part words; what else cleanUserText drops (direction overrides, half
  // characters) goes too, as a recent search is shown back to its reader.
  .transform((value) => cleanUserText(value.replace(/\p{Cc}/gu, " ")))
  .refine((value) => value.length > 0, "query must not be blank");

/** A comma-separated subset of `options`, e.g. content=complete,paid. */
const optionList = <T extends string>(name: string, options: readonly [T, ...T[]]) =>
  z
    .string()
    .max(200)
    .transform((value) => [...new Set(value.split(",").filter((option) => option.length > 0))])
    .pipe(z.array(z.enum(options, { error: `${name} takes ${options.join(", ")}` })))
    .default([]);

const storySearchQuery = z.object({
  query: searchText,
  limit: limitQuery(50, 15),
  offset: offsetQuery,
  updated: optionList("updated", SEARCH_UPDATED),
  content: optionList("content", SEARCH_CONTENT),
  length: z.enum(SEARCH_LENGTHS).default("anyLength"),
  hideMature: z
    .enum(["0", "1", "true", "false"])
    .transform((value) => value === "1" || value === "true")
    .default(false),
  fields: fieldsQuery,
});

const storySearchRoute = createRoute({
  method: "get",
  path: "/v4/search/stories",
  summary:
    "Story search (reader.md §2): relevance-ranked, filtered by updated, content, length and hideMature; {stories, nextUrl}",
  request: { query: storySearchQuery },
  responses: {
    200: { description: "{stories, nextUrl}", ...objectJson },
    400: { description: "Blank or over-long query, or an unknown filter", ...errorJson },
  },
});

const userSearchRoute = createRoute({
  method: "get",
  path: "/v4/search/users/",
  summary: "People search: profile cards whose username or name match, projected by `fields`",
  request: {
    query: z.object({
      query: searchText,
      limit: limitQuery(50, 10),
      offset: offsetQuery,
      fields: fieldsQuery,
    }),
  },
  responses: {
    200: { description: "{users, nextUrl}", ...objectJson },
    400: { description: "Blank or over-long query", ...errorJson },
  },
});

const recentResponses = {
  200: { description: "{searches: [{query, searchedAt}]}, newest first", ...objectJson },
  400: { description: "Blank or over-long query", ...errorJson },
  401: { description: "Not signed in", ...errorJson },
};

const recentPath = "/api/v3/users/me/recent-searches";

const listRecentRoute = createRoute({
  method: "get",
  path: recentPath,
  summary: "The signed-in reader's recent searches (the last 10)",
  responses: recentResponses,
});

const addRecentRoute = createRoute({
  method: "post",
  path: recentPath,
  summary: "Remember a search (form or JSON field `query`)",
  responses: recentResponses,
});

const removeRecentRoute = createRoute({
  method: "delete",
  path: recentPath,
  summary: "Forget one recent search, named by `query`",
  request: { query: z.object({ query: searchText }) },
  responses: recentResponses,
});

export function searchRoutes() {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.openapi(storySearchRoute, async (c) => {
    const { query, limit, offset, updated, content, length, hideMature, fields } =
      c.req.valid("query");
    const result = await searchStories(
      c.get("db"),
      c.get("engine"),
      { query, limit, offset, filters: { updated, content, length, hideMature } },
      c.get("viewer"),
    );
    return c.json(project(result, fieldsFrom(fields)), 200);
  });
  app.openapi(userSearchRoute, async (c) => {
    const { query, limit, offset, fields } = c.req.valid("query");
    const result = await searchUsers(
      c.get("db"),
      c.get("engine"),
      { query, limit, offset },
      c.get("viewer"),
    );
    const selection = fieldsFrom(fields);
    // `fields` names the profile card's fields, as the spec's call does: users keep nextUrl.
    return c.json(
      { users: result.users.map((user) => project(user, selection)), nextUrl: result.nextUrl },
      200,
    );
  });
  app.openapi(listRecentRoute, async (c) =>
    c.json(await listRecentSearches(c.get("db"), requireViewer(c)), 200),
  );
  app.openapi(addRecentRoute, async (c) => {
    const viewer = requireViewer(c);
    const { query } = parseInput(z.strictObject({ query: searchText }), await readFields(c));
    return c.json(await addRecentSearch(c.get("db"), viewer, query), 200);
  });
  app.openapi(removeRecentRoute, async (c) => {
    const viewer = requireViewer(c);
    return c.json(await removeRecentSearch(c.get("db"), viewer, c.req.valid("query").query), 200);
  });
  return app;
}
