import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../http/app-env.ts";
import { errorJson, objectJson } from "../http/openapi.ts";
import { requireViewer } from "../http/require-viewer.ts";
import { idParam, validationHook } from "../http/validation.ts";
import { analyticsDemographics, analyticsInteractions, analyticsOverview } from "./service.ts";

/** One tab of a story's analytics, for its author only. */
const tabRoute = (tab: string, summary: string) =>
  createRoute({
    method: "get",
    path: `/v5/analytics/stories/{id}/${tab}`,
    summary,
    request: { params: z.object({ id: idParam("id") }) },
    responses: {
      200: { description: summary, ...objectJson },
      400: { description: "Malformed id", ...errorJson },
      401: { description: "Not signed in", ...errorJson },
      403: { description: "Not the story's author", ...errorJson },
      404: { description: "No such story", ...errorJson },
    },
  });

/** Writer analytics (writer-paid-contest.md §2, §3, §9; docs/decisions/032). */
export function analyticsRoutes() {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.openapi(
    tabRoute(
      "overview",
      "Total reads, votes, parts and engaged readers, with daily unique readers and reads for 30 days",
    ),
    async (c) => {
      const viewer = requireViewer(c);
      return c.json(await analyticsOverview(c.get("db"), viewer, c.req.valid("param").id), 200);
    },
  );
  app.openapi(
    tabRoute(
      "interactions",
      "Reads, votes and comments of each published part, with votes and comments a day for 30 days",
    ),
    async (c) => {
      const viewer = requireViewer(c);
      return c.json(await analyticsInteractions(c.get("db"), viewer, c.req.valid("param").id), 200);
    },
  );
  app.openapi(
    tabRoute(
      "demographics",
      "The ages and countries of the story's signed-in readers in the last 365 days, as shares",
    ),
    async (c) => {
      const viewer = requireViewer(c);
      return c.json(await analyticsDemographics(c.get("db"), viewer, c.req.valid("param").id), 200);
    },
  );
  return app;
}
