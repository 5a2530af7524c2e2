import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { FINISHED_STORY, USER_TYPES, WRITER_STAGES } from "@inkwell/shared";
import type { AppEnv } from "../http/app-env.ts";
import { errorJson, objectJson } from "../http/openapi.ts";
import { readFields } from "../http/request-info.ts";
import { requireViewer } from "../http/require-viewer.ts";
import { changeRequired, namesAChange, parseInput, validationHook } from "../http/validation.ts";
import { saveWriterOnboarding, writerOnboarding } from "./service.ts";

const path = "/v5/users/me/writer-onboarding";
const answer = "{user_type, writer_stage, finished_story, answered_at, tooltip_dismissed}";

const getRoute = createRoute({
  method: "get",
  path,
  summary: "The signed-in user's writer onboarding answers and tooltip state",
  responses: {
    200: { description: answer, ...objectJson },
    401: { description: "Not signed in", ...errorJson },
  },
});

const putRoute = createRoute({
  method: "put",
  path,
  summary:
    "Record writer onboarding answers (any of user_type, writer_stage, finished_story; null records a skip) or tooltip_dismissed",
  responses: {
    200: { description: answer, ...objectJson },
    400: { description: "An answer that is not one of the options", ...errorJson },
    401: { description: "Not signed in", ...errorJson },
  },
});

const oneOf = <T extends readonly [string, ...string[]]>(name: string, values: T) =>
  z.enum(values, { error: `${name} must be ${values.join(", ")}` });

// Strict: a misspelt answer would otherwise be dropped and the save still answer 200.
const changesBody = z
  .strictObject({
    user_type: oneOf("user_type", USER_TYPES),
    writer_stage: oneOf("writer_stage", WRITER_STAGES).nullable(),
    finished_story: oneOf("finished_story", FINISHED_STORY).nullable(),
    tooltip_dismissed: z.boolean({ error: "tooltip_dismissed must be true or false" }),
  })
  .partial()
  .refine(
    namesAChange,
    changeRequired(
      "Nothing to change: send user_type, writer_stage, finished_story or tooltip_dismissed",
    ),
  );

/** Writer onboarding (accounts-safety-messaging.md §2-§4): our path, the spec shows none. */
export function writerOnboardingRoutes() {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.openapi(getRoute, async (c) =>
    c.json(await writerOnboarding(c.get("db"), requireViewer(c)), 200),
  );
  app.openapi(putRoute, async (c) => {
    const viewer = requireViewer(c);
    const changes = parseInput(changesBody, await readFields(c));
    return c.json(await saveWriterOnboarding(c.get("db"), viewer, changes), 200);
  });
  return app;
}
