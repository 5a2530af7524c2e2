import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { type FieldSelection, formatCount, isPaidCatalogGroup } from "@inkwell/shared";
import { adAudience } from "../http/ad-audience.ts";
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

/**
 * The most stories one answer of a paid group holds. The spec's limit=-1 (every story) means
 * this many: a group of the bench catalogue holds ~1,500, too many for one answer, so the
 * answer's nextUrl leads to the rest (docs/decisions/063).
 */
const PAID_GROUP_PAGE_MAX = 100;
const paidLimitRange = `limit must be -1 (up to ${formatCount(PAID_GROUP_PAGE_MAX)}) or a whole number from 1 to ${formatCount(PAID_GROUP_PAGE_MAX)}`;

const getPaidStoriesOfTag = createRoute({
  method: "get",
  path: "/v4/paid_stories/tags/{tag}",
  summary: `The hottest paid stories (Originals) carrying a tag, or of a catalog group (~featured: on the curation accounts' public lists, ~new_releases: newest first, ~ongoing, ~deals), a page at \`offset\`: {tag, stories, nextUrl}, nextUrl the next page's address or null at the group's end; limit=-1 asks for ${PAID_GROUP_PAGE_MAX}, the most an answer holds; the cards' tagRankings only when named in \`fields\``,
  request: {
    params: z.object({ tag: userText("tag is a tag").min(1).max(128) }),
    query: z.object({
      limit: z
        .string()
        .regex(/^(-1|\d{1,7})$/, paidLimitRange)
        .transform((value) => (value === "-1" ? PAID_GROUP_PAGE_MAX : Number(value)))
        .pipe(z.number().min(1, paidLimitRange).max(PAID_GROUP_PAGE_MAX, paidLimitRange))
        .default(PAID_GROUP_PAGE_MAX),
      offset: offsetQuery,
      fields: fieldsQuery,
    }),
  },
  responses: {
    200: { description: "{tag, stories, nextUrl}", ...objectJson },
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
      const story = await getStoryDetails(c.get("db"), id, c.get("viewer"), adAudience(c), {
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
    const { limit, offset, fields } = c.req.valid("query");
    const selection = fieldsFrom(fields);
    const page = { limit, offset };
    const withTagRankings = namesCardRankings(selection);
    const list = isPaidCatalogGroup(tag)
      ? await paidGroupStories(c.get("db"), c.get("viewer"), tag, page, withTagRankings)
      : await listStories(
          c.get("db"),
          { filter: "hot", tag, paid: true, ...page },
          c.get("viewer"),
          { withTotal: false, withTagRankings },
        );
    const next = new URLSearchParams({
      limit: String(limit),
      offset: String(offset + list.stories.length),
    });
    if (fields !== undefined) next.set("fields", fields);
    const nextUrl =
      list.nextUrl === null ? null : `/v4/paid_stories/tags/${encodeURIComponent(tag)}?${next}`;
    return c.json(project({ tag, stories: list.stories, nextUrl }, selection), 200);
  });
  return app;
}
