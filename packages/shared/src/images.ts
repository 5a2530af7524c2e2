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
