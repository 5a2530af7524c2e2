import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import {
  formatCount,
  ID_PATTERN,
  LIST_STORIES_PAGE_MAX,
  MAX_LIST_STORIES,
  MAX_READING_LISTS,
} from "@inkwell/shared";
import type { AppEnv } from "../http/app-env.ts";
import { errorJson, objectJson, okRoutesRefusing } from "../http/openapi.ts";
import { readFields } from "../http/request-info.ts";
import { requireViewer } from "../http/require-viewer.ts";
import { fieldsFrom, project } from "../http/respond.ts";
import {
  changeRequired,
  fieldsQuery,
  flag,
  idParam,
  limitQuery,
  namesAChange,
  offsetQuery,
  parseInput,
  userText,
  validationHook,
} from "../http/validation.ts";
import { usernameParam } from "../users/routes.ts";
import { addToLibrary, archiveInLibrary, libraryPage, removeFromLibrary } from "./library.ts";
import {
  addToList,
  createList,
  deleteList,
  getList,
  removeFromList,
  reorderList,
  storyCollections,
  updateList,
  userLists,
} from "./service.ts";

/** Stories added in one call; a reorder names up to a whole list's (MAX_LIST_STORIES). */
const MAX_ADDED = 50;
/**
 * `stories`: one story id, or several as a comma-separated string or an array, the way the
 * spec's clients send them (a number from the popover, a string from a form). A refusal
 * names the field the client sent (`field`): `stories` in bodies, `storyIds` in a query.
 */
const storyIdsUpTo = (max: number, field = "stories") =>
  z
    .union([z.number(), z.string(), z.array(z.union([z.number(), z.string()]))], {
      error: `${field} names the stories to add`,
    })
    .transform((value) =>
      (Array.isArray(value) ? value : String(value).split(",")).map((id) => String(id).trim()),
    )
    .pipe(
      z
        .array(z.string().regex(ID_PATTERN, `${field} must be story ids`).transform(Number))
        .min(1, `${field} names the stories to add`)
        .max(max, `${field} names at most ${formatCount(max)} stories at once`),
    )
    .transform((ids) => [...new Set(ids)]);

const storyIds = storyIdsUpTo(MAX_ADDED);
const collectionStoryIds = storyIdsUpTo(MAX_ADDED, "storyIds");

const listName = userText("name names the reading list")
  .min(1, "name names the reading list")
  .max(100, "name is at most 100 characters");

const NO_TAGS = "tags can only be empty: a new list has no tags";

/**
 * The spec's list object: {id: null, name, numStories: 0, cover: 0, tags: [], featured: false,
 * stories}. The server sets id, count, cover, tags and featured itself: they are taken only
 * with a new list's values, so a client that means another is told rather than ignored.
 */
const newListBody = z.strictObject({
  id: z.null({ error: "id can only be null: the server numbers a new list" }).optional(),
  name: listName,
  numStories: z
    .literal(0, { error: "numStories can only be 0: stories are given in stories" })
    .optional(),
  cover: z
    .literal(0, { error: "cover can only be 0: a list's cover is its first story's" })
    .optional(),
  tags: z.array(z.unknown(), { error: NO_TAGS }).max(0, NO_TAGS).optional(),
  featured: z
    .literal(false, { error: "featured can only be false: staff feature lists" })
    .optional(),
  stories: storyIds.optional(),
  isPrivate: flag.optional(),
});

const listChangesBody = z
  .strictObject({ name: listName.optional(), isPrivate: flag.optional() })
  .refine(namesAChange, changeRequired("Send a new name or isPrivate"));

const storiesBody = z.strictObject({ stories: storyIds });
const orderBody = z.strictObject({ stories: storyIdsUpTo(MAX_LIST_STORIES) });
const archiveBody = z.strictObject({ archived: flag });

const listParams = z.object({ listId: idParam("listId") });
const listStoryParams = z.object({ listId: idParam("listId"), storyId: idParam("storyId") });
const userParams = z.object({ username: usernameParam("username") });
const libraryStoryParams = z.object({
  username: usernameParam("username"),
  storyId: idParam("storyId"),
});

