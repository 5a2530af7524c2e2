import { describe, expect, it } from "vitest";
import {
  blankContestForm,
  CONTEST_FIELDS,
  CONTEST_MESSAGES,
  type ContestForm,
  type ContestStoryFacts,
  chooseDiversity,
  chooseMatureTheme,
  chooseOtherGenre,
  choosePrimaryGenre,
  contestEligibility,
  contestEntry,
  contestFieldError,
  contestFieldShown,
  contestFormErrors,
  contestLanguage,
  contestTextLength,
  formFromEntry,
  ineligibility,
  otherGenreOpen,
} from "./contest.ts";

/** A form that can be sent: a complete English story, not a series. */
function validForm(changes: Partial<ContestForm> = {}): ContestForm {
  return blankContestForm({
    language: "English",
    storyStatus: "COMPLETE",
    isSeries: false,
    diversity: ["NONE"],
    storyType: "ADULT_FICTION",
    genrePrimary: "HORROR",
    genreOthers: ["MYSTERY_DETECTIVE"],
    matureThemes: ["GRAPHIC_VIOLENCE"],
    logLine: "A lighthouse keeper hears the drowned sing.",
    plotSummary: "Mara keeps the last lamp on a coast of wreckers and drowned voices.",
    writerEmail: "wren@example.com",
    writerEmailConfirmation: "wren@example.com",
    legalConsent: true,
    finalConsent: true,
    ...changes,
  });
}

const series: Partial<ContestForm> = {
  isSeries: true,
  seriesType: "SEQUEL",
  isSeriesStandalone: false,
  numberOfStoriesInSeries: "2",
  totalPlannedStoriesInSeries: "5",
};

const errorOf = (field: keyof ContestForm, changes: Partial<ContestForm>) =>
  contestFieldError(validForm(changes), field);

describe("which fields show", () => {
  it("asks about a series for English stories only, and its details only for a series", () => {
    const shown = (form: ContestForm) =>
      CONTEST_FIELDS.filter((field) => contestFieldShown(form, field));
    expect(contestFieldShown(validForm(), "isSeries")).toBe(true);
    expect(contestFieldShown(validForm({ language: "French" }), "isSeries")).toBe(false);
    for (const field of [
      "seriesType",
      "isSeriesStandalone",
      "numberOfStoriesInSeries",
      "totalPlannedStoriesInSeries",
    ] as const) {
      expect(contestFieldShown(validForm(), field)).toBe(false);
      expect(contestFieldShown(validForm(series), field)).toBe(true);
      expect(contestFieldShown(validForm({ ...series, language: "Spanish" }), field)).toBe(false);
    }
    expect(shown(validForm(series))).toHaveLength(shown(validForm()).length + 4);
  });

  it("asks the anticipated length of ongoing stories only", () => {
    expect(contestFieldShown(validForm(), "anticipatedStoryLength")).toBe(false);
    const ongoing = validForm({ storyStatus: "ONGOING" });
    expect(contestFieldShown(ongoing, "anticipatedStoryLength")).toBe(true);
  });

  it("shows maturity with SEX, the other theme with OTHER, other identities with OTHER", () => {
    expect(contestFieldShown(validForm(), "storyMaturity")).toBe(false);
    expect(contestFieldShown(validForm({ matureThemes: ["SEX"] }), "storyMaturity")).toBe(true);
    expect(contestFieldShown(validForm(), "matureThemeOther")).toBe(false);
    expect(contestFieldShown(validForm({ matureThemes: ["OTHER"] }), "matureThemeOther")).toBe(
      true,
    );
    expect(contestFieldShown(validForm(), "diversityOther")).toBe(false);
    expect(contestFieldShown(validForm({ diversity: ["BIPOC", "OTHER"] }), "diversityOther")).toBe(
      true,
    );
  });
});

