import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../http/app-env.ts";
import { errorJson, objectJson } from "../http/openapi.ts";
import { RateLimiter } from "../http/rate-limit.ts";
import { clientAddress, readFields } from "../http/request-info.ts";
import { requireViewer } from "../http/require-viewer.ts";
import { assertOwnPageFetch } from "../http/same-origin.ts";
import { idParam, validationHook } from "../http/validation.ts";
import { createPromotion, listPromotions, setPromotionEnd, track } from "./service.ts";

const trackingRoute = createRoute({
  method: "get",
  path: "/v5/promotions/{promotionId}/{event}",
  summary:
    "A sponsored story's tracking URL (clickUrl, impressionUrl): counts a click or impression while the campaign runs, once per viewer (account, else address) a UTC day; 204 whether counted or not",
  request: {
    params: z.object({
      promotionId: idParam("promotionId"),
      event: z.enum(["click", "impression"]),
    }),
  },
  responses: {
    204: { description: "Seen: counted, or not (already today, or the campaign is not running)" },
    400: { description: "Not a promotion id, or neither click nor impression", ...errorJson },
    403: {
      description:
        "Not a page of ours fetching it: another site, or a browser loading it as a picture or a page (cross_origin); nothing counted",
      ...errorJson,
    },
    404: { description: "No such promotion", ...errorJson },
    429: { description: "Sent often enough for now from this address", ...errorJson },
  },
});

const staffOnly = {
  401: { description: "Not signed in", ...errorJson },
  403: { description: "Not staff or a system admin", ...errorJson },
};

const listRoute = createRoute({
  method: "get",
  path: "/v5/promotions",
  summary:
    "The newest sponsored-story campaigns (staff): {promotions: [{id, story, sponsorName, startsAt, endsAt, status, clicks, impressions}]}",
  responses: { 200: { description: "{promotions}", ...objectJson }, ...staffOnly },
});

const createPromotionRoute = createRoute({
  method: "post",
  path: "/v5/promotions",
  summary:
    "Sponsor a published story (staff): JSON {storyId, sponsorName, startsAt, endsAt (ISO with offset)}",
  responses: {
    200: { description: "The campaign", ...objectJson },
    400: { description: "Bad input (fields say which); nothing changed", ...errorJson },
    ...staffOnly,
  },
});

const endRoute = createRoute({
  method: "patch",
  path: "/v5/promotions/{id}",
  summary: "Move a campaign's end, or end it now (staff): JSON {endsAt (ISO with offset)}",
  request: { params: z.object({ id: idParam("id") }) },
  responses: {
    200: { description: "The campaign", ...objectJson },
    400: { description: "Bad input; nothing changed", ...errorJson },
    ...staffOnly,
    404: { description: "No such campaign", ...errorJson },
  },
});

const HOUR = 3_600_000;

/**
 * Sponsored stories (reader.md §3, §7 Tracking URLs; docs/decisions/036): tracking, and staff's
 * campaigns. The tracking URLs need no session: 600 hits an hour per address (as reads) is far
 * above a household's home feeds and far below a script; each viewer counts once a day anyway.
 */
export function promotionRoutes(trackLimit = new RateLimiter("promotion-tracking", 600, HOUR)) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.openapi(trackingRoute, async (c) => {
    assertOwnPageFetch(c);
    const { promotionId, event } = c.req.valid("param");
    const address = clientAddress(c);
    await trackLimit.hit([address]);
    await track(c.get("db"), { viewer: c.get("viewer"), address }, promotionId, event);
    return c.body(null, 204);
  });
  app.openapi(listRoute, async (c) =>
    c.json(await listPromotions(c.get("db"), requireViewer(c)), 200),
  );
  app.openapi(createPromotionRoute, async (c) => {
    const viewer = requireViewer(c);
    return c.json(await createPromotion(c.get("db"), viewer, await readFields(c)), 200);
  });
  app.openapi(endRoute, async (c) => {
    const viewer = requireViewer(c);
    const { id } = c.req.valid("param");
    return c.json(await setPromotionEnd(c.get("db"), viewer, id, await readFields(c)), 200);
  });
  return app;
}
