import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { PROFILE_MESSAGE_TEXTS, PROFILE_MESSAGES_PAGE_SIZE } from "@inkwell/shared";
import { commentLimiters } from "../comments/routes.ts";
import type { AppEnv } from "../http/app-env.ts";
import { errorJson, json, objectJson } from "../http/openapi.ts";
import { requireViewer } from "../http/require-viewer.ts";
import { idParam, limitQuery, validationHook } from "../http/validation.ts";
import { usernameParam } from "../users/routes.ts";
import { deleteMessage, listMessages, listReplies, postMessage } from "./service.ts";

const profileParams = z.object({ username: usernameParam("username") });
const messageParams = profileParams.extend({ id: idParam("id") });

const pageQuery = (fallback: number) =>
  z.object({
    limit: limitQuery(50, fallback),
    before: idParam("before", "query")
      .optional()
      .openapi({ description: "Only messages older than this id: the `nextUrl` of an answer" }),
  });

/** Far beyond any message (2,000 characters, emoji included): refused before it is read. */
const newMessage = z.strictObject({
  body: z.string({ error: "body is the message" }).max(10_000, PROFILE_MESSAGE_TEXTS.tooLong),
});

const readRefusals = {
  400: { description: "Bad limit or cursor", ...errorJson },
  404: { description: "No such user (or a closed account), or no such message", ...errorJson },
};

const postRefusals = {
  400: { description: "Empty text, or over 2,000 characters after trimming", ...errorJson },
  401: { description: "Not signed in", ...errorJson },
  403: {
    description:
      "Email not verified (verify_email), in a time-out (timed_out), or a block between the poster and the profile's owner (blocked, with the composer's notice as message)",
    ...errorJson,
  },
  404: readRefusals[404],
  429: {
    description:
      "Posting too often (rate_limited), or the owner's 4th announcement on their own profile in 24 hours (announcement_limit)",
    ...errorJson,
  },
};

const listRoute = createRoute({
  method: "get",
  path: "/api/v3/users/{username}/messages",
  summary:
    "A profile's Conversations: public messages newest first, each with numReplies and its latest replies",
  request: { params: profileParams, query: pageQuery(PROFILE_MESSAGES_PAGE_SIZE) },
  responses: {
    200: { description: "{messages, total, nextUrl, notice}", ...objectJson },
    ...readRefusals,
  },
});

const repliesRoute = createRoute({
  method: "get",
  path: "/api/v3/users/{username}/messages/{id}/replies",
  summary: "A message's replies older than `before` (all when absent, newest page), oldest first",
  request: { params: messageParams, query: pageQuery(50) },
  responses: { 200: { description: "{replies, total, nextUrl}", ...objectJson }, ...readRefusals },
});

const postRoute = createRoute({
  method: "post",
  path: "/api/v3/users/{username}/messages",
  summary: "Post a public message on a profile ({body}: plain text)",
  request: { params: profileParams, body: { required: true, ...json(newMessage) } },
  responses: { 201: { description: "The new message", ...objectJson }, ...postRefusals },
});

const replyRoute = createRoute({
  method: "post",
  path: "/api/v3/users/{username}/messages/{id}/replies",
  summary: "Reply to a message on a profile ({body}); a reply to a reply joins its thread",
  request: { params: messageParams, body: { required: true, ...json(newMessage) } },
  responses: { 201: { description: "The new reply", ...objectJson }, ...postRefusals },
});

const deleteRoute = createRoute({
  method: "delete",
  path: "/api/v3/users/{username}/messages/{id}",
  summary:
    "Delete a message with its replies (its author, the profile's owner, an ambassador or an admin)",
  request: { params: messageParams },
  responses: {
    204: { description: "Deleted" },
    401: postRefusals[401],
    403: { description: "Not allowed to delete it", ...errorJson },
    404: readRefusals[404],
  },
});

/**
 * Public messages on profiles (docs/decisions/020-profile-messages.md). Posting shares
 * the comments' limits, 10 a minute and 100 an hour per account, counted on their own.
 */
export function profileMessageRoutes(limits = commentLimiters("profile-message")) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  async function countPost(viewerId: number) {
    const key = [`user:${viewerId}`];
    await limits.perMinute.hit(key);
    await limits.perHour.hit(key);
  }

  app.openapi(listRoute, async (c) => {
    const { username } = c.req.valid("param");
    return c.json(
      await listMessages(c.get("db"), c.get("viewer"), username, c.req.valid("query")),
      200,
    );
  });
  app.openapi(repliesRoute, async (c) => {
    const { username, id } = c.req.valid("param");
    return c.json(
      await listReplies(c.get("db"), c.get("viewer"), username, id, c.req.valid("query")),
      200,
    );
  });
  app.openapi(postRoute, async (c) => {
    const viewer = requireViewer(c);
    await countPost(viewer.id);
    const { username } = c.req.valid("param");
    return c.json(await postMessage(c.get("db"), viewer, username, c.req.valid("json")), 201);
  });
  app.openapi(replyRoute, async (c) => {
    const viewer = requireViewer(c);
    await countPost(viewer.id);
    const { username, id } = c.req.valid("param");
    const { body } = c.req.valid("json");
    return c.json(await postMessage(c.get("db"), viewer, username, { body, replyTo: id }), 201);
  });
  app.openapi(deleteRoute, async (c) => {
    const { username, id } = c.req.valid("param");
    await deleteMessage(c.get("db"), requireViewer(c), username, id);
    return c.body(null, 204);
  });
  return app;
}