describe("choices that affect others", () => {
  it("mature themes: NONE clears the rest, any other removes NONE", () => {
    const some = chooseMatureTheme(
      validForm({ matureThemes: ["SEX", "DRUG_USE"], storyMaturity: "EXPLICIT" }),
      "NONE",
      true,
    );
    expect(some.matureThemes).toEqual(["NONE"]);
    expect(some.storyMaturity).toBeNull();
    const none = chooseMatureTheme(validForm({ matureThemes: ["NONE"] }), "SELF_HARM", true);
    expect(none.matureThemes).toEqual(["SELF_HARM"]);
    const unticked = chooseMatureTheme(
      validForm({ matureThemes: ["SEX", "DRUG_USE"] }),
      "SEX",
      false,
    );
    expect(unticked.matureThemes).toEqual(["DRUG_USE"]);
    // Ticking one already there does not list it twice.
    expect(
      chooseMatureTheme(validForm({ matureThemes: ["SEX"] }), "SEX", true).matureThemes,
    ).toEqual(["SEX"]);
  });

  it("mature themes: OTHER or NONE start the free text afresh; others keep it", () => {
    const typed = validForm({ matureThemes: ["OTHER"], matureThemeOther: "Grief" });
    expect(chooseMatureTheme(typed, "SEX", true).matureThemeOther).toBe("Grief");
    expect(chooseMatureTheme(typed, "NONE", true).matureThemeOther).toBe("");
    const retick = chooseMatureTheme({ ...typed, matureThemes: [] }, "OTHER", true);
    expect(retick.matureThemeOther).toBe("");
  });

  it("clears the story's maturity when SEX is taken away, keeps it while SEX stays", () => {
    const form = validForm({ matureThemes: ["SEX", "DRUG_USE"], storyMaturity: "INEXPLICIT" });
    expect(chooseMatureTheme(form, "DRUG_USE", false).storyMaturity).toBe("INEXPLICIT");
    expect(chooseMatureTheme(form, "SEX", false).storyMaturity).toBeNull();
  });

  it("diversity: NONE clears the rest, others remove NONE, OTHER or NONE clear the text", () => {
    const typed = validForm({ diversity: ["BIPOC", "OTHER"], diversityOther: "Deaf" });
    const none = chooseDiversity(typed, "NONE", true);
    expect(none).toMatchObject({ diversity: ["NONE"], diversityOther: "" });
    expect(chooseDiversity(none, "DISABILITY", true).diversity).toEqual(["DISABILITY"]);
    expect(chooseDiversity(typed, "LGBTQ2", true)).toMatchObject({
      diversity: ["BIPOC", "OTHER", "LGBTQ2"],
      diversityOther: "Deaf",
    });
    expect(chooseDiversity({ ...typed, diversity: ["BIPOC"] }, "OTHER", true).diversityOther).toBe(
      "",
    );
  });

  it("a new primary genre clears the other genres; the same one changes nothing", () => {
    const form = validForm({ genreOthers: ["ROMANCE", "HISTORICAL"] });
    expect(choosePrimaryGenre(form, "FANTASY")).toMatchObject({
      genrePrimary: "FANTASY",
      genreOthers: [],
    });
    expect(choosePrimaryGenre(form, "HORROR")).toBe(form);
  });

  it("other genres leave out the primary one and stop at three", () => {
    let form = validForm({ genreOthers: [] });
    expect(chooseOtherGenre(form, "HORROR", true).genreOthers).toEqual([]);
    for (const genre of ["ROMANCE", "FANTASY", "PARANORMAL", "HISTORICAL"] as const) {
      form = chooseOtherGenre(form, genre, true);
    }
    expect(form.genreOthers).toEqual(["ROMANCE", "FANTASY", "PARANORMAL"]);
    expect(otherGenreOpen(form, "HISTORICAL")).toBe(false);
    expect(otherGenreOpen(form, "FANTASY")).toBe(true);
    const fewer = chooseOtherGenre(form, "FANTASY", false);
    expect(fewer.genreOthers).toEqual(["ROMANCE", "PARANORMAL"]);
    expect(otherGenreOpen(fewer, "HISTORICAL")).toBe(true);
    expect(chooseOtherGenre(fewer, "ROMANCE", true).genreOthers).toEqual(["ROMANCE", "PARANORMAL"]);
  });
});

