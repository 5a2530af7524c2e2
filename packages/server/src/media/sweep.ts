import { readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { repeat } from "../repeat.ts";
import { RESIZED_DIR, RESIZED_WIDTHS, type ResizedFolder } from "./resized-images.ts";

type Db = Kysely<Database>;

/**
 * How long an upload nothing names is kept: a visitor's cached page, a browser or an editor
 * not saved yet may still name it.
 */
export const UNUSED_UPLOAD_GRACE_MS = 2 * 86_400_000;

/** The folders uploads go to, each named after its owner's row (uploads.ts `uniqueName`). */
const SWEPT_FOLDERS = ["covers", "avatars", "backgrounds", "images"] as const;
type SweptFolder = (typeof SWEPT_FOLDERS)[number];

/** An upload's file name: `{owner id}-{12 hex}.{extension}`. Seeded files never match. */
const UPLOAD_NAME = /^([1-9]\d{0,15})-[0-9a-f]{12}\.(?:jpg|webp)$/;

interface Upload {
  url: string;
  file: string;
  owner: number;
}

/**
 * Deletes the uploads nothing shows any more, with their resized copies: a replaced or
 * removed cover, avatar or background, a closed account's pictures, a picture taken out of
 * its part. Only files older than the grace are looked at. What moderators hid stays while
 * its row keeps it (banned_*) or its flag names it: an appeal may put it back. Answers the
 * URLs deleted.
 */
export async function sweepUnusedUploads(
  db: Db,
  mediaDir: string,
  now = Date.now(),
): Promise<string[]> {
  const deleted: string[] = [];
  for (const folder of SWEPT_FOLDERS) {
    const uploads = await oldUploads(mediaDir, folder, now - UNUSED_UPLOAD_GRACE_MS);
    if (uploads.length === 0) continue;
    const used = await usedAmong(db, folder, uploads);
    for (const upload of uploads) {
      if (used.has(upload.url)) continue;
      await removeUpload(mediaDir, folder, upload.file);
      deleted.push(upload.url);
    }
  }
  return deleted;
}

async function oldUploads(mediaDir: string, folder: SweptFolder, before: number) {
  const names = await readdir(join(mediaDir, folder)).catch(() => [] as string[]);
  const uploads: Upload[] = [];
  for (const name of names) {
    const owner = UPLOAD_NAME.exec(name)?.[1];
    if (!owner) continue;
    const file = `${folder}/${name}`;
    const info = await stat(join(mediaDir, file)).catch(() => null);
    if (info?.isFile() && info.mtimeMs < before) {
      uploads.push({ url: `/media/${file}`, file, owner: Number(owner) });
    }
  }
  return uploads;
}

/** The URLs among `uploads` that a row still names, read by their owners' ids. */
async function usedAmong(db: Db, folder: SweptFolder, uploads: Upload[]): Promise<Set<string>> {
  const used = new Set<string>();
  const owners = [...new Set(uploads.map((upload) => upload.owner))];
  const urls = uploads.map((upload) => upload.url);
  for (let start = 0; start < owners.length; start += BATCH) {
    const batch = owners.slice(start, start + BATCH);
    for (const url of await namedBy(db, folder, batch)) used.add(url);
  }
  for (let start = 0; start < urls.length; start += BATCH) {
    const flagged = await db
      .selectFrom("image_flags")
      .select("image_url")
      .where("image_url", "in", urls.slice(start, start + BATCH))
      .execute();
    for (const row of flagged) used.add(row.image_url);
  }
  return used;
}

const BATCH = 500;

async function namedBy(db: Db, folder: SweptFolder, owners: number[]): Promise<string[]> {
  switch (folder) {
    case "covers": {
      const rows = await db
        .selectFrom("stories")
        .select(["cover", "banned_cover"])
        .where("id", "in", owners)
        .execute();
      return rows.flatMap((row) => [row.cover, row.banned_cover]).filter(isText);
    }
    case "avatars":
    case "backgrounds": {
      const rows = await db
        .selectFrom("users")
        .select(["avatar", "banned_avatar", "background_url", "banned_background"])
        .where("id", "in", owners)
        .execute();
      return rows
        .flatMap((row) => [
          row.avatar,
          row.banned_avatar,
          row.background_url,
          row.banned_background,
        ])
        .filter(isText);
    }
    case "images": {
      // A picture belongs to the part it was uploaded for; a writer may have moved it to
      // another part of the same story, so every part of that story is read.
      const stories = db.selectFrom("parts").select("story_id").where("id", "in", owners);
      const rows = await db
        .selectFrom("parts")
        .select("text")
        .where("story_id", "in", stories)
        .where("text", "like", "%/media/images/%")
        .execute();
      return rows.flatMap((row) => row.text.match(PART_IMAGE_URL) ?? []);
    }
  }
}

const PART_IMAGE_URL = /\/media\/images\/[\w.-]+/g;

const isText = (value: string | null): value is string => value !== null;

async function removeUpload(mediaDir: string, folder: SweptFolder, file: string): Promise<void> {
  const widths: readonly number[] =
    folder in RESIZED_WIDTHS ? RESIZED_WIDTHS[folder as ResizedFolder] : [];
  await Promise.all([
    rm(join(mediaDir, file), { force: true }),
    ...widths.map((width) =>
      rm(join(mediaDir, RESIZED_DIR, String(width), `${file}.webp`), { force: true }),
    ),
  ]);
}

/** Sweeps every hour, the first time a minute after start (main.ts: the one process). */
export function scheduleUploadSweep(
  db: Db,
  mediaDir: string,
  onError: (error: unknown) => void,
): () => void {
  return repeat(() => sweepUnusedUploads(db, mediaDir).catch(onError), {
    firstAfterMs: 60_000,
    everyMs: 60 * 60_000,
  });
}
