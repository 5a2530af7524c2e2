import { readFile, stat } from "node:fs/promises";
import { join, normalize, sep } from "node:path";
import { AVATAR_SIZES, COVER_WIDTHS, PROFILE_BACKGROUND_SIZE } from "@inkwell/shared";
import type { Context } from "hono";
import sharp from "sharp";
import { writeAtomically } from "./files.ts";

/**
 * Folders of the media directory whose images may be resized, and to which widths (§9):
 * an upload is made at each straight away, and no other width is served.
 */
export const RESIZED_WIDTHS = {
  covers: COVER_WIDTHS,
  avatars: AVATAR_SIZES,
  backgrounds: [PROFILE_BACKGROUND_SIZE.width],
} as const satisfies Record<string, readonly number[]>;
export type ResizedFolder = keyof typeof RESIZED_WIDTHS;
const RESIZABLE = /^\/media\/((covers|avatars|backgrounds)\/[\w.-]+\.(?:svg|png|jpe?g|webp))$/;
/** Where resized copies live, inside the media directory, never served as they are. */
export const RESIZED_DIR = ".resized";

/**
 * The image `file` (a path inside the media directory) at `width`, as WebP: read from disk
 * when made before, else resized now and kept beside the originals. Uploads call it for
 * every spec width at once; the middleware below for a first request.
 */
export async function resizedCopy(mediaDir: string, file: string, width: number): Promise<Buffer> {
  const target = join(mediaDir, RESIZED_DIR, String(width), `${file}.webp`);
  const cached = await readFile(target).catch(() => null);
  if (cached) return cached;
  const source = await readFile(join(mediaDir, file));
  const image = await sharp(source, { density: 144 })
    .resize({ width, withoutEnlargement: false })
    .webp({ quality: 80 })
    .toBuffer();
  await writeAtomically(target, image);
  return image;
}

/**
 * GET /media/{covers|avatars|backgrounds}/{file}?w={width}: the image at one of the spec's
 * widths for its kind, as WebP. Each size is made once (concurrent first requests share one
 * resize) and kept on disk beside the originals; a replaced image gets a new file name, so
 * copies never go stale.
 */
export function resizedImages(mediaDir: string) {
  const inFlight = new Map<string, Promise<Buffer>>();

  return async (c: Context, next: () => Promise<void>) => {
    const width = c.req.query("w");
    if (width === undefined) return next();
    const match = RESIZABLE.exec(c.req.path);
    const file = match?.[1] ? normalize(match[1]) : null;
    const folder = match?.[2] as ResizedFolder | undefined;
    const widths: readonly number[] | undefined = folder && RESIZED_WIDTHS[folder];
    if (!file || !widths || file.startsWith("..") || file.includes(`${sep}..`)) return next();
    if (!/^\d{1,4}$/.test(width) || !widths.includes(Number(width))) {
      return c.json({ code: "bad_request", message: `w must be one of ${widths.join(", ")}` }, 400);
    }
    const exists = await stat(join(mediaDir, file)).catch(() => null);
    if (!exists?.isFile()) return next();
    const key = `${width}/${file}`;
    let pending = inFlight.get(key);
    if (!pending) {
      pending = resizedCopy(mediaDir, file, Number(width)).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    const body = await pending;
    return c.body(new Uint8Array(body), 200, {
      "content-type": "image/webp",
      "cache-control": "public, max-age=86400",
    });
  };
}
