import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { ID_PATTERN } from "@inkwell/shared";
import type { Context } from "hono";
import { adAudience } from "../http/ad-audience.ts";
import type { AppEnv } from "../http/app-env.ts";
import { errorJson, json, objectJson, okRoute } from "../http/openapi.ts";
import { RateLimiter } from "../http/rate-limit.ts";
import { requireViewer } from "../http/require-viewer.ts";
import { idParam, limitQuery, userText, validationHook } from "../http/validation.ts";
import { deleteComment, postComment, setLike } from "./posting.ts";
import {
  getComment,
  listReplies,
  listThreads,
  type PageQuery,
  paragraphCounts,
} from "./service.ts";

const MINUTE = 60_000;

/**
 * Posting is limited per account: 10 comments a minute and 100 an hour keep a conversation
 * going and stop a script flooding a part.
 */
export function commentLimiters(area = "comment") {
  return {
    perMinute: new RateLimiter(`${area}-minute`, 10, MINUTE),
    perHour: new RateLimiter(`${area}-hour`, 100, 60 * MINUTE),
  };
}

const pageQuery = z.object({
  limit: limitQuery(50, 10),
  after: z.string().max(40).optional().openapi({ description: "The `after` of the last answer" }),
});

const partParams = z.object({ partId: idParam("partId") });
const commentParams = z.object({ id: idParam("id") });
const paragraphId = z
  .string()
  .regex(/^[\w-]{1,64}$/, "paragraphId must be a paragraph's data-p-id")
  .openapi({ param: { name: "paragraphId", in: "path" }, example: "a1p1" });

const threadsAnswer = "{comments, hasMore, after, ads}";
const readRefusals = {
  400: { description: "Bad limit or cursor", ...errorJson },
  403: { description: "A mature story hidden from the viewer (code mature_content)", ...errorJson },
  404: { description: "No such part, or not readable", ...errorJson },
};

const partThreads = okRoute(
  "get",
  "/v5/comments/namespaces/parts/resources/{partId}/comments",
  "A part's comments, newest thread first, each with its first 2 replies",
  { params: partParams, query: pageQuery },
  threadsAnswer,
  readRefusals,
);

const paragraphThreads = okRoute(
  "get",
  "/v5/comments/namespaces/parts/resources/{partId}/paragraphs/{paragraphId}/comments",
  "Comments on one paragraph of a part, newest thread first",
  { params: partParams.extend({ paragraphId }), query: pageQuery },
  threadsAnswer,
  readRefusals,
);

const paragraphCountsRoute = okRoute(
  "get",
  "/v5/comments/namespaces/parts/resources/{partId}/paragraphs",
  "How many comments each paragraph of a part has (for the paragraph markers)",
  { params: partParams },
  "{paragraphs: {data-p-id: count}}",
  { 404: { description: "No such part, or not readable", ...errorJson } },
);

const replies = okRoute(
  "get",
  "/v5/comments/namespaces/comments/resources/{id}/comments",
  "A thread's replies, oldest first",
  { params: commentParams, query: pageQuery },
  threadsAnswer,
  { ...readRefusals, 404: { description: "No such comment", ...errorJson } },
);

const getOne = okRoute(
  "get",
  "/v5/comments/{id}",
  "One comment (a thread's first comment with its first replies)",
  { params: commentParams },
  "The comment",
  { 404: { description: "No such comment, deleted, hidden, or its part not readable" } },
);

const newComment = z.strictObject({
  resource: z.strictObject({
    namespace: z.enum(["parts", "comments"], { error: "namespace is parts or comments" }),
    resourceId: z
      .union([z.string(), z.number()])
      .transform(String)
      .pipe(z.string().regex(ID_PATTERN, "resourceId must be a part or comment id")),
    paragraphId: paragraphId.nullish(),
  }),
  text: userText("text is the comment", "many"),
});

const post = createRoute({
  method: "post",
  path: "/v5/comments",
  summary: "Post a comment on a part, a paragraph of it, or a reply to a comment",
  request: { body: { required: true, ...json(newComment) } },
  responses: {
    201: { description: "The new comment", ...objectJson },
    400: { description: "Empty text, text over 2,000 characters, or a bad resource", ...errorJson },
    401: { description: "Not signed in", ...errorJson },
    403: { description: "Email not verified (code verify_email)", ...errorJson },
    404: { description: "No such part, paragraph or comment, or not readable", ...errorJson },
    429: { description: "Posting too often", ...errorJson },
  },
});

const remove = createRoute({
  method: "delete",
  path: "/v5/comments/{id}",
  summary: "Delete a comment (its author, the story's author, an ambassador or an admin)",
  request: { params: commentParams },
  responses: {
    204: { description: "Deleted, with its replies" },
    401: { description: "Not signed in", ...errorJson },
    403: { description: "Not allowed to delete it", ...errorJson },
    404: { description: "No such comment", ...errorJson },
  },
});

const likeRefusals = {
  401: { description: "Not signed in", ...errorJson },
  403: { description: "Email not verified (code verify_email)", ...errorJson },
  404: { description: "No such comment", ...errorJson },
};

const likeRoute = (method: "put" | "delete", summary: string) =>
  okRoute(
    method,
    "/v5/comments/{id}/sentiments/like",
    summary,
    { params: commentParams },
    "{like: {count, interacted}}",
    likeRefusals,
  );

export function commentRoutes(limits = commentLimiters()) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  // A part's threads are its paragraphs' threads with no paragraph named.
  const threadsOf = (
    c: Context<AppEnv>,
    partId: number,
    paragraphId: string | null,
    page: PageQuery,
  ) => listThreads(c.get("db"), c.get("viewer"), adAudience(c), partId, paragraphId, page);
  app.openapi(partThreads, async (c) => {
    const { partId } = c.req.valid("param");
    return c.json(await threadsOf(c, partId, null, c.req.valid("query")), 200);
  });
  app.openapi(paragraphThreads, async (c) => {
    const { partId, paragraphId } = c.req.valid("param");
    return c.json(await threadsOf(c, partId, paragraphId, c.req.valid("query")), 200);
  });
  app.openapi(paragraphCountsRoute, async (c) => {
    const { partId } = c.req.valid("param");
    return c.json(await paragraphCounts(c.get("db"), c.get("viewer"), partId), 200);
  });
  app.openapi(replies, async (c) => {
    const { id } = c.req.valid("param");
    return c.json(await listReplies(c.get("db"), c.get("viewer"), id, c.req.valid("query")), 200);
  });
  app.openapi(getOne, async (c) => {
    const { id } = c.req.valid("param");
    return c.json(await getComment(c.get("db"), c.get("viewer"), id), 200);
  });
  app.openapi(post, async (c) => {
    const viewer = requireViewer(c);
    const key = [`user:${viewer.id}`];
    await limits.perMinute.hit(key);
    await limits.perHour.hit(key);
    return c.json(await postComment(c.get("db"), viewer, c.req.valid("json")), 201);
  });
  app.openapi(remove, async (c) => {
    await deleteComment(c.get("db"), requireViewer(c), c.req.valid("param").id);
    return c.body(null, 204);
  });
  app.openapi(likeRoute("put", "Like a comment (once per reader)"), async (c) => {
    const viewer = requireViewer(c);
    return c.json(await setLike(c.get("db"), viewer, c.req.valid("param").id, true), 200);
  });
  app.openapi(likeRoute("delete", "Take back a like"), async (c) => {
    const viewer = requireViewer(c);
    return c.json(await setLike(c.get("db"), viewer, c.req.valid("param").id, false), 200);
  });
  return app;
}
