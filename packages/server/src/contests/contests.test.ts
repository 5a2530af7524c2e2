import {
  CONTEST_MESSAGES,
  type ContestEligibility,
  type ContestEntry,
  type ContestInfo,
  type ContestSubmission,
} from "@inkwell/shared";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { onStoryChanged } from "../events.ts";
import { jsonAnswer, useTestApi } from "../testing/api.ts";
import { createStory, type Person, type StoryInput, signedInUser } from "../testing/fixtures.ts";
import { straddledCall } from "../testing/interleave.ts";

const t = useTestApi();

interface Refusal {
  code: string;
  message: string;
  fields?: Record<string, string>;
}

const CONTEST = "/v5/contests/wattys";
const KEY = "inkwellawards2027";
const MIN_WORDS = 1000;
/** The contest the tests after the first block run against: open, 1,000 words. */
const OPEN = {
  key: KEY,
  year: 2027,
  tag: "InkwellAwards2027",
  closesAt: "2099-08-07T23:59:59-04:00",
  minWords: MIN_WORDS,
};

let admin: Person;
let writer: Person;
let other: Person;

beforeAll(async () => {
  admin = await signedInUser(t.handle.db, { is_sysadmin: 1 });
  writer = await signedInUser(t.handle.db);
  other = await signedInUser(t.handle.db);
});

const setContest = async (body: unknown, who: Person | null = admin, status = 200) =>
  jsonAnswer<ContestInfo & Refusal>(await t.send("PUT", CONTEST, who, body), status);

const info = async (status = 200) =>
  jsonAnswer<ContestInfo & Refusal>(await t.get(CONTEST), status);

/** The next year's contest, for what must start afresh with it. */
const NEXT = { ...OPEN, key: "inkwellawards2028", year: 2028 };

/** Runs `check` while `contest` is the active one (null: none is), then sets OPEN again. */
async function whileActive(contest: typeof NEXT | null, check: () => Promise<void>) {
  if (contest === null) await t.handle.db.updateTable("contests").set({ active: 0 }).execute();
  else await setContest(contest);
  try {
    await check();
  } finally {
    await setContest(OPEN);
  }
}

/**
 * The codes a call on a story refuses with to a visitor, someone else, a story that does not
 * exist, and anyone while no contest is active, in that order.
 */
async function refusalCodes(
  call: (storyId: number, who?: Person | null) => Promise<Response>,
  storyId: number,
): Promise<string[]> {
  const code = async (response: Promise<Response>, status: number) =>
    (await jsonAnswer<Refusal>(response, status)).code;
  const codes = [
    await code(call(storyId, null), 401),
    await code(call(storyId, other), 403),
    await code(call(99_999_999), 404),
  ];
  await whileActive(null, async () => {
    codes.push(await code(call(storyId), 404));
  });
  return codes;
}

const REFUSED = ["unauthorized", "forbidden", "not_found", "no_contest"];

/** A story of `who`'s; each part given as its word count (negative: a draft part). */
async function story(words: number[], input: StoryInput = {}, who: Person = writer) {
  const parts = words.map((count) =>
    count < 0 ? { word_count: -count, draft: 1 as const } : { word_count: count },
  );
  return (await createStory(t.handle.db, who.id, { language_id: 1, parts, ...input })).id;
}

const eligibility = async (storyId: number, who: Person | null = writer, status = 200) =>
  jsonAnswer<ContestEligibility & Refusal>(
    await t.send("GET", `${CONTEST}/story/${storyId}/eligibility`, who),
    status,
  );

const submit = async (storyId: number, body: unknown, who: Person | null = writer, status = 201) =>
  jsonAnswer<ContestSubmission & Refusal>(
    await t.send("POST", `${CONTEST}/story/${storyId}/submission`, who, body),
    status,
  );

const submission = async (storyId: number, who: Person | null = writer, status = 200) =>
  jsonAnswer<ContestSubmission & Refusal>(
    await t.send("GET", `${CONTEST}/story/${storyId}/submission`, who),
    status,
  );

const rowsOf = async (storyId: number) =>
  t.handle.db
    .selectFrom("contest_submissions")
    .selectAll()
    .where("story_id", "=", storyId)
    .execute();

/** A complete entry for a complete English story, as the web form sends it and GET answers it. */
const COMPLETE_ENTRY: ContestEntry = {
  language: "English",
  storyStatus: "COMPLETE",
  isSeries: false,
  diversity: ["NONE"],
  storyType: "TEEN_FICTION",
  genrePrimary: "FANTASY",
  genreOthers: ["ROMANCE"],
  matureThemes: ["NONE"],
  logLine: "A keeper must choose between her lamp and her sister.",
  plotSummary:
    "Mara keeps the last lighthouse on a coast of wreckers, until her sister joins them.",
  writerEmail: "wren@example.com",
  legalConsent: true,
  finalConsent: true,
};

const entry = (changes: Record<string, unknown> = {}): Record<string, unknown> => ({
  ...COMPLETE_ENTRY,
  ...changes,
});

