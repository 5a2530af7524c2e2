import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../http/app-env.ts";
import { objectJson } from "../http/openapi.ts";
import { fieldsFrom, project } from "../http/respond.ts";
import { fieldsQuery, idParam, validationHook } from "../http/validation.ts";
import { getPartDetails } from "./service.ts";

const getPart = createRoute({
  method: "get",
  path: "/api/v3/story_parts/{id}",
  summary: "One part to read: sanitised HTML text, its story and neighbouring parts",
  request: { params: z.object({ id: idParam("id") }), query: z.object({ fields: fieldsQuery }) },
  responses: {
    200: {
      description: "The part",
      ...objectJson,
    },
    400: { description: "Malformed id or fields" },
    404: { description: "No such part, or a draft or deleted one" },
  },
});

export function partRoutes() {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.openapi(getPart, async (c) => {
    const { id } = c.req.valid("param");
    const selection = fieldsFrom(c.req.valid("query").fields);
    const part = await getPartDetails(c.get("db"), id, c.get("viewer"));
    return c.json(project(part, selection), 200);
  });
  return app;
}
