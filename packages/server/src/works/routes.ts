import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { COPYRIGHT_LICENCES, formatCount, LANGUAGES, normaliseTag } from "@inkwell/shared";
import type { AppEnv } from "../http/app-env.ts";
import { errorJson, objectJson, okRoutesRefusing } from "../http/openapi.ts";
import type { RateLimiter } from "../http/rate-limit.ts";
import { publicBaseUrl, readFields } from "../http/request-info.ts";
import { requireViewer } from "../http/require-viewer.ts";
import { fieldsFrom, project } from "../http/respond.ts";
import {
  changeRequired,
  fieldsQuery,
  flag,
  formNumber,
  idParam,
  namesAChange,
  parseInput,
  userText,
  validationHook,
} from "../http/validation.ts";
import { saleBody } from "../stories/sale.ts";
import { isStoryTextZipQuery, storyTextZip } from "../story-staff/routes.ts";
import { categories, editStoryTag, MAX_TAGS, tagSuggestions } from "./classification.ts";
import {
  createPart,
  deletePart,
  discardChanges,
  publishChanges,
  publishPart,
  schedulePart,
  storyText,
  unpublishPart,
  unschedulePart,
  updatePart,
} from "./parts.ts";
import { endOwnSale, setOwnSale } from "./sale.ts";
import {
  createWork,
  deleteWork,
  myWorks,
  reorderParts,
  storyForEditing,
  updateWork,
} from "./service.ts";

/** One tag as stored: a single word of letters, digits, - or _. */
const tagWord = z
  .string()
  .max(30, "A tag is at most 30 characters")
  .regex(/^[\p{L}\p{N}_-]+$/u, "A tag is one word of letters, digits, - or _");

/** One tag as typed, normalised as it is stored (normaliseTag) and held to the tag rule. */
export const storyTag = (field: string) =>
  z
    .string({ error: `${field} is a tag` })
    .transform(normaliseTag)
    .pipe(tagWord);

