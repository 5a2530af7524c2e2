import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import {
  formatCount,
  parseReportType,
  REPORT_OUTCOMES,
  REPORT_TYPE_NAMES,
  STAFF_NOTE_MAX,
  SUPPORT_TREE_LIMITS,
  type SupportItem,
} from "@inkwell/shared";
import type { AppEnv } from "../http/app-env.ts";
import { errorJson, objectJson } from "../http/openapi.ts";
import type { RateLimiter } from "../http/rate-limit.ts";
import { clientAddress, readFields } from "../http/request-info.ts";
import { requireViewer } from "../http/require-viewer.ts";
import {
  idParam,
  limitQuery,
  offsetQuery,
  parseInput,
  staffNoteBody,
  userText,
  validationHook,
} from "../http/validation.ts";
import { usernameParam } from "../users/routes.ts";
import {
  addReportNote,
  assertModerator,
  getReport,
  listReports,
  myReports,
  reopenReportTicket,
  reportCopyright,
  resolveReportTicket,
} from "./reports.ts";
import { assertEditsTree, DEFAULT_TREE_LANG, saveSupportFlow, supportTree } from "./tree.ts";

const langQuery = z
  .string()
  .regex(/^\d{1,3}$/, "lang must be a language id")
  .transform(Number)
  .optional()
  .openapi({ param: { name: "lang", in: "query" }, example: "1" });

const staffRefusals = {
  401: { description: "Not signed in", ...errorJson },
  403: { description: "Not an ambassador or system admin", ...errorJson },
};

const treeRoute = createRoute({
  method: "get",
  path: "/v4/support/tree",
  summary: "The report modal's support tree: flows {id, title, ticketFormId, ticketSubject, items}",
  request: { query: z.object({ lang: langQuery }) },
  responses: {
    200: { description: "{lang, flows}", ...objectJson },
    400: { description: "An unknown language id", ...errorJson },
  },
});

const flowRoute = createRoute({
  method: "put",
  path: "/v4/support/tree/{flowId}",
  summary: "Replace one flow of the support tree in one language (staff and system admins)",
  request: {
    params: z.object({
      flowId: z.enum(REPORT_TYPE_NAMES).openapi({ param: { name: "flowId", in: "path" } }),
    }),
    query: z.object({ lang: langQuery }),
  },
  responses: {
    200: { description: "The flow as stored", ...objectJson },
    400: { description: "A malformed flow", ...errorJson },
    401: { description: "Not signed in", ...errorJson },
    403: { description: "Not staff", ...errorJson },
  },
});

const line = (name: string, max: number) =>
  userText(`${name} is required`)
    .min(1, `${name} is required`)
    .max(max, `${name} must be at most ${formatCount(max)} characters`);
const itemId = z
  .string({ error: "item id is required" })
  .regex(/^[a-z0-9_-]{1,64}$/, "item id must be 1 to 64 lowercase letters, digits, - or _");

const supportItem: z.ZodType<SupportItem> = z.lazy(() =>
  z.discriminatedUnion(
    "type",
    [
      z.strictObject({
        type: z.literal("text"),
        id: itemId,
        text: line("text", SUPPORT_TREE_LIMITS.text),
      }),
      z.strictObject({
        type: z.literal("url"),
        id: itemId,
        title: line("title", SUPPORT_TREE_LIMITS.title),
        url: z
          .string()
          .regex(/^(\/[^\s]*|https:\/\/[^\s]+)$/, "url must be a path on Inkwell or an https URL"),
      }),
      z.strictObject({
        type: z.literal("editText"),
        id: itemId,
        title: line("title", SUPPORT_TREE_LIMITS.title),
        placeholder: userText("placeholder must be text").max(SUPPORT_TREE_LIMITS.title).optional(),
        reason: z
          .string({ error: "reason is required" })
          .regex(/^[a-z0-9_]{1,64}$/, "reason must be 1 to 64 lowercase letters, digits or _"),
      }),
      z.strictObject({
        type: z.literal("page"),
        id: itemId,
        title: line("title", SUPPORT_TREE_LIMITS.title),
        items: z.array(supportItem).max(SUPPORT_TREE_LIMITS.items),
        loginRequired: z.boolean().optional(),
        kind: z.literal("copyright").optional(),
      }),
    ],
    { error: "item type must be text, url, editText or page" },
  ),
);

