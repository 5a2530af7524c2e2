import { MAX_UPLOAD_IMAGE_BYTES, UPLOAD_IMAGE_TYPES } from "@inkwell/shared";
import { t } from "../i18n/index.ts";

/** What an image file input accepts: the types the server takes. */
export const IMAGE_ACCEPT = UPLOAD_IMAGE_TYPES.join(",");

/**
 * Why a chosen file cannot be uploaded, in the words the server would use, or null. Checked
 * in the browser first so a writer learns at once, without sending megabytes for a refusal.
 */
export function imageFileProblem(file: File): string | null {
  if (!(UPLOAD_IMAGE_TYPES as readonly string[]).includes(file.type)) return t.pictures.type;
  if (file.size > MAX_UPLOAD_IMAGE_BYTES) return t.pictures.size;
  return null;
}

/** A picture field's state: as saved, newly chosen (a cropped data URL), or removed. */
export type PictureChoice =
  | { kind: "kept" }
  | { kind: "new"; dataUrl: string }
  | { kind: "removed" };

export const KEPT: PictureChoice = { kind: "kept" };

/** The base64 content of a data: URL, as the upload calls take it. */
export const base64Of = (dataUrl: string) => dataUrl.slice(dataUrl.indexOf(",") + 1);

export function fileAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/**
 * The image drawn at `size` on a canvas, cropped to fill, as a JPEG data URL: what the
 * server would make of it, at a fraction of a phone photo's bytes. Null when the browser
 * cannot draw it (no canvas support): then nothing is sent.
 */
export async function croppedDataUrl(
  file: File,
  size: { width: number; height: number },
): Promise<string | null> {
  const canvas = document.createElement("canvas");
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext?.("2d");
  if (!context || typeof createImageBitmap !== "function") return null;
  const bitmap = await createImageBitmap(file).catch(() => null);
  if (!bitmap) return null;
  const scale = Math.max(canvas.width / bitmap.width, canvas.height / bitmap.height);
  const width = bitmap.width * scale;
  const height = bitmap.height * scale;
  context.drawImage(
    bitmap,
    (canvas.width - width) / 2,
    (canvas.height - height) / 2,
    width,
    height,
  );
  bitmap.close();
  return canvas.toDataURL("image/jpeg", 0.9);
}
