import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { type FieldSelection, isPaidCatalogGroup } from "@inkwell/shared";
import type { AppEnv } from "../http/app-env.ts";
import { HttpError, INTERNAL_ERROR } from "../http/errors.ts";
import { errorJson, objectJson } from "../http/openapi.ts";
import { fieldsFrom, project } from "../http/respond.ts";
import {
  fieldsQuery,
  idParam,
  limitQuery,
  offsetQuery,
  userText,
  validationHook,
} from "../http/validation.ts";
import { paidCatalogKeys, paidGroupStories } from "./paid-catalog.ts";
import { getStoryDetails, listStories } from "./service.ts";

const getStory = createRoute({
  method: "get",
  path: "/api/v3/stories/{id}",
  summary:
    "Story details (reader.md §3), projected by `fields`; recommendedStories and premiumPicks ({liveness: current|upcoming, startsAt, endsAt} or null) only when named in `fields`",
  request: { params: z.object({ id: idParam("id") }), query: z.object({ fields: fieldsQuery }) },
  responses: {
    200: { description: "The story", ...objectJson },
    400: { description: "Malformed id or fields", ...errorJson },
    404: { description: "No such story, or not visible to the caller", ...errorJson },
    500: {
      description: "The details could not be put together: {code, message, serverError: true}",
      ...errorJson,
    },
  },
});

const listQuery = z.object({
  filter: z.enum(["hot", "new"]).default("hot"),
  tag: userText("tag is a tag").min(1).max(128).optional(),
  category: z
    .string()
    .regex(/^\d{1,9}$/, "category must be a whole number")
    .transform(Number)
    .optional(),
  limit: limitQuery(100, 20),
  offset: offsetQuery,
  fields: fieldsQuery,
});

const getStories = createRoute({
  method: "get",
  path: "/api/v3/stories",
  summary:
    "Published stories by popularity (hot) or recency (new), optionally by tag or category; the cards' tagRankings only when named in `fields` (stories(…,tagRankings))",
  request: { query: listQuery },
  responses: {
    200: { description: "{stories, total, nextUrl}", ...objectJson },
    400: { description: "Bad query", ...errorJson },
  },
});

const getPaidStoriesOfTag = createRoute({
  method: "get",
  path: "/v4/paid_stories/tags/{tag}",
  summary:
    "The hottest paid stories (Originals) carrying a tag, or of a catalog group (~featured: on the curation accounts' public lists, ~new_releases: newest first, ~ongoing, ~deals): {tag, stories}; the cards' tagRankings only when named in `fields`",
  request: {
    params: z.object({ tag: userText("tag is a tag").min(1).max(128) }),
    query: z.object({
      // The catalog asks for limit=-1, meaning every story; a page never needs more than 100.
      limit: z
        .string()
        .regex(/^(-1|\d{1,3})$/, "limit must be -1 or a whole number")
        .transform((value) => (value === "-1" ? 100 : Math.min(Number(value), 100)))
        .pipe(z.number().min(1, "limit must be at least 1"))
        .default(100),
      fields: fieldsQuery,
    }),
  },
  responses: {
    200: { description: "{tag, stories}", ...objectJson },
    400: { description: "Bad query", ...errorJson },
  },
});

const getPaidStoryTags = createRoute({
  method: "get",
  path: "/v4/paid_stories/tags",
  summary:
    "The paid catalog's groups, {tags}: ~featured, ~on_sale (a sale on now), ~new_releases, ~ongoing and ~deals (74 Coins or less, sales counted), then the genres, each only when the caller may see a paid story of it",
  responses: { 200: { description: "{tags}", ...objectJson } },
});

/** Whether `fields` names the cards' tagRankings (`stories(…,tagRankings)`): a query of its own. */
function namesCardRankings(selection: FieldSelection | undefined): boolean {
  const stories = selection?.stories;
  return typeof stories === "object" && "tagRankings" in stories;
}

export function storyRoutes() {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.openapi(getStory, async (c) => {
    const { id } = c.req.valid("param");
    const selection = fieldsFrom(c.req.valid("query").fields);
    try {
      const story = await getStoryDetails(c.get("db"), id, c.get("viewer"), {
        fields: selection,
      });
      return c.json(project(story, selection), 200);
    } catch (error) {
      if (error instanceof HttpError) throw error;
      // The story's answer says so in its own field (reader.md §3): the app's story 500 page.
      console.error(error);
      return c.json({ ...INTERNAL_ERROR, serverError: true }, 500);
    }
  });
  app.openapi(getStories, async (c) => {
    const { filter, tag, category, limit, offset, fields } = c.req.valid("query");
    const selection = fieldsFrom(fields);
    const list = await listStories(
      c.get("db"),
      {
        filter,
        tag,
        categoryId: category,
        limit,
        offset,
      },
      c.get("viewer"),
      {
        withTotal: selection === undefined || "total" in selection,
        withTagRankings: namesCardRankings(selection),
      },
    );
    return c.json(project(list, selection), 200);
  });
  app.openapi(getPaidStoryTags, async (c) =>
    c.json({ tags: await paidCatalogKeys(c.get("db"), c.get("viewer")) }, 200),
  );
  app.openapi(getPaidStoriesOfTag, async (c) => {
    const { tag } = c.req.valid("param");
    const { limit, fields } = c.req.valid("query");
    const selection = fieldsFrom(fields);
    if (isPaidCatalogGroup(tag)) {
      const stories = await paidGroupStories(
        c.get("db"),
        c.get("viewer"),
        tag,
        limit,
        namesCardRankings(selection),
      );
      return c.json(project({ tag, stories }, selection), 200);
    }
    const list = await listStories(
      c.get("db"),
      { filter: "hot", tag, paid: true, limit, offset: 0 },
      c.get("viewer"),
      { withTotal: false, withTagRankings: namesCardRankings(selection) },
    );
    return c.json(project({ tag, stories: list.stories }, selection), 200);
  });
  return app;
}
