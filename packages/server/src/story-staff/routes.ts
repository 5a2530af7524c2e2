import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { formatCount, PAID_PROGRAMME_FREE_PARTS } from "@inkwell/shared";
import type { Context } from "hono";
import type { AppEnv } from "../http/app-env.ts";
import { errorJson, objectJson } from "../http/openapi.ts";
import { publicBaseUrl, readFields } from "../http/request-info.ts";
import { requireViewer } from "../http/require-viewer.ts";
import {
  changeRequired,
  formNumber,
  idParam,
  namesAChange,
  parseInput,
  staffNoteBody,
  validationHook,
} from "../http/validation.ts";
import { saleBody } from "../stories/sale.ts";
import type { Viewer } from "../viewer.ts";
import {
  endStorySale,
  joinPaidProgramme,
  leavePaidProgramme,
  paidProgrammeView,
  setStorySale,
} from "./paid-programme.ts";
import {
  addStoryStaffNote,
  classifyStory,
  setAdExempt,
  storyStaffView,
  storyTextArchive,
} from "./service.ts";

const params = z.object({ storyId: idParam("storyId") });
const staffResponses = {
  401: { description: "Not signed in", ...errorJson },
  403: { description: "Not an ambassador or system admin", ...errorJson },
  404: { description: "No such story", ...errorJson },
};

const sysAdminResponses = {
  ...staffResponses,
  403: { description: "Not a system admin", ...errorJson },
};

const viewRoute = createRoute({
  method: "get",
  path: "/v5/admin/stories/{storyId}",
  summary:
    "The Story lock panel's view (ambassadors and system admins): {storyId, languageId, categoryId}, and for system admins author {username, age, country, totalReads}",
  request: { params },
  responses: { 200: { description: "StoryStaffView", ...objectJson }, ...staffResponses },
});

const classifyRoute = createRoute({
  method: "patch",
  path: "/v5/admin/stories/{storyId}",
  summary:
    "Put a story in its language and category (ambassadors and system admins), which locks them against the writer's changes: JSON {languageId?, categoryId?, locked?}, at least one; locked alone locks or unlocks",
  request: { params },
  responses: {
    200: { description: "StoryStaffView", ...objectJson },
    400: { description: "Unknown language or category; nothing changed", ...errorJson },
    ...staffResponses,
  },
});

const noteRoute = createRoute({
  method: "post",
  path: "/v5/admin/stories/{storyId}/notes",
  summary:
    "Add a system admin's note to a story (the admin panel's admin notes): JSON {body}, 1 to 2,000 characters; answers the note",
  request: { params },
  responses: {
    201: { description: "StaffNote", ...objectJson },
    400: { description: "An empty or too long note; nothing changed", ...errorJson },
    ...sysAdminResponses,
  },
});

const programmePath = "/v5/admin/stories/{storyId}/paid-programme";

const programmeRoute = createRoute({
  method: "get",
  path: programmePath,
  summary:
    "The paid story manager's view of a story (system admins): {storyId, title, url, author, isPaid, draft, deleted, parts [{id, title, draft, price, bonusType}], sales {readers, coins}}",
  request: { params },
  responses: { 200: { description: "PaidProgrammeView", ...objectJson }, ...sysAdminResponses },
});

const joinRoute = createRoute({
  method: "post",
  path: programmePath,
  summary:
    "Put a story in the Paid Stories programme (system admins): JSON {freeParts}, the parts at the start that stay free; every later part becomes a paid part. Answers the PaidProgrammeView",
  request: { params },
  responses: {
    200: { description: "PaidProgrammeView", ...objectJson },
    400: { description: "freeParts is not a whole number in range; nothing changed", ...errorJson },
    ...sysAdminResponses,
    409: { description: "Already in the programme, or deleted; nothing changed", ...errorJson },
  },
});

const leaveRoute = createRoute({
  method: "delete",
  path: programmePath,
  summary:
    "Take a story out of the Paid Stories programme (system admins): every part becomes free to read; what readers bought stays theirs. Answers the PaidProgrammeView",
  request: { params },
  responses: { 200: { description: "PaidProgrammeView", ...objectJson }, ...sysAdminResponses },
});

const adExemptRoute = createRoute({
  method: "put",
  path: "/v5/admin/stories/{storyId}/ad-exempt",
  summary:
    "Keep ads off a story, or allow them again (system admins): JSON {exempt: true|false}; the change is filed in the admin notes. Answers the StoryStaffView",
  request: { params },
  responses: {
    200: { description: "StoryStaffView", ...objectJson },
    400: { description: "exempt is not true or false; nothing changed", ...errorJson },
    ...sysAdminResponses,
  },
});

const adExemptBody = z.strictObject({
  exempt: z.boolean({ error: "exempt must be true or false" }),
});

const salePath = "/v5/admin/stories/{storyId}/sale";

const setSaleRoute = createRoute({
  method: "put",
  path: salePath,
  summary:
    "Put a paid story on sale, or change its sale (system admins): JSON {percent, endsAt}, 10 to 90 percent off every paywalled part until endsAt (ISO 8601, within 31 days). Answers the PaidProgrammeView",
  request: { params },
  responses: {
    200: { description: "PaidProgrammeView", ...objectJson },
    400: { description: "percent or endsAt out of range; nothing changed", ...errorJson },
    ...sysAdminResponses,
    409: { description: "Not in the Paid Stories programme; nothing changed", ...errorJson },
  },
});