const flowBody = z.strictObject({
  title: line("title", SUPPORT_TREE_LIMITS.title),
  ticketFormId: z.number({ error: "ticketFormId must be a whole number" }).int().positive(),
  ticketSubject: line("ticketSubject", SUPPORT_TREE_LIMITS.title),
  items: z.array(supportItem, { error: "items must be a list" }),
});

const reportsRoute = createRoute({
  method: "get",
  path: "/v4/support/reports",
  summary:
    "The staff queue (ambassadors, system admins): reports by status, model_type, model_id, report_type",
  request: {
    query: z.object({
      status: z
        .enum(["open", "resolved", "all"], { error: "status must be open, resolved or all" })
        .default("open"),
      model_type: z
        .string()
        .regex(/^[1-6]$/, "model_type must be 1 to 6")
        .transform(Number)
        .optional(),
      model_id: idParam("model_id", "query").optional(),
      report_type: z.string().max(32).optional(),
      limit: limitQuery(100, 20),
      offset: offsetQuery,
    }),
  },
  responses: {
    200: { description: "{reports, total}", ...objectJson },
    400: { description: "A malformed filter", ...errorJson },
    ...staffRefusals,
  },
});

const reportParams = z.object({ id: idParam("id") });
const reportRoute = createRoute({
  method: "get",
  path: "/v4/support/reports/{id}",
  summary: "One report with its staff notes (ambassadors, system admins)",
  request: { params: reportParams },
  responses: {
    200: { description: "{report, notes}", ...objectJson },
    ...staffRefusals,
    404: { description: "No such report", ...errorJson },
  },
});

const writeResponses = {
  400: { description: "A malformed note or outcome", ...errorJson },
  ...staffRefusals,
  404: { description: "No such report", ...errorJson },
  409: { description: "Already resolved (or already open)", ...errorJson },
};

const noteRoute = createRoute({
  method: "post",
  path: "/v4/support/reports/{id}/notes",
  summary: "Add a staff note to a report: {body}",
  request: { params: reportParams },
  responses: { 201: { description: "The note", ...objectJson }, ...writeResponses },
});

const resolveRoute = createRoute({
  method: "post",
  path: "/v4/support/reports/{id}/resolve",
  summary: "Resolve a report: {outcome, note?}; the reporter sees the outcome",
  request: { params: reportParams },
  responses: { 200: { description: "The report", ...objectJson }, ...writeResponses },
});

const reopenRoute = createRoute({
  method: "post",
  path: "/v4/support/reports/{id}/reopen",
  summary: "Open a resolved report again",
  request: { params: reportParams },
  responses: { 200: { description: "The report", ...objectJson }, ...writeResponses },
});

const myReportsRoute = createRoute({
  method: "get",
  path: "/v4/users/{username}/reports",
  summary: "The reports a user filed and what happened to each (the user, and system admins)",
  request: { params: z.object({ username: usernameParam("username") }) },
  responses: {
    200: { description: "{reports}", ...objectJson },
    401: { description: "Not signed in", ...errorJson },
    403: { description: "Someone else's reports", ...errorJson },
    404: { description: "No such user", ...errorJson },
  },
});

const copyrightRoute = createRoute({
  method: "post",
  path: "/v5/infringement/story/{storyId}/copyright/report",
  summary: "Report a story as a copy of another Inkwell story (signed in); JSON body empty",
  request: {
    params: z.object({ storyId: idParam("storyId") }),
    query: z.object({
      original_story_id: idParam("original_story_id", "query").optional(),
    }),
  },
  responses: {
    200: { description: "{id}: this reporter's open report of the same pair", ...objectJson },
    201: { description: "{id}", ...objectJson },
    400: { description: "No or a bad original_story_id, or the same story", ...errorJson },
    401: { description: "Not signed in", ...errorJson },
    404: { description: "Either story does not exist", ...errorJson },
    429: { description: "Too many reports from this address", ...errorJson },
  },
});

