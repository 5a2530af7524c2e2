import { posix } from "node:path";
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import type { Kysely } from "kysely";
import { SESSION_COOKIE, viewerForSession } from "../accounts/sessions.ts";
import type { Database } from "../db/schema.ts";
import { onBannedImagesChanged } from "../events.ts";
import { notFound } from "../http/errors.ts";
import { bannedImageOwners, maySeeBannedImage } from "../image-moderation/service.ts";
import { RESIZED_DIR } from "./resized-images.ts";

/** Neither the refusal nor the owner's copy may be kept by a shared cache. */
const NOT_SHARED = "private, no-store";

/**
 * GET /media/…: a banned image (writer-paid-contest.md §2: 'only be visible to you') is
 * served, at any width, to its owner and moderators only; anyone else gets a 404. Which
 * images are banned is kept in memory and read again when one is flagged or restored in
 * any process, so an ordinary file costs one lookup in a Map, and a session is looked up
 * only for a banned one. Resized copies are reached through `?w=` alone.
 */
export function bannedImages(db: Kysely<Database>) {
  let banned: Promise<Map<string, number>> | null = null;
  const owners = () => {
    banned ??= bannedImageOwners(db).catch((error: unknown) => {
      banned = null;
      throw error;
    });
    return banned;
  };
  // Read after the flag's transaction has committed: the event follows it.
  onBannedImagesChanged(() => {
    banned = null;
  });

  return async (c: Context, next: () => Promise<void>) => {
    // The path as the resizer and the file server resolve it.
    const path = posix.normalize(c.req.path);
    const refused = () => {
      c.header("cache-control", NOT_SHARED);
      return c.json(notFound("Image").toJSON(), 404);
    };
    if (path.startsWith(`/media/${RESIZED_DIR}/`)) return refused();
    const ownerId = (await owners()).get(path);
    if (ownerId === undefined) return next();
    const viewer = await viewerForSession(db, getCookie(c, SESSION_COOKIE));
    if (!maySeeBannedImage(viewer, ownerId)) return refused();
    await next();
    c.res.headers.set("cache-control", NOT_SHARED);
  };
}
