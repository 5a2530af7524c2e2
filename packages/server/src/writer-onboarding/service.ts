import type {
  FinishedStory,
  UserType,
  WriterOnboarding,
  WriterOnboardingChanges,
  WriterStage,
} from "@inkwell/shared";
import type { Kysely, Updateable } from "kysely";
import type { Database, UsersTable } from "../db/schema.ts";
import { readerSignalsChanged } from "../events.ts";
import { badRequest } from "../http/errors.ts";
import { lockUsers } from "../safety/relations.ts";
import { isoOrNull } from "../stories/cards.ts";
import type { Viewer } from "../viewer.ts";

/** The signed-in user's questionnaire answers and whether they dismissed the /myworks tooltip. */
export async function writerOnboarding(
  db: Kysely<Database>,
  viewer: Viewer,
): Promise<WriterOnboarding> {
  const row = await db
    .selectFrom("users")
    .select([
      "writer_user_type",
      "writer_stage",
      "writer_finished_story",
      "writer_answered_at",
      "writer_tip_dismissed",
    ])
    .where("id", "=", viewer.id)
    .executeTakeFirstOrThrow();
  return {
    user_type: row.writer_user_type as UserType | null,
    writer_stage: row.writer_stage as WriterStage | null,
    finished_story: row.writer_finished_story as FinishedStory | null,
    answered_at: isoOrNull(row.writer_answered_at),
    tooltip_dismissed: Number(row.writer_tip_dismissed) === 1,
  };
}

type Answers = Pick<WriterOnboarding, "user_type" | "writer_stage" | "finished_story">;

/** §4: a reader, or a motivation of none (or a skip), ends the path before the novel question. */
const endsBeforeNovel = (
  userType: UserType | null | undefined,
  stage: WriterStage | null | undefined,
) => userType === "reader" || stage === null || stage === "none";

/**
 * An answer that ends the path clears the later answers it makes moot, unless the same
 * request names them.
 */
function clearMootAnswers(changes: WriterOnboardingChanges): WriterOnboardingChanges {
  const cleared = { ...changes };
  if (cleared.user_type === "reader") cleared.writer_stage ??= null;
  if (endsBeforeNovel(cleared.user_type, cleared.writer_stage)) cleared.finished_story ??= null;
  return cleared;
}

/** Answers the questionnaire could not have led to (decision 110). */
function checkAnswersAgree(answers: Answers): void {
  if (answers.user_type === "reader" && answers.writer_stage !== null) {
    const message = "A reader answers no writing questions: writer_stage is for writers.";
    throw badRequest(message, { writer_stage: message });
  }
  if (answers.finished_story !== null && endsBeforeNovel(answers.user_type, answers.writer_stage)) {
    const message = "finished_story follows a writer_stage other than none.";
    throw badRequest(message, { finished_story: message });
  }
}

/**
 * Records the answers given (each step of the questionnaire sends its own; null is a skip)
 * and the tooltip's dismissal; what is not named stays as it was. The answers are checked
 * and written with the user's row locked, so saves at once follow one another and never
 * store a mix the questions refuse.
 */
export async function saveWriterOnboarding(
  db: Kysely<Database>,
  viewer: Viewer,
  given: WriterOnboardingChanges,
): Promise<WriterOnboarding> {
  const changes = clearMootAnswers(given);
  const set: Updateable<UsersTable> = {};
  if (changes.user_type !== undefined) set.writer_user_type = changes.user_type;
  if (changes.writer_stage !== undefined) set.writer_stage = changes.writer_stage;
  if (changes.finished_story !== undefined) set.writer_finished_story = changes.finished_story;
  const answered = Object.keys(set).length > 0;
  if (answered) set.writer_answered_at = Date.now();
  if (changes.tooltip_dismissed !== undefined) {
    set.writer_tip_dismissed = changes.tooltip_dismissed ? 1 : 0;
  }
  await db.transaction().execute(async (trx) => {
    await lockUsers(trx, [viewer.id]);
    const current = await writerOnboarding(trx, viewer);
    checkAnswersAgree({
      user_type: changes.user_type === undefined ? current.user_type : changes.user_type,
      writer_stage:
        changes.writer_stage === undefined ? current.writer_stage : changes.writer_stage,
      finished_story:
        changes.finished_story === undefined ? current.finished_story : changes.finished_story,
    });
    if (Object.keys(set).length > 0) {
      await trx.updateTable("users").set(set).where("id", "=", viewer.id).execute();
    }
  });
  // The home feed's welcome card leads to the questionnaire until it is answered.
  if (answered) readerSignalsChanged(viewer.id);
  return writerOnboarding(db, viewer);
}
