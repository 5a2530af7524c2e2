import { type AlertKind, MATURE_RATING } from "@inkwell/shared";
import { type Expression, type Kysely, type SqlBool, sql } from "kysely";
import type { Database } from "../db/schema.ts";
import { saleTerms } from "../stories/sale.ts";

/** One piece of news for one reader: what happened, who did it, and where to see it. */
export interface AlertEvent {
  kind: AlertKind;
  recipientId: number;
  /** Who did it: the digest leaves out people the reader muted or blocked, or who blocked them. */
  actorId: number;
  /** Mature stories' news goes only to readers who see mature stories. */
  mature: boolean;
  line: string;
  path: string;
  at: number;
}

export interface Window {
  since: number;
  until: number;
}

type Db = Kysely<Database>;

const quoted = (title: string) => `"${title}"`;

/**
 * The window's half-open test on one time column: from `since`, up to but not at `until`.
 * Plain SQL over a column reference, as a Kysely condition can't be typed for every query.
 */
const within = (column: Expression<number | null>, { since, until }: Window) =>
  sql<SqlBool>`(${column} >= ${since} and ${column} < ${until})`;

/** Comments on a writer's stories, and replies to a reader's comments, by others. */
async function comments(db: Db, window: Window): Promise<AlertEvent[]> {
  const rows = await db
    .selectFrom("comments as c")
    .innerJoin("stories as s", "s.id", "c.story_id")
    .innerJoin("parts as p", "p.id", "c.part_id")
    .innerJoin("users as actor", "actor.id", "c.user_id")
    .leftJoin("comments as parent", (join) =>
      join.onRef("parent.id", "=", "c.parent_id").on("parent.deleted", "=", 0),
    )
    .select([
      "c.id",
      "c.user_id",
      "c.part_id",
      "c.created_at",
      "s.user_id as writer_id",
      "s.title as story_title",
      "s.rating",
      "p.title as part_title",
      sql<SqlBool>`(s.draft = 1 or p.draft = 1)`.as("unpublished"),
      "actor.username",
      "parent.user_id as parent_author_id",
    ])
    .where(({ ref }) => within(ref("c.created_at"), window))
    .where("c.deleted", "=", 0)
    .where("s.deleted", "=", 0)
    .where("p.deleted", "=", 0)
    .orderBy("c.id")
    .execute();
  const events: AlertEvent[] = [];
  for (const row of rows) {
    const base = {
      kind: "comments" as const,
      actorId: row.user_id,
      mature: row.rating === MATURE_RATING,
      path: `/${row.part_id}`,
      at: row.created_at,
    };
    const parentAuthor = row.parent_author_id;
    // A part its writer has since unpublished is theirs alone to open: no one else hears of it.
    if (parentAuthor !== null && parentAuthor !== row.user_id && !row.unpublished) {
      events.push({
        ...base,
        recipientId: parentAuthor,
        line: `${row.username} replied to your comment on ${quoted(row.part_title)}`,
      });
    }
    // A reply to the writer's own comment has told them already.
    if (row.writer_id !== row.user_id && row.writer_id !== parentAuthor) {
      events.push({
        ...base,
        recipientId: row.writer_id,
        line: `${row.username} commented on ${quoted(row.part_title)} of ${row.story_title}`,
      });
    }
  }
  return events;
}

async function followers(db: Db, window: Window): Promise<AlertEvent[]> {
  const rows = await db
    .selectFrom("follows as f")
    .innerJoin("users as actor", "actor.id", "f.follower_id")
    .select(["f.follower_id", "f.followee_id", "f.created_at", "actor.username"])
    .where(({ ref }) => within(ref("f.created_at"), window))
    .orderBy("f.created_at")
    .execute();
  return rows.map((row) => ({
    kind: "followers",
    recipientId: row.followee_id,
    actorId: row.follower_id,
    mature: false,
    line: `${row.username} started following you`,
    path: `/user/${encodeURIComponent(row.username)}`,
    at: row.created_at,
  }));
}

