import { partHasContent } from "@inkwell/shared";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { sendMail } from "../mail/mailer.ts";
import { recountStory } from "./parts.ts";
import { scheduledDrafts, sendDueReminders } from "./reminders.ts";

/** Scheduled parts go out within this long of their time. */
export const PUBLISH_CHECK_MS = 30_000;

/**
 * Publishes every scheduled part that is due. Each part is claimed by a conditional
 * UPDATE (still a draft, still due): of several runners racing, exactly one changes the
 * row and goes on to recount its story. Answers how many parts this runner published.
 * A writer in a moderator's time-out publishes nothing, as publishing now refuses them:
 * their due parts go out once it ends. A part emptied since it was scheduled is refused as
 * publishing it would be: it stays a draft, off the schedule, rather than go out blank or
 * later, the moment its first word is saved; its writer is mailed, as they expected it out
 * (decision 090).
 */
export async function publishDueParts(db: Kysely<Database>, now = Date.now()): Promise<number> {
  const due = await scheduledDrafts(db)
    .where("parts.scheduled_at", "<=", now)
    .where((eb) =>
      eb.or([eb("users.timed_out_until", "is", null), eb("users.timed_out_until", "<=", now)]),
    )
    .execute();
  let published = 0;
  for (const part of due) {
    const empty = !partHasContent(part.text);
    const claimed = await db
      .updateTable("parts")
      .set(
        empty
          ? { scheduled_at: null, modify_date: now }
          : { draft: 0, published_at: now, scheduled_at: null, modify_date: now },
      )
      .where("id", "=", part.id)
      .where("draft", "=", 1)
      .where("deleted", "=", 0)
      .where("scheduled_at", "<=", now)
      // Judged on the text read above: a save since then waits for the next run.
      .where("text", "=", part.text)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    if (empty) {
      if (part.email) await sendMail(db, notPublishedMail({ ...part, to: part.email }), now);
      continue;
    }
    published++;
    await recountStory(db, Number(part.story_id));
  }
  return published;
}

/** What the writer of a part emptied before its time is told once its schedule is dropped. */
function notPublishedMail(part: {
  to: string;
  title: string;
  story_title: string;
  scheduled_at: number | null;
}) {
  const at = new Date(Number(part.scheduled_at)).toUTCString();
  return {
    to: part.to,
    subject: `${part.title} was not published`,
    text: `Your part "${part.title}" of ${part.story_title} was scheduled for ${at}, but it was empty, so it was not published. It is a draft again, no longer scheduled: write something or add a picture, then publish or schedule it.`,
  };
}

/**
 * Publishes due parts, and sends the 24-hour reminders, while the server runs; every
 * process may run it (see above and reminders.ts).
 */
export function scheduleDuePublishing(
  db: Kysely<Database>,
  onError: (error: unknown) => void,
): () => void {
  const timer = setInterval(
    () =>
      publishDueParts(db)
        .then(() => sendDueReminders(db))
        .catch(onError),
    PUBLISH_CHECK_MS,
  );
  timer.unref();
  return () => clearInterval(timer);
}
