import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import type { AppEnv } from "../http/app-env.ts";
import { errorJson, objectJson } from "../http/openapi.ts";
import { requireViewer } from "../http/require-viewer.ts";
import { idParam, validationHook } from "../http/validation.ts";
import type { Viewer } from "../viewer.ts";
import { analyticsDemographics, analyticsInteractions, analyticsOverview } from "./service.ts";

/** The three tabs of §2, each one call: what it answers and which service reads it. */
const TABS: Array<{
  tab: string;
  summary: string;
  load: (db: Kysely<Database>, viewer: Viewer, storyId: number) => Promise<object>;
}> = [
  {
    tab: "overview",
    summary:
      "Total reads, votes, parts and engaged readers, with daily unique readers and reads for 30 days",
    load: analyticsOverview,
  },
  {
    tab: "interactions",
    summary:
      "Reads, votes and comments of each published part, with votes and comments a day for 30 days",
    load: analyticsInteractions,
  },
  {
    tab: "demographics",
    summary:
      "The ages and countries of the story's signed-in readers in the last 365 days, as shares",
    load: analyticsDemographics,
  },
];

/** Writer analytics, for a story's author only (writer-paid-contest.md §2; decisions/032). */
export function analyticsRoutes() {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  for (const { tab, summary, load } of TABS) {
    const route = createRoute({
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
    app.openapi(route, async (c) => {
      const viewer = requireViewer(c);
      return c.json(await load(c.get("db"), viewer, c.req.valid("param").id), 200);
    });
  }
  return app;
}
