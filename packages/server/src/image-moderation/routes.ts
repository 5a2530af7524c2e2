import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { formatCount, IMAGE_APPEAL_REASON_MAX } from "@inkwell/shared";
import type { AppEnv } from "../http/app-env.ts";
import { errorJson, objectJson } from "../http/openapi.ts";
import { readFields } from "../http/request-info.ts";
import { requireViewer } from "../http/require-viewer.ts";
import { idParam, parseInput, userText, validationHook } from "../http/validation.ts";
import { appealImage, appealState, decideAppeal, flagImage, listAppeals } from "./service.ts";

const moderatorResponses = {
  400: { description: "Bad body", ...errorJson },
  401: { description: "Not signed in", ...errorJson },
  403: { description: "Not an ambassador or system admin", ...errorJson },
  404: { description: "No such image or appeal", ...errorJson },
};

const imageUrl = userText("image_url is required")
  .min(1, "image_url is required")
  .max(2000, "image_url is too long");

const appealRoute = createRoute({
  method: "post",
  path: "/v5/image_moderation/appeal",
  summary: "Appeal a flagged image of one's own, once: JSON {image_url, reason}",
  responses: {
    200: { description: "{status: 'submitted'}", ...objectJson },
    400: { description: "Reason missing or too long", ...errorJson },
    401: { description: "Not signed in", ...errorJson },
    404: { description: "{status: 'error'}: no flagged image of the viewer's there", ...errorJson },
    409: { description: "{status: 'submitted' | 'resolved'}: already appealed", ...errorJson },
  },
});

const appealStateRoute = createRoute({
  method: "get",
  path: "/v5/image_moderation/appeal",
  summary: "Where one's appeal of a flagged image of one's own stands: ?image_url=",
  request: { query: z.object({ image_url: imageUrl }) },
  responses: {
    200: {
      description: "{status: null | 'submitted' | 'resolved'}: null before it",
      ...objectJson,
    },
    400: { description: "image_url missing", ...errorJson },
    401: { description: "Not signed in", ...errorJson },
    404: { description: "{status: 'error'}: no flagged image of the viewer's there", ...errorJson },
  },
});

const flagRoute = createRoute({
  method: "post",
  path: "/v5/image_moderation/flags",
  summary:
    "Flag an image (moderators): a cover, a profile picture or background, or a picture in a part; JSON {image_url}; only its owner sees it from then on",
  responses: {
    201: {
      description: "{id, imageUrl, storyId}: storyId null for a profile picture",
      ...objectJson,
    },
    409: { description: "Already flagged", ...errorJson },
    ...moderatorResponses,
  },
});

const appealsRoute = createRoute({
  method: "get",
  path: "/v5/image_moderation/appeals",
  summary: "Appeals in a state (moderators): ?status=submitted|resolved, oldest first",
  request: {
    query: z.object({ status: z.enum(["submitted", "resolved"]).default("submitted") }),
  },
  responses: {
    200: { description: "{appeals: ImageFlag[]}", ...objectJson },
    ...moderatorResponses,
  },
});

const decideRoute = createRoute({
  method: "post",
  path: "/v5/image_moderation/appeals/{id}/decision",
  summary: "Decide an appeal once (moderators): JSON {decision: 'restored' | 'upheld'}",
  request: { params: z.object({ id: idParam("id") }) },
  responses: { 200: { description: "{id, decision}", ...objectJson }, ...moderatorResponses },
});

const appealBody = z.strictObject({
  image_url: imageUrl,
  reason: userText("Say why the image should be restored.", "many")
    .min(1, "Say why the image should be restored.")
    .max(
      IMAGE_APPEAL_REASON_MAX,
      `The reason can be at most ${formatCount(IMAGE_APPEAL_REASON_MAX)} characters.`,
    ),
});
const flagBody = z.strictObject({ image_url: imageUrl });
const decideBody = z.strictObject({
  decision: z.enum(["restored", "upheld"], { error: "decision must be restored or upheld" }),
});

/** Image moderation (accounts-safety-messaging.md §7, §8); all but the appeal are ours. */
export function imageModerationRoutes() {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.openapi(appealRoute, async (c) => {
    const viewer = requireViewer(c);
    const input = parseInput(appealBody, await readFields(c));
    const result = await appealImage(c.get("db"), viewer, {
      imageUrl: input.image_url,
      reason: input.reason,
    });
    return c.json(result, 200);
  });
  app.openapi(appealStateRoute, async (c) => {
    const viewer = requireViewer(c);
    return c.json(await appealState(c.get("db"), viewer, c.req.valid("query").image_url), 200);
  });
  app.openapi(flagRoute, async (c) => {
    const viewer = requireViewer(c);
    const input = parseInput(flagBody, await readFields(c));
    return c.json(await flagImage(c.get("db"), viewer, input.image_url), 201);
  });
  app.openapi(appealsRoute, async (c) => {
    const viewer = requireViewer(c);
    const { status } = c.req.valid("query");
    return c.json({ appeals: await listAppeals(c.get("db"), viewer, status) }, 200);
  });
  app.openapi(decideRoute, async (c) => {
    const viewer = requireViewer(c);
    const { decision } = parseInput(decideBody, await readFields(c));
    return c.json(await decideAppeal(c.get("db"), viewer, c.req.valid("param").id, decision), 200);
  });
  return app;
}
