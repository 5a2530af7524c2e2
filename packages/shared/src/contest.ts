/**
 * The yearly writing contest, the Inkwell Awards (writer-paid-contest.md §3-§5, §8, §9;
 * docs/decisions/033): the submission form's fields, which of them show, how choices
 * interact, the rules each field is held to (the same on blur in the browser and on the
 * server), what a submission sends, and which stories may enter.
 */

import { formatCount } from "./format.ts";
import { languageByCode } from "./story-rules.ts";

/** §3: the languages a story may be entered in, by their English names. */
export const CONTEST_LANGUAGES = [
  "English",
  "French",
  "Filipino",
  "German",
  "Indonesian",
  "Italian",
  "Portuguese",
  "Spanish",
  "Turkish",
] as const;
export type ContestLanguage = (typeof CONTEST_LANGUAGES)[number];

const LANGUAGE_BY_CODE: Readonly<Record<string, ContestLanguage>> = {
  en: "English",
  fr: "French",
  fil: "Filipino",
  de: "German",
  id: "Indonesian",
  it: "Italian",
  pt: "Portuguese",
  es: "Spanish",
  tr: "Turkish",
};

/** The contest language of a story's language (by its code), or null when it cannot enter. */
export function contestLanguage(code: string): ContestLanguage | null {
  return languageByCode(code) ? (LANGUAGE_BY_CODE[code] ?? null) : null;
}

export const STORY_STATUSES = ["ONGOING", "COMPLETE"] as const;
export type ContestStoryStatus = (typeof STORY_STATUSES)[number];
export const SERIES_TYPES = ["FIRST", "SEQUEL"] as const;
export const STORY_LENGTHS = ["LESS_100", "100_TO_150", "MORE_150"] as const;
export const STORY_TYPES = ["ADULT_FICTION", "TEEN_FICTION"] as const;
export const STORY_MATURITIES = ["EXPLICIT", "INEXPLICIT"] as const;
/** §3: every genre is offered for every language (the spec's mapping is not shown). */
export const CONTEST_GENRES = [
  "ACTION_THRILLER",
  "FANTASY",
  "HISTORICAL",
  "HORROR",
  "MYSTERY_DETECTIVE",
  "PARANORMAL",
  "ROMANCE",
  "SCIENCE_FICTION",
] as const;
export type ContestGenre = (typeof CONTEST_GENRES)[number];
export const MATURE_THEMES = [
  "NONE",
  "SEX",
  "EXPLICIT_LANGUAGE",
  "DRUG_USE",
  "SELF_HARM",
  "GRAPHIC_VIOLENCE",
  "OTHER",
] as const;
export type MatureTheme = (typeof MATURE_THEMES)[number];
export const DIVERSITY_OPTIONS = [
  "BIPOC",
  "LGBTQ2",
  "MARGINALIZED_RELIGION",
  "NEURODIVERGENT",
  "DISABILITY",
  "NONE",
  "OTHER",
] as const;
export type DiversityOption = (typeof DIVERSITY_OPTIONS)[number];

/** §3 contest flags: what the eligibility call answers. */
export const ELIGIBILITIES = ["SUBMITTED", "ELIGIBLE", "NEAR_ELIGIBLE", "NOT_ELIGIBLE"] as const;
export type Eligibility = (typeof ELIGIBILITIES)[number];

/** §5, §9: one reading gives these bounds as fixed values; they are ours (decision 033). */
export const CONTEST_LIMITS = {
  logLine: { min: 20, max: 500 },
  plotSummary: { min: 20, max: 3500 },
  writerEmail: { max: 128 },
  otherText: { max: 100 },
  stories: { min: 1, max: 100 },
  otherGenres: 3,
} as const;

/** The submission form as the writer fills it in; counts are the text typed. */
export interface ContestForm {
  language: ContestLanguage | null;
  storyStatus: ContestStoryStatus | null;
  isSeries: boolean | null;
  seriesType: (typeof SERIES_TYPES)[number] | null;
  isSeriesStandalone: boolean | null;
  numberOfStoriesInSeries: string;
  totalPlannedStoriesInSeries: string;
  anticipatedStoryLength: (typeof STORY_LENGTHS)[number] | null;
  diversity: DiversityOption[];
  diversityOther: string;
  storyType: (typeof STORY_TYPES)[number] | null;
  genrePrimary: ContestGenre | null;
  genreOthers: ContestGenre[];
  matureThemes: MatureTheme[];
  matureThemeOther: string;
  storyMaturity: (typeof STORY_MATURITIES)[number] | null;
  logLine: string;
  plotSummary: string;
  writerEmail: string;
  writerEmailConfirmation: string;
  legalConsent: boolean;
  finalConsent: boolean;
}

