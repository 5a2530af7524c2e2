import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import {
  readerSettingsSchema,
  readingPositionSchema,
  readingTimeSchema,
} from "@inkwell/shared/schemas";
import type { AppEnv } from "../http/app-env.ts";
import { json } from "../http/openapi.ts";
import { RateLimiter } from "../http/rate-limit.ts";
import { clientAddress, readFields } from "../http/request-info.ts";
import { requireViewer } from "../http/require-viewer.ts";
import { idParam, parseInput, validationHook } from "../http/validation.ts";
import { getReaderSettings, saveReaderSettings } from "./reader-settings.ts";
import { addReadingTime, getReadingPosition, recordRead, saveReadingPosition } from "./service.ts";

const HOUR = 3_600_000;

/**
 * Reads are counted at most 3 times an hour per reader (account, or address for visitors)
 * and part, and 600 times an hour per address: re-reading and reloading do not inflate a
 * part's count, and neither does a script walking the catalogue.
 */
export function readLimiters() {
  return {
    perPart: new RateLimiter("read-part", 3, HOUR),
    perAddress: new RateLimiter("read-address", 600, HOUR),
    // Reading time comes each time a reader leaves a part's page: a few dozen an hour.
    readingTime: new RateLimiter("reading-time", 60, HOUR),
  };
}

const positionAnswer = z.object({
  part: z.number().nullable(),
  position: z.string().openapi({ example: "0.0" }),
});

const getPosition = createRoute({
  method: "get",
  path: "/apiv2/syncreadingposition",
  summary: "Where the signed-in reader left a story (default: its first part at 0.0)",
  request: { query: z.object({ story_id: idParam("story_id", "query") }) },
  responses: {
    200: { description: "The part and position (0 to 1)", ...json(positionAnswer) },
    400: { description: "Malformed story_id" },
    401: { description: "Not signed in" },
    404: { description: "No such story, or not readable" },
  },
});

const savePosition = createRoute({
  method: "post",
  path: "/apiv2/syncreadingposition",
  summary: "Save where the reader is in a story (last write wins)",
  request: {
    body: {
      content: {
        "application/json": { schema: readingPositionSchema },
        "application/x-www-form-urlencoded": { schema: readingPositionSchema },
      },
    },
  },
  responses: {
    200: { description: "The saved part and position", ...json(positionAnswer) },
    400: { description: "Missing or malformed story_id, part_id or position (0 to 1)" },
    401: { description: "Not signed in" },
    404: { description: "No such part in that story, or not readable" },
  },
});

const postRead = createRoute({
  method: "post",
  path: "/api/v3/story_parts/{id}/reads",
  summary: "Count one read of a part (sent by the reading page after a few seconds on it)",
  request: { params: z.object({ id: idParam("id") }) },
  responses: {
    200: {
      description: "Whether it was counted (an author's own reads are not) and the count",
      ...json(z.object({ counted: z.boolean(), readCount: z.number() })),
    },
    404: { description: "No such part, or not readable" },
    429: { description: "Counted often enough for now" },
  },
});

const postReadingTime = createRoute({
  method: "post",
  path: "/api/v3/story_parts/{id}/reading-time",
  summary:
    "Add seconds spent reading a part to the reader's latest read of it (sent as the page is left)",
  request: { params: z.object({ id: idParam("id") }) },
  responses: {
    200: {
      description: "Whether a read of the part in the last day took the time",
      ...json(z.object({ recorded: z.boolean() })),
    },
    400: { description: "Malformed id, or seconds not a whole number from 1 to 1,800" },
    401: { description: "Not signed in" },
    429: { description: "Reported often enough for now" },
  },
});

const settingsAnswer = {
  200: { description: "The reader's settings", ...json(readerSettingsSchema) },
  401: { description: "Not signed in" },
};

const getSettings = createRoute({
  method: "get",
  path: "/api/v3/users/me/reader-settings",
  summary: "The signed-in reader's font size, line spacing and theme",
  responses: settingsAnswer,
});

const putSettings = createRoute({
  method: "put",
  path: "/api/v3/users/me/reader-settings",
  summary: "Change the reading page's settings (premium themes need Premium)",
  request: { body: { required: true, ...json(readerSettingsSchema) } },
  responses: {
    ...settingsAnswer,
    400: { description: "An unknown setting or option" },
    403: { description: "A premium theme without Premium (code premium_required)" },
  },
});

export function readingRoutes(limits = readLimiters()) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(getPosition, async (c) => {
    const viewer = requireViewer(c);
    const { story_id } = c.req.valid("query");
    return c.json(await getReadingPosition(c.get("db"), viewer, story_id), 200);
  });

  // JSON from scripts, a form body from the page's beacon when it is closed.
  app.openapi(savePosition, async (c) => {
    const viewer = requireViewer(c);
    const input = parseInput(readingPositionSchema, await readFields(c));
    const saved = await saveReadingPosition(c.get("db"), viewer, {
      storyId: input.story_id,
      partId: input.part_id,
      position: input.position,
    });
    return c.json(saved, 200);
  });

  app.openapi(postRead, async (c) => {
    const { id } = c.req.valid("param");
    const viewer = c.get("viewer");
    const address = clientAddress(c);
    await limits.perAddress.hit([address]);
    await limits.perPart.hit([`${viewer ? `user:${viewer.id}` : `ip:${address}`}:${id}`]);
    return c.json(await recordRead(c.get("db"), viewer, id), 200);
  });

  // JSON from scripts, a form body from the page's beacon when it is left.
  app.openapi(postReadingTime, async (c) => {
    const viewer = requireViewer(c);
    const { id } = c.req.valid("param");
    const { seconds } = parseInput(readingTimeSchema, await readFields(c));
    await limits.readingTime.hit([`user:${viewer.id}`]);
    return c.json(await addReadingTime(c.get("db"), viewer, id, seconds), 200);
  });

  app.openapi(getSettings, async (c) =>
    c.json(await getReaderSettings(c.get("db"), requireViewer(c)), 200),
  );

  app.openapi(putSettings, async (c) => {
    const viewer = requireViewer(c);
    return c.json(await saveReaderSettings(c.get("db"), viewer, c.req.valid("json")), 200);
  });

  return app;
}