const resolveBody = z.strictObject({
  outcome: z.enum(REPORT_OUTCOMES, {
    error: `outcome must be one of ${REPORT_OUTCOMES.join(", ")}`,
  }),
  note: userText("note must be text", "many")
    .max(STAFF_NOTE_MAX, `note must be at most ${formatCount(STAFF_NOTE_MAX)} characters`)
    .optional(),
});

/** The support tree, the staff queue, a reporter's own reports and the copyright report. */
export function reportRoutes(limits: { ticket: RateLimiter }) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(treeRoute, async (c) => {
    const { lang } = c.req.valid("query");
    return c.json(await supportTree(c.get("db"), lang ?? DEFAULT_TREE_LANG), 200);
  });

  app.openapi(flowRoute, async (c) => {
    const viewer = requireViewer(c);
    const { flowId } = c.req.valid("param");
    const { lang } = c.req.valid("query");
    assertEditsTree(viewer);
    const flow = parseInput(flowBody, await readFields(c));
    return c.json(
      await saveSupportFlow(c.get("db"), viewer, lang ?? DEFAULT_TREE_LANG, flowId, flow),
      200,
    );
  });

  app.openapi(reportsRoute, async (c) => {
    const viewer = requireViewer(c);
    const query = c.req.valid("query");
    const reportType = query.report_type ? parseReportType(query.report_type) : null;
    if (query.report_type && reportType === null) {
      return c.json(
        { code: "bad_request", message: "report_type must be a report type id or name" },
        400,
      );
    }
    return c.json(
      await listReports(c.get("db"), viewer, {
        status: query.status,
        modelType: query.model_type ?? null,
        modelId: query.model_id ?? null,
        reportType,
        limit: query.limit,
        offset: query.offset,
      }),
      200,
    );
  });

  app.openapi(reportRoute, async (c) => {
    const viewer = requireViewer(c);
    return c.json(await getReport(c.get("db"), viewer, c.req.valid("param").id), 200);
  });

  app.openapi(noteRoute, async (c) => {
    const viewer = requireViewer(c);
    assertModerator(viewer);
    const { body } = parseInput(staffNoteBody, await readFields(c));
    return c.json(await addReportNote(c.get("db"), viewer, c.req.valid("param").id, body), 201);
  });

  app.openapi(resolveRoute, async (c) => {
    const viewer = requireViewer(c);
    assertModerator(viewer);
    const { outcome, note } = parseInput(resolveBody, await readFields(c));
    const id = c.req.valid("param").id;
    return c.json(await resolveReportTicket(c.get("db"), viewer, id, outcome, note || null), 200);
  });

  app.openapi(reopenRoute, async (c) => {
    const viewer = requireViewer(c);
    return c.json(await reopenReportTicket(c.get("db"), viewer, c.req.valid("param").id), 200);
  });

  app.openapi(myReportsRoute, async (c) => {
    const viewer = requireViewer(c);
    return c.json(await myReports(c.get("db"), viewer, c.req.valid("param").username), 200);
  });

  app.openapi(copyrightRoute, async (c) => {
    const viewer = requireViewer(c);
    const { storyId } = c.req.valid("param");
    const { original_story_id: originalId } = c.req.valid("query");
    if (originalId === undefined) {
      return c.json(
        {
          code: "bad_request",
          message: "original_story_id is required: the story this one copies",
        },
        400,
      );
    }
    await limits.ticket.hit([`ip:${clientAddress(c)}`]);
    const { id, created } = await reportCopyright(c.get("db"), viewer, storyId, originalId);
    return created ? c.json({ id }, 201) : c.json({ id }, 200);
  });

  return app;
}
