import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { sendMail } from "../mail/mailer.ts";

/** What a writer is told, in words that take the story's title. */
export interface WriterMessage {
  subject: (title: string) => string;
  lines: (title: string) => string[];
}

/**
 * Mails a story's writer what staff changed in it (its details, cover, or place in the Paid
 * Stories programme): nobody should find their story changed without a word. Writers
 * without an email address are told nothing.
 */
export async function tellWriter(
  db: Kysely<Database>,
  storyId: number,
  message: WriterMessage,
  now = Date.now(),
): Promise<void> {
  const writer = await db
    .selectFrom("stories")
    .innerJoin("users", "users.id", "stories.user_id")
    .select(["stories.title", "users.username", "users.email"])
    .where("stories.id", "=", storyId)
    .executeTakeFirst();
  if (!writer?.email) return;
  const text = [`Hi ${writer.username},`, "", ...message.lines(writer.title)].join("\n");
  await sendMail(db, { to: writer.email, subject: message.subject(writer.title), text }, now);
}
