import {
  CONTEST_MESSAGES,
  type ContestEligibility,
  type ContestEntry,
  type ContestInfo,
  type ContestStoryFacts,
  type ContestSubmission,
  contestEligibility,
  contestEntry,
  contestFormErrors,
  contestLanguage,
  ineligibility,
  languageById,
} from "@inkwell/shared";
import { type Kysely, type Selectable, sql, type Transaction } from "kysely";
import { eventDay, recordOnce } from "../analytics/events.ts";
import { recheckingGone } from "../db/constraint-errors.ts";
import { isPostgres } from "../db/engine.ts";
import type { ContestSubmissionsTable, ContestsTable, Database } from "../db/schema.ts";
import { HttpError } from "../http/errors.ts";
import { iso } from "../stories/cards.ts";
import type { Viewer } from "../viewer.ts";
import { ownStory } from "../works/access.ts";
import { tagsOf } from "../works/classification.ts";
import { type ContestSettings, contestFormFrom, contestSettingsFrom } from "./input.ts";

type Db = Kysely<Database> | Transaction<Database>;
type ContestRow = Selectable<ContestsTable>;

const noContest = () =>
  new HttpError(404, "no_contest", "There is no Inkwell Awards contest at the moment.");

async function activeContest(db: Db): Promise<ContestRow> {
  const row = await db
    .selectFrom("contests")
    .selectAll()
    .where("active", "=", 1)
    .executeTakeFirst();
  if (!row) throw noContest();
  return row;
}

const isOpen = (contest: ContestRow, now: number) => now <= Number(contest.closes_at);

/** GET /v5/contests/wattys: the active contest, for anyone. */
export async function contestInfo(db: Db, now = Date.now()): Promise<ContestInfo> {
  const contest = await activeContest(db);
  return {
    key: contest.key,
    year: Number(contest.year),
    tag: contest.tag,
    closesAt: iso(contest.closes_at),
    isOpen: isOpen(contest, now),
    minWords: Number(contest.min_words),
  };
}

/**
 * Makes `settings` the one active contest, creating or updating it by its key, and every
 * other contest inactive. Submissions to earlier contests stay as they were.
 */
export async function activateContest(db: Db, settings: ContestSettings, now = Date.now()) {
  const activate = async (trx: Kysely<Database>) => {
    // PostgreSQL: two changes at once take turns instead of both finding no other active
    // contest (the index on active would refuse the second). SQLite runs one at a time.
    if (isPostgres(trx)) await sql`LOCK TABLE contests IN SHARE ROW EXCLUSIVE MODE`.execute(trx);
    await trx
      .updateTable("contests")
      .set({ active: 0, updated_at: now })
      .where("active", "=", 1)
      .where("key", "!=", settings.key)
      .execute();
    const values = {
      year: settings.year,
      tag: settings.tag,
      closes_at: settings.closesAt,
      min_words: settings.minWords,
      active: 1 as const,
      updated_at: now,
    };
    await trx
      .insertInto("contests")
      .values({ key: settings.key, ...values, created_at: now })
      .onConflict((oc) => oc.column("key").doUpdateSet(values))
      .execute();
  };
  // The demo seed calls this inside its own transaction; Kysely's do not nest.
  await (db.isTransaction ? activate(db) : db.transaction().execute(activate));
}

/** PUT /v5/contests/wattys: system admins only; a bad body changes nothing. */
export async function setActiveContest(
  db: Kysely<Database>,
  viewer: Viewer,
  body: unknown,
  now = Date.now(),
): Promise<ContestInfo> {
  if (!viewer.isSysAdmin) {
    throw new HttpError(403, "forbidden", "Only system administrators can set the contest.");
  }
  await activateContest(db, contestSettingsFrom(body), now);
  return contestInfo(db, now);
}

const submissionOf = (db: Db, contestKey: string, storyId: number) =>
  db
    .selectFrom("contest_submissions")
    .selectAll()
    .where("contest_key", "=", contestKey)
    .where("story_id", "=", storyId)
    .executeTakeFirst();

