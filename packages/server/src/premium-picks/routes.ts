import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../http/app-env.ts";
import { errorJson, objectJson } from "../http/openapi.ts";
import { fieldsFrom, project } from "../http/respond.ts";
import { fieldsQuery, validationHook } from "../http/validation.ts";
import { premiumPicks } from "./service.ts";

const picksRoute = createRoute({
  method: "get",
  path: "/reading/v1/premiumPicks",
  summary:
    "This month's and next month's Premium Picks, as the reader may see them: {current, next}, each {id, name, year, month, expiresAt, stories, total}",
  request: { query: z.object({ fields: fieldsQuery }) },
  responses: {
    200: { description: "{current, next}", ...objectJson },
    400: { description: "Malformed fields", ...errorJson },
  },
});

/** Premium Picks (reader.md §2, §3) at §7's path, answering its fields current and next. */
export function premiumPicksRoutes() {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.openapi(picksRoute, async (c) => {
    const picks = await premiumPicks(c.get("db"), c.get("viewer"));
    return c.json(project(picks, fieldsFrom(c.req.valid("query").fields)), 200);
  });
  return app;
}
