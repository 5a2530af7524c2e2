import type { ReadingPosition } from "./api-types.ts";

/**
 * Rules of the reading page: the reading position (reader.md §3), how far through a part
 * the reader is, when a visit counts as a read, and the reader's display settings.
 */

/** A position is the share of a part read, from 0 (its start) to 1 (its end). */
export const DEFAULT_POSITION = 0;

export function isValidPosition(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 && value <= 1;
}

/** The spec writes positions as decimals with at least one fraction digit: 0 is "0.0". */
export function formatPosition(position: number): string {
  return Number.isInteger(position) ? position.toFixed(1) : String(position);
}

/** Progress is shown as a whole percentage, rounded down: 100% only at the very end. */
export function progressPercent(position: number): number {
  if (!Number.isFinite(position)) return 0;
  return Math.floor(Math.min(1, Math.max(0, position)) * 100);
}

/** Where a part's text sits on the page and what the viewport shows, in CSS pixels. */
export interface TextBox {
  /** The text's top, measured from the top of the document. */
  textTop: number;
  textHeight: number;
  viewportHeight: number;
}

/**
 * The scroll offsets at which the reader is at the start and at the end of the text: the
 * start is the text's top reaching the top of the viewport, the end its bottom reaching the
 * viewport's bottom. A text shorter than the viewport has both at its bottom edge.
 */
function span({ textTop, textHeight, viewportHeight }: TextBox) {
  const end = textTop + textHeight - viewportHeight;
  return { start: Math.min(textTop, end), end };
}

/** The position (0 to 1) of a reader scrolled to `scrollY`. */
export function positionAt(scrollY: number, box: TextBox): number {
  const { start, end } = span(box);
  if (end <= start) return scrollY >= end ? 1 : 0;
  return Math.min(1, Math.max(0, (scrollY - start) / (end - start)));
}

/** The scroll offset that shows `position`: the inverse of positionAt. */
export function scrollYFor(position: number, box: TextBox): number {
  const { start, end } = span(box);
  return Math.max(0, start + Math.min(1, Math.max(0, position)) * (end - start));
}

/**
 * A visit counts as a read once the part has been on screen this long in one page view: a
 * reader who opens a part and leaves at once, a prefetch or a crawler does not read it.
 */
export const READ_AFTER_MS = 5000;

/** The web page saves the position at most this often while the reader scrolls. */
export const POSITION_SAVE_INTERVAL_MS = 2000;

export const FONT_SIZES = ["small", "medium", "large", "xlarge"] as const;
export const LINE_SPACINGS = ["compact", "normal", "relaxed"] as const;
/** "auto" follows the device's light or dark preference, as the rest of the site does. */
export const FREE_THEMES = ["auto", "light", "dark", "sepia"] as const;
export const PREMIUM_THEMES = ["midnight", "sage"] as const;
export const THEMES = [...FREE_THEMES, ...PREMIUM_THEMES] as const;

export type FontSize = (typeof FONT_SIZES)[number];
export type LineSpacing = (typeof LINE_SPACINGS)[number];
export type Theme = (typeof THEMES)[number];

export interface ReaderSettings {
  fontSize: FontSize;
  lineSpacing: LineSpacing;
  theme: Theme;
}

export const DEFAULT_READER_SETTINGS: ReaderSettings = {
  fontSize: "medium",
  lineSpacing: "normal",
  theme: "auto",
};

export function isPremiumTheme(theme: Theme): boolean {
  return (PREMIUM_THEMES as readonly string[]).includes(theme);
}

/** Only Premium subscribers may read in a premium theme. */
export function canUseTheme(theme: Theme, isPremium: boolean): boolean {
  return isPremium || !isPremiumTheme(theme);
}

const oneOf = <T extends string>(options: readonly T[], value: unknown): value is T =>
  typeof value === "string" && (options as readonly string[]).includes(value);

/** A visitor's settings live in this cookie (365 days, reader.md §9) as "size.spacing.theme". */
export const READER_SETTINGS_COOKIE = "reader_settings";
export const READER_SETTINGS_COOKIE_DAYS = 365;

export function serializeReaderSettings(settings: ReaderSettings): string {
  return `${settings.fontSize}.${settings.lineSpacing}.${settings.theme}`;
}

/**
 * Settings from stored values: anything unknown falls back to its default, and a premium
 * theme to the default theme unless the reader is Premium (a lapsed subscription, or a
 * cookie, which anyone can write).
 */
export function readerSettingsFrom(
  stored: { fontSize?: string; lineSpacing?: string; theme?: string },
  isPremium: boolean,
): ReaderSettings {
  const { fontSize, lineSpacing, theme } = stored;
  return {
    fontSize: oneOf(FONT_SIZES, fontSize) ? fontSize : DEFAULT_READER_SETTINGS.fontSize,
    lineSpacing: oneOf(LINE_SPACINGS, lineSpacing)
      ? lineSpacing
      : DEFAULT_READER_SETTINGS.lineSpacing,
    theme:
      oneOf(THEMES, theme) && canUseTheme(theme, isPremium) ? theme : DEFAULT_READER_SETTINGS.theme,
  };
}

/** A visitor's settings from the cookie's value (visitors are never Premium). */
export function parseReaderSettings(value: string | null | undefined): ReaderSettings {
  const [fontSize, lineSpacing, theme] = (value ?? "").split(".");
  return readerSettingsFrom({ fontSize, lineSpacing, theme }, false);
}

/** The value of one cookie in a Cookie header, or null. */
export function cookieValue(header: string | null | undefined, name: string): string | null {
  for (const pair of (header ?? "").split(";")) {
    const [key, ...value] = pair.trim().split("=");
    if (key === name) return decodeURIComponent(value.join("="));
  }
  return null;
}

/**
 * The story page says "Continue reading" once the reader is past the story's very start:
 * a saved position in a later part, or part-way into the first.
 */
export function hasStartedReading(saved: ReadingPosition, firstPartId: number | null): boolean {
  if (saved.part === null) return false;
  return saved.part !== firstPartId || Number(saved.position) > 0;
}
