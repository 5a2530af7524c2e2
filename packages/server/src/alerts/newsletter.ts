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
 * mature, to every reader who opted in and has a verified address. Each reader's letter
 * leaves out what their story lists would (hiddenStories); one left with nothing is not
 * sent. Each letter carries its own unsubscribe link, which stops the newsletter alone.
 */
export async function sendNewsletter(
  db: Kysely<Database>,
  baseUrl: string,
  now = Date.now(),
): Promise<number> {
  // Every candidate, not only the first few: those a reader hides make way for the next.
  const forEveryone = (cards: readonly StoryCard[]) => cards.filter((card) => !card.mature);
  const mostRead = forEveryone(await hottest(db));
  const picks = forEveryone((await monthsPicks(db, new Date(now))).items);
  if (mostRead.length === 0 && picks.length === 0) return 0;
  const storyIds = [...new Set([...mostRead, ...picks].map((card) => card.id))];
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
    const hidden = await hiddenStories(
      db,
      readers.map((reader) => reader.id),
      storyIds,
    );
    for (const reader of readers) {
      if (!reader.email) continue;
      const theirs = hidden.get(reader.id);
      const shown = (cards: readonly StoryCard[], count: number) =>
        cards.filter((card) => !theirs?.has(card.id)).slice(0, count);
      const stories = {
        mostRead: shown(mostRead, MOST_READ_SHOWN),
        picks: shown(picks, PICKS_SHOWN),
      };
      if (stories.mostRead.length === 0 && stories.picks.length === 0) continue;
      const links = unsubscribeLinks(reader.id, await alertsKeyOf(db, reader.id), "news");
      const text = letterText(reader.username, stories, baseUrl, links.page);
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

/**
 * Which of `storyIds` each of `readerIds` would not see in a story list (as
 * safety/visibility.ts hiddenFromReader): by someone they muted or blocked or who blocked
 * them, or carrying a tag they blocked. One query for a batch of readers, not one a reader.
 */
async function hiddenStories(
  db: Kysely<Database>,
  readerIds: readonly number[],
  storyIds: readonly number[],
): Promise<Map<number, Set<number>>> {
  const hidden = new Map<number, Set<number>>();
  if (readerIds.length === 0 || storyIds.length === 0) return hidden;
  const candidates = () =>
    db.selectFrom("stories").select("stories.id as story_id").where("stories.id", "in", storyIds);
  const rows = await candidates()
    .innerJoin("user_mutes", "user_mutes.muted_id", "stories.user_id")
    .select("user_mutes.muter_id as reader_id")
    .where("user_mutes.muter_id", "in", readerIds)
    .union(
      candidates()
        .innerJoin("user_blocks", "user_blocks.blocked_id", "stories.user_id")
        .select("user_blocks.blocker_id as reader_id")
        .where("user_blocks.blocker_id", "in", readerIds),
    )
    .union(
      candidates()
        .innerJoin("user_blocks", "user_blocks.blocker_id", "stories.user_id")
        .select("user_blocks.blocked_id as reader_id")
        .where("user_blocks.blocked_id", "in", readerIds),
    )
    .union(
      db
        .selectFrom("blocked_tags")
        .innerJoin("tags", "tags.name", "blocked_tags.tag")
        .innerJoin("story_tags", "story_tags.tag_id", "tags.id")
        .select(["story_tags.story_id as story_id", "blocked_tags.user_id as reader_id"])
        .where("blocked_tags.user_id", "in", readerIds)
        .where("story_tags.story_id", "in", storyIds),
    )
    .execute();
  for (const row of rows) {
    const readerId = Number(row.reader_id);
    const set = hidden.get(readerId) ?? new Set<number>();
    set.add(Number(row.story_id));
    hidden.set(readerId, set);
  }
  return hidden;
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
