import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import {
  AD_PLACEMENT_MESSAGE,
  ANALYTICS_EVENT_MESSAGE,
  PAYWALL_EVENTS,
  STORY_CLICK_SOURCE_MESSAGE,
  STORY_CLICK_SOURCES,
} from "@inkwell/shared";
import type { Kysely } from "kysely";
import { recordContestFormView } from "../contests/service.ts";
import type { Database } from "../db/schema.ts";
import { adAudience } from "../http/ad-audience.ts";
import type { AppEnv } from "../http/app-env.ts";
import { errorJson, objectJson } from "../http/openapi.ts";
import { RateLimiter } from "../http/rate-limit.ts";
import { clientAddress, readFields } from "../http/request-info.ts";
import { requireViewer } from "../http/require-viewer.ts";
import { formNumber, idParam, parseInput, validationHook } from "../http/validation.ts";
import type { Viewer } from "../viewer.ts";
import { recordAdEligibility, recordPaywallEvent, recordStoryClick } from "./events.ts";
import { analyticsDemographics, analyticsInteractions, analyticsOverview } from "./service.ts";

const HOUR = 3_600_000;

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

const positiveId = (field: string, what: string) =>
  formNumber(
    z
      .number({ error: `${field} names the ${what}` })
      .int(`${field} names the ${what}`)
      .positive(`${field} names the ${what}`),
  );

/** An ad slot's event: which page view sent it, and which slot; never the decision. */
const adSlot = {
  name: z.literal("ad_eligibility"),
  referenceId: z.uuid({ error: "referenceId is the page view's id, a UUID" }),
  // A decision the page adds is taken and ignored: the server decides (decision 066).
  eligible: z.unknown().optional(),
  factor: z.unknown().optional(),
};

const eventBody = z.discriminatedUnion(
  "name",
  [
    z.discriminatedUnion(
      "placement",
      [
        z.strictObject({
          ...adSlot,
          placement: z.literal("story"),
          storyId: positiveId("storyId", "story"),
        }),
        z.strictObject({
          ...adSlot,
          placement: z.literal("comments"),
          partId: positiveId("partId", "part"),
        }),
      ],
      { error: AD_PLACEMENT_MESSAGE },
    ),
    z.strictObject({ name: z.enum(PAYWALL_EVENTS), partId: positiveId("partId", "part") }),
    z.strictObject({
      name: z.literal("story_click"),
      storyId: positiveId("storyId", "story"),
      source: z.enum(STORY_CLICK_SOURCES, { error: STORY_CLICK_SOURCE_MESSAGE }),
    }),
    z.strictObject({
      name: z.literal("contest_form_view"),
      storyId: positiveId("storyId", "story"),
    }),
  ],
  { error: ANALYTICS_EVENT_MESSAGE },
);

const eventRoute = createRoute({
  method: "post",
  path: "/v5/events",
  summary:
    "Record an analytics event (ours), JSON or a beacon's form: {name: paywall_view | purchase_cancelled | purchase_failed, partId}, {name: story_click, storyId, source}, {name: ad_eligibility, referenceId (UUID), placement: story with storyId | comments with partId}, or {name: contest_form_view, storyId}",
  responses: {
    200: {
      description:
        "{recorded}: false when the reader sent it already today; ad_eligibility adds the server's {eligible, factor}",
      ...objectJson,
    },
    400: {
      description: "Unknown name, source or placement, or a malformed id; nothing recorded",
      ...errorJson,
    },
    401: { description: "A purchase or contest event from a visitor", ...errorJson },
    403: {
      description:
        "A mature story hidden from the viewer, a locked part's comments, or a contest form of someone else's story",
      ...errorJson,
    },
    404: {
      description: "No such part or story, or not readable, or no contest is active",
      ...errorJson,
    },
    409: {
      description:
        "The part has no paywall for this viewer, or the story was entered in the contest already",
      ...errorJson,
    },
    429: { description: "Sent often enough for now", ...errorJson },
  },
});

/**
 * Writer analytics, for a story's author only (writer-paid-contest.md §2; decisions/032),
 * and the events they count (decisions/048). A page sends a few events a visit:
 * 120 an hour per address is far above a reader and far below a script filling the table.
 * Ad slots are counted apart (600 an hour): every story and part a reader opens sends one,
 * and a long read must not use up the events writers read (066).
 */
export function analyticsRoutes(
  eventLimit = new RateLimiter("analytics-events", 120, HOUR),
  adSlotLimit = new RateLimiter("ad-eligibility-events", 600, HOUR),
) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.openapi(eventRoute, async (c) => {
    const event = parseInput(eventBody, await readFields(c));
    await (event.name === "ad_eligibility" ? adSlotLimit : eventLimit).hit([clientAddress(c)]);
    const db = c.get("db");
    const viewer = c.get("viewer");
    if (event.name === "ad_eligibility") {
      return c.json(await recordAdEligibility(db, viewer, adAudience(c), event), 200);
    }
    if (event.name === "contest_form_view") {
      return c.json(await recordContestFormView(db, requireViewer(c), event.storyId), 200);
    }
    return c.json(
      event.name === "story_click"
        ? await recordStoryClick(db, viewer, event)
        : await recordPaywallEvent(db, viewer, event),
      200,
    );
  });
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
