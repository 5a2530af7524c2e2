import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { MAIL_LISTS } from "@inkwell/shared";
import type { AppEnv } from "../http/app-env.ts";
import { HttpError } from "../http/errors.ts";
import { errorJson, objectJson } from "../http/openapi.ts";
import { readFields, wantsHtml } from "../http/request-info.ts";
import { parseInput, validationHook } from "../http/validation.ts";
import { ALERTS_KEY_SHAPE, unsubscribe, unsubscribeLink, unsubscribeLinks } from "./unsubscribe.ts";

const path = "/v5/alerts/unsubscribe";
const link = z.object({
  u: z.string({ error: "u is the account id of the link" }).min(1).max(64),
  k: z
    .string({ error: "k is the key of the link" })
    .regex(ALERTS_KEY_SHAPE, "k must be the link's key: 24 letters, digits, - or _"),
  list: z.enum(MAIL_LISTS, { error: `list is ${MAIL_LISTS.join(" or ")}` }).default("alerts"),
});
const responses = {
  200: {
    description: "{username, alerts, news}: what the link's owner gets by mail",
    ...objectJson,
  },
  400: { description: "No link, or a key not shaped like one", ...errorJson },
  404: { description: "Not a valid unsubscribe link", ...errorJson },
};

const linkRoute = createRoute({
  method: "get",
  path,
  summary:
    "Whose mail an emailed unsubscribe link stops (list: alerts, the default, or news), and what they get",
  request: { query: link },
  responses,
});

const unsubscribeRoute = createRoute({
  method: "post",
  path,
  summary:
    "Stops a reader's email alerts, or with list=news the newsletter, from their emailed link (u, k, list in the query or the form; RFC 8058 one-click)",
  responses: { ...responses, 303: { description: "A form post: back to /unsubscribe" } },
});

const invalidLink = () =>
  new HttpError(
    404,
    "not_found",
    "This unsubscribe link isn't valid. Change your alerts in Settings.",
  );

/**
 * The alert emails' and the newsletter's unsubscribe link (decisions 046, 051): no sign-in,
 * the link's key is the proof. Stopping is a POST, so mail scanners that open links change nothing.
 */
export function alertRoutes() {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.openapi(linkRoute, async (c) => {
    const { u, k } = c.req.valid("query");
    const found = await unsubscribeLink(c.get("db"), u, k);
    if (!found) throw invalidLink();
    return c.json(found, 200);
  });
  app.openapi(unsubscribeRoute, async (c) => {
    const { u, k, list } = parseInput(link, { ...(await readFields(c)), ...c.req.query() });
    const stopped = await unsubscribe(c.get("db"), u, k, list);
    if (!stopped) throw invalidLink();
    if (wantsHtml(c)) {
      return c.redirect(`${unsubscribeLinks(Number(u), k, list).page}&done=1`, 303);
    }
    return c.json(stopped, 200);
  });
  return app;
}