export type ContestField = keyof ContestForm;

/** What POST …/submission sends (§3 contest submission form data, §4 on submission). */
export interface ContestEntry {
  language: ContestLanguage;
  storyStatus: ContestStoryStatus;
  isSeries?: boolean;
  seriesType?: (typeof SERIES_TYPES)[number];
  isSeriesStandalone?: boolean;
  numberOfStoriesInSeries?: number;
  totalPlannedStoriesInSeries?: number;
  anticipatedStoryLength?: (typeof STORY_LENGTHS)[number];
  diversity: DiversityOption[];
  diversityOther?: string;
  storyType: (typeof STORY_TYPES)[number];
  genrePrimary: ContestGenre;
  genreOthers: ContestGenre[];
  matureThemes: MatureTheme[];
  matureThemeOther?: string;
  storyMaturity?: (typeof STORY_MATURITIES)[number];
  logLine: string;
  plotSummary: string;
  writerEmail: string;
  legalConsent: true;
  finalConsent: true;
}

export function blankContestForm(prefill: Partial<ContestForm> = {}): ContestForm {
  return {
    language: null,
    storyStatus: null,
    isSeries: null,
    seriesType: null,
    isSeriesStandalone: null,
    numberOfStoriesInSeries: "",
    totalPlannedStoriesInSeries: "",
    anticipatedStoryLength: null,
    diversity: [],
    diversityOther: "",
    storyType: null,
    genrePrimary: null,
    genreOthers: [],
    matureThemes: [],
    matureThemeOther: "",
    storyMaturity: null,
    logLine: "",
    plotSummary: "",
    writerEmail: "",
    writerEmailConfirmation: "",
    legalConsent: false,
    finalConsent: false,
    ...prefill,
  };
}

/** A saved entry back in the form, as a submitted story shows it (read-only). */
export function formFromEntry(entry: ContestEntry): ContestForm {
  const count = (value: number | undefined) => (value === undefined ? "" : String(value));
  return blankContestForm({
    ...entry,
    numberOfStoriesInSeries: count(entry.numberOfStoriesInSeries),
    totalPlannedStoriesInSeries: count(entry.totalPlannedStoriesInSeries),
    writerEmailConfirmation: entry.writerEmail,
  });
}

/** §4: which fields the form shows for what has been chosen so far. */
export function contestFieldShown(form: ContestForm, field: ContestField): boolean {
  switch (field) {
    case "isSeries":
      return form.language === "English";
    case "seriesType":
    case "isSeriesStandalone":
    case "numberOfStoriesInSeries":
    case "totalPlannedStoriesInSeries":
      return form.language === "English" && form.isSeries === true;
    case "anticipatedStoryLength":
      return form.storyStatus === "ONGOING";
    case "storyMaturity":
      return form.matureThemes.includes("SEX");
    case "matureThemeOther":
      return form.matureThemes.includes("OTHER");
    case "diversityOther":
      return form.diversity.includes("OTHER");
    default:
      return true;
  }
}

/**
 * §4: a choice in a list where NONE excludes the rest: NONE clears the others, any other
 * removes NONE, and choosing OTHER or NONE starts the free text afresh.
 */
function chooseExclusive<T extends string>(
  list: readonly T[],
  value: T,
  checked: boolean,
): { list: T[]; clearText: boolean } {
  if (!checked) return { list: list.filter((one) => one !== value), clearText: false };
  const next = value === "NONE" ? [value] : [...list.filter((one) => one !== "NONE"), value];
  return { list: [...new Set(next)], clearText: value === "NONE" || value === "OTHER" };
}