/** Private messages still unread, one line per sender. */
async function messages(db: Db, window: Window): Promise<AlertEvent[]> {
  const rows = await db
    .selectFrom("messages as m")
    .innerJoin("users as actor", "actor.id", "m.sender_id")
    .select(({ fn }) => [
      "m.sender_id",
      "m.recipient_id",
      "actor.username",
      fn.countAll<number>().as("count"),
      fn.max("m.created_at").as("at"),
    ])
    .where(({ ref }) => within(ref("m.created_at"), window))
    .where("m.read_at", "is", null)
    .where("m.deleted_by_recipient", "=", 0)
    .groupBy(["m.sender_id", "m.recipient_id", "actor.username"])
    .orderBy("at")
    .execute();
  return rows.map((row) => {
    const count = Number(row.count);
    return {
      kind: "messages",
      recipientId: row.recipient_id,
      actorId: row.sender_id,
      mature: false,
      line: `${row.username} sent you ${count === 1 ? "a message" : `${count} messages`}`,
      path: `/inbox/${encodeURIComponent(row.username)}`,
      at: Number(row.at),
    };
  });
}

/** Messages others left on the reader's profile. */
async function profileMessages(db: Db, window: Window): Promise<AlertEvent[]> {
  const rows = await db
    .selectFrom("profile_messages as m")
    .innerJoin("users as actor", "actor.id", "m.user_id")
    .innerJoin("users as owner", "owner.id", "m.profile_user_id")
    .select([
      "m.user_id",
      "m.profile_user_id",
      "m.created_at",
      "actor.username",
      "owner.username as owner",
    ])
    .where(({ ref }) => within(ref("m.created_at"), window))
    .whereRef("m.user_id", "!=", "m.profile_user_id")
    .orderBy("m.id")
    .execute();
  return rows.map((row) => ({
    kind: "profileMessages",
    recipientId: row.profile_user_id,
    actorId: row.user_id,
    mature: false,
    line: `${row.username} left a message on your profile`,
    path: `/user/${encodeURIComponent(row.owner)}`,
    at: row.created_at,
  }));
}

/** Parts published in the window, with their stories, as both update kinds need them. */
function publishedParts(db: Db, window: Window) {
  return db
    .selectFrom("parts as p")
    .innerJoin("stories as s", "s.id", "p.story_id")
    .innerJoin("users as writer", "writer.id", "s.user_id")
    .where(({ ref }) => within(ref("p.published_at"), window))
    .where("p.draft", "=", 0)
    .where("p.deleted", "=", 0)
    .where("s.draft", "=", 0)
    .where("s.deleted", "=", 0);
}

/** A story's news comes from its writer, and is mature when the story is. */
const fromWriter = (row: { writer_id: number; rating: number }) => ({
  actorId: row.writer_id,
  mature: row.rating === MATURE_RATING,
});

/** The Library's news of a story, for a reader who keeps it there. */
const libraryNews = (row: { reader_id: number; writer_id: number; rating: number }) => ({
  kind: "libraryParts" as const,
  recipientId: row.reader_id,
  ...fromWriter(row),
});

/** New parts of stories readers keep in their Library (not archived). */
async function libraryParts(db: Db, window: Window): Promise<AlertEvent[]> {
  const rows = await publishedParts(db, window)
    .innerJoin("library_stories as l", "l.story_id", "s.id")
    .select([
      "p.id",
      "p.title",
      "p.published_at",
      "s.title as story_title",
      "s.rating",
      "s.user_id as writer_id",
      "l.user_id as reader_id",
    ])
    .where("l.archived", "=", 0)
    .whereRef("l.user_id", "!=", "s.user_id")
    .orderBy("p.published_at")
    .execute();
  return rows.map((row) => ({
    ...libraryNews(row),
    line: `New part of ${row.story_title}: ${quoted(row.title)}`,
    path: `/${row.id}`,
    at: Number(row.published_at),
  }));
}

