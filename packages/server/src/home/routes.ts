import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { LOCALE_COOKIE, languageByCode } from "@inkwell/shared";
import { getCookie } from "hono/cookie";
import type { AppEnv } from "../http/app-env.ts";
import { errorJson, objectJson } from "../http/openapi.ts";
import { readFields } from "../http/request-info.ts";
import { requireViewer } from "../http/require-viewer.ts";
import { parseInput, validationHook } from "../http/validation.ts";
import { usernameParam } from "../users/routes.ts";
import { homeFeedJson } from "./feed.ts";
import { continueReading, continueReadingSection, setPreferredTags } from "./service.ts";

const params = z.object({ username: usernameParam("username") });

const homeRoute = createRoute({
  method: "get",
  path: "/v5/home",
  summary: "The viewer's home feed: {sections: [{type, data, dynamic?}]} (generic for visitors)",
  // The app sends a cache-busting value; the feed's freshness is the server's concern.
  request: { query: z.object({ cache: z.string().optional() }) },
  // Sent as JSON text serialised once per cached feed, so not typed as a JSON body here.
  responses: { 200: { description: "HomeFeed (application/json)" } },
});

const continueRoute = createRoute({
  method: "get",
  path: "/v5/users/{username}/continue-reading",
  summary:
    "A continue-reading section's dynamic path: the strip's section again with fresh items, most recently read first (the reader's own)",
  request: { params },
  responses: {
    200: {
      description:
        "{sections: [{type: continueReadingSwimlane, data: {heading, items: ContinueReadingItem[]}, dynamic: {path}}]}",
      ...objectJson,
    },
    401: { description: "Not signed in", ...errorJson },
    403: { description: "Not the signed-in user", ...errorJson },
  },
});

const preferredRoute = createRoute({
  method: "post",
  path: "/v5/users/{username}/content-settings",
  summary: "Save the genres picked at onboarding (JSON {preferredTags}, at most 3)",
  request: { params },
  responses: {
    200: { description: "{preferredTags}", ...objectJson },
    400: { description: "Not genres, or more than 3", ...errorJson },
    401: { description: "Not signed in", ...errorJson },
    403: { description: "Not the signed-in user's own settings", ...errorJson },
  },
});

const preferredBody = z.strictObject({
  preferredTags: z.array(z.string().max(64), { error: "preferredTags is a list of genres" }),
});

/** The home feed (reader.md §2 Home page) and the onboarding's genre choice. */
export function homeRoutes() {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(homeRoute, async (c) => {
    // Visitors' featured lists follow the language they picked (the locale cookie).
    const language = languageByCode(getCookie(c, LOCALE_COOKIE)) ?? { id: 1 };
    const feed = await homeFeedJson(c.get("db"), c.get("viewer"), language.id);
    return c.body(feed, 200, { "content-type": "application/json" });
  });

  app.openapi(continueRoute, async (c) => {
    const viewer = requireViewer(c);
    if (viewer.username.toLowerCase() !== c.req.valid("param").username.toLowerCase()) {
      return c.json({ code: "forbidden", message: "Only your own reading." }, 403);
    }
    const items = await continueReading(c.get("db"), viewer);
    return c.json({ sections: [continueReadingSection(viewer.username, items)] }, 200);
  });

  app.openapi(preferredRoute, async (c) => {
    const viewer = requireViewer(c);
    const { preferredTags } = parseInput(preferredBody, await readFields(c));
    const { username } = c.req.valid("param");
    return c.json(await setPreferredTags(c.get("db"), viewer, username, preferredTags), 200);
  });
  return app;
}
