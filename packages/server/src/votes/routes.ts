import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../http/app-env.ts";
import { json } from "../http/openapi.ts";
import { requireViewer } from "../http/require-viewer.ts";
import { idParam, validationHook } from "../http/validation.ts";
import { unvote, vote } from "./service.ts";

const voteState = json(z.object({ voted: z.boolean(), votes: z.number() }));

const params = z.object({ storyId: idParam("storyId"), partId: idParam("partId") });

const responses = {
  200: { description: "The reader's vote and the part's count", ...voteState },
  401: { description: "Not signed in" },
  403: { description: "Email not verified (code verify_email)" },
  404: { description: "No such part, or not readable" },
};

const voteRoute = createRoute({
  method: "post",
  path: "/api/v3/stories/{storyId}/parts/{partId}/votes",
  summary: "Vote for a part (once per reader; repeating changes nothing)",
  request: { params },
  responses,
});

const unvoteRoute = createRoute({
  method: "delete",
  path: "/api/v3/stories/{storyId}/parts/{partId}/votes",
  summary: "Take back a vote",
  request: { params },
  responses,
});

export function voteRoutes() {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.openapi(voteRoute, async (c) => {
    const { storyId, partId } = c.req.valid("param");
    return c.json(await vote(c.get("db"), requireViewer(c), storyId, partId), 200);
  });
  app.openapi(unvoteRoute, async (c) => {
    const { storyId, partId } = c.req.valid("param");
    return c.json(await unvote(c.get("db"), requireViewer(c), storyId, partId), 200);
  });
  return app;
}