/** A story of the viewer's, where it stands in the active contest, and its entry if any. */
async function standing(db: Db, viewer: Viewer, storyId: number) {
  const story = await ownStory(db, viewer, storyId);
  const contest = await activeContest(db);
  const [parts, tags, submission, declined] = await Promise.all([
    db
      .selectFrom("parts")
      .select((eb) => [
        eb.fn.countAll<number | string>().as("count"),
        eb.fn.sum<number | string | null>("word_count").as("words"),
      ])
      .where("story_id", "=", storyId)
      .where("draft", "=", 0)
      .where("deleted", "=", 0)
      .executeTakeFirstOrThrow(),
    tagsOf(db, storyId),
    submissionOf(db, contest.key, storyId),
    db
      .selectFrom("contest_banner_declines")
      .select("story_id")
      .where("contest_key", "=", contest.key)
      .where("story_id", "=", storyId)
      .executeTakeFirst(),
  ]);
  const facts: ContestStoryFacts = {
    // A story still a draft is unpublished, whatever its parts say.
    publishedParts: story.draft === 1 ? 0 : Number(parts.count),
    wordCount: Number(parts.words ?? 0),
    completed: story.completed === 1,
    isPaid: story.is_paid === 1,
    language: contestLanguage(languageById(Number(story.language_id))?.code ?? ""),
  };
  return { story, contest, facts, tags, submission, declined: declined !== undefined };
}

/** GET …/story/{id}/eligibility (§3 eligibility response), for the story's author. */
export async function storyEligibility(
  db: Kysely<Database>,
  viewer: Viewer,
  storyId: number,
): Promise<ContestEligibility> {
  const { story, contest, facts, tags, submission, declined } = await standing(db, viewer, storyId);
  const minWords = Number(contest.min_words);
  return {
    eligibility: submission ? "SUBMITTED" : contestEligibility(facts, minWords),
    // The cover as the story API gives it.
    storyCover: story.cover,
    storyTitle: story.title,
    writerUsername: viewer.username,
    storyLanguage: facts.language,
    storyStatus: facts.completed ? "COMPLETE" : "ONGOING",
    wordCount: facts.wordCount,
    hasContestTag: tags.includes(contest.tag),
    ineligibleBecause: submission ? null : ineligibility(facts, minWords),
    declined,
  };
}

function toSubmission(row: Selectable<ContestSubmissionsTable>): ContestSubmission {
  return {
    ...(JSON.parse(row.entry) as ContestEntry),
    storyId: Number(row.story_id),
    contest: row.contest_key,
    wattys_submitted_time: iso(row.submitted_at),
  };
}

/** GET …/story/{id}/submission: the story's entry in the active contest. */
export async function storySubmission(
  db: Kysely<Database>,
  viewer: Viewer,
  storyId: number,
): Promise<ContestSubmission> {
  await ownStory(db, viewer, storyId);
  const contest = await activeContest(db);
  const row = await submissionOf(db, contest.key, storyId);
  if (!row) {
    throw new HttpError(
      404,
      "not_submitted",
      `This story has not been entered in the ${contest.year} Inkwell Awards.`,
    );
  }
  return toSubmission(row);
}

const alreadySubmitted = () => new HttpError(409, "already_submitted", CONTEST_MESSAGES.submitted);

/**
 * POST /v5/events with `contest_form_view` (§4): the author opened the entry form of a story
 * not yet entered in the active contest. Once a day per story; an entered story's form only
 * shows what was sent, so it is refused (409), as is anyone else's story (403).
 */
export async function recordContestFormView(
  db: Kysely<Database>,
  viewer: Viewer,
  storyId: number,
  now = Date.now(),
): Promise<{ recorded: boolean }> {
  const check = () => ownStory(db, viewer, storyId);
  await check();
  const contest = await activeContest(db);
  if (await submissionOf(db, contest.key, storyId)) throw alreadySubmitted();
  // The story may go with its writer's account meanwhile: then the check's 404 says so.
  return recheckingGone(
    () =>
      recordOnce(
        db.insertInto("contest_form_views").values({
          contest_key: contest.key,
          story_id: storyId,
          day: eventDay(now),
          created_at: now,
        }),
      ),
    check,
  );
}

/**
 * POST …/story/{id}/decline: the author's answer to the banner's invitation, 'Not this story'
 * (docs/decisions/073-contest-banner-thanks.md). Kept for the active contest, once however
 * often it is sent; an entered story is refused (409). Answers the story's standing.
 */
