/**
 * Image widths of the spec (reader.md §9): covers are only ever served at these widths,
 * so each size is made once and cached, and every page asks for the same few files.
 */
export const COVER_WIDTHS = [
  64, 80, 100, 128, 144, 160, 176, 200, 208, 256, 288, 352, 368, 416, 512,
] as const;

/** The smallest spec width that is at least `width` (the largest if none is). */
export function coverWidthFor(width: number): number {
  return COVER_WIDTHS.find((candidate) => candidate >= width) ?? 512;
}

/** The URL of a cover at one of the spec widths. */
export function coverUrl(src: string, width: number): string {
  return `${src}${src.includes("?") ? "&" : "?"}w=${coverWidthFor(width)}`;
}

/**
 * `src` and `srcset` for a cover shown `width` CSS pixels wide: the 1× file and the 2×
 * file for dense screens, both at spec widths.
 */
export function coverSources(src: string, width: number): { src: string; srcSet: string } {
  const one = coverWidthFor(width);
  const two = coverWidthFor(width * 2);
  const srcSet =
    one === two
      ? `${coverUrl(src, one)} ${one}w`
      : `${coverUrl(src, one)} ${one}w, ${coverUrl(src, two)} ${two}w`;
  return { src: coverUrl(src, one), srcSet };
}

/** Every cover is made exactly this size (writer-paid-contest.md §9). */
export const COVER_SIZE = { width: 512, height: 800 } as const;

/** The cover import screen shows the new cover this wide (§9). */
export const COVER_PREVIEW_WIDTH = 256;

/** What a writer may upload, as a cover or as a picture in a part. */
export const UPLOAD_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const MAX_UPLOAD_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_UPLOAD_IMAGE_MB = MAX_UPLOAD_IMAGE_BYTES / (1024 * 1024);