export function chooseMatureTheme(form: ContestForm, theme: MatureTheme, checked: boolean) {
  const { list, clearText } = chooseExclusive(form.matureThemes, theme, checked);
  return {
    ...form,
    matureThemes: list,
    matureThemeOther: clearText ? "" : form.matureThemeOther,
    storyMaturity: list.includes("SEX") ? form.storyMaturity : null,
  };
}

export function chooseDiversity(form: ContestForm, option: DiversityOption, checked: boolean) {
  const { list, clearText } = chooseExclusive(form.diversity, option, checked);
  return { ...form, diversity: list, diversityOther: clearText ? "" : form.diversityOther };
}

/** §4: changing the primary genre clears the other genres. */
export function choosePrimaryGenre(form: ContestForm, genre: ContestGenre | null): ContestForm {
  return genre === form.genrePrimary ? form : { ...form, genrePrimary: genre, genreOthers: [] };
}

/** §4: the other genres leave out the primary one and stop at three. */
export function chooseOtherGenre(
  form: ContestForm,
  genre: ContestGenre,
  checked: boolean,
): ContestForm {
  if (!checked) return { ...form, genreOthers: form.genreOthers.filter((one) => one !== genre) };
  if (genre === form.genrePrimary || form.genreOthers.includes(genre)) return form;
  if (form.genreOthers.length >= CONTEST_LIMITS.otherGenres) return form;
  return { ...form, genreOthers: [...form.genreOthers, genre] };
}

/** Whether an other genre can still be ticked (it is disabled after three, §4). */
export function otherGenreOpen(form: ContestForm, genre: ContestGenre): boolean {
  return form.genreOthers.includes(genre) || form.genreOthers.length < CONTEST_LIMITS.otherGenres;
}

/** §5's messages, word for word ('%s' filled in). */
export const CONTEST_MESSAGES = {
  required: "This field is required.",
  maxLength: (max: number) => `This field has to contain less than ${formatCount(max)} characters.`,
  minLength: (min: number) => `This field has to contain more than ${formatCount(min)} characters.`,
  range: (min: number, max: number) =>
    `Please enter a number between ${formatCount(min)} and ${formatCount(max)}.`,
  email: "Please enter a valid email address.",
  emailMatch: "These two fields must match.",
  plannedTotal:
    "The total number of stories should be equal or greater than the current number of stories.",
  pickOne: "You must pick at least 1",
  otherTheme: "Specify other mature themes.",
  otherGenres: `Choose at most ${formatCount(CONTEST_LIMITS.otherGenres)} other genres.`,
  /** §4 makes NONE exclude the rest; only a client that skips the form can send both. */
  noneAlone: "None can't be chosen with other options.",
  /** §8: a submission refused because the story is not the writer's. */
  noPermission: "You do not have permission to modify this story",
  /** §8: after the closing time. */
  closed: (year: number) =>
    `The ${year} Inkwell Awards are now closed. Thanks for your participation!`,
  /** §4: a submitted story is read-only. */
  submitted: "This story has been submitted. Changes cannot be made.",
  notEligible: (year: number) => `This story can't be entered in the ${year} Inkwell Awards.`,
  /** An entry called complete is held to the words a complete story needs (decision 033). */
  completeTooShort: (minWords: number, words: number) =>
    `A complete story needs at least ${formatCount(minWords)} words; this one has ${formatCount(words)}. Choose Ongoing if you're still writing it.`,
} as const;