describe("the rules and their messages (§5)", () => {
  it("passes a complete form", () => {
    expect(contestFormErrors(validForm())).toEqual({});
    expect(contestFormErrors(validForm(series))).toEqual({});
  });

  it("asks for every unanswered choice and both consents, but 'no' is an answer", () => {
    const blank = contestFormErrors(blankContestForm());
    expect(Object.keys(blank)).toEqual([
      "language",
      "storyStatus",
      "storyType",
      "genrePrimary",
      "matureThemes",
      "logLine",
      "plotSummary",
      "writerEmail",
      "writerEmailConfirmation",
      "legalConsent",
      "finalConsent",
    ]);
    expect(blank.language).toBe(CONTEST_MESSAGES.required);
    expect(errorOf("isSeries", { isSeries: null })).toBe(CONTEST_MESSAGES.required);
    expect(errorOf("isSeries", { isSeries: false })).toBeNull();
    expect(errorOf("isSeriesStandalone", { ...series, isSeriesStandalone: false })).toBeNull();
    expect(errorOf("isSeriesStandalone", { ...series, isSeriesStandalone: null })).toBe(
      CONTEST_MESSAGES.required,
    );
    expect(errorOf("seriesType", { ...series, seriesType: null })).toBe(CONTEST_MESSAGES.required);
    expect(errorOf("legalConsent", { legalConsent: false })).toBe(CONTEST_MESSAGES.required);
    expect(errorOf("anticipatedStoryLength", { storyStatus: "ONGOING" })).toBe(
      CONTEST_MESSAGES.required,
    );
    expect(errorOf("storyMaturity", { matureThemes: ["SEX"] })).toBe(CONTEST_MESSAGES.required);
  });

  it("never faults a hidden field", () => {
    expect(errorOf("seriesType", { isSeries: false, seriesType: null })).toBeNull();
    expect(errorOf("matureThemeOther", { matureThemeOther: "x".repeat(500) })).toBeNull();
    expect(errorOf("anticipatedStoryLength", {})).toBeNull();
  });

  it("holds texts to lengths in encoded bytes, after trimming", () => {
    expect(errorOf("logLine", { logLine: "x".repeat(19) })).toBe(CONTEST_MESSAGES.minLength(20));
    expect(errorOf("logLine", { logLine: ` ${"x".repeat(20)} ` })).toBeNull();
    expect(errorOf("logLine", { logLine: "x".repeat(500) })).toBeNull();
    expect(errorOf("logLine", { logLine: "x".repeat(501) })).toBe(CONTEST_MESSAGES.maxLength(500));
    // 'é' is two bytes: 250 of them are 500 bytes.
    expect(new TextEncoder().encode("é".repeat(250)).length).toBe(500);
    expect(errorOf("logLine", { logLine: "é".repeat(250) })).toBeNull();
    expect(errorOf("logLine", { logLine: "é".repeat(251) })).toBe(CONTEST_MESSAGES.maxLength(500));
    expect(errorOf("plotSummary", { plotSummary: "x".repeat(3501) })).toBe(
      CONTEST_MESSAGES.maxLength(3500),
    );
    expect(errorOf("plotSummary", { plotSummary: "   " })).toBe(CONTEST_MESSAGES.required);
  });

  it("counts a text as its limit does, for the form's counter", () => {
    expect(contestTextLength("é".repeat(250))).toBe(500);
    expect(contestTextLength("é".repeat(251))).toBe(502);
    expect(contestTextLength("  A line.  ")).toBe(7);
    expect(contestTextLength("")).toBe(0);
  });

  it("checks the email, its length and its confirmation", () => {
    for (const email of ["o'neil+awards@mail.example.co.uk", "a_b.c-d@x.io"]) {
      expect(errorOf("writerEmail", { writerEmail: email })).toBeNull();
    }
    for (const email of ["wren", "wren@", "wren@example", "wr en@example.com", "@example.com"]) {
      expect(errorOf("writerEmail", { writerEmail: email }), email).toBe(CONTEST_MESSAGES.email);
    }
    const long = `${"w".repeat(117)}@example.com`;
    expect(errorOf("writerEmail", { writerEmail: long })).toBe(CONTEST_MESSAGES.maxLength(128));
    expect(errorOf("writerEmail", { writerEmail: long.slice(1) })).toBeNull();
    expect(
      errorOf("writerEmailConfirmation", { writerEmailConfirmation: "wren@example.org" }),
    ).toBe(CONTEST_MESSAGES.emailMatch);
    expect(errorOf("writerEmailConfirmation", { writerEmailConfirmation: "" })).toBe(
      CONTEST_MESSAGES.required,
    );
  });

  it("keeps series counts whole, between 1 and 100, the total at least the current", () => {
    const range = CONTEST_MESSAGES.range(1, 100);
    const count = (value: string) =>
      errorOf("numberOfStoriesInSeries", { ...series, numberOfStoriesInSeries: value });
    expect(count("")).toBe(CONTEST_MESSAGES.required);
    for (const value of ["0", "101", "1.5", "-1", "two"]) expect(count(value), value).toBe(range);
    for (const value of ["1", "100", " 7 "]) expect(count(value), value).toBeNull();
    const total = (current: string, planned: string) =>
      errorOf("totalPlannedStoriesInSeries", {
        ...series,
        numberOfStoriesInSeries: current,
        totalPlannedStoriesInSeries: planned,
      });
    expect(total("3", "2")).toBe(CONTEST_MESSAGES.plannedTotal);
    expect(total("3", "3")).toBeNull();
    expect(total("3", "101")).toBe(range);
    // Without a current count there is nothing to compare with.
    expect(total("x", "2")).toBeNull();
  });

  it("asks for at least one mature theme, not identity; NONE only on its own", () => {
    expect(errorOf("matureThemes", { matureThemes: [] })).toBe(CONTEST_MESSAGES.pickOne);
    expect(errorOf("matureThemes", { matureThemes: ["NONE", "SEX"] })).toBe(
      CONTEST_MESSAGES.noneAlone,
    );
    expect(errorOf("diversity", { diversity: [] })).toBeNull();
    expect(errorOf("diversity", { diversity: ["NONE", "BIPOC"] })).toBe(CONTEST_MESSAGES.noneAlone);
  });

  it("asks for the other theme's text (100 at most) and the other identities' text", () => {
    const other = { matureThemes: ["OTHER" as const] };
    expect(errorOf("matureThemeOther", other)).toBe(CONTEST_MESSAGES.otherTheme);
    expect(errorOf("matureThemeOther", { ...other, matureThemeOther: "x".repeat(100) })).toBeNull();
    expect(errorOf("matureThemeOther", { ...other, matureThemeOther: "x".repeat(101) })).toBe(
      CONTEST_MESSAGES.maxLength(100),
    );
    const identities = { diversity: ["OTHER" as const] };
    expect(errorOf("diversityOther", identities)).toBe(CONTEST_MESSAGES.required);
    expect(errorOf("diversityOther", { ...identities, diversityOther: "x".repeat(101) })).toBe(
      CONTEST_MESSAGES.maxLength(100),
    );
  });

  it("takes at most three other genres, never the primary one", () => {
    expect(
      errorOf("genreOthers", { genreOthers: ["ROMANCE", "FANTASY", "PARANORMAL", "HISTORICAL"] }),
    ).toBe(CONTEST_MESSAGES.otherGenres);
    expect(errorOf("genreOthers", { genreOthers: ["HORROR"] })).toBe(CONTEST_MESSAGES.otherGenres);
    expect(errorOf("genreOthers", { genreOthers: [] })).toBeNull();
  });

  it("holds a complete entry to the minimum words when the story's words are known", () => {
    const words = (wordCount: number) => ({ wordCount, minWords: 3000 });
    const complete = validForm({ storyStatus: "COMPLETE" });
    expect(contestFieldError(complete, "storyStatus", words(2999))).toBe(
      "A complete story needs at least 3,000 words; this one has 2,999. Choose Ongoing if you're still writing it.",
    );
    expect(contestFormErrors(complete, words(2999))).toEqual({
      storyStatus: CONTEST_MESSAGES.completeTooShort(3000, 2999),
    });
    expect(contestFieldError(complete, "storyStatus", words(3000))).toBeNull();
    expect(contestFieldError(complete, "storyStatus")).toBeNull();
    const ongoing = validForm({ storyStatus: "ONGOING", anticipatedStoryLength: "LESS_100" });
    expect(contestFieldError(ongoing, "storyStatus", words(10))).toBeNull();
    expect(contestFieldError(validForm({ storyStatus: null }), "storyStatus", words(10))).toBe(
      CONTEST_MESSAGES.required,
    );
  });

  it("words the messages as §5 and §8 do, with the Inkwell name", () => {
    expect(CONTEST_MESSAGES.maxLength(500)).toBe(
      "This field has to contain less than 500 characters.",
    );
    expect(CONTEST_MESSAGES.minLength(20)).toBe(
      "This field has to contain more than 20 characters.",
    );
    expect(CONTEST_MESSAGES.range(1, 100)).toBe("Please enter a number between 1 and 100.");
    expect(CONTEST_MESSAGES.closed(2027)).toBe(
      "The 2027 Inkwell Awards are now closed. Thanks for your participation!",
    );
  });
});

