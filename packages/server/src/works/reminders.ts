import { partHasContent, REMINDER_AHEAD_MS, REMINDER_WINDOW_MS } from "@inkwell/shared";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { sendMail } from "../mail/mailer.ts";

/**
 * Scheduled parts still to go out, with what their writers are mailed about them: the one
 * query the day-ahead reminders (below) and the publishing run (job.ts) narrow by time.
 */
export function scheduledDrafts(db: Kysely<Database>) {
  return db
    .selectFrom("parts")
    .innerJoin("stories", "stories.id", "parts.story_id")
    .innerJoin("users", "users.id", "stories.user_id")
    .select([
      "parts.id",
      "parts.story_id",
      "parts.title",
      "parts.text",
      "parts.scheduled_at",
      "stories.title as story_title",
      "users.email",
    ])
    .where("parts.draft", "=", 1)
    .where("parts.deleted", "=", 0);
}

/**
 * Emails the author of every scheduled part due in about 24 hours. Each reminder is claimed
 * by inserting its own job_runs row (part and time in the name), so any number of
 * processes send it once; a part scheduled again for another time gets a new reminder. A part
 * that is empty then is not published at its time (job.ts), so its reminder says so instead.
 */
export async function sendDueReminders(db: Kysely<Database>, now = Date.now()): Promise<number> {
  const due = await scheduledDrafts(db)
    .where("parts.scheduled_at", ">", now + REMINDER_AHEAD_MS - REMINDER_WINDOW_MS)
    .where("parts.scheduled_at", "<=", now + REMINDER_AHEAD_MS)
    .execute();
  let sent = 0;
  for (const part of due) {
    if (!part.email || part.scheduled_at === null) continue;
    const claimed = await db
      .insertInto("job_runs")
      .values({ name: `part-reminder:${part.id}:${part.scheduled_at}`, finished_at: now })
      .onConflict((oc) => oc.column("name").doNothing())
      .returning("name")
      .executeTakeFirst();
    if (!claimed) continue;
    const at = new Date(Number(part.scheduled_at)).toUTCString();
    await sendMail(
      db,
      partHasContent(part.text)
        ? {
            to: part.email,
            subject: `${part.title} is published tomorrow`,
            text: `Your part "${part.title}" of ${part.story_title} will be published on ${at}.\n\nYou can still edit it, or change its schedule, until then.`,
          }
        : {
            to: part.email,
            subject: `${part.title} is empty and won't be published tomorrow`,
            text: `Your part "${part.title}" of ${part.story_title} is scheduled for ${at}, but it is empty, so it won't be published then.\n\nWrite something or add a picture before then to keep it scheduled.`,
          },
      now,
    );
    sent++;
  }
  return sent;
}
