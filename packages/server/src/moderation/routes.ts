import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { CLOSE_ACCOUNT_REASONS, formatCount, TIME_OUT_REASON_MAX } from "@inkwell/shared";
import type { AppEnv } from "../http/app-env.ts";
import { errorJson, objectJson } from "../http/openapi.ts";
import { readFields } from "../http/request-info.ts";
import { requireViewer } from "../http/require-viewer.ts";
import { parseInput, userText, validationHook } from "../http/validation.ts";
import { usernameParam } from "../users/routes.ts";
import { closeAccountAsModerator, timeOut } from "./service.ts";

const params = z.object({ username: usernameParam("username") });
const responses = {
  200: { description: "{username, action, reason, endsAt}", ...objectJson },
  400: { description: "Bad reason, or yourself", ...errorJson },
  401: { description: "Not signed in", ...errorJson },
  403: { description: "Not an ambassador or system admin, or a staff account", ...errorJson },
  404: { description: "No such user", ...errorJson },
};

const closeRoute = createRoute({
  method: "post",
  path: "/api/v3/users/{username}/moderation/close",
  summary: "Close the account at once (ambassadors and system admins): {reason} from the list",
  request: { params },
  responses,
});

const timeOutRoute = createRoute({
  method: "post",
  path: "/api/v3/users/{username}/moderation/timeout",
  summary: "Time the user out for 2 days (ambassadors and system admins): {reason}",
  request: { params },
  responses,
});

const closeBody = z.strictObject({
  reason: z.enum(CLOSE_ACCOUNT_REASONS, {
    error: `reason must be one of ${CLOSE_ACCOUNT_REASONS.join(", ")}`,
  }),
});
const timeOutBody = z.strictObject({
  reason: userText("reason is required", "many")
    .min(1, "Say why the user is timed out.")
    .max(
      TIME_OUT_REASON_MAX,
      `reason must be at most ${formatCount(TIME_OUT_REASON_MAX)} characters`,
    ),
});

/** Moderation actions on profiles (accounts-safety-messaging.md §6); paths are ours. */
export function moderationRoutes() {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.openapi(closeRoute, async (c) => {
    const viewer = requireViewer(c);
    const { reason } = parseInput(closeBody, await readFields(c));
    const { username } = c.req.valid("param");
    return c.json(await closeAccountAsModerator(c.get("db"), viewer, username, reason), 200);
  });
  app.openapi(timeOutRoute, async (c) => {
    const viewer = requireViewer(c);
    const { reason } = parseInput(timeOutBody, await readFields(c));
    const { username } = c.req.valid("param");
    return c.json(await timeOut(c.get("db"), viewer, username, reason), 200);
  });
  return app;
}
