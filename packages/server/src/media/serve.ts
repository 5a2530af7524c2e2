import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { bannedImages } from "./banned-images.ts";
import { resizedImages } from "./resized-images.ts";

/**
 * GET /media/*: uploads and seeded covers from `mediaDir`, at a spec width when `?w=` asks,
 * banned ones to their owner and moderators only. A path with no file falls through to
 * whatever the site serves after.
 */
export function mediaSite(mediaDir: string, db: Kysely<Database>): Hono {
  const media = new Hono();
  media.use("/media/*", bannedImages(db));
  media.use("/media/*", resizedImages(mediaDir));
  media.use(
    "/media/*",
    serveStatic({
      root: mediaDir,
      rewriteRequestPath: (path) => path.replace(/^\/media/, ""),
      onFound: (_path, c) => c.header("cache-control", "public, max-age=86400"),
    }),
  );
  return media;
}
