import type { StoryCard } from "@inkwell/shared";
import type { Kysely } from "kysely";
import { claimRun, lastRunOf } from "../db/job-runs.ts";
import type { Database } from "../db/schema.ts";
import { hottest, monthsPicks } from "../home/catalogue.ts";
import { sendMail } from "../mail/mailer.ts";
import { alertsKeyOf, unsubscribeLinks } from "./unsubscribe.ts";

const JOB_PREFIX = "newsletter:";
/** Stories the letter names: the most read, then this month's Premium Picks. */
const MOST_READ_SHOWN = 5;
const PICKS_SHOWN = 3;
const BATCH = 500;

/** The calendar month (UTC) a letter is for: "2026-11". */
const monthOf = (now: number) => new Date(now).toISOString().slice(0, 7);

/**
 * Sends the month's newsletter once the month has begun: the month is claimed by its
 * job_runs row, so of any number of processes one sends it. The first run ever only marks
 * the month: a new site does not mail everyone the day it starts. Answers how many
 * letters went out.
 */
export async function sendDueNewsletter(
  db: Kysely<Database>,
  baseUrl: string,
  now = Date.now(),
): Promise<number> {
  const name = `${JOB_PREFIX}${monthOf(now)}`;
  const last = await lastRunOf(db, JOB_PREFIX);
  if (last !== null && last >= name) return 0;
  if (!(await claimRun(db, name, now)) || last === null) return 0;
  return sendNewsletter(db, baseUrl, now);
}

/**
 * The newsletter the notification settings offer ("Inkwell news, tips and reading picks by
 * email", `subscribe`): the most read stories and this month's Premium Picks, none of them
 * mature, to every reader who opted in and has a verified address. Each letter carries its
 * own unsubscribe link, which stops the newsletter alone.
 */
export async function sendNewsletter(
  db: Kysely<Database>,
  baseUrl: string,
  now = Date.now(),
): Promise<number> {
  const forEveryone = (cards: readonly StoryCard[], shown: number) =>
    cards.filter((card) => !card.mature).slice(0, shown);
  const mostRead = forEveryone(await hottest(db), MOST_READ_SHOWN);
  const picks = forEveryone((await monthsPicks(db, new Date(now))).items, PICKS_SHOWN);
  if (mostRead.length === 0 && picks.length === 0) return 0;
  const month = new Date(now).toLocaleString("en", { month: "long", year: "numeric" });
  const subject = `Your Inkwell reading picks for ${month}`;
  let sent = 0;
  let after = 0;
  for (;;) {
    const readers = await db
      .selectFrom("users")
      .select(["id", "username", "email"])
      .where("notify_subscribe", "=", 1)
      .where("email_verified", "=", 1)
      .where("email", "is not", null)
      .where("id", ">", after)
      .orderBy("id")
      .limit(BATCH)
      .execute();
    for (const reader of readers) {
      if (!reader.email) continue;
      const links = unsubscribeLinks(reader.id, await alertsKeyOf(db, reader.id), "news");
      const text = letterText(reader.username, { mostRead, picks }, baseUrl, links.page);
      const headers = {
        "List-Unsubscribe": `<${baseUrl}${links.oneClick}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      };
      await sendMail(db, { to: reader.email, subject, text, headers }, now);
      sent++;
    }
    const lastRead = readers.at(-1);
    if (!lastRead || readers.length < BATCH) return sent;
    after = lastRead.id;
  }
}

function letterText(
  username: string,
  stories: { mostRead: readonly StoryCard[]; picks: readonly StoryCard[] },
  baseUrl: string,
  unsubscribePath: string,
): string {
  const listed = (heading: string, cards: readonly StoryCard[]) =>
    cards.length === 0
      ? []
      : [
          "",
          heading,
          ...cards.flatMap((card) => [
            `- ${card.title}, by ${card.user.name}`,
            `  ${baseUrl}${card.url}`,
          ]),
        ];
  return [
    `Hi ${username},`,
    "",
    "Here is what readers on Inkwell can't put down this month.",
    ...listed("Most read right now", stories.mostRead),
    ...listed("This month's Premium Picks", stories.picks),
    "",
    `You get this email because you asked for Inkwell news in your settings: ${baseUrl}/settings#notifications`,
    `To stop it: ${baseUrl}${unsubscribePath}`,
  ].join("\n");
}

/** Checks every hour for a month whose newsletter has not gone out, while the server runs. */
export function scheduleNewsletter(
  db: Kysely<Database>,
  baseUrl: string,
  onError: (error: unknown) => void,
): () => void {
  const timer = setInterval(() => sendDueNewsletter(db, baseUrl).catch(onError), 60 * 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