export async function declineBanner(
  db: Kysely<Database>,
  viewer: Viewer,
  storyId: number,
  now = Date.now(),
): Promise<ContestEligibility> {
  const check = () => ownStory(db, viewer, storyId);
  await check();
  const contest = await activeContest(db);
  if (await submissionOf(db, contest.key, storyId)) throw alreadySubmitted();
  // As for the form's view: a story gone meanwhile is the check's 404.
  await recheckingGone(
    () =>
      db
        .insertInto("contest_banner_declines")
        .values({ contest_key: contest.key, story_id: storyId, created_at: now })
        .onConflict((oc) => oc.columns(["contest_key", "story_id"]).doNothing())
        .execute(),
    check,
  );
  return storyEligibility(db, viewer, storyId);
}

/**
 * DELETE …/story/{id}/decline: the author takes 'Not this story' back, from the Awards page,
 * and the banner invites them again. Once gone it stays gone however often it is sent; an
 * entered story's answer may go too (its banner shows the entry either way).
 */
export async function takeBackDecline(
  db: Kysely<Database>,
  viewer: Viewer,
  storyId: number,
): Promise<ContestEligibility> {
  await ownStory(db, viewer, storyId);
  const contest = await activeContest(db);
  await db
    .deleteFrom("contest_banner_declines")
    .where("contest_key", "=", contest.key)
    .where("story_id", "=", storyId)
    .execute();
  return storyEligibility(db, viewer, storyId);
}

/** §8: someone else's story is one the writer has no permission to modify. */
function asEntrant(error: unknown): never {
  if (error instanceof HttpError && error.status === 403) {
    throw new HttpError(403, "forbidden", CONTEST_MESSAGES.noPermission);
  }
  throw error;
}

/**
 * POST …/story/{id}/submission: enters the story in the active contest, once. The story,
 * the contest and the story's standing are checked before the form, and the form by its
 * own rules (contestFormErrors); what is kept is what contestEntry sends, hidden fields
 * left out. Two entries at once: the unique (contest, story) key takes one, the other is
 * told the story is submitted. Nothing is written on any refusal.
 */
export async function submitEntry(
  db: Kysely<Database>,
  viewer: Viewer,
  storyId: number,
  body: unknown,
  now = Date.now(),
): Promise<ContestSubmission> {
  const { contest, facts, submission } = await standing(db, viewer, storyId).catch(asEntrant);
  const year = Number(contest.year);
  if (!isOpen(contest, now)) {
    throw new HttpError(403, "contest_closed", CONTEST_MESSAGES.closed(year));
  }
  if (submission) throw alreadySubmitted();
  const minWords = Number(contest.min_words);
  if (contestEligibility(facts, minWords) !== "ELIGIBLE") {
    throw new HttpError(403, "not_eligible", CONTEST_MESSAGES.notEligible(year));
  }
  const form = contestFormFrom(body, storyId);
  const errors = Object.entries(contestFormErrors(form, { wordCount: facts.wordCount, minWords }));
  const [first] = errors;
  if (first) {
    throw new HttpError(400, "invalid", `${first[0]}: ${first[1]}`, Object.fromEntries(errors));
  }
  // The story may be deleted since it was checked: then the check's 404 says so.
  const row = await recheckingGone(
    () =>
      db
        .insertInto("contest_submissions")
        .values({
          contest_key: contest.key,
          story_id: storyId,
          user_id: viewer.id,
          entry: JSON.stringify(contestEntry(form)),
          submitted_at: now,
        })
        .onConflict((oc) => oc.columns(["contest_key", "story_id"]).doNothing())
        .returningAll()
        .executeTakeFirst(),
    () => ownStory(db, viewer, storyId),
  );
  if (!row) throw alreadySubmitted();
  return toSubmission(row);
}

/** A user's entries, for their data export. */
export async function submissionsOfUser(db: Db, userId: number) {
  const rows = await db
    .selectFrom("contest_submissions")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("id")
    .execute();
  return rows.map(toSubmission);
}

/** A user's 'Not this story' answers, every contest's, for their data export. */
export async function declinesOfUser(db: Db, userId: number) {
  const rows = await db
    .selectFrom("contest_banner_declines")
    .innerJoin("stories", "stories.id", "contest_banner_declines.story_id")
    .select([
      "contest_banner_declines.contest_key",
      "contest_banner_declines.story_id",
      "contest_banner_declines.created_at",
    ])
    .where("stories.user_id", "=", userId)
    .orderBy("contest_banner_declines.created_at")
    .orderBy("contest_banner_declines.story_id")
    .execute();
  return rows.map((row) => ({
    contest: row.contest_key,
    storyId: Number(row.story_id),
    declinedAt: iso(row.created_at),
  }));
}