describe("what a submission sends (§4)", () => {
  it("sends the shown fields, trimmed, with counts as numbers", () => {
    const entry = contestEntry(
      validForm({
        ...series,
        storyStatus: "ONGOING",
        anticipatedStoryLength: "MORE_150",
        matureThemes: ["SEX", "OTHER"],
        storyMaturity: "EXPLICIT",
        matureThemeOther: " Grief ",
        diversity: ["OTHER"],
        diversityOther: " Deaf ",
        logLine: "  A lighthouse keeper hears the drowned sing.  ",
      }),
    );
    expect(entry).toEqual({
      language: "English",
      storyStatus: "ONGOING",
      isSeries: true,
      seriesType: "SEQUEL",
      isSeriesStandalone: false,
      numberOfStoriesInSeries: 2,
      totalPlannedStoriesInSeries: 5,
      anticipatedStoryLength: "MORE_150",
      diversity: ["OTHER"],
      diversityOther: "Deaf",
      storyType: "ADULT_FICTION",
      genrePrimary: "HORROR",
      genreOthers: ["MYSTERY_DETECTIVE"],
      matureThemes: ["SEX", "OTHER"],
      matureThemeOther: "Grief",
      storyMaturity: "EXPLICIT",
      logLine: "A lighthouse keeper hears the drowned sing.",
      plotSummary: "Mara keeps the last lamp on a coast of wreckers and drowned voices.",
      writerEmail: "wren@example.com",
      legalConsent: true,
      finalConsent: true,
    });
  });

  it("leaves out what the answers hide, and the email confirmation", () => {
    const entry = contestEntry(
      validForm({
        language: "German",
        isSeries: true,
        seriesType: "FIRST",
        numberOfStoriesInSeries: "1",
        anticipatedStoryLength: "LESS_100",
        storyMaturity: "EXPLICIT",
        matureThemeOther: "Hidden",
        diversityOther: "Hidden",
      }),
    );
    for (const hidden of [
      "isSeries",
      "seriesType",
      "isSeriesStandalone",
      "numberOfStoriesInSeries",
      "totalPlannedStoriesInSeries",
      "anticipatedStoryLength",
      "storyMaturity",
      "matureThemeOther",
      "diversityOther",
      "writerEmailConfirmation",
    ]) {
      expect(entry, hidden).not.toHaveProperty(hidden);
    }
    expect(contestEntry(validForm())).toMatchObject({ isSeries: false });
    expect(contestEntry(validForm())).not.toHaveProperty("seriesType");
  });

  it("refuses to build an entry from a form with errors", () => {
    expect(() => contestEntry(blankContestForm())).toThrow(/without errors/);
  });

  it("turns a saved entry back into the form it came from", () => {
    const form = validForm({ ...series, writerEmailConfirmation: "wren@example.com" });
    expect(formFromEntry(contestEntry(form))).toEqual(form);
  });
});