describe("the active contest: GET and PUT /v5/contests/wattys", () => {
  it("answers 404 to every contest call before an admin sets a contest", async () => {
    expect((await info(404)).code).toBe("no_contest");
    const storyId = await story([2000], { completed: 1 });
    expect((await eligibility(storyId, writer, 404)).code).toBe("no_contest");
    expect((await submission(storyId, writer, 404)).code).toBe("no_contest");
    expect((await submit(storyId, entry(), writer, 404)).code).toBe("no_contest");
    expect(await rowsOf(storyId)).toEqual([]);
  });

  it("lets a system admin set it, with the tag normalised; anyone may read it", async () => {
    const set = await setContest({ ...OPEN, closesAt: "2027-08-07T23:59:59-04:00" });
    const expected: ContestInfo = {
      key: KEY,
      year: 2027,
      tag: "inkwellawards2027",
      closesAt: "2027-08-08T03:59:59.000Z",
      isOpen: Date.now() <= Date.parse("2027-08-08T03:59:59Z"),
      minWords: MIN_WORDS,
    };
    expect(set).toEqual(expected);
    expect(await info()).toEqual(expected);
    expect(await jsonAnswer(await t.send("GET", CONTEST, writer))).toEqual(expected);
  });

  it("refuses visitors (401) and anyone but a system admin (403), changing nothing", async () => {
    const before = await info();
    expect((await setContest({ ...OPEN, minWords: 5 }, null, 401)).code).toBe("unauthorized");
    const refusal = await setContest({ ...OPEN, minWords: 5 }, writer, 403);
    expect(refusal.code).toBe("forbidden");
    // Not even a bad body is judged for them.
    expect((await setContest({ key: "!" }, writer, 403)).code).toBe("forbidden");
    expect(await info()).toEqual(before);
  });

  it("refuses bad input with a 400 naming the field, changing nothing", async () => {
    const before = await info();
    const bad: [Record<string, unknown>, string, string][] = [
      [{ key: "AB" }, "key", "key is 3 to 40 lower-case letters, digits or -"],
      [{ key: "x".repeat(41) }, "key", "key is 3 to 40 lower-case letters, digits or -"],
      [{ key: "awards 2027" }, "key", "key is 3 to 40 lower-case letters, digits or -"],
      [{ year: 1999 }, "year", "year is a whole number from 2000 to 2100"],
      [{ year: 2101 }, "year", "year is a whole number from 2000 to 2100"],
      [{ year: "2027" }, "year", "year is a whole number from 2000 to 2100"],
      [{ tag: "#" }, "tag", "A tag is one word of letters, digits, - or _"],
      [{ tag: 7 }, "tag", "tag is a tag"],
      [{ tag: "two words" }, "tag", "A tag is one word of letters, digits, - or _"],
      [{ closesAt: "someday" }, "closesAt", "closesAt is a date and time with its offset"],
      [{ closesAt: "2027-08-07T23:59:59" }, "closesAt", "closesAt is a date and time"],
      [{ minWords: -1 }, "minWords", "minWords is a whole number from 0 to 1,000,000"],
      [{ minWords: 1_000_001 }, "minWords", "minWords is a whole number from 0 to 1,000,000"],
      [{ minWords: 2.5 }, "minWords", "minWords is a whole number from 0 to 1,000,000"],
    ];
    for (const [change, field, message] of bad) {
      const refusal = await setContest({ ...OPEN, key: "other-awards", ...change }, admin, 400);
      expect(refusal.code).toBe("bad_request");
      expect(refusal.fields?.[field]).toContain(message);
    }
    const { minWords: _, ...missing } = OPEN;
    expect((await setContest(missing, admin, 400)).fields?.minWords).toBeDefined();
    expect(await info()).toEqual(before);
    const keys = await t.handle.db.selectFrom("contests").select("key").execute();
    expect(keys.map((row) => row.key)).toEqual([KEY]);
  });

  it("keeps one contest active: setting another makes the rest inactive", async () => {
    const next = await setContest(NEXT);
    expect(next.key).toBe("inkwellawards2028");
    expect((await info()).year).toBe(2028);
    // Setting the first again updates it by its key.
    expect((await setContest(OPEN)).closesAt).toBe("2099-08-08T03:59:59.000Z");
    const rows = await t.handle.db
      .selectFrom("contests")
      .select(["key", "active"])
      .orderBy("key")
      .execute();
    expect(rows).toEqual([
      { key: KEY, active: 1 },
      { key: "inkwellawards2028", active: 0 },
    ]);
  });
});

describe("GET …/story/{id}/eligibility", () => {
  beforeAll(async () => {
    await setContest(OPEN);
  });

  it("describes the story: cover, title, writer, language, status, words and tag", async () => {
    const storyId = await story([600, 400, -900], {
      completed: 1,
      title: "The Lamp",
      cover: "/media/covers/lamp.png",
      tags: ["lighthouse", "inkwellawards2027"],
    });
    expect(await eligibility(storyId)).toEqual({
      eligibility: "ELIGIBLE",
      storyCover: "/media/covers/lamp.png",
      storyTitle: "The Lamp",
      writerUsername: writer.username,
      storyLanguage: "English",
      storyStatus: "COMPLETE",
      wordCount: 1000,
      hasContestTag: true,
      ineligibleBecause: null,
      declined: false,
    });
  });

  it("makes a complete story eligible at the minimum and nearly so from three quarters", async () => {
    const at = async (words: number[]) =>
      (await eligibility(await story(words, { completed: 1 }))).eligibility;
    expect(await at([1000])).toBe("ELIGIBLE");
    expect(await at([500, 500])).toBe("ELIGIBLE");
    expect(await at([999])).toBe("NEAR_ELIGIBLE");
    expect(await at([750])).toBe("NEAR_ELIGIBLE");
    expect(await at([749])).toBe("NOT_ELIGIBLE");
  });

  it("counts only published parts: drafts and deleted parts add no words", async () => {
    const created = await createStory(t.handle.db, writer.id, {
      completed: 1,
      parts: [{ word_count: 400 }, { word_count: 900, deleted: 1 }, { word_count: 900, draft: 1 }],
    });
    const standing = await eligibility(created.id);
    expect(standing.wordCount).toBe(400);
    expect(standing.eligibility).toBe("NOT_ELIGIBLE");
  });

  it("lets an ongoing story enter whatever its length so far", async () => {
    const standing = await eligibility(await story([10], { completed: 0 }));
    expect(standing).toMatchObject({ eligibility: "ELIGIBLE", storyStatus: "ONGOING" });
  });

  it("refuses paid, unpublished, draft-only and other-language stories", async () => {
    const paid = await story([5000], { completed: 1, is_paid: 1 });
    const unpublished = await story([-5000], { completed: 1, draft: 1 });
    const draftOnly = await story([-5000, -5000], { completed: 0 });
    const draftStory = await story([5000], { completed: 1, draft: 1 });
    const refused = { eligibility: "NOT_ELIGIBLE" };
    expect(await eligibility(paid)).toMatchObject({ ...refused, ineligibleBecause: "PAID" });
    for (const storyId of [unpublished, draftOnly, draftStory]) {
      expect(await eligibility(storyId)).toMatchObject({
        ...refused,
        ineligibleBecause: "UNPUBLISHED",
      });
    }
    const unlisted = await eligibility(await story([5000], { completed: 1, language_id: 99 }));
    expect(unlisted).toMatchObject({
      ...refused,
      storyLanguage: null,
      ineligibleBecause: "LANGUAGE",
    });
    const short = await eligibility(await story([749], { completed: 1 }));
    expect(short).toMatchObject({ ...refused, ineligibleBecause: "TOO_SHORT" });
    const filipino = await eligibility(await story([5000], { completed: 1, language_id: 18 }));
    expect(filipino).toMatchObject({
      eligibility: "ELIGIBLE",
      storyLanguage: "Filipino",
      ineligibleBecause: null,
    });
  });

  it("is for the author only: 401 signed out, 403 someone else, 404 unknown or deleted", async () => {
    const storyId = await story([2000], { completed: 1 });
    expect((await eligibility(storyId, null, 401)).code).toBe("unauthorized");
    expect((await eligibility(storyId, other, 403)).code).toBe("forbidden");
    expect((await eligibility(99_999_999, writer, 404)).code).toBe("not_found");
    const deleted = await story([2000], { completed: 1, deleted: 1 });
    expect((await eligibility(deleted, writer, 404)).code).toBe("not_found");
  });
});