const ownerOnly = {
  400: { description: "Bad input, or a full list or reader; nothing changed", ...errorJson },
  401: { description: "Not signed in", ...errorJson },
  403: { description: "Not the owner", ...errorJson },
  404: { description: "No such list (or private), or a story the owner may not see", ...errorJson },
};

const answer = (description: string) => ({ description, ...objectJson });

const route = okRoutesRefusing(ownerOnly);

const userListsRoute = route(
  "get",
  "/api/v3/users/{username}/lists",
  "The user's reading lists, newest first (private ones only for their owner)",
  {
    params: userParams,
    query: z.object({
      limit: limitQuery(MAX_READING_LISTS, 20),
      offset: offsetQuery,
      fields: fieldsQuery,
    }),
  },
  "{lists, total}",
);

const createListRoute = createRoute({
  method: "post",
  path: "/api/v3/lists/",
  summary: `Create a reading list with a story, or reuse the reader's list of that name (a reader has at most ${MAX_READING_LISTS} lists: 400 too_many_lists)`,
  responses: {
    200: answer("An existing list of that name (any case), with the stories added"),
    201: answer("The new list"),
    ...ownerOnly,
  },
});

const getListRoute = route(
  "get",
  "/api/v3/lists/{listId}",
  `A reading list with a page of its stories in order (at most ${LIST_STORIES_PAGE_MAX} a page)`,
  {
    params: listParams,
    query: z.object({
      limit: limitQuery(LIST_STORIES_PAGE_MAX, LIST_STORIES_PAGE_MAX),
      offset: offsetQuery,
    }),
  },
  "The list with {stories, nextUrl}: nextUrl is the next page's address, null at the end",
);
const updateListRoute = route(
  "put",
  "/api/v3/lists/{listId}",
  "Rename a list or change its privacy ({name?, isPrivate?})",
  { params: listParams },
  "The list",
);
const deleteListRoute = route(
  "delete",
  "/api/v3/lists/{listId}",
  "Delete a reading list",
  { params: listParams },
  "{deleted: true}",
);
const addStoriesRoute = route(
  "post",
  "/api/v3/lists/{listId}/stories",
  `Add stories ({stories}, at most ${MAX_ADDED}) at the end of a list; a story already there stays once; a list holds at most ${MAX_LIST_STORIES} (400 list_full)`,
  { params: listParams },
  "The list",
);
const reorderRoute = route(
  "put",
  "/api/v3/lists/{listId}/stories",
  `Reorder a list: {stories} (at most ${MAX_LIST_STORIES}) first, in their new order; the rest keep theirs after them`,
  { params: listParams },
  "The list with its first page of stories",
);
const removeStoryRoute = route(
  "delete",
  "/api/v3/lists/{listId}/stories/{storyId}",
  "Remove a story from a list",
  { params: listStoryParams },
  "The list",
);

const libraryQuery = z.object({
  sort: z.enum(["recent", "added", "title"]).default("recent"),
  archived: z.enum(["0", "1"]).default("0"),
  limit: limitQuery(100, 20),
  offset: offsetQuery,
  fields: fieldsQuery,
});

const libraryRoute = route(
  "get",
  "/api/v3/users/{username}/library",
  "The reader's Library (archived=1: its Archive) with reading progress",
  { params: userParams, query: libraryQuery },
  "{stories: [{story, addedAt, archived, lastReadAt, progress, numNewParts}], total}",
);
const addToLibraryRoute = route(
  "post",
  "/api/v3/users/{username}/library",
  "Add stories ({stories}) to the reader's Library",
  { params: userParams, query: z.object({ fields: fieldsQuery }) },
  "{stories: [{id}]}",
);
const archiveRoute = route(
  "put",
  "/api/v3/users/{username}/library/{storyId}",
  "Archive or unarchive a Library story ({archived})",
  { params: libraryStoryParams },
  "{id, archived}",
);
const removeFromLibraryRoute = route(
  "delete",
  "/api/v3/users/{username}/library/{storyId}",
  "Remove a story from the reader's Library",
  { params: libraryStoryParams },
  "{removed}",
);

const collectionsRoute = route(
  "get",
  "/v4/stories/collections",
  "Which of the signed-in reader's lists, and whether their Library, hold each story",
  {
    query: z.object({
      storyIds: z
        .string({ error: "storyIds names the stories to look up" })
        .openapi({ example: "1,2" }),
    }),
  },
  "{stories: [{id, library, lists}]}",
);

