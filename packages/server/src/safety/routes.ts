import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../http/app-env.ts";
import { badRequest, HttpError, refusal } from "../http/errors.ts";
import { errorJson, objectJson } from "../http/openapi.ts";
import { readFields } from "../http/request-info.ts";
import { requireViewer } from "../http/require-viewer.ts";
import { parseInput, userText, validationHook } from "../http/validation.ts";
import { usernameParam } from "../users/routes.ts";
import {
  block,
  getContentSettings,
  listBlocked,
  listMuted,
  mute,
  setBlockedTags,
  setIncludeMature,
  unblock,
  unmute,
} from "./service.ts";

const authResponses = {
  400: { description: "Bad input, or yourself", ...errorJson },
  401: { description: "Not signed in", ...errorJson },
  403: { description: "Not the signed-in user's own settings", ...errorJson },
  404: { description: "No such user", ...errorJson },
};

const params = z.object({ username: usernameParam("username") });
const contentPath = "/v5/users/{username}/content-settings";

const getContentRoute = createRoute({
  method: "get",
  path: contentPath,
  summary:
    "The signed-in user's content settings: includeMature (adults only), preferredTags (genres picked at onboarding), blocked tags",
  request: { params },
  responses: { 200: { description: "ContentSettings", ...objectJson }, ...authResponses },
});

const putMatureRoute = createRoute({
  method: "put",
  path: `${contentPath}/include-mature`,
  summary: "Show or hide mature stories (JSON {includeMature}); adults only",
  request: { params },
  responses: { 200: { description: "ContentSettings", ...objectJson }, ...authResponses },
});

const putTagsRoute = createRoute({
  method: "put",
  path: `${contentPath}/blocked-tags`,
  summary: "Replace the blocked tags (JSON {blockedTags}, newest first)",
  request: { params },
  responses: { 200: { description: "ContentSettings", ...objectJson }, ...authResponses },
});

const blockRoute = (method: "post" | "delete") =>
  createRoute({
    method,
    path: "/v4/users/{username}/blocks",
    summary: method === "post" ? "Block the user (ends follows both ways)" : "Unblock the user",
    request: { params },
    responses: { 200: { description: "{username, isBlocked}", ...objectJson }, ...authResponses },
  });

const blocksListRoute = createRoute({
  method: "get",
  path: "/v4/users/{id}/blocks",
  summary: "Everyone the user (id or username) blocked, newest first: owner and admins only",
  request: {
    params: z.object({ id: usernameParam("id") }),
    query: z.object({ get_all: z.string().optional() }),
  },
  responses: { 200: { description: "{users, total}", ...objectJson }, ...authResponses },
});

const MUTE_ID = "id must name the user to mute or unmute";

const ignoreQuery = z.object({
  action: z.enum(["ignore_user", "unignore_user", "get_ignored_web"], {
    error: "action must be ignore_user, unignore_user or get_ignored_web",
  }),
  // A username or id: one with control characters names nobody (and PostgreSQL refuses NUL).
  id: z
    .string()
    .min(1)
    .max(100)
    .regex(/^\P{Cc}+$/u, MUTE_ID)
    .optional(),
});

const matureBody = z.strictObject({
  includeMature: z.boolean({ error: "includeMature is a boolean" }),
});
const tagsBody = z.strictObject({
  blockedTags: z
    .array(userText("blockedTags is a list of tags").max(128), {
      error: "blockedTags is a list of tags",
    })
    .max(500),
});

/** A refused mute or unmute: {code: 467, error_code, message}, as the mute calls read it. */
async function orRefusal(c: Context<AppEnv>, run: () => Promise<Response>) {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof HttpError) || error.status !== 400) throw error;
    return refusal(c, error);
  }
}

/** Mute and block (accounts-safety-messaging.md §7) and the content settings. */
export function safetyRoutes() {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(getContentRoute, async (c) => {
    const viewer = requireViewer(c);
    return c.json(
      await getContentSettings(c.get("db"), viewer, c.req.valid("param").username),
      200,
    );
  });
  app.openapi(putMatureRoute, async (c) => {
    const viewer = requireViewer(c);
    const { includeMature } = parseInput(matureBody, await readFields(c));
    const { username } = c.req.valid("param");
    return c.json(await setIncludeMature(c.get("db"), viewer, username, includeMature), 200);
  });
  app.openapi(putTagsRoute, async (c) => {
    const viewer = requireViewer(c);
    const { blockedTags } = parseInput(tagsBody, await readFields(c));
    const { username } = c.req.valid("param");
    return c.json(await setBlockedTags(c.get("db"), viewer, username, blockedTags), 200);
  });

  app.openapi(blockRoute("post"), async (c) => {
    const viewer = requireViewer(c);
    const user = await block(c.get("db"), viewer, c.req.valid("param").username);
    return c.json({ username: user.username, isBlocked: true }, 200);
  });
  app.openapi(blockRoute("delete"), async (c) => {
    const viewer = requireViewer(c);
    const user = await unblock(c.get("db"), viewer, c.req.valid("param").username);
    return c.json({ username: user.username, isBlocked: false }, 200);
  });
  app.openapi(blocksListRoute, async (c) => {
    const viewer = requireViewer(c);
    return c.json(await listBlocked(c.get("db"), viewer, c.req.valid("param").id), 200);
  });

  // ?id={username}&action=…, no body: mute, unmute, or the muted list.
  app.post("/apiv2/ignoreuser", async (c) => {
    const viewer = requireViewer(c);
    const { action, id } = parseInput(ignoreQuery, c.req.query());
    const db = c.get("db");
    if (action === "get_ignored_web") return c.json(await listMuted(db, viewer));
    // As a malformed id: the call's shape, not the spec's 467 refusal of a choice.
    if (!id) throw badRequest(MUTE_ID, { id: MUTE_ID });
    return orRefusal(c, async () => {
      const user = await (action === "ignore_user" ? mute : unmute)(db, viewer, id);
      return c.json({ code: 200, message: "OK", username: user.username });
    });
  });
  return app;
}
