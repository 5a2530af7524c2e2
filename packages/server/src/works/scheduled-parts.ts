import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

/**
 * Scheduled parts still to go out, with what their writers are mailed about them: the one
 * query the publishing run (job.ts) and the day-ahead reminders (reminders.ts) narrow by time.
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
