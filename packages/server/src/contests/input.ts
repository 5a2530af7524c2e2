import { z } from "@hono/zod-openapi";
import {
  CONTEST_GENRES,
  CONTEST_LANGUAGES,
  type ContestForm,
  DIVERSITY_OPTIONS,
  MATURE_THEMES,
  SERIES_TYPES,
  STORY_LENGTHS,
  STORY_MATURITIES,
  STORY_STATUSES,
  STORY_TYPES,
  type TextLines,
} from "@inkwell/shared";
import { badRequest } from "../http/errors.ts";
import { choice, parseInput, userText } from "../http/validation.ts";
import { storyTag } from "../works/routes.ts";

/** What a system admin sets (PUT /v5/contests/wattys); closesAt in epoch ms. */
export interface ContestSettings {
  key: string;
  year: number;
  tag: string;
  closesAt: number;
  minWords: number;
}

const KEY = "key is 3 to 40 lower-case letters, digits or -";
const YEAR = "year is a whole number from 2000 to 2100";
const CLOSES_AT = "closesAt is a date and time with its offset, e.g. 2027-08-07T23:59:59-04:00";
const MIN_WORDS = "minWords is a whole number from 0 to 1,000,000";

const settingsBody = z.strictObject({
  key: z.string({ error: KEY }).regex(/^[a-z0-9-]{3,40}$/, KEY),
  year: z.number({ error: YEAR }).int(YEAR).min(2000, YEAR).max(2100, YEAR),
  tag: storyTag("tag"),
  // With its offset: a closing time means one moment, wherever the admin is.
  closesAt: z.iso.datetime({ offset: true, error: CLOSES_AT }).transform(Date.parse),
  minWords: z.number({ error: MIN_WORDS }).int(MIN_WORDS).min(0, MIN_WORDS).max(1e6, MIN_WORDS),
});

export const contestSettingsFrom = (body: unknown): ContestSettings =>
  parseInput(settingsBody, body);

/** One of `values` exactly as listed, or null while unanswered. */
const oneOf = <T extends string>(values: readonly T[], field: string) =>
  choice(values, `${field} must be one of ${values.join(", ")}`);

/** Ticked options, once each; blank entries are ignored. */
const options = <T extends string>(values: readonly T[], field: string) =>
  z
    .array(oneOf(values, field), { error: `${field} must be a list` })
    .nullish()
    .transform((list) => [...new Set((list ?? []).filter((one) => one !== null))]);

const yesNo = (field: string) =>
  z
    .boolean({ error: `${field} must be true or false` })
    .nullish()
    .transform((value) => value ?? null);

/** A written answer as kept (userText); the form's rules judge it. */
const text = (field: string, lines: TextLines = "one") =>
  userText(`${field} must be text`, lines)
    .nullish()
    .transform((value) => value ?? "");

/** An address as typed, for the form's own pattern, which refuses control characters. */
const email = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .nullish()
    .transform((value) => value ?? "");

/** The form holds counts as typed: a number or its digits, checked by the form's rules. */
const count = (field: string) =>
  z
    .union([z.number(), z.string()], { error: `${field} must be a number` })
    .nullish()
    .transform((value) => (value === null || value === undefined ? "" : String(value)));

/**
 * POST …/submission: the ContestEntry fields (§3), read into the form they come from so that
 * the form's own rules (contestFormErrors) judge them. Only values outside the listed
 * options are refused here; storyId, contest and wattys_submitted_time are the server's.
 */
const entryBody = z.strictObject({
  storyId: z.unknown().optional(),
  // The spec's entry carries these too; the server records its own.
  contest: z.unknown().optional(),
  wattys_submitted_time: z.unknown().optional(),
  language: oneOf(CONTEST_LANGUAGES, "language"),
  storyStatus: oneOf(STORY_STATUSES, "storyStatus"),
  isSeries: yesNo("isSeries"),
  seriesType: oneOf(SERIES_TYPES, "seriesType"),
  isSeriesStandalone: yesNo("isSeriesStandalone"),
  numberOfStoriesInSeries: count("numberOfStoriesInSeries"),
  totalPlannedStoriesInSeries: count("totalPlannedStoriesInSeries"),
  anticipatedStoryLength: oneOf(STORY_LENGTHS, "anticipatedStoryLength"),
  diversity: options(DIVERSITY_OPTIONS, "diversity"),
  diversityOther: text("diversityOther"),
  storyType: oneOf(STORY_TYPES, "storyType"),
  genrePrimary: oneOf(CONTEST_GENRES, "genrePrimary"),
  genreOthers: options(CONTEST_GENRES, "genreOthers"),
  matureThemes: options(MATURE_THEMES, "matureThemes"),
  matureThemeOther: text("matureThemeOther"),
  storyMaturity: oneOf(STORY_MATURITIES, "storyMaturity"),
  logLine: text("logLine", "many"),
  plotSummary: text("plotSummary", "many"),
  writerEmail: email("writerEmail"),
  // The form's confirmation field; a client that checked it itself may leave it out.
  writerEmailConfirmation: z.string({ error: "writerEmailConfirmation must be text" }).optional(),
  legalConsent: yesNo("legalConsent"),
  finalConsent: yesNo("finalConsent"),
});

/** The form a submission's body stands for; a 400 for values no form could hold. */
export function contestFormFrom(body: unknown, storyId: number): ContestForm {
  const {
    storyId: named,
    contest,
    wattys_submitted_time,
    writerEmailConfirmation,
    ...fields
  } = parseInput(entryBody, body);
  if (named !== undefined && named !== null && Number(named) !== storyId) {
    throw badRequest("storyId is not the story of this address", {
      storyId: "storyId is not the story of this address",
    });
  }
  return {
    ...fields,
    writerEmailConfirmation: writerEmailConfirmation ?? fields.writerEmail,
    legalConsent: fields.legalConsent === true,
    finalConsent: fields.finalConsent === true,
  };
}
