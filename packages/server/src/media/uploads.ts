import { randomBytes } from "node:crypto";
import { join } from "node:path";
import {
  AVATAR_SIZES,
  COVER_SIZE,
  formatCount,
  MAX_UPLOAD_IMAGE_BYTES,
  MAX_UPLOAD_IMAGE_MB,
  PROFILE_BACKGROUND_SIZE,
} from "@inkwell/shared";
import sharp from "sharp";
import { badRequest, HttpError } from "../http/errors.ts";
import { writeAtomically } from "./files.ts";
import { RESIZED_WIDTHS, type ResizedFolder, resizedCopy } from "./resized-images.ts";

/** The formats sharp reports for the types writers may upload (shared UPLOAD_IMAGE_TYPES). */
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp"]);
/** Larger images are refused before decoding: a small file can hold a huge bitmap. */
const MAX_INPUT_PIXELS = 40_000_000;
/** Pictures in a part are made at most this wide: the reading column is narrower. */
const PART_IMAGE_MAX_WIDTH = 1200;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export const unsupportedImage = () =>
  new HttpError(400, "unsupported_image", "Choose a JPEG, PNG or WebP image.");
export const imageTooLarge = () =>
  new HttpError(
    400,
    "image_too_large",
    `The image is larger than ${formatCount(MAX_UPLOAD_IMAGE_MB)} MB. Choose a smaller one.`,
  );

/**
 * The bytes of an uploaded image sent as base64 (a `data:` URL prefix is tolerated), once
 * they are known to be a JPEG, PNG or WebP image of at most 5 MB. Anything else is refused
 * before a file is written.
 */
export async function readUploadedImage(base64: string): Promise<Buffer> {
  const content = base64.replace(/^data:[\w/+.-]+;base64,/, "").replace(/\s+/g, "");
  if (content === "" || content.length % 4 === 1 || !BASE64.test(content)) {
    const message = "image must be the picture's bytes in base64";
    throw badRequest(message, { image: message });
  }
  const bytes = Buffer.from(content, "base64");
  if (bytes.byteLength > MAX_UPLOAD_IMAGE_BYTES) throw imageTooLarge();
  const metadata = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
    .metadata()
    .catch(() => null);
  if (!metadata?.format || !ACCEPTED_FORMATS.has(metadata.format)) throw unsupportedImage();
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_INPUT_PIXELS) throw imageTooLarge();
  return bytes;
}

/** A new name each time: resized copies and caches keyed by URL never go stale. */
const uniqueName = (owner: number, extension: string) =>
  `${owner}-${randomBytes(6).toString("hex")}.${extension}`;

/**
 * An uploaded image turned upright and cropped to fill `size`, stored as JPEG under a new
 * name in `folder` with every width served from that folder made straight away. Answers
 * its URL under /media.
 */
async function storeCropped(
  mediaDir: string,
  folder: ResizedFolder,
  owner: number,
  bytes: Buffer,
  size: { width: number; height: number },
): Promise<string> {
  const image = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize(size.width, size.height, { fit: "cover" })
    .jpeg({ quality: 88, mozjpeg: true })
    .toBuffer()
    .catch(() => {
      throw unsupportedImage();
    });
  const file = `${folder}/${uniqueName(owner, "jpg")}`;
  await writeAtomically(join(mediaDir, file), image);
  await Promise.all(RESIZED_WIDTHS[folder].map((width) => resizedCopy(mediaDir, file, width)));
  return `/media/${file}`;
}

/** A story's uploaded cover: 512 × 800, at every cover width of reader.md §9. */
export const storeCoverImage = (mediaDir: string, storyId: number, bytes: Buffer) =>
  storeCropped(mediaDir, "covers", storyId, bytes, COVER_SIZE);

/** A user's avatar: square, at every avatar size of §9. */
export const storeAvatarImage = (mediaDir: string, userId: number, bytes: Buffer) => {
  const largest = AVATAR_SIZES[AVATAR_SIZES.length - 1] as number;
  return storeCropped(mediaDir, "avatars", userId, bytes, { width: largest, height: largest });
};

/** A profile's background band: 1920 × 480, at the one width §9 asks for. */
export const storeProfileBackground = (mediaDir: string, userId: number, bytes: Buffer) =>
  storeCropped(mediaDir, "backgrounds", userId, bytes, PROFILE_BACKGROUND_SIZE);

/** A picture for a part's text: upright, at most 1,200 px wide, as WebP. Answers its URL. */
export async function storePartImage(
  mediaDir: string,
  partId: number,
  bytes: Buffer,
): Promise<{ url: string; width: number; height: number }> {
  const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width: PART_IMAGE_MAX_WIDTH, withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true })
    .catch(() => {
      throw unsupportedImage();
    });
  const file = `images/${uniqueName(partId, "webp")}`;
  await writeAtomically(join(mediaDir, file), data);
  return { url: `/media/${file}`, width: info.width, height: info.height };
}