/** Tags as a list or a comma/space-separated string; lower case, without "#", once each. */
const tags = z
  .union([z.array(z.string()), z.string()], { error: "tags must be a list of words" })
  .transform((value) =>
    (Array.isArray(value) ? value : value.split(/[\s,]+/))
      .map((tag) => tag.trim().replace(/^#/, "").toLowerCase())
      .filter((tag) => tag !== ""),
  )
  .pipe(z.array(tagWord).max(MAX_TAGS, `A story has at most ${formatCount(MAX_TAGS)} tags`))
  .transform((list) => [...new Set(list)]);

const storyFields = {
  title: userText("Give your story a title")
    .min(1, "Give your story a title")
    .max(100, "The title is at most 100 characters"),
  description: userText("The description must be text", "many").max(
    2000,
    "The description is at most 2,000 characters",
  ),
  tags,
  categoryId: formNumber(
    z
      .number({ error: "Choose a category from the list" })
      .int("Choose a category from the list")
      .positive("Choose a category from the list"),
  ).nullable(),
  languageId: formNumber(
    z
      .number({ error: "Choose a language from the list" })
      .refine((id) => LANGUAGES.some((language) => language.id === id), {
        error: "Choose a language from the list",
      }),
  ),
  mature: flag,
  completed: flag,
  copyright: formNumber(
    z
      .number({ error: "Choose a licence from the list" })
      .int("Choose a licence from the list")
      .min(1, "Choose a licence from the list")
      .max(COPYRIGHT_LICENCES.length, "Choose a licence from the list"),
  ),
};

// Strict: a misspelt field would otherwise be dropped and the save still answer 200.
const newStoryBody = z.strictObject({
  ...storyFields,
  description: storyFields.description.default(""),
  tags: storyFields.tags.default([]),
  categoryId: storyFields.categoryId.default(null),
  languageId: storyFields.languageId.default(1),
  mature: storyFields.mature.default(false),
  completed: storyFields.completed.default(false),
  copyright: storyFields.copyright.default(1),
  // The copyright acknowledgement of the Story Details form: given once, when the story is made.
  originalWork: flag.default(false).refine((given) => given, {
    error: "Confirm that this story is your own original work",
  }),
});
const storyChangesBody = z
  .strictObject({
    ...storyFields,
    // Only removal: a new cover's bytes go to POST /apiv2/updatestorycover.
    cover: z.null({
      error:
        "cover can only be null, which removes the cover; a new cover is uploaded with POST /apiv2/updatestorycover",
    }),
  })
  .partial()
  .refine(namesAChange, changeRequired("Nothing to change: send a detail of the story"));

const partTitle = userText("The part title must be text").max(
  100,
  "The part title is at most 100 characters",
);
// HTML, which the sanitizer rebuilds: only the control characters go (PostgreSQL refuses NUL).
const partText = userText("The part must be text", "many").max(
  500_000,
  "A part is at most 500,000 characters of text",
);
const newPartBody = z.strictObject({ title: partTitle.optional(), text: partText.optional() });
const partChangesBody = z
  .strictObject({
    title: partTitle.optional(),
    text: partText.optional(),
    text_hash: z.string().optional(),
  })
  .refine(
    (body) => body.title !== undefined || body.text !== undefined,
    changeRequired("Nothing to change: send a title or a text"),
  )
  .refine((body) => body.text === undefined || body.text_hash !== undefined, {
    error: "text_hash names the version of the text this save is based on",
    path: ["text_hash"],
  });
const reorderBody = z.strictObject({
  parts: z.array(formNumber(z.number().int().positive()), { error: "parts lists the part ids" }),
});
const scheduleBody = z.strictObject({
  datetime: z
    .string({ error: "Publish date is required" })
    .min(1, { error: "Publish date is required", abort: true })
    .refine((value) => !Number.isNaN(Date.parse(value)), { error: "Publish date is not a date" })
    .transform((value) => new Date(value)),
});

const tagSuggestionsQuery = z.object({
  prefix: z
    .string({ error: "prefix is the start of a tag" })
    .transform((value) => value.trim().replace(/^#/, "").toLowerCase())
    .pipe(
      z.string().min(1, "prefix is the start of a tag").max(30, "A tag is at most 30 characters"),
    ),
});

/** POST /apiv2/editstorytags, form-encoded or JSON (writer-paid-contest.md §7). */
const editTagsBody = z.strictObject({
  request_type: z.enum(["add", "remove"], { error: "request_type must be add or remove" }),
  tag_value: storyTag("tag_value"),
  story_id: formNumber(
    z
      .number({ error: "story_id must be a positive whole number" })
      .int("story_id must be a positive whole number")
      .positive("story_id must be a positive whole number"),
  ),
});

const storyParams = z.object({ storyId: idParam("storyId") });
const partParams = z.object({ id: idParam("id") });

const authorOnly = {
  400: { description: "Bad input (the message says what); nothing changed", ...errorJson },
  401: { description: "Not signed in", ...errorJson },
  403: { description: "Not the author (or, to publish, an unverified email)", ...errorJson },
  404: { description: "No such story or part", ...errorJson },
  409: { description: "A stale text hash, or the part is already published", ...errorJson },
};

const route = okRoutesRefusing(authorOnly);

const saleRefusals = {
  ...authorOnly,
  400: { description: "percent or endsAt out of range; nothing changed", ...errorJson },
  409: {
    description:
      "Not in the Paid Stories programme (not_paid), or a new sale within 30 days of the last one's start (sale_too_soon, the message says when); nothing changed",
    ...errorJson,
  },
};
const setSaleRoute = okRoutesRefusing(saleRefusals)(
  "put",
  "/v4/works/{storyId}/sale",
  "Put one's own paid story on sale, or change its sale: JSON {percent, endsAt}, 10 to 90 percent off every paywalled part until endsAt (ISO 8601, within 31 days); a new sale starts 30 days after the last one began at the earliest",
  { params: storyParams },
  "{sale: {percent, endsAt}, nextSaleAt}",
);
const endSaleRoute = okRoutesRefusing(saleRefusals)(
  "delete",
  "/v4/works/{storyId}/sale",
  "End one's own story's sale now: its parts are back at their list prices; no sale on changes nothing",
  { params: storyParams },
  "{sale: null, nextSaleAt}",
);

const categoriesRoute = route(
  "get",
  "/v4/categories",
  "The categories a story can be filed under, for the Story Details form",
  {},
  "{categories: [{id, name}]}",
);
const tagSuggestionsRoute = route(
  "get",
  "/v4/tags/suggestions",
  "Tags starting with `prefix`, most used first, for the Story Details tag field",
  { query: tagSuggestionsQuery },
  "{tags: [{name, stories}]}",
);
const myWorksRoute = route(
  "get",
  "/v4/works",
  "The signed-in writer's stories, last changed first, with parts, draft counts and stats",
  {},
  "{stories: [{id, title, cover, parts, numParts, numDrafts, modifyDate, readCount, …}]}",
);
/** The limit new stories and parts share (rate-limit.ts `writing`), as their documents say it. */
const writingLimitRefusal = {
  description: "Over 60 new stories and parts in an hour by this account; nothing made",
  ...errorJson,
};

const createWorkRoute = createRoute({
  method: "post",
  path: "/v4/works",
  summary:
    "Create a story ({title, description, tags, categoryId, languageId, mature, completed, copyright, originalWork: true})",
  responses: {
    201: { description: "The story as its editor shows it", ...objectJson },
    ...authorOnly,
    429: writingLimitRefusal,
  },
});
const getWorkRoute = route(
  "get",
  "/v4/works/{storyId}",
  "A story's details and table of contents, for its author, projected by `fields`. textids lists, part by part, the text_hash of the text its editor works on (GET /apiv2/storytext)",
  { params: storyParams, query: z.object({ fields: fieldsQuery }) },
  "{id, title, description, tags, categoryId, category, categoryObject {id, name, slug}, languageId, mature, completed, copyright, published, parts, textids}",
);
const updateWorkRoute = route(
  "put",
  "/v4/works/{storyId}",
  "Change a story's details (any of the create fields); its writer removes the cover with cover: null",
  { params: storyParams },
  "The story",
);
const deleteWorkRoute = okRoutesRefusing({
  ...authorOnly,
  409: { description: "An Inkwell Original (paid_story): staff take it down", ...errorJson },
})(
  "delete",
  "/v4/works/{storyId}",
  "Delete a story: it leaves every reader's view at once",
  { params: storyParams },
  "{deleted: true}",
);
const editTagsRoute = route(
  "post",
  "/apiv2/editstorytags",
  "Add one tag at the end of a story's tags or remove one: {request_type: add|remove, tag_value, story_id}, form-encoded or JSON. Adding a tag the story has, or removing one it lacks, changes nothing",
  {},
  "{tags}: the story's tags in order",
);
const createPartRoute = createRoute({
  method: "post",
  path: "/v4/works/{storyId}/parts",
  summary: "Add a draft part at the end ({title?, text?})",
  request: { params: storyParams },
  responses: {
    201: { description: "The part with text and text_hash", ...objectJson },
    ...authorOnly,
    429: writingLimitRefusal,
  },
});
const reorderRoute = route(
  "put",
  "/v4/works/{storyId}/parts",
  "Reorder the parts: {parts} lists every part id in the new order",
  { params: storyParams },
  "The story",
);
const partTextQuery = z.object({
  id: idParam("id", "query"),
  output: z.enum(["json"], { error: "output must be json" }),
});
const storyTextRoute = createRoute({
  method: "get",
  path: "/apiv2/storytext",
  summary:
    "Two shapes. ?id={partId}&output=json: a part's text for its editor, with the text_hash a save must name (the author). ?group_id={storyId}&output=zip with no_format, include_deleted, include_drafts, include_private (0 or 1): the story's parts as files of a zip (system admins)",
  request: {
    // Documented here; each shape's own schema checks it (partTextQuery, storyTextZipQuery).
    query: z.object({
      id: z.string().optional(),
      group_id: z.string().optional(),
      output: z.enum(["json", "zip"]).optional(),
      no_format: z.string().optional(),
      include_deleted: z.string().optional(),
      include_drafts: z.string().optional(),
      include_private: z.string().optional(),
    }),
  },
  responses: {
    200: {
      description:
        "{id, title, draft, scheduledPublishDatetime, text, text_hash, scheduledEmpty}, or the zip (attachment)",
      content: {
        "application/json": { schema: z.object({}).passthrough() },
        "application/zip": { schema: z.string().openapi({ format: "binary" }) },
      },
    },
    ...authorOnly,
  },
});
const updatePartRoute = route(
  "put",
  "/v4/parts/{id}",
  "Save a part's title and text ({title?, text?, text_hash}); the HTML is sanitised. A published part's saves are pending edits until publish-changes",
  { params: partParams },
  "The part with its new text_hash, and scheduledEmpty: whether it is scheduled with nothing in it (then it will not go out at its time)",
);
const deletePartRoute = route(
  "delete",
  "/v4/parts/{id}",
  "Delete a part",
  { params: partParams },
  "{deleted: true}",
);
const publishRoute = route(
  "post",
  "/v4/parts/{id}/publish",
  "Publish a draft part now (needs a verified email and a story with its details filled in)",
  { params: partParams },
  "The part",
);
const publishChangesRoute = route(
  "post",
  "/v4/parts/{id}/publish-changes",
  "'Publish Changes': readers get a published part's pending edits (saves of a published part wait until this call)",
  { params: partParams },
  "The part with its text and text_hash",
);
const discardChangesRoute = route(
  "post",
  "/v4/parts/{id}/discard-changes",
  "Cancel: drop a published part's pending edits; answers the published text",
  { params: partParams },
  "The part with its text and text_hash",
);
const unpublishRoute = route(
  "post",
  "/v4/parts/{id}/unpublish",
  "Turn a published part back into a draft",
  { params: partParams },
  "The part",
);
const scheduleRoute = route(
  "post",
  "/v4/parts/{id}/schedule-publish",
  "Publish a draft later: {datetime} in the future, within a year, on a quarter hour",
  { params: partParams },
  "{part_id, scheduled_datetime}",
);
const unscheduleRoute = route(
  "post",
  "/v4/parts/{id}/unschedule-publish",
  "Cancel a part's scheduled publication",
  { params: partParams },
  "{success: true}",
);

export function worksRoutes(limits: { writing: RateLimiter }) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.openapi(categoriesRoute, async (c) => c.json(await categories(c.get("db")), 200));
  app.openapi(tagSuggestionsRoute, async (c) =>
    c.json(await tagSuggestions(c.get("db"), c.req.valid("query").prefix), 200),
  );
  app.openapi(myWorksRoute, async (c) => c.json(await myWorks(c.get("db"), requireViewer(c)), 200));
  app.openapi(createWorkRoute, async (c) => {
    const viewer = requireViewer(c);
    const body = parseInput(newStoryBody, await readFields(c));
    await limits.writing.hit([`user:${viewer.id}`]);
    return c.json(await createWork(c.get("db"), viewer, body), 201);
  });
  app.openapi(getWorkRoute, async (c) => {
    const viewer = requireViewer(c);
    const selection = fieldsFrom(c.req.valid("query").fields);
    const { storyId } = c.req.valid("param");
    return c.json(
      project(await storyForEditing(c.get("db"), viewer, storyId, selection), selection),
      200,
    );
  });
  app.openapi(updateWorkRoute, async (c) => {
    const viewer = requireViewer(c);
    const changes = parseInput(storyChangesBody, await readFields(c));
    const { storyId } = c.req.valid("param");
    return c.json(await updateWork(c.get("db"), viewer, storyId, changes, publicBaseUrl(c)), 200);
  });
  app.openapi(setSaleRoute, async (c) => {
    const viewer = requireViewer(c);
    const input = parseInput(saleBody, await readFields(c));
    return c.json(await setOwnSale(c.get("db"), viewer, c.req.valid("param").storyId, input), 200);
  });
  app.openapi(endSaleRoute, async (c) => {
    const viewer = requireViewer(c);
    return c.json(await endOwnSale(c.get("db"), viewer, c.req.valid("param").storyId), 200);
  });
  app.openapi(editTagsRoute, async (c) => {
    const viewer = requireViewer(c);
    const body = parseInput(editTagsBody, await readFields(c));
    const change = { action: body.request_type, tag: body.tag_value };
    return c.json(await editStoryTag(c.get("db"), viewer, body.story_id, change), 200);
  });
  app.openapi(createPartRoute, async (c) => {
    const viewer = requireViewer(c);
    const body = parseInput(newPartBody, await readFields(c));
    await limits.writing.hit([`user:${viewer.id}`]);
    const { storyId } = c.req.valid("param");
    return c.json(await createPart(c.get("db"), viewer, storyId, body), 201);
  });
  app.openapi(reorderRoute, async (c) => {
    const viewer = requireViewer(c);
    const { parts } = parseInput(reorderBody, await readFields(c));
    const { storyId } = c.req.valid("param");
    return c.json(await reorderParts(c.get("db"), viewer, storyId, parts), 200);
  });
  app.openapi(storyTextRoute, async (c) => {
    const viewer = requireViewer(c);
    if (isStoryTextZipQuery(c.req.query())) return storyTextZip(c, viewer);
    const { id } = parseInput(partTextQuery, c.req.query());
    return c.json(await storyText(c.get("db"), viewer, id), 200);
  });
  app.openapi(updatePartRoute, async (c) => {
    const viewer = requireViewer(c);
    const body = parseInput(partChangesBody, await readFields(c));
    const { id } = c.req.valid("param");
    const input = { title: body.title, text: body.text, textHash: body.text_hash };
    return c.json(await updatePart(c.get("db"), viewer, id, input), 200);
  });
  app.openapi(deleteWorkRoute, async (c) => {
    const viewer = requireViewer(c);
    return c.json(await deleteWork(c.get("db"), viewer, c.req.valid("param").storyId), 200);
  });
  app.openapi(deletePartRoute, async (c) => {
    const viewer = requireViewer(c);
    return c.json(await deletePart(c.get("db"), viewer, c.req.valid("param").id), 200);
  });
  app.openapi(publishRoute, async (c) => {
    const viewer = requireViewer(c);
    return c.json(await publishPart(c.get("db"), viewer, c.req.valid("param").id), 200);
  });
  app.openapi(publishChangesRoute, async (c) => {
    const viewer = requireViewer(c);
    return c.json(await publishChanges(c.get("db"), viewer, c.req.valid("param").id), 200);
  });
  app.openapi(discardChangesRoute, async (c) => {
    const viewer = requireViewer(c);
    return c.json(await discardChanges(c.get("db"), viewer, c.req.valid("param").id), 200);
  });
  app.openapi(unpublishRoute, async (c) => {
    const viewer = requireViewer(c);
    return c.json(await unpublishPart(c.get("db"), viewer, c.req.valid("param").id), 200);
  });
  app.openapi(scheduleRoute, async (c) => {
    const viewer = requireViewer(c);
    const { datetime } = parseInput(scheduleBody, await readFields(c));
    return c.json(await schedulePart(c.get("db"), viewer, c.req.valid("param").id, datetime), 200);
  });
  app.openapi(unscheduleRoute, async (c) => {
    const viewer = requireViewer(c);
    return c.json(await unschedulePart(c.get("db"), viewer, c.req.valid("param").id), 200);
  });
  return app;
}
