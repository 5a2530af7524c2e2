import { OpenAPIHono, z } from "@hono/zod-openapi";
import { COVER_SOURCE_MESSAGE, COVER_SOURCES, MAX_UPLOAD_IMAGE_BYTES } from "@inkwell/shared";
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../http/app-env.ts";
import { errorJson, okRoute } from "../http/openapi.ts";
import type { RateLimiter } from "../http/rate-limit.ts";
import { publicBaseUrl, readFields } from "../http/request-info.ts";
import { requireViewer } from "../http/require-viewer.ts";
import { discardUnreadBody } from "../http/unread-body.ts";
import { formNumber, idParam, parseInput, validationHook } from "../http/validation.ts";
import type { Viewer } from "../viewer.ts";
import { addPartImage, setStoryCover } from "./service.ts";
import { imageTooLarge } from "./uploads.ts";

export const image = z.string({ error: "image is the picture's bytes in base64" });
const coverBody = z.strictObject({
  id: formNumber(
    z
      .number({ error: "id names the story" })
      .int("id names the story")
      .positive("id names the story"),
  ),
  image,
  // The spec's clients send no source: theirs is the story details form's upload.
  source: z.enum(COVER_SOURCES, { error: COVER_SOURCE_MESSAGE }).default("upload"),
});
const partImageBody = z.strictObject({ image });

/** The limit every image upload shares (rate-limit.ts `upload`), as the calls' documents say it. */
export const uploadLimitRefusal = {
  description: "Over 30 image uploads in an hour by this account, every kind together",
  ...errorJson,
};

const refusals = {
  400: {
    description:
      "Not a JPEG, PNG or WebP image (unsupported_image), over 5 MB (image_too_large), or bad input; nothing changed",
    ...errorJson,
  },
  401: { description: "Not signed in", ...errorJson },
  403: { description: "Not the author, or in a time-out", ...errorJson },
  404: { description: "No such story or part", ...errorJson },
  413: { description: "The request is far larger than any image allowed", ...errorJson },
  429: uploadLimitRefusal,
};

const coverRoute = okRoute(
  "post",
  "/apiv2/updatestorycover",
  "Set a story's cover: {id, image, source?} with the image as base64 (JPEG, PNG or WebP, at most 5 MB); it is cropped to 512 × 800 and made at every cover width. source (upload, the default, or import: the cover import screen) is counted as the author's cover add",
  {},
  "{id, cover}: the cover's URL under /media",
  refusals,
);
const partImageRoute = okRoute(
  "post",
  "/v4/parts/{id}/images",
  "Add a picture for a part's text: {image} as base64 (JPEG, PNG or WebP, at most 5 MB); answers where it is",
  { params: z.object({ id: idParam("id") }) },
  "{url, width, height}",
  refusals,
);

/**
 * A request carrying up to `images` uploads is refused (413) once over what they may weigh:
 * base64 is a third larger than the bytes; the rest is room for the JSON around them. One
 * refused before its body was read (not signed in, bad input) reads the rest first, so that
 * a slow phone gets the message (decision 093).
 */
export const uploadBodyLimit = (images = 1): MiddlewareHandler => {
  const maxSize = images * Math.ceil((MAX_UPLOAD_IMAGE_BYTES * 4) / 3) + 64 * 1024;
  const limit = bodyLimit({
    maxSize,
    // The rest of a body too large is never read: the connection ends with the answer.
    onError: (c) => c.json(imageTooLarge().toJSON(), 413, { connection: "close" }),
  });
  return async (c, next) => {
    // The limit answers its refusal, or what next() does: the context.
    const cutOff = await limit(c, next);
    if (cutOff instanceof Response) return cutOff;
    if (!c.res.ok) await discardUnreadBody(c.req.raw, maxSize);
  };
};

/**
 * Counts one image upload by `viewer` against the limit covers, part pictures and profile
 * pictures share; throws 429 once over it, before the image is decoded or anything written.
 */
export const countUpload = (limits: { upload: RateLimiter }, viewer: Viewer) =>
  limits.upload.hit([`user:${viewer.id}`]);

/** Writers' uploads (docs/decisions/018-covers-and-editor.md), stored under `mediaDir`. */
export function mediaRoutes(mediaDir: string, limits: { upload: RateLimiter }) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use(coverRoute.path, uploadBodyLimit());
  app.use("/v4/parts/:id/images", uploadBodyLimit());
  app.openapi(coverRoute, async (c) => {
    const viewer = requireViewer(c);
    const body = parseInput(coverBody, await readFields(c));
    await countUpload(limits, viewer);
    const db = c.get("db");
    return c.json(
      await setStoryCover(db, mediaDir, viewer, body.id, body.image, publicBaseUrl(c), body.source),
      200,
    );
  });
  app.openapi(partImageRoute, async (c) => {
    const viewer = requireViewer(c);
    const body = parseInput(partImageBody, await readFields(c));
    await countUpload(limits, viewer);
    const { id } = c.req.valid("param");
    return c.json(await addPartImage(c.get("db"), mediaDir, viewer, id, body.image), 200);
  });
  return app;
}