const endSaleRoute = createRoute({
  method: "delete",
  path: salePath,
  summary:
    "End a story's sale now (system admins): its parts are back at their list prices; no sale on changes nothing. Answers the PaidProgrammeView",
  request: { params },
  responses: { 200: { description: "PaidProgrammeView", ...objectJson }, ...sysAdminResponses },
});

const { min, max } = PAID_PROGRAMME_FREE_PARTS;
const freePartsError = `freeParts must be a whole number from ${formatCount(min)} to ${formatCount(max)}`;
const joinBody = z.strictObject({
  freeParts: formNumber(
    z
      .number({ error: freePartsError })
      .int(freePartsError)
      .min(min, freePartsError)
      .max(max, freePartsError),
  ),
});

const listId = (field: string, what: string) =>
  formNumber(
    z
      .number({ error: `Choose a ${what} from the list` })
      .int(`Choose a ${what} from the list`)
      .positive(`Choose a ${what} from the list`),
  )
    .optional()
    .describe(field);

const classifyBody = z
  .strictObject({
    languageId: listId("languageId", "language"),
    categoryId: listId("categoryId", "category"),
    locked: z.boolean({ error: "locked must be true or false" }).optional(),
  })
  .refine(namesAChange, changeRequired("Give a languageId, a categoryId or locked"));

const bit = (name: string) =>
  z
    .enum(["0", "1"], { error: `${name} must be 0 or 1` })
    .default("0")
    .transform((value) => value === "1");

/** The story form of GET /apiv2/storytext (reader.md §7); the part form is the works area's. */
const storyTextZipQuery = z.object({
  group_id: idParam("group_id", "query"),
  output: z.literal("zip", { error: "output must be zip with group_id" }),
  no_format: bit("no_format"),
  include_deleted: bit("include_deleted"),
  include_drafts: bit("include_drafts"),
  include_private: bit("include_private"),
});

/** Whether a storytext query asks for a whole story (group_id, or output=zip). */
export const isStoryTextZipQuery = (query: Record<string, string>): boolean =>
  query.group_id !== undefined || query.output === "zip";

/** GET /apiv2/storytext?group_id…&output=zip: the story's text as a download (admins). */
export async function storyTextZip(c: Context<AppEnv>, viewer: Viewer) {
  const query = parseInput(storyTextZipQuery, c.req.query());
  const { fileName, archive } = await storyTextArchive(c.get("db"), viewer, query.group_id, {
    noFormat: query.no_format,
    includeDeleted: query.include_deleted,
    includeDrafts: query.include_drafts,
    includePrivate: query.include_private,
  });
  return c.body(new Uint8Array(archive), 200, {
    "content-type": "application/zip",
    "content-disposition": `attachment; filename="${fileName}"`,
    // A writer's unpublished and deleted text: never kept by a shared cache.
    "cache-control": "private, no-store",
  });
}

/** The story page's staff tools (reader.md §6); the paths are ours (decision 042). */
export function storyStaffRoutes() {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.openapi(viewRoute, async (c) => {
    const viewer = requireViewer(c);
    return c.json(await storyStaffView(c.get("db"), viewer, c.req.valid("param").storyId), 200);
  });
  app.openapi(classifyRoute, async (c) => {
    const viewer = requireViewer(c);
    const input = parseInput(classifyBody, await readFields(c));
    const { storyId } = c.req.valid("param");
    return c.json(await classifyStory(c.get("db"), viewer, storyId, input), 200);
  });
  app.openapi(noteRoute, async (c) => {
    const viewer = requireViewer(c);
    const { body } = parseInput(staffNoteBody, await readFields(c));
    const { storyId } = c.req.valid("param");
    return c.json(await addStoryStaffNote(c.get("db"), viewer, storyId, body), 201);
  });
  app.openapi(programmeRoute, async (c) => {
    const viewer = requireViewer(c);
    return c.json(await paidProgrammeView(c.get("db"), viewer, c.req.valid("param").storyId), 200);
  });
  app.openapi(joinRoute, async (c) => {
    const viewer = requireViewer(c);
    const { freeParts } = parseInput(joinBody, await readFields(c));
    const { storyId } = c.req.valid("param");
    const view = await joinPaidProgramme(c.get("db"), viewer, storyId, freeParts, publicBaseUrl(c));
    return c.json(view, 200);
  });
  app.openapi(leaveRoute, async (c) => {
    const viewer = requireViewer(c);
    const { storyId } = c.req.valid("param");
    const view = await leavePaidProgramme(c.get("db"), viewer, storyId, publicBaseUrl(c));
    return c.json(view, 200);
  });
  app.openapi(adExemptRoute, async (c) => {
    const viewer = requireViewer(c);
    const { exempt } = parseInput(adExemptBody, await readFields(c));
    const { storyId } = c.req.valid("param");
    return c.json(await setAdExempt(c.get("db"), viewer, storyId, exempt), 200);
  });
  app.openapi(setSaleRoute, async (c) => {
    const viewer = requireViewer(c);
    const input = parseInput(saleBody, await readFields(c));
    const { storyId } = c.req.valid("param");
    return c.json(await setStorySale(c.get("db"), viewer, storyId, input, publicBaseUrl(c)), 200);
  });
  app.openapi(endSaleRoute, async (c) => {
    const viewer = requireViewer(c);
    const { storyId } = c.req.valid("param");
    return c.json(await endStorySale(c.get("db"), viewer, storyId, publicBaseUrl(c)), 200);
  });
  return app;
}