/** §5: letters, digits, _ . ' + - before the @, then a host and a dot-separated suffix. */
const EMAIL_PATTERN = /^[A-Za-z0-9_.'+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

/** §5 counts length in encoded bytes, so a limit holds whatever the script. */
const encodedLength = (text: string) => new TextEncoder().encode(text).length;

/**
 * A written answer's length as its limit counts it (trimmed, in encoded bytes): what the
 * form's counter shows, so that the count reaches the limit when the message says it has.
 */
export const contestTextLength = (text: string): number => encodedLength(text.trim());

function lengthError(text: string, bounds: { min?: number; max: number }): string | null {
  const length = contestTextLength(text);
  if (length > bounds.max) return CONTEST_MESSAGES.maxLength(bounds.max);
  if (bounds.min !== undefined && length < bounds.min)
    return CONTEST_MESSAGES.minLength(bounds.min);
  return null;
}

/** A count typed into the form, or null when it is not a whole number. */
function wholeNumber(text: string): number | null {
  return /^\s*\d+\s*$/.test(text) ? Number(text) : null;
}

function countError(text: string): string | null {
  if (text.trim() === "") return CONTEST_MESSAGES.required;
  const value = wholeNumber(text);
  const { min, max } = CONTEST_LIMITS.stories;
  return value === null || value < min || value > max ? CONTEST_MESSAGES.range(min, max) : null;
}

/** A list where NONE excludes the rest (§4): NONE only on its own. */
const noneAloneError = (list: readonly string[]): string | null =>
  list.includes("NONE") && list.length > 1 ? CONTEST_MESSAGES.noneAlone : null;

/** The story's words and the contest's minimum, which a complete entry is held to. */
export interface ContestWords {
  wordCount: number;
  minWords: number;
}

/**
 * §5: the one message a field shows, or null; a hidden field is never in error. With `words`,
 * an entry whose status says complete needs the minimum a complete story does, so that an
 * ongoing story cannot skip it by being called complete on the form.
 */
export function contestFieldError(
  form: ContestForm,
  field: ContestField,
  words?: ContestWords,
): string | null {
  if (!contestFieldShown(form, field)) return null;
  const value = form[field];
  switch (field) {
    case "storyStatus":
      if (form.storyStatus === null) return CONTEST_MESSAGES.required;
      return form.storyStatus === "COMPLETE" && words && words.wordCount < words.minWords
        ? CONTEST_MESSAGES.completeTooShort(words.minWords, words.wordCount)
        : null;
    case "numberOfStoriesInSeries":
      return countError(form.numberOfStoriesInSeries);
    case "totalPlannedStoriesInSeries": {
      const problem = countError(form.totalPlannedStoriesInSeries);
      if (problem) return problem;
      const current = wholeNumber(form.numberOfStoriesInSeries);
      const planned = wholeNumber(form.totalPlannedStoriesInSeries) ?? 0;
      return current !== null && planned < current ? CONTEST_MESSAGES.plannedTotal : null;
    }
    // §5 asks for at least one mature theme; character representation may be left out.
    case "matureThemes":
      return form.matureThemes.length === 0
        ? CONTEST_MESSAGES.pickOne
        : noneAloneError(form.matureThemes);
    case "diversity":
      return noneAloneError(form.diversity);
    case "genreOthers":
      return form.genreOthers.length > CONTEST_LIMITS.otherGenres ||
        (form.genrePrimary !== null && form.genreOthers.includes(form.genrePrimary))
        ? CONTEST_MESSAGES.otherGenres
        : null;
    case "matureThemeOther":
      if (form.matureThemeOther.trim() === "") return CONTEST_MESSAGES.otherTheme;
      return lengthError(form.matureThemeOther, CONTEST_LIMITS.otherText);
    case "diversityOther":
      if (form.diversityOther.trim() === "") return CONTEST_MESSAGES.required;
      return lengthError(form.diversityOther, CONTEST_LIMITS.otherText);
    case "logLine":
    case "plotSummary":
      if (form[field].trim() === "") return CONTEST_MESSAGES.required;
      return lengthError(form[field], CONTEST_LIMITS[field]);
    case "writerEmail":
      if (form.writerEmail.trim() === "") return CONTEST_MESSAGES.required;
      if (contestTextLength(form.writerEmail) > CONTEST_LIMITS.writerEmail.max)
        return CONTEST_MESSAGES.maxLength(CONTEST_LIMITS.writerEmail.max);
      return EMAIL_PATTERN.test(form.writerEmail.trim()) ? null : CONTEST_MESSAGES.email;
    case "writerEmailConfirmation":
      if (form.writerEmailConfirmation.trim() === "") return CONTEST_MESSAGES.required;
      return form.writerEmailConfirmation.trim() === form.writerEmail.trim()
        ? null
        : CONTEST_MESSAGES.emailMatch;
    case "legalConsent":
    case "finalConsent":
      return value === true ? null : CONTEST_MESSAGES.required;
    default:
      // Choices (selects, yes/no): they only need an answer, and "no" (false) is one.
      return value === null ? CONTEST_MESSAGES.required : null;
  }
}

export const CONTEST_FIELDS = Object.keys(blankContestForm()) as ContestField[];

/** Every field's problem, in the form's order; empty when the form can be sent. */
export function contestFormErrors(
  form: ContestForm,
  words?: ContestWords,
): Partial<Record<ContestField, string>> {
  const errors: Partial<Record<ContestField, string>> = {};
  for (const field of CONTEST_FIELDS) {
    const problem = contestFieldError(form, field, words);
    if (problem) errors[field] = problem;
  }
  return errors;
}

/**
 * §4 on submission: what is sent for a valid form, leaving out what the writer's choices hid
 * (maturity only with SEX, the other theme only with OTHER, length only when ongoing, the
 * series answers only for English, their details only for a series). Call it only on a form
 * without errors.
 */
export function contestEntry(form: ContestForm): ContestEntry {
  const shown = (field: ContestField) => contestFieldShown(form, field);
  const need = <T>(value: T | null): T => {
    if (value === null) throw new Error("contestEntry needs a form without errors");
    return value;
  };
  return {
    language: need(form.language),
    storyStatus: need(form.storyStatus),
    ...(shown("isSeries") && { isSeries: need(form.isSeries) }),
    ...(shown("seriesType") && {
      seriesType: need(form.seriesType),
      isSeriesStandalone: need(form.isSeriesStandalone),
      numberOfStoriesInSeries: need(wholeNumber(form.numberOfStoriesInSeries)),
      totalPlannedStoriesInSeries: need(wholeNumber(form.totalPlannedStoriesInSeries)),
    }),
    ...(shown("anticipatedStoryLength") && {
      anticipatedStoryLength: need(form.anticipatedStoryLength),
    }),
    diversity: form.diversity,
    ...(shown("diversityOther") && { diversityOther: form.diversityOther.trim() }),
    storyType: need(form.storyType),
    genrePrimary: need(form.genrePrimary),
    genreOthers: form.genreOthers,
    matureThemes: form.matureThemes,
    ...(shown("matureThemeOther") && { matureThemeOther: form.matureThemeOther.trim() }),
    ...(shown("storyMaturity") && { storyMaturity: need(form.storyMaturity) }),
    logLine: form.logLine.trim(),
    plotSummary: form.plotSummary.trim(),
    writerEmail: form.writerEmail.trim(),
    legalConsent: true,
    finalConsent: true,
  };
}

/** What decides whether a story may enter (decision 033). */
export interface ContestStoryFacts {
  /** Published parts of the story (not drafts, not deleted). */
  publishedParts: number;
  /** Words in those parts. */
  wordCount: number;
  completed: boolean;
  /** Paid stories (Originals) are not entered in the Awards. */
  isPaid: boolean;
  language: ContestLanguage | null;
}

/** The share of the minimum a complete story needs to be nearly eligible. */
export const NEAR_ELIGIBLE_SHARE = 0.75;

/** Why a story cannot be entered, first reason first (shown beside it on the contest page). */
export const INELIGIBILITY_REASONS = ["UNPUBLISHED", "PAID", "LANGUAGE", "TOO_SHORT"] as const;
export type IneligibilityReason = (typeof INELIGIBILITY_REASONS)[number];

/**
 * §4 contest banner: a complete story with the contest's minimum words is eligible, one with
 * three quarters of it nearly so; an ongoing story is eligible while it is being written (it
 * must reach the minimum by judging); paid, unpublished and other-language stories are not.
 */
export function contestEligibility(
  story: ContestStoryFacts,
  minWords: number,
): Exclude<Eligibility, "SUBMITTED"> {
  if (ineligibility(story, minWords) !== null) return "NOT_ELIGIBLE";
  if (!story.completed || story.wordCount >= minWords) return "ELIGIBLE";
  return "NEAR_ELIGIBLE";
}

/** Why `story` is not eligible at all (contestEligibility's NOT_ELIGIBLE), or null. */
export function ineligibility(
  story: ContestStoryFacts,
  minWords: number,
): IneligibilityReason | null {
  if (story.publishedParts === 0) return "UNPUBLISHED";
  if (story.isPaid) return "PAID";
  if (story.language === null) return "LANGUAGE";
  if (story.completed && story.wordCount < Math.ceil(minWords * NEAR_ELIGIBLE_SHARE))
    return "TOO_SHORT";
  return null;
}