export function listRoutes() {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.openapi(userListsRoute, async (c) => {
    const { username } = c.req.valid("param");
    const { limit, offset, fields } = c.req.valid("query");
    const lists = await userLists(c.get("db"), username, c.get("viewer"), { limit, offset });
    return c.json(project(lists, fieldsFrom(fields)), 200);
  });
  app.openapi(createListRoute, async (c) => {
    const viewer = requireViewer(c);
    const body = parseInput(newListBody, await readFields(c));
    const { list, created } = await createList(c.get("db"), viewer, {
      name: body.name,
      isPrivate: body.isPrivate ?? false,
      stories: body.stories ?? [],
    });
    return created ? c.json(list, 201) : c.json(list, 200);
  });
  app.openapi(getListRoute, async (c) => {
    const { listId } = c.req.valid("param");
    const { limit, offset } = c.req.valid("query");
    return c.json(await getList(c.get("db"), listId, c.get("viewer"), { limit, offset }), 200);
  });
  app.openapi(updateListRoute, async (c) => {
    const viewer = requireViewer(c);
    const changes = parseInput(listChangesBody, await readFields(c));
    const { listId } = c.req.valid("param");
    return c.json(await updateList(c.get("db"), viewer, listId, changes), 200);
  });
  app.openapi(deleteListRoute, async (c) => {
    const viewer = requireViewer(c);
    await deleteList(c.get("db"), viewer, c.req.valid("param").listId);
    return c.json({ deleted: true }, 200);
  });
  app.openapi(addStoriesRoute, async (c) => {
    const viewer = requireViewer(c);
    const { stories } = parseInput(storiesBody, await readFields(c));
    const { listId } = c.req.valid("param");
    return c.json(await addToList(c.get("db"), viewer, listId, stories), 200);
  });
  app.openapi(reorderRoute, async (c) => {
    const viewer = requireViewer(c);
    const { stories } = parseInput(orderBody, await readFields(c));
    const { listId } = c.req.valid("param");
    return c.json(await reorderList(c.get("db"), viewer, listId, stories), 200);
  });
  app.openapi(removeStoryRoute, async (c) => {
    const viewer = requireViewer(c);
    const { listId, storyId } = c.req.valid("param");
    return c.json(await removeFromList(c.get("db"), viewer, listId, storyId), 200);
  });
  app.openapi(libraryRoute, async (c) => {
    const viewer = requireViewer(c);
    const { username } = c.req.valid("param");
    const { sort, archived, limit, offset, fields } = c.req.valid("query");
    const page = await libraryPage(c.get("db"), viewer, username, {
      sort,
      archived: archived === "1",
      limit,
      offset,
    });
    return c.json(project(page, fieldsFrom(fields)), 200);
  });
  app.openapi(addToLibraryRoute, async (c) => {
    const viewer = requireViewer(c);
    const selection = fieldsFrom(c.req.valid("query").fields);
    const { stories } = parseInput(storiesBody, await readFields(c));
    const { username } = c.req.valid("param");
    return c.json(
      project(await addToLibrary(c.get("db"), viewer, username, stories), selection),
      200,
    );
  });
  app.openapi(archiveRoute, async (c) => {
    const viewer = requireViewer(c);
    const { archived } = parseInput(archiveBody, await readFields(c));
    const { username, storyId } = c.req.valid("param");
    return c.json(await archiveInLibrary(c.get("db"), viewer, username, storyId, archived), 200);
  });
  app.openapi(removeFromLibraryRoute, async (c) => {
    const viewer = requireViewer(c);
    const { username, storyId } = c.req.valid("param");
    return c.json(await removeFromLibrary(c.get("db"), viewer, username, storyId), 200);
  });
  app.openapi(collectionsRoute, async (c) => {
    const viewer = requireViewer(c);
    const { storyIds } = parseInput(
      z.object({ storyIds: collectionStoryIds }),
      c.req.valid("query"),
    );
    return c.json(await storyCollections(c.get("db"), viewer, storyIds), 200);
  });
  return app;
}
