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

/**
 * Where a writer's new cover came from (§7's cover add event): the story details form's
 * upload, or the cover import screen, where covers made in a design tool arrive.
 */
export const COVER_SOURCES = ["upload", "import"] as const;
export type CoverSource = (typeof COVER_SOURCES)[number];
export const COVER_SOURCE_MESSAGE = `source must be one of ${COVER_SOURCES.join(", ")}`;

/** The cover import screen shows the new cover this wide (§9). */
export const COVER_PREVIEW_WIDTH = 256;

/** What a writer may upload, as a cover or as a picture in a part. */
export const UPLOAD_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const MAX_UPLOAD_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_UPLOAD_IMAGE_MB = MAX_UPLOAD_IMAGE_BYTES / (1024 * 1024);

/** Avatar sizes of reader.md §9; an uploaded avatar is made at each of them. */
export const AVATAR_SIZES = [24, 32, 42, 64, 128, 256] as const;
/** §9 asks for the profile background at 1920 wide; it is kept as a 4:1 band. */
export const PROFILE_BACKGROUND_SIZE = { width: 1920, height: 480 } as const;

/** An avatar at one of the §9 sizes: uploaded ones are resized, others are used as they are. */
export function avatarSources(src: string, size: number): { src: string; srcSet?: string } {
  if (!src.startsWith("/media/avatars/")) return { src };
  const one = AVATAR_SIZES.find((candidate) => candidate >= size) ?? 256;
  const two = AVATAR_SIZES.find((candidate) => candidate >= size * 2) ?? 256;
  const url = (width: number) => `${src}?w=${width}`;
  return one === two
    ? { src: url(one) }
    : { src: url(one), srcSet: `${url(one)} 1x, ${url(two)} 2x` };
}

/** The profile background at the width §9 asks for, when it is an uploaded one. */
export const backgroundSource = (src: string): string =>
  src.startsWith("/media/backgrounds/") ? `${src}?w=${PROFILE_BACKGROUND_SIZE.width}` : src;
