/**
 * How many stories a story carousel's row shows from `minWidth` px up (reader.md §9: 5 on
 * desktop, 2.5 at 960 px or narrower, 3.5 at 575 or less, 3 at 360 or less). app.css sizes
 * the items with the same numbers (`.story-carousel__list`).
 */
export const STORY_CAROUSEL_ROWS: readonly { minWidth: number; shown: number }[] = [
  { minWidth: 961, shown: 5 },
  { minWidth: 576, shown: 2.5 },
  { minWidth: 361, shown: 3.5 },
  { minWidth: 0, shown: 3 },
];

/** A story carousel is never wider than this (reader.md §9: carousel width cap 1000). */
export const STORY_CAROUSEL_MAX_WIDTH = 1000;

/** Previous and next buttons once a carousel holds more stories than a desktop row. */
export const storyCarouselHasArrows = (stories: number): boolean =>
  stories > (STORY_CAROUSEL_ROWS[0]?.shown ?? 0);

/**
 * The `sizes` of a carousel's covers: a row's share of the screen, and on desktop a share
 * of the capped width. Slightly generous (the page's margins are left in) so that a
 * cover is never fetched smaller than it shows.
 */
export const storyCarouselSizes = (): string =>
  STORY_CAROUSEL_ROWS.map(({ minWidth, shown }, index) => {
    const size =
      index === 0
        ? `${Math.ceil(STORY_CAROUSEL_MAX_WIDTH / shown)}px`
        : `${Math.ceil(100 / shown)}vw`;
    return minWidth > 0 ? `(min-width: ${minWidth}px) ${size}` : size;
  }).join(", ");

/**
 * How far one press of an arrow moves a carousel: the stories it shows whole (at least
 * one), so the next press starts where this page ended.
 */
export function storyCarouselStep(viewport: number, item: number, gap: number): number {
  const stride = item + gap;
  if (stride <= 0) return viewport;
  return Math.max(1, Math.floor((viewport + gap) / stride)) * stride;
}
