import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { premiumRenewalSchema, premiumSubscribeSchema } from "@inkwell/shared/schemas";
import type { Checkout } from "../coins/checkout.ts";
import type { AppEnv } from "../http/app-env.ts";
import { errorJson, objectJson } from "../http/openapi.ts";
import type { AccountLimiters } from "../http/rate-limit.ts";
import { requireViewer } from "../http/require-viewer.ts";
import { validationHook } from "../http/validation.ts";
import { premiumStatus, setRenewal, subscribe } from "./service.ts";

const PATH = "/v5/premium/subscription";
const statusJson = { description: "{plans, onSale, subscription}", ...objectJson };

const statusRoute = createRoute({
  method: "get",
  path: PATH,
  summary:
    "The Premium plans, whether they are on sale, and this reader's subscription ({plan, renews, periodEnd} or null)",
  responses: { 200: statusJson },
});

const subscribeRoute = createRoute({
  method: "post",
  path: PATH,
  summary:
    "Subscribe to a plan ({plan, requestId}), paying its first month now; the same requestId subscribes once",
  request: {
    body: { required: true, content: { "application/json": { schema: premiumSubscribeSchema } } },
  },
  responses: {
    200: statusJson,
    400: { description: "No such plan, or a requestId that is not a UUID", ...errorJson },
    401: { description: "Not signed in", ...errorJson },
    402: { description: "The payment was declined (payment_declined)", ...errorJson },
    409: {
      description: "Already a member (already_premium), or a subscription on its way (in_progress)",
      ...errorJson,
    },
    429: { description: "Too many purchases in a minute", ...errorJson },
    503: { description: "No checkout is set up (checkout_unavailable)", ...errorJson },
  },
});

const renewalRoute = createRoute({
  method: "patch",
  path: PATH,
  summary: "Cancel the renewal ({renews: false}; Premium lasts to the month's end) or resume it",
  request: {
    body: { required: true, content: { "application/json": { schema: premiumRenewalSchema } } },
  },
  responses: {
    200: statusJson,
    400: { description: "renews is not true or false", ...errorJson },
    401: { description: "Not signed in", ...errorJson },
    409: { description: "No paid subscription to change (not_subscribed)", ...errorJson },
  },
});

/** Premium subscriptions (reader.md §1, §2 /premium): the paths are ours (docs/decisions/035). */
export function premiumRoutes(limits: AccountLimiters, checkout: Checkout | null) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.openapi(statusRoute, async (c) =>
    c.json(await premiumStatus(c.get("db"), checkout, c.get("viewer")), 200),
  );
  app.openapi(subscribeRoute, async (c) => {
    const viewer = requireViewer(c);
    await limits.purchase.hit([`purchase:${viewer.id}`]);
    return c.json(await subscribe(c.get("db"), checkout, viewer, c.req.valid("json")), 200);
  });
  app.openapi(renewalRoute, async (c) => {
    const viewer = requireViewer(c);
    const { renews } = c.req.valid("json");
    return c.json(await setRenewal(c.get("db"), checkout, viewer, renews), 200);
  });
  return app;
}