/**
 * Sales begun in the window (decision 054) of stories readers keep in their Library, still
 * on when the window ends, for readers who have a published paid part left to unlock.
 */
async function librarySales(db: Db, window: Window): Promise<AlertEvent[]> {
  const rows = await db
    .selectFrom("stories as s")
    .innerJoin("library_stories as l", "l.story_id", "s.id")
    .select([
      "s.id",
      "s.title",
      "s.rating",
      "s.user_id as writer_id",
      "s.sale_percent",
      "s.sale_ends_at",
      "s.sale_started_at",
      "l.user_id as reader_id",
    ])
    .where(({ ref }) => within(ref("s.sale_started_at"), window))
    .where("s.sale_ends_at", ">", window.until)
    .where("s.is_paid", "=", 1)
    .where("s.draft", "=", 0)
    .where("s.deleted", "=", 0)
    .where("l.archived", "=", 0)
    .whereRef("l.user_id", "!=", "s.user_id")
    // A sale is news only to a reader with a published paid part still to unlock.
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("parts as locked")
          .select("locked.id")
          .whereRef("locked.story_id", "=", "s.id")
          .where("locked.paywalled", "=", 1)
          .where("locked.draft", "=", 0)
          .where("locked.deleted", "=", 0)
          .where((inner) =>
            inner.not(
              inner.exists(
                inner
                  .selectFrom("part_unlocks as bought")
                  .select("bought.part_id")
                  .whereRef("bought.part_id", "=", "locked.id")
                  .whereRef("bought.user_id", "=", "l.user_id"),
              ),
            ),
          ),
      ),
    )
    .orderBy("s.sale_started_at")
    .execute();
  return rows.map((row) => ({
    ...libraryNews(row),
    line: `${row.title} is on sale: ${saleTerms({
      percent: Number(row.sale_percent),
      endsAt: new Date(Number(row.sale_ends_at)).toISOString(),
    })}`,
    path: `/story/${row.id}`,
    at: Number(row.sale_started_at),
  }));
}

/** Stories whose first part came out in the window, for their writers' followers. */
async function followedStories(db: Db, window: Window): Promise<AlertEvent[]> {
  const rows = await publishedParts(db, window)
    .innerJoin("follows as f", "f.followee_id", "s.user_id")
    .select(({ fn }) => [
      "s.id",
      "s.title",
      "s.rating",
      "s.user_id as writer_id",
      "writer.username",
      "f.follower_id",
      fn.min("p.published_at").as("at"),
    ])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("parts as earlier")
            .select("earlier.id")
            .whereRef("earlier.story_id", "=", "s.id")
            .where("earlier.draft", "=", 0)
            .where("earlier.deleted", "=", 0)
            .where("earlier.published_at", "<", window.since),
        ),
      ),
    )
    .groupBy(["s.id", "s.title", "s.rating", "s.user_id", "writer.username", "f.follower_id"])
    .orderBy("at")
    .execute();
  return rows.map((row) => ({
    kind: "followedStories",
    recipientId: row.follower_id,
    ...fromWriter(row),
    line: `${row.username} published a new story: ${row.title}`,
    path: `/story/${row.id}`,
    at: Number(row.at),
  }));
}

const GATHERERS: Record<AlertKind, (db: Db, window: Window) => Promise<AlertEvent[]>> = {
  comments,
  followers,
  messages,
  profileMessages,
  // The Library's news: its stories' new parts and their sales.
  libraryParts: async (db, window) =>
    (await Promise.all([libraryParts(db, window), librarySales(db, window)])).flat(),
  followedStories,
};

/** Everything that happened in the window that someone may be mailed about. */
export async function gatherAlertEvents(db: Db, window: Window): Promise<AlertEvent[]> {
  const found = await Promise.all(Object.values(GATHERERS).map((gather) => gather(db, window)));
  return found.flat();
}