describe("POST …/story/{id}/submission", () => {
  beforeAll(async () => {
    await setContest(OPEN);
  });

  it("keeps the entry (201), answers it on GET, and the story is SUBMITTED", async () => {
    const storyId = await story([1500], { completed: 1 });
    expect((await submission(storyId, writer, 404)).code).toBe("not_submitted");
    const sent = await submit(storyId, entry({ writerEmailConfirmation: "wren@example.com" }));
    const { wattys_submitted_time, ...rest } = sent;
    expect(rest).toEqual({ ...COMPLETE_ENTRY, storyId, contest: KEY });
    expect(Math.abs(Date.parse(wattys_submitted_time) - Date.now())).toBeLessThan(60_000);
    expect(await submission(storyId)).toEqual(sent);
    expect((await eligibility(storyId)).eligibility).toBe("SUBMITTED");
    const rows = await rowsOf(storyId);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.user_id).toBe(writer.id);
    // Someone else may not read it.
    expect((await submission(storyId, other, 403)).code).toBe("forbidden");
  });

  it("keeps a series' answers, counts sent as numbers or digits, and what OTHER and SEX open", async () => {
    const storyId = await story([10], { completed: 0 });
    const sent = await submit(
      storyId,
      entry({
        storyStatus: "ONGOING",
        anticipatedStoryLength: "100_TO_150",
        isSeries: true,
        seriesType: "SEQUEL",
        isSeriesStandalone: false,
        numberOfStoriesInSeries: "2",
        totalPlannedStoriesInSeries: 3,
        diversity: ["LGBTQ2", "OTHER"],
        diversityOther: "  Deaf characters ",
        matureThemes: ["SEX", "OTHER"],
        matureThemeOther: "Grief",
        storyMaturity: "INEXPLICIT",
        genreOthers: ["ROMANCE", "HORROR", "MYSTERY_DETECTIVE"],
      }),
    );
    expect(sent).toMatchObject({
      storyStatus: "ONGOING",
      anticipatedStoryLength: "100_TO_150",
      isSeries: true,
      seriesType: "SEQUEL",
      isSeriesStandalone: false,
      numberOfStoriesInSeries: 2,
      totalPlannedStoriesInSeries: 3,
      diversity: ["LGBTQ2", "OTHER"],
      diversityOther: "Deaf characters",
      matureThemes: ["SEX", "OTHER"],
      matureThemeOther: "Grief",
      storyMaturity: "INEXPLICIT",
      genreOthers: ["ROMANCE", "HORROR", "MYSTERY_DETECTIVE"],
    });
  });

  it("drops what the writer's answers hide, and what the server sets itself", async () => {
    const storyId = await story([1500], { completed: 1, language_id: 2 });
    const sent = await submit(
      storyId,
      entry({
        storyId,
        contest: "wattys2024",
        wattys_submitted_time: "2000-01-01T00:00:00Z",
        language: "French",
        // Series answers are asked of English stories only.
        isSeries: true,
        seriesType: "FIRST",
        isSeriesStandalone: true,
        numberOfStoriesInSeries: 1,
        totalPlannedStoriesInSeries: 2,
        // Length is asked of ongoing stories only.
        anticipatedStoryLength: "MORE_150",
        // Maturity only with SEX, the other theme only with OTHER, other identities with OTHER.
        matureThemes: ["DRUG_USE"],
        storyMaturity: "EXPLICIT",
        matureThemeOther: "x".repeat(300),
        diversity: ["BIPOC"],
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
      expect(sent, hidden).not.toHaveProperty(hidden);
    }
    expect(sent).toMatchObject({ contest: KEY, storyId, language: "French" });
    expect(Date.parse(sent.wattys_submitted_time)).toBeGreaterThan(Date.parse("2020-01-01"));
    expect(JSON.parse((await rowsOf(storyId))[0]?.entry ?? "{}")).not.toHaveProperty(
      "storyMaturity",
    );
  });

  it("counts lengths in encoded bytes: 250 × 'é' fits a 500 limit, 251 does not", async () => {
    const storyId = await story([1500], { completed: 1 });
    const over = await submit(storyId, entry({ logLine: "é".repeat(251) }), writer, 400);
    expect(over.fields?.logLine).toBe(CONTEST_MESSAGES.maxLength(500));
    const sent = await submit(storyId, entry({ logLine: "é".repeat(250) }));
    expect(sent.logLine).toBe("é".repeat(250));
  });

  it("keeps the texts without their control characters, which PostgreSQL would refuse", async () => {
    const storyId = await story([1500], { completed: 1 });
    const logLine = "A keeper\u0000 must choose between her lamp and her sister.";
    const plotSummary =
      "Mara keeps the last lighthouse,\u0000\r\nuntil her sister joins the wreckers.";
    const sent = await submit(storyId, entry({ logLine, plotSummary }));
    expect(sent).toMatchObject({
      logLine: "A keeper must choose between her lamp and her sister.",
      plotSummary: "Mara keeps the last lighthouse,\nuntil her sister joins the wreckers.",
    });
  });

  describe("the form's rules, checked by the server", () => {
    let storyId: number;
    beforeAll(async () => {
      storyId = await story([1500], { completed: 1 });
    });
    afterEach(async () => {
      // A refused entry keeps nothing.
      expect(await rowsOf(storyId)).toEqual([]);
    });

    const refusal = async (changes: Record<string, unknown>) => {
      const refused = await submit(storyId, entry(changes), writer, 400);
      expect(refused.code).toBe("invalid");
      const [field, message] = Object.entries(refused.fields ?? {})[0] ?? [];
      expect(refused.message).toBe(`${field}: ${message}`);
      return refused.fields ?? {};
    };

    const series = {
      isSeries: true,
      seriesType: "FIRST",
      isSeriesStandalone: true,
      numberOfStoriesInSeries: 1,
      totalPlannedStoriesInSeries: 3,
    };

    it("requires answers, both consents and the texts", async () => {
      expect(await refusal({ storyType: undefined })).toEqual({
        storyType: CONTEST_MESSAGES.required,
      });
      expect((await refusal({ genrePrimary: null })).genrePrimary).toBe(CONTEST_MESSAGES.required);
      expect((await refusal({ legalConsent: false })).legalConsent).toBe(CONTEST_MESSAGES.required);
      expect((await refusal({ finalConsent: undefined })).finalConsent).toBe(
        CONTEST_MESSAGES.required,
      );
      expect((await refusal({ logLine: "   " })).logLine).toBe(CONTEST_MESSAGES.required);
      expect((await refusal({ logLine: "\u0000" })).logLine).toBe(CONTEST_MESSAGES.required);
      expect((await refusal({ plotSummary: undefined })).plotSummary).toBe(
        CONTEST_MESSAGES.required,
      );
      expect((await refusal({ isSeries: null })).isSeries).toBe(CONTEST_MESSAGES.required);
      expect((await refusal({ ...series, seriesType: "" })).seriesType).toBe(
        CONTEST_MESSAGES.required,
      );
      expect((await refusal({ storyStatus: "ONGOING" })).anticipatedStoryLength).toBe(
        CONTEST_MESSAGES.required,
      );
      expect((await refusal({ matureThemes: ["SEX"] })).storyMaturity).toBe(
        CONTEST_MESSAGES.required,
      );
    });

    it("names the first field in the form's order when several are wrong", async () => {
      const refused = await submit(
        storyId,
        entry({ writerEmail: "", storyType: null, logLine: "" }),
        writer,
        400,
      );
      expect(Object.keys(refused.fields ?? {})).toEqual([
        "storyType",
        "logLine",
        "writerEmail",
        "writerEmailConfirmation",
      ]);
      expect(refused.message).toBe(`storyType: ${CONTEST_MESSAGES.required}`);
    });

    it("holds the texts to their lengths", async () => {
      expect((await refusal({ logLine: "Too short a line." })).logLine).toBe(
        CONTEST_MESSAGES.minLength(20),
      );
      expect((await refusal({ logLine: "x".repeat(501) })).logLine).toBe(
        CONTEST_MESSAGES.maxLength(500),
      );
      expect((await refusal({ plotSummary: "x".repeat(19) })).plotSummary).toBe(
        CONTEST_MESSAGES.minLength(20),
      );
      expect((await refusal({ plotSummary: "x".repeat(3501) })).plotSummary).toBe(
        CONTEST_MESSAGES.maxLength(3500),
      );
      const long = `${"w".repeat(120)}@example.com`;
      expect((await refusal({ writerEmail: long })).writerEmail).toBe(
        CONTEST_MESSAGES.maxLength(128),
      );
    });

    it("checks the email's form and its confirmation", async () => {
      expect((await refusal({ writerEmail: "wren at example.com" })).writerEmail).toBe(
        CONTEST_MESSAGES.email,
      );
      expect((await refusal({ writerEmail: "wren\u0000@example.com" })).writerEmail).toBe(
        CONTEST_MESSAGES.email,
      );
      expect((await refusal({ writerEmail: "wren@localhost" })).writerEmail).toBe(
        CONTEST_MESSAGES.email,
      );
      expect(
        (await refusal({ writerEmailConfirmation: "wren@example.org" })).writerEmailConfirmation,
      ).toBe(CONTEST_MESSAGES.emailMatch);
      expect((await refusal({ writerEmailConfirmation: "" })).writerEmailConfirmation).toBe(
        CONTEST_MESSAGES.required,
      );
    });

    it("keeps a series' counts between 1 and 100, the planned total at least the current", async () => {
      const range = CONTEST_MESSAGES.range(1, 100);
      expect(
        (await refusal({ ...series, numberOfStoriesInSeries: 0 })).numberOfStoriesInSeries,
      ).toBe(range);
      expect(
        (await refusal({ ...series, totalPlannedStoriesInSeries: "101" }))
          .totalPlannedStoriesInSeries,
      ).toBe(range);
      expect(
        (await refusal({ ...series, numberOfStoriesInSeries: "two" })).numberOfStoriesInSeries,
      ).toBe(range);
      expect(
        (await refusal({ ...series, numberOfStoriesInSeries: 1.5 })).numberOfStoriesInSeries,
      ).toBe(range);
      expect(
        (await refusal({ ...series, numberOfStoriesInSeries: "" })).numberOfStoriesInSeries,
      ).toBe(CONTEST_MESSAGES.required);
      expect(
        (
          await refusal({
            ...series,
            numberOfStoriesInSeries: 4,
            totalPlannedStoriesInSeries: 3,
          })
        ).totalPlannedStoriesInSeries,
      ).toBe(CONTEST_MESSAGES.plannedTotal);
    });

    it("asks for a mature theme (NONE on its own) and the text of OTHER", async () => {
      expect((await refusal({ matureThemes: [] })).matureThemes).toBe(CONTEST_MESSAGES.pickOne);
      expect((await refusal({ matureThemes: ["NONE", "SEX"] })).matureThemes).toBe(
        CONTEST_MESSAGES.noneAlone,
      );
      expect((await refusal({ matureThemes: ["OTHER"] })).matureThemeOther).toBe(
        CONTEST_MESSAGES.otherTheme,
      );
      expect(
        (await refusal({ matureThemes: ["OTHER"], matureThemeOther: "x".repeat(101) }))
          .matureThemeOther,
      ).toBe(CONTEST_MESSAGES.maxLength(100));
      // Character representation may be left out (§5 asks only for a mature theme).
      const unanswered = await refusal({ diversity: [], matureThemes: [] });
      expect(unanswered.matureThemes).toBe(CONTEST_MESSAGES.pickOne);
      expect(unanswered.diversity).toBeUndefined();
      expect((await refusal({ diversity: ["OTHER"] })).diversityOther).toBe(
        CONTEST_MESSAGES.required,
      );
      expect(
        (await refusal({ diversity: ["OTHER"], diversityOther: "x".repeat(101) })).diversityOther,
      ).toBe(CONTEST_MESSAGES.maxLength(100));
    });

    it("takes at most 3 other genres, never the primary one", async () => {
      const four = ["ROMANCE", "HORROR", "HISTORICAL", "PARANORMAL"];
      expect((await refusal({ genreOthers: four })).genreOthers).toBe(CONTEST_MESSAGES.otherGenres);
      expect((await refusal({ genreOthers: ["FANTASY"] })).genreOthers).toBe(
        CONTEST_MESSAGES.otherGenres,
      );
    });

    it("refuses values outside the options, wrong types and another story's id (400)", async () => {
      const outside = async (changes: Record<string, unknown>, field: string) => {
        const refused = await submit(storyId, entry(changes), writer, 400);
        expect(refused.code).toBe("bad_request");
        expect(Object.keys(refused.fields ?? {})).toContain(field);
        return refused.fields?.[field];
      };
      expect(await outside({ genrePrimary: "COMEDY" }, "genrePrimary")).toBe(
        "genrePrimary must be one of ACTION_THRILLER, FANTASY, HISTORICAL, HORROR, MYSTERY_DETECTIVE, PARANORMAL, ROMANCE, SCIENCE_FICTION",
      );
      await outside({ language: "Klingon" }, "language");
      await outside({ storyStatus: "DONE" }, "storyStatus");
      await outside({ matureThemes: ["DRAGONS"] }, "matureThemes.0");
      await outside({ diversity: "NONE" }, "diversity");
      await outside({ storyMaturity: "MILD" }, "storyMaturity");
      await outside({ logLine: 42 }, "logLine");
      await outside({ legalConsent: "yes" }, "legalConsent");
      expect(await outside({ storyId: storyId + 1 }, "storyId")).toBe(
        "storyId is not the story of this address",
      );
    });
  });

  it("refuses a second entry of a story with 409, before judging the body", async () => {
    const storyId = await story([1500], { completed: 1 });
    await submit(storyId, entry());
    const again = await submit(
      storyId,
      entry({ logLine: "Another line for it, much later." }),
      writer,
      409,
    );
    expect(again).toEqual({ code: "already_submitted", message: CONTEST_MESSAGES.submitted });
    expect((await submit(storyId, { logLine: 3 }, writer, 409)).code).toBe("already_submitted");
    expect(await rowsOf(storyId)).toHaveLength(1);
  });

  it("takes one of 30 entries sent at the same moment: one 201, the rest 409", async () => {
    const storyId = await story([1500], { completed: 1 });
    const responses = await Promise.all(
      Array.from({ length: 30 }, () =>
        t.send("POST", `${CONTEST}/story/${storyId}/submission`, writer, entry()),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(29);
    expect(await rowsOf(storyId)).toHaveLength(1);
  });

  it("refuses stories that cannot enter with 403 not_eligible, before judging the body", async () => {
    const notEligible = { code: "not_eligible", message: CONTEST_MESSAGES.notEligible(2027) };
    const near = await story([800], { completed: 1 });
    expect(await submit(near, entry(), writer, 403)).toEqual(notEligible);
    const paid = await story([5000], { completed: 1, is_paid: 1 });
    expect(await submit(paid, entry(), writer, 403)).toEqual(notEligible);
    const unpublished = await story([-5000], { completed: 1, draft: 1 });
    expect(await submit(unpublished, { logLine: 3 }, writer, 403)).toEqual(notEligible);
    for (const storyId of [near, paid, unpublished]) expect(await rowsOf(storyId)).toEqual([]);
  });

  it("holds an entry called complete to a complete story's words, whatever the story says", async () => {
    const ongoing = await story([300, 200], { completed: 0 });
    const refused = await submit(ongoing, entry(), writer, 400);
    expect(refused).toEqual({
      code: "invalid",
      message: `storyStatus: ${CONTEST_MESSAGES.completeTooShort(MIN_WORDS, 500)}`,
      fields: { storyStatus: CONTEST_MESSAGES.completeTooShort(MIN_WORDS, 500) },
    });
    expect(await rowsOf(ongoing)).toEqual([]);
    // Called ongoing, as it is, it enters; a long enough ongoing story may be called complete.
    const sent = await submit(
      ongoing,
      entry({ storyStatus: "ONGOING", anticipatedStoryLength: "LESS_100" }),
    );
    expect(sent.storyStatus).toBe("ONGOING");
    const long = await story([600, 400], { completed: 0 });
    expect((await submit(long, entry())).storyStatus).toBe("COMPLETE");
  });

  it("refuses someone else's story (403, the spec's words), visitors and unknown stories", async () => {
    const storyId = await story([1500], { completed: 1 });
    expect(await submit(storyId, entry(), other, 403)).toEqual({
      code: "forbidden",
      message: CONTEST_MESSAGES.noPermission,
    });
    expect((await submit(storyId, entry(), null, 401)).code).toBe("unauthorized");
    expect((await submit(99_999_999, entry(), writer, 404)).code).toBe("not_found");
    expect(await rowsOf(storyId)).toEqual([]);
  });

  it("closes with the contest: 403 with §8's message once closesAt has passed", async () => {
    const storyId = await story([1500], { completed: 1 });
    const closed = await setContest({
      ...OPEN,
      closesAt: new Date(Date.now() - 1000).toISOString(),
    });
    expect(closed.isOpen).toBe(false);
    try {
      expect(await submit(storyId, entry(), writer, 403)).toEqual({
        code: "contest_closed",
        message: "The 2027 Inkwell Awards are now closed. Thanks for your participation!",
      });
      // The writer can still see where the story stands.
      expect((await eligibility(storyId)).eligibility).toBe("ELIGIBLE");
    } finally {
      await setContest(OPEN);
    }
    expect(await rowsOf(storyId)).toEqual([]);
    await submit(storyId, entry());
  });

  it("keeps entries with their contest: the next contest starts afresh", async () => {
    const storyId = await story([1500], { completed: 1 });
    await submit(storyId, entry());
    await whileActive({ ...NEXT, tag: "inkwellawards2028" }, async () => {
      expect((await eligibility(storyId)).eligibility).toBe("ELIGIBLE");
      expect((await submission(storyId, writer, 404)).message).toBe(
        "This story has not been entered in the 2028 Inkwell Awards.",
      );
    });
    expect((await eligibility(storyId)).eligibility).toBe("SUBMITTED");
  });

  it("lists the writer's entries in their data export", async () => {
    const storyId = await story([1500], { completed: 1 });
    const sent = await submit(storyId, entry());
    const data = await jsonAnswer<{ contestSubmissions: ContestSubmission[] }>(
      await t.send("GET", `/api/v3/users/${writer.username}/export`, writer),
    );
    expect(data.contestSubmissions).toContainEqual(sent);
    const theirs = await jsonAnswer<{ contestSubmissions: ContestSubmission[] }>(
      await t.send("GET", `/api/v3/users/${other.username}/export`, other),
    );
    expect(theirs.contestSubmissions).toEqual([]);
  });
});

describe("§4's view event: the entry form opened", () => {
  beforeAll(async () => {
    await setContest(OPEN);
  });

  const view = (storyId: unknown, who: Person | null = writer) =>
    t.send("POST", "/v5/events", who, { name: "contest_form_view", storyId });
  const viewsOf = (storyId: number) =>
    t.handle.db
      .selectFrom("contest_form_views")
      .select(["contest_key", "story_id"])
      .where("story_id", "=", storyId)
      .execute();

  it("counts the author's view of a story not yet entered, once a day", async () => {
    const storyId = await story([1500], { completed: 1 });
    expect(await jsonAnswer(await view(storyId))).toEqual({ recorded: true });
    // Opened again the same day: the same view.
    expect(await jsonAnswer(await view(storyId))).toEqual({ recorded: false });
    // A story that cannot enter yet still shows the form's notice.
    const near = await story([800], { completed: 1 });
    expect(await jsonAnswer(await view(near))).toEqual({ recorded: true });
    expect((await viewsOf(storyId)).map((row) => [row.contest_key, Number(row.story_id)])).toEqual([
      [KEY, storyId],
    ]);
  });

  it("refuses an entered story, visitors, someone else's story and bad ids, recording nothing", async () => {
    const entered = await story([1500], { completed: 1 });
    await submit(entered, entry());
    expect((await jsonAnswer<Refusal>(await view(entered), 409)).code).toBe("already_submitted");
    const storyId = await story([1500], { completed: 1 });
    expect(await refusalCodes(view, storyId)).toEqual(REFUSED);
    expect((await jsonAnswer<Refusal>(await view("first"), 400)).message).toBe(
      "storyId names the story",
    );
    for (const id of [entered, storyId]) expect(await viewsOf(id)).toEqual([]);
  });
});

describe("POST …/story/{id}/decline: 'Not this story' on the banner", () => {
  beforeAll(async () => {
    await setContest(OPEN);
  });

  const decline = (storyId: number, who: Person | null = writer) =>
    t.send("POST", `${CONTEST}/story/${storyId}/decline`, who);
  const declinesOf = (storyId: number) =>
    t.handle.db
      .selectFrom("contest_banner_declines")
      .select(["contest_key", "story_id"])
      .where("story_id", "=", storyId)
      .execute();

  it("keeps the author's answer for the active contest, once, and the standing says so", async () => {
    const storyId = await story([1500], { completed: 1 });
    expect((await eligibility(storyId)).declined).toBe(false);
    const declined = await jsonAnswer<ContestEligibility>(await decline(storyId));
    expect(declined).toMatchObject({ eligibility: "ELIGIBLE", declined: true });
    expect(await eligibility(storyId)).toEqual(declined);
    // Said twice: the same answer, kept once.
    expect(await jsonAnswer<ContestEligibility>(await decline(storyId))).toEqual(declined);
    expect(
      (await declinesOf(storyId)).map((row) => [row.contest_key, Number(row.story_id)]),
    ).toEqual([[KEY, storyId]]);
    // The story may still be entered from the Awards page.
    await submit(storyId, entry());
    expect(await eligibility(storyId)).toMatchObject({ eligibility: "SUBMITTED", declined: true });
  });

  it("starts afresh with the next contest", async () => {
    const storyId = await story([1500], { completed: 1 });
    await jsonAnswer(await decline(storyId));
    await whileActive(NEXT, async () => {
      expect((await eligibility(storyId)).declined).toBe(false);
    });
    expect((await eligibility(storyId)).declined).toBe(true);
  });

  it("refuses an entered story, visitors, someone else's story and no contest, keeping nothing", async () => {
    const entered = await story([1500], { completed: 1 });
    await submit(entered, entry());
    expect((await jsonAnswer<Refusal>(await decline(entered), 409)).code).toBe("already_submitted");
    const storyId = await story([1500], { completed: 1 });
    expect(await refusalCodes(decline, storyId)).toEqual(REFUSED);
    for (const id of [entered, storyId]) expect(await declinesOf(id)).toEqual([]);
  });
});

describe("the writer's account closing as they answer the banner or open the form", () => {
  beforeAll(async () => {
    await setContest(OPEN);
  });

  const goneStory = { code: "not_found", message: "The story was not found" };
  const closeAccountOf = async (who: Person) => {
    const closed = await t.send("POST", `/api/v3/users/${who.username}/moderation/close`, admin, {
      reason: "spam",
    });
    expect(closed.status).toBe(200);
  };
  const calls = (storyId: number): [string, string][] => [
    ["POST", `${CONTEST}/story/${storyId}/decline`],
    ["POST", "/v5/events"],
  ];
  const bodyOf = (path: string, storyId: number) =>
    path === "/v5/events" ? { name: "contest_form_view", storyId } : undefined;

  it("answers with the story's 404 when the closing lands between look-up and write, every time", async () => {
    for (const call of calls(0).keys()) {
      const closing = await signedInUser(t.handle.db);
      const storyId = await story([1500], { completed: 1 }, closing);
      const [method, path] = calls(storyId)[call] as [string, string];
      // The story is read before the contest: the account closes right after.
      const answer = await straddledCall(t, "stories", () => closeAccountOf(closing), [
        method,
        path,
        closing,
        bodyOf(path, storyId),
      ]);
      expect(answer).toEqual([404, goneStory]);
    }
  });

  it("keeps or refuses each of 15 answers and 15 views sent as the account closes, never a 500", async () => {
    for (let round = 0; round < 3; round++) {
      const closing = await signedInUser(t.handle.db);
      const storyId = await story([1500], { completed: 1 }, closing);
      const sent = calls(storyId).flatMap(([method, path]) =>
        Array.from({ length: 15 }, () => t.send(method, path, closing, bodyOf(path, storyId))),
      );
      const [, ...answers] = await Promise.all([closeAccountOf(closing), ...sent]);
      for (const answer of answers) {
        if (answer.status === 200) continue;
        // Sent once the session had gone with the account, or meeting the story gone.
        const refusal = await answer.json();
        expect([round, answer.status, refusal]).toEqual(
          answer.status === 401
            ? [round, 401, { code: "unauthorized", message: "Log in to continue." }]
            : [round, 404, goneStory],
        );
      }
    }
  });
});

describe("DELETE …/story/{id}/decline: 'Not this story' taken back", () => {
  beforeAll(async () => {
    await setContest(OPEN);
  });

  const decline = (storyId: number) =>
    t.send("POST", `${CONTEST}/story/${storyId}/decline`, writer);
  const takeBack = (storyId: number, who: Person | null = writer) =>
    t.send("DELETE", `${CONTEST}/story/${storyId}/decline`, who);

  it("lets the author take the answer back, so the banner invites again; again changes nothing", async () => {
    const storyId = await story([1500], { completed: 1 });
    const declined = await jsonAnswer<ContestEligibility>(await decline(storyId));
    const invited = { ...declined, declined: false };
    expect(await jsonAnswer<ContestEligibility>(await takeBack(storyId))).toEqual(invited);
    expect(await eligibility(storyId)).toEqual(invited);
    expect(await jsonAnswer<ContestEligibility>(await takeBack(storyId))).toEqual(invited);
    // The writer may say no again.
    expect((await jsonAnswer<ContestEligibility>(await decline(storyId))).declined).toBe(true);
  });

  it("takes back only the active contest's answer", async () => {
    const storyId = await story([1500], { completed: 1 });
    await jsonAnswer(await decline(storyId));
    await whileActive(NEXT, async () => {
      expect((await jsonAnswer<ContestEligibility>(await takeBack(storyId))).declined).toBe(false);
    });
    expect((await eligibility(storyId)).declined).toBe(true);
  });

  it("refuses visitors, someone else's story, no story and no contest, keeping the answer", async () => {
    const storyId = await story([1500], { completed: 1 });
    await jsonAnswer(await decline(storyId));
    expect(await refusalCodes(takeBack, storyId)).toEqual(REFUSED);
    expect((await eligibility(storyId)).declined).toBe(true);
  });

  it("lists the writer's answers in their data export until taken back", async () => {
    const exporter = await signedInUser(t.handle.db);
    const storyId = await story([1500], { completed: 1 }, exporter);
    await jsonAnswer(await t.send("POST", `${CONTEST}/story/${storyId}/decline`, exporter));
    const declines = async (who: Person) =>
      (
        await jsonAnswer<{ contestBannerDeclines: unknown[] }>(
          await t.send("GET", `/api/v3/users/${who.username}/export`, who),
        )
      ).contestBannerDeclines;
    const kept = await t.handle.db
      .selectFrom("contest_banner_declines")
      .select("created_at")
      .where("story_id", "=", storyId)
      .executeTakeFirstOrThrow();
    expect(await declines(exporter)).toEqual([
      { contest: KEY, storyId, declinedAt: new Date(Number(kept.created_at)).toISOString() },
    ]);
    expect(await declines(other)).toEqual([]);
    await jsonAnswer(await t.send("DELETE", `${CONTEST}/story/${storyId}/decline`, exporter));
    expect(await declines(exporter)).toEqual([]);
  });
});

describe("POST /apiv2/editstorytags", () => {
  const edit = async (fields: Record<string, string>, who: Person | null = writer, status = 200) =>
    jsonAnswer<{ tags: string[] } & Refusal>(
      await t.api.request("/apiv2/editstorytags", {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          ...(who && { cookie: who.cookie }),
        },
        body: new URLSearchParams(fields).toString(),
      }),
      status,
    );

  // What caches hear: web.ts drops a story's cached visitor pages on it.
  const changes: number[] = [];
  beforeAll(() => {
    const stop = onStoryChanged((storyId) => changes.push(storyId));
    return () => {
      stop();
    };
  });

  it("adds a tag at the end once, removes it, and tells caches the story changed", async () => {
    const storyId = await story([100], { tags: ["lighthouse", "sisters"] });
    const id = String(storyId);
    changes.length = 0;
    const added = await edit({
      request_type: "add",
      tag_value: "#InkwellAwards2027",
      story_id: id,
    });
    expect(added.tags).toEqual(["lighthouse", "sisters", "inkwellawards2027"]);
    expect(changes).toEqual([storyId]);
    // Adding it again changes nothing, and announces nothing.
    const again = await edit({ request_type: "add", tag_value: "inkwellawards2027", story_id: id });
    expect(again.tags).toEqual(added.tags);
    expect(changes).toEqual([storyId]);
    expect((await eligibility(storyId)).hasContestTag).toBe(true);
    const work = await jsonAnswer<{ tags: string[] }>(
      await t.send("GET", `/v4/works/${id}`, writer),
    );
    expect(work.tags).toEqual(added.tags);

    const removed = await edit({ request_type: "remove", tag_value: "sisters", story_id: id });
    expect(removed.tags).toEqual(["lighthouse", "inkwellawards2027"]);
    expect(
      (await edit({ request_type: "remove", tag_value: "absent", story_id: id })).tags,
    ).toEqual(removed.tags);
    expect(changes).toEqual([storyId, storyId]);
  });

  it("takes a JSON body as well", async () => {
    const storyId = await story([100], { tags: ["a1"] });
    const body = { request_type: "add", tag_value: "B2", story_id: storyId };
    const answered = await jsonAnswer<{ tags: string[] }>(
      await t.send("POST", "/apiv2/editstorytags", writer, body),
    );
    expect(answered.tags).toEqual(["a1", "b2"]);
  });

  it("stops at 25 tags with a 400, though a tag the story has may still be added", async () => {
    const tags = Array.from({ length: 25 }, (_, index) => `tag${index}`);
    const id = String(await story([100], { tags }));
    const full = await edit(
      { request_type: "add", tag_value: "one-more", story_id: id },
      writer,
      400,
    );
    expect(full.message).toBe("A story has at most 25 tags: remove one before adding another");
    expect(full.fields?.tag_value).toBe(full.message);
    const same = await edit({ request_type: "add", tag_value: "tag3", story_id: id });
    expect(same.tags).toEqual(tags);
  });

  it("stops 30 adds sent at once exactly at 25 tags, each added once", async () => {
    const tags = Array.from({ length: 20 }, (_, index) => `tag${index}`);
    const id = String(await story([100], { tags }));
    const racers = Array.from({ length: 30 }, (_, index) => `racer${index % 15}`);
    const answers = await Promise.all(
      racers.map((tag) =>
        t.send("POST", "/apiv2/editstorytags", writer, {
          request_type: "add",
          tag_value: tag,
          story_id: id,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status !== 200 && status !== 400)).toEqual([]);
    const work = await jsonAnswer<{ tags: string[] }>(
      await t.send("GET", `/v4/works/${id}`, writer),
    );
    expect(work.tags).toHaveLength(25);
    expect(work.tags.slice(0, 20)).toEqual(tags);
    expect(new Set(work.tags).size).toBe(25);
  });

  it("is for the author only, and refuses bad input", async () => {
    const id = String(await story([100], { tags: ["keep"] }));
    const add = { request_type: "add", tag_value: "mine", story_id: id };
    expect((await edit(add, other, 403)).code).toBe("forbidden");
    expect((await edit(add, null, 401)).code).toBe("unauthorized");
    expect((await edit({ ...add, story_id: "99999999" }, writer, 404)).code).toBe("not_found");
    const bad = async (change: Record<string, string>, field: string) =>
      expect(Object.keys((await edit({ ...add, ...change }, writer, 400)).fields ?? {})).toContain(
        field,
      );
    await bad({ request_type: "replace" }, "request_type");
    await bad({ tag_value: "#" }, "tag_value");
    await bad({ tag_value: "two words" }, "tag_value");
    await bad({ tag_value: "x".repeat(31) }, "tag_value");
    await bad({ story_id: "abc" }, "story_id");
    expect(
      (await jsonAnswer<{ tags: string[] }>(await t.send("GET", `/v4/works/${id}`, writer))).tags,
    ).toEqual(["keep"]);
  });
});

describe("the OpenAPI document", () => {
  it("documents every contest call", async () => {
    const doc = (await (await t.get("/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.paths[CONTEST] ?? {}).sort()).toEqual(["get", "put"]);
    const eligibility = doc.paths[`${CONTEST}/story/{id}/eligibility`] ?? {};
    expect(Object.keys(eligibility)).toEqual(["get"]);
    // A client learns every standing and every reason from the document.
    expect((eligibility.get as { summary: string }).summary).toContain(
      "eligibility (SUBMITTED, ELIGIBLE, NEAR_ELIGIBLE, NOT_ELIGIBLE)",
    );
    expect((eligibility.get as { summary: string }).summary).toContain(
      "ineligibleBecause (UNPUBLISHED, PAID, LANGUAGE, TOO_SHORT or null)",
    );
    expect(Object.keys(doc.paths[`${CONTEST}/story/{id}/submission`] ?? {}).sort()).toEqual([
      "get",
      "post",
    ]);
    expect(Object.keys(doc.paths[`${CONTEST}/story/{id}/decline`] ?? {}).sort()).toEqual([
      "delete",
      "post",
    ]);
    expect(Object.keys(doc.paths["/apiv2/editstorytags"] ?? {})).toEqual(["post"]);
  });
});
