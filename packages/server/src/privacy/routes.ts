import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../http/app-env.ts";
import { errorJson, objectJson } from "../http/openapi.ts";
import { readFields } from "../http/request-info.ts";
import { requireViewer } from "../http/require-viewer.ts";
import { parseInput, validationHook } from "../http/validation.ts";
import { usernameParam } from "../users/routes.ts";
import { getCcpa, setCcpa } from "./service.ts";

const params = z.object({ username: usernameParam("username") });
const path = "/v5/users/{username}/privacy-settings/ccpa/";
const responses = {
  200: { description: "{optout}", ...objectJson },
  400: { description: "Bad body", ...errorJson },
  401: { description: "Not signed in", ...errorJson },
  403: { description: "Not the signed-in user's own settings", ...errorJson },
};

const getRoute = createRoute({
  method: "get",
  path,
  summary: "Whether the signed-in user opted out of the sale of personal information",
  request: { params },
  responses,
});

const putRoute = createRoute({
  method: "put",
  path,
  summary: "Opt out of (or back into) the sale of personal information: JSON {optout}",
  request: { params },
  responses,
});

const body = z.strictObject({ optout: z.boolean({ error: "optout must be true or false" }) });

/** The privacy opt-out (accounts-safety-messaging.md §7): visitors keep theirs in a cookie. */
export function privacyRoutes() {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.openapi(getRoute, async (c) => {
    const viewer = requireViewer(c);
    return c.json(await getCcpa(c.get("db"), viewer, c.req.valid("param").username), 200);
  });
  app.openapi(putRoute, async (c) => {
    const viewer = requireViewer(c);
    const { optout } = parseInput(body, await readFields(c));
    const { username } = c.req.valid("param");
    return c.json(await setCcpa(c.get("db"), viewer, username, optout), 200);
  });
  return app;
}