describe("who may enter", () => {
  const complete: ContestStoryFacts = {
    publishedParts: 4,
    wordCount: 3000,
    completed: true,
    isPaid: false,
    language: "English",
  };
  const at = (changes: Partial<ContestStoryFacts>) =>
    contestEligibility({ ...complete, ...changes }, 3000);

  it("a complete story with the minimum words, nearly from three quarters of it", () => {
    expect(at({})).toBe("ELIGIBLE");
    expect(at({ wordCount: 2999 })).toBe("NEAR_ELIGIBLE");
    expect(at({ wordCount: 2250 })).toBe("NEAR_ELIGIBLE");
    expect(at({ wordCount: 2249 })).toBe("NOT_ELIGIBLE");
    // Three quarters rounds up: of 1001 words, 751 (750.75) is nearly there, 750 is not.
    expect(contestEligibility({ ...complete, wordCount: 751 }, 1001)).toBe("NEAR_ELIGIBLE");
    expect(contestEligibility({ ...complete, wordCount: 750 }, 1001)).toBe("NOT_ELIGIBLE");
  });

  it("an ongoing story at any length", () => {
    expect(at({ completed: false, wordCount: 10 })).toBe("ELIGIBLE");
  });

  it("never an unpublished, paid or other-language story", () => {
    expect(at({ publishedParts: 0 })).toBe("NOT_ELIGIBLE");
    expect(at({ completed: false, publishedParts: 0 })).toBe("NOT_ELIGIBLE");
    expect(at({ isPaid: true })).toBe("NOT_ELIGIBLE");
    expect(at({ language: null })).toBe("NOT_ELIGIBLE");
  });

  it("says why a story cannot be entered, the first reason that applies", () => {
    const why = (changes: Partial<ContestStoryFacts>) =>
      ineligibility({ ...complete, ...changes }, 3000);
    expect(why({})).toBeNull();
    expect(why({ wordCount: 2250 })).toBeNull();
    expect(why({ completed: false, wordCount: 10 })).toBeNull();
    expect(why({ wordCount: 2249 })).toBe("TOO_SHORT");
    expect(why({ publishedParts: 0, isPaid: true })).toBe("UNPUBLISHED");
    expect(why({ isPaid: true, language: null })).toBe("PAID");
    expect(why({ language: null, wordCount: 10 })).toBe("LANGUAGE");
  });
});

describe("contest languages", () => {
  it("names the nine languages by their codes, and nothing else", () => {
    expect(
      ["en", "fr", "fil", "de", "id", "it", "pt", "es", "tr"].map((code) => contestLanguage(code)),
    ).toEqual([
      "English",
      "French",
      "Filipino",
      "German",
      "Indonesian",
      "Italian",
      "Portuguese",
      "Spanish",
      "Turkish",
    ]);
    for (const code of ["ja", "", "EN", "constructor"]) expect(contestLanguage(code)).toBeNull();
  });
});
