/**
 * Story and part rules from the product spec, shared so the server's answers and
 * the web app's badges always agree.
 */

import { ageOn } from "./accounts.ts";
import { type DateInput, toTimestamp } from "./format.ts";

export const NEW_PART_WINDOW_DAYS = 14;
export const MATURE_RATING = 4;
export const DEFAULT_COPYRIGHT_LICENCE = 1;
export const READING_TIME_LANGUAGE_ID = 1;

const NEW_PART_WINDOW_MS = NEW_PART_WINDOW_DAYS * 24 * 60 * 60 * 1000;

export interface PartNewness {
  draft: boolean;
  createDate: DateInput;
}

/**
 * New = published and created at most 14 days before `now` (exactly 14 days ago
 * still counts). A create date in the future (clock skew) counts as new; an invalid
 * one does not.
 */
export function isNewPart(part: PartNewness, now: Date | number): boolean {
  const age = toTimestamp(now) - toTimestamp(part.createDate);
  return !part.draft && age <= NEW_PART_WINDOW_MS;
}

export interface NewPartCounts {
  numNewParts: number;
  numNewBonusParts: number;
}

/** New regular parts and new bonus parts, counted separately (a bonus part is not in numNewParts). */
export function countNewParts(
  parts: ReadonlyArray<PartNewness & { isBonusPart: boolean }>,
  now: Date | number,
): NewPartCounts {
  const counts: NewPartCounts = { numNewParts: 0, numNewBonusParts: 0 };
  for (const part of parts) {
    if (!isNewPart(part, now)) continue;
    if (part.isBonusPart) counts.numNewBonusParts++;
    else counts.numNewParts++;
  }
  return counts;
}

export function isMature(rating: number): boolean {
  return rating === MATURE_RATING;
}

export const MATURE_MIN_AGE = 18;

/**
 * Mature stories are for signed-in adults who have not turned them off in their content
 * settings; visitors (null), minors and accounts without a birthday never see them.
 */
export function seesMatureContent(
  user: { includeMature: boolean; birthdate: string | null } | null,
  today: Date,
): boolean {
  if (!user?.includeMature || !user.birthdate) return false;
  return ageOn(user.birthdate, today) >= MATURE_MIN_AGE;
}

/** Reading time is only shown for English (language 1), where the words-per-minute speed holds. */
export function showsReadingTime(languageId: number): boolean {
  return languageId === READING_TIME_LANGUAGE_ID;
}

export interface Language {
  readonly id: number;
  readonly code: string;
  readonly name: string;
}

/** The spec's language ids; names are each language's own name for itself. */
export const LANGUAGES: readonly Language[] = [
  { id: 1, code: "en", name: "English" },
  { id: 2, code: "fr", name: "Français" },
  { id: 3, code: "it", name: "Italiano" },
  { id: 4, code: "de", name: "Deutsch" },
  { id: 5, code: "es", name: "Español" },
  { id: 6, code: "pt", name: "Português" },
  { id: 18, code: "fil", name: "Filipino" },
  { id: 20, code: "id", name: "Bahasa Indonesia" },
  { id: 23, code: "tr", name: "Türkçe" },
];

export function languageById(id: number): Language | undefined {
  return LANGUAGES.find((language) => language.id === id);
}

/** reader.md §9: a cookie lives 365 days unless its rule says otherwise. */
export const COOKIE_DAYS = 365;

/** The locale cookie the language dropdown sets (3650 days), read on every request. */
export const LOCALE_COOKIE = "locale";
export const LOCALE_COOKIE_DAYS = 3650;

export function languageByCode(code: string | null | undefined): Language | undefined {
  return LANGUAGES.find((language) => language.code === code);
}

const LOCALE_PATTERN = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]+)`);

/** The reader's chosen language code from the Cookie header; English when none is set. */
export function localeFrom(cookieHeader: string | null | undefined): string {
  return languageByCode(LOCALE_PATTERN.exec(cookieHeader ?? "")?.[1])?.code ?? "en";
}

/**
 * The story header cuts the title and the author's name (reader.md §9: 36 each, 22 and 16
 * on small screens, which are phones here: below 576 px), widest layout first.
 */
export const STORY_HEADER_LIMITS: readonly { minWidth: number; title: number; author: number }[] = [
  { minWidth: 576, title: 36, author: 36 },
  { minWidth: 0, title: 22, author: 16 },
];

/**
 * The order a story's tag chips are shown in (reader.md §9): tags shorter than 10 characters
 * first where the chips have under 200 px, else those shorter than 18, each group in the
 * author's order. The first few of this order are the ones shown before '+N more'.
 */
export function tagChipOrder<T extends { name: string }>(tags: readonly T[], widthPx: number): T[] {
  const shorterThan = widthPx < 200 ? 10 : 18;
  const short = tags.filter((tag) => tag.name.length < shorterThan);
  return [...short, ...tags.filter((tag) => tag.name.length >= shorterThan)];
}
