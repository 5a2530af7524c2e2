import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { ELIGIBILITIES, INELIGIBILITY_REASONS } from "@inkwell/shared";
import type { AppEnv } from "../http/app-env.ts";
import { errorJson, objectJson } from "../http/openapi.ts";
import { readFields } from "../http/request-info.ts";
import { requireViewer } from "../http/require-viewer.ts";
import { idParam, validationHook } from "../http/validation.ts";
import {
  contestInfo,
  declineBanner,
  setActiveContest,
  storyEligibility,
  storySubmission,
  submitEntry,
  takeBackDecline,
} from "./service.ts";

// The paths are the spec's, "wattys" included, so that clients written against it work.
const CONTEST = "/v5/contests/wattys";

const storyParams = z.object({ id: idParam("id") });

const noContest = { description: "No contest is active (code no_contest)", ...errorJson };

/** The contest calls about one story are its author's alone. */
const authorOnly = {
  400: { description: "Malformed id", ...errorJson },
  401: { description: "Not signed in", ...errorJson },
  403: { description: "Not the story's author", ...errorJson },
};

const infoRoute = createRoute({
  method: "get",
  path: CONTEST,
  summary: "The active Inkwell Awards: {key, year, tag, closesAt, isOpen, minWords}",
  responses: {
    200: { description: "The contest a system admin set", ...objectJson },
    404: noContest,
  },
});

const setRoute = createRoute({
  method: "put",
  path: CONTEST,
  summary:
    "Set the active contest (system admins): JSON {key, year, tag, closesAt (ISO with offset), minWords}. It is created or updated by key; every other contest becomes inactive",
  responses: {
    200: { description: "The contest as now active", ...objectJson },
    400: { description: "Bad input (fields say which); nothing changed", ...errorJson },
    401: { description: "Not signed in", ...errorJson },
    403: { description: "Not a system admin", ...errorJson },
  },
});

const eligibilityRoute = createRoute({
  method: "get",
  path: `${CONTEST}/story/{id}/eligibility`,
  summary: `Where a story stands in the active contest: {eligibility (${ELIGIBILITIES.join(", ")}), storyCover, storyTitle, writerUsername, storyLanguage, storyStatus, wordCount, hasContestTag, ineligibleBecause (${INELIGIBILITY_REASONS.join(", ")} or null)}`,
  request: { params: storyParams },
  responses: {
    200: { description: "The story's standing", ...objectJson },
    ...authorOnly,
    404: { description: "No such story, or no contest is active", ...errorJson },
  },
});

const submissionRoute = createRoute({
  method: "get",
  path: `${CONTEST}/story/{id}/submission`,
  summary: "A story's entry in the active contest, as it was sent, with storyId, contest and time",
  request: { params: storyParams },
  responses: {
    200: { description: "The entry", ...objectJson },
    ...authorOnly,
    404: {
      description: "No such story, no contest is active, or not entered (code not_submitted)",
      ...errorJson,
    },
  },
});

const submitRoute = createRoute({
  method: "post",
  path: `${CONTEST}/story/{id}/submission`,
  summary:
    "Enter a story in the active contest: JSON, the form data of writer-paid-contest.md §3 (counts as numbers or digits; writerEmailConfirmation optional). Fields the writer's answers hide are not kept",
  request: { params: storyParams },
  responses: {
    201: { description: "The entry as kept", ...objectJson },
    400: {
      description:
        "A value outside the options (code bad_request), or the form's rules (code invalid, fields say which); nothing kept",
      ...errorJson,
    },
    401: { description: "Not signed in", ...errorJson },
    403: {
      description:
        "Not the story's author (forbidden), the contest closed (contest_closed), or the story cannot enter (not_eligible)",
      ...errorJson,
    },
    404: { description: "No such story, or no contest is active", ...errorJson },
    409: { description: "Already entered (code already_submitted)", ...errorJson },
  },
});

const declineRoute = createRoute({
  method: "post",
  path: `${CONTEST}/story/{id}/decline`,
  summary:
    "The author's 'Not this story' on the editor's contest banner: the banner no longer invites them to enter this story in the active contest (the Awards page still offers it). Sending it again changes nothing",
  request: { params: storyParams },
  responses: {
    200: { description: "The story's standing, declined: true", ...objectJson },
    ...authorOnly,
    404: { description: "No such story, or no contest is active", ...errorJson },
    409: { description: "Already entered (code already_submitted); nothing kept", ...errorJson },
  },
});

const takeBackRoute = createRoute({
  method: "delete",
  path: `${CONTEST}/story/{id}/decline`,
  summary:
    "The author takes 'Not this story' back (the Awards page): the editor's banner invites them to enter this story in the active contest again. Sending it again, or for a story never declined, changes nothing",
  request: { params: storyParams },
  responses: {
    200: { description: "The story's standing, declined: false", ...objectJson },
    ...authorOnly,
    404: { description: "No such story, or no contest is active", ...errorJson },
  },
});

/** The Inkwell Awards (writer-paid-contest.md §3-§8, docs/decisions/033). */
export function contestRoutes() {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.openapi(infoRoute, async (c) => c.json(await contestInfo(c.get("db")), 200));
  app.openapi(setRoute, async (c) => {
    const viewer = requireViewer(c);
    return c.json(await setActiveContest(c.get("db"), viewer, await readFields(c)), 200);
  });
  app.openapi(eligibilityRoute, async (c) => {
    const viewer = requireViewer(c);
    return c.json(await storyEligibility(c.get("db"), viewer, c.req.valid("param").id), 200);
  });
  app.openapi(submissionRoute, async (c) => {
    const viewer = requireViewer(c);
    return c.json(await storySubmission(c.get("db"), viewer, c.req.valid("param").id), 200);
  });
  app.openapi(submitRoute, async (c) => {
    const viewer = requireViewer(c);
    const entry = await submitEntry(
      c.get("db"),
      viewer,
      c.req.valid("param").id,
      await readFields(c),
    );
    return c.json(entry, 201);
  });
  app.openapi(declineRoute, async (c) => {
    const viewer = requireViewer(c);
    return c.json(await declineBanner(c.get("db"), viewer, c.req.valid("param").id), 200);
  });
  app.openapi(takeBackRoute, async (c) => {
    const viewer = requireViewer(c);
    return c.json(await takeBackDecline(c.get("db"), viewer, c.req.valid("param").id), 200);
  });
  return app;
}
