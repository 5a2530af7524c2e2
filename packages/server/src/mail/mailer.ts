import type { Kysely } from "kysely";
import nodemailer from "nodemailer";
import type { Database } from "../db/schema.ts";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Extra headers for delivery (List-Unsubscribe); the outbox keeps the text alone. */
  headers?: Record<string, string>;
}

export const MAIL_FROM = process.env.MAIL_FROM ?? "Inkwell <no-reply@inkwell.local>";

/**
 * Every mail is written to the outbox first (the record of what was sent, and what a
 * developer reads at /dev/mail); with SMTP_URL set it is also delivered by SMTP.
 */
export async function sendMail(db: Kysely<Database>, mail: Mail, now = Date.now()): Promise<void> {
  const { id } = await db
    .insertInto("outbox")
    .values({ to_address: mail.to, subject: mail.subject, text_body: mail.text, created_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  const smtpUrl = process.env.SMTP_URL;
  if (!smtpUrl) return;
  try {
    await nodemailer.createTransport(smtpUrl).sendMail({ from: MAIL_FROM, ...mail });
    await db
      .updateTable("outbox")
      .set({ sent_at: Date.now() })
      .where("id", "=", Number(id))
      .execute();
  } catch (error) {
    // The account change stands; the mail stays unsent in the outbox for a retry.
    console.error("SMTP delivery failed", error);
  }
}

export async function recentMail(db: Kysely<Database>, limit = 50) {
  return db.selectFrom("outbox").selectAll().orderBy("id", "desc").limit(limit).execute();
}
