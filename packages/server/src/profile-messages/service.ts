import {
  ANNOUNCEMENT_WINDOW_MS,
  ANNOUNCEMENTS_PER_DAY,
  cleanMessageText,
  LATEST_REPLIES_SHOWN,
  PROFILE_MESSAGE_TEXTS,
  type ProfileMessage,
  type ProfileMessagePage,
  type ProfileMessageReplies,
  profileMessageProblem,
} from "@inkwell/shared";
import { type Kysely, sql, type Transaction } from "kysely";
import { assertVerified } from "../comments/posting.ts";
import { recheckingGone } from "../db/constraint-errors.ts";
import { countOf } from "../db/count.ts";
import type { Database } from "../db/schema.ts";
import { badRequest, HttpError, notFound } from "../http/errors.ts";
import { assertNotTimedOut } from "../moderation/service.ts";
import { blockedEitherWay, hiddenAuthorIds, isBlocked, lockUsers } from "../safety/relations.ts";
import { iso, toUserSummary, USER_SUMMARY_COLUMNS } from "../stories/cards.ts";
import { userNamed } from "../users/service.ts";
import type { MaybeViewer, Viewer } from "../viewer.ts";

type Db = Kysely<Database>;
type Owner = Awaited<ReturnType<typeof userNamed>>;

/** A page walked newest first: `limit` rows with ids below `before` (the last page's end). */
export interface MessagePageQuery {
  limit: number;
  before?: number;
}

/**
 * The messages on one profile the viewer may see: none by people the owner blocked (a
 * block clears the blocked user's messages from the blocker's profile, for everyone), and
 * none by `hidden`, the people the viewer muted or blocked or who blocked them.
 */
function messagesOn(db: Db, ownerId: number, hidden: number[]) {
  const query = db
    .selectFrom("profile_messages")
    .innerJoin("users", "users.id", "profile_messages.user_id")
    .select([
      "profile_messages.id",
      "profile_messages.user_id",
      "profile_messages.parent_id",
      "profile_messages.body",
      "profile_messages.created_at",
      ...USER_SUMMARY_COLUMNS,
    ])
    .where("profile_messages.profile_user_id", "=", ownerId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("user_blocks")
            .select("user_blocks.blocked_id")
            .where("user_blocks.blocker_id", "=", ownerId)
            .whereRef("user_blocks.blocked_id", "=", "profile_messages.user_id"),
        ),
      ),
    );
  return hidden.length === 0 ? query : query.where("profile_messages.user_id", "not in", hidden);
}

type MessageQuery = ReturnType<typeof messagesOn>;
type MessageRow = Awaited<ReturnType<MessageQuery["executeTakeFirstOrThrow"]>>;

/** The profile's owner, the author, ambassadors and system admins may delete a message. */
const mayDelete = (row: { user_id: number }, owner: Owner, viewer: MaybeViewer): boolean =>
  viewer !== null &&
  (viewer.id === Number(row.user_id) ||
    viewer.id === owner.id ||
    viewer.isAmbassador ||
    viewer.isSysAdmin);

interface Thread {
  replies: MessageRow[];
  total: number;
}

function toMessage(
  row: MessageRow,
  owner: Owner,
  viewer: MaybeViewer,
  thread: Thread = { replies: [], total: 0 },
): ProfileMessage {
  return {
    id: Number(row.id),
    body: row.body,
    createDate: iso(row.created_at),
    from: toUserSummary(row),
    parentId: row.parent_id === null ? null : Number(row.parent_id),
    numReplies: thread.total,
    latestReplies: thread.replies.map((reply) => toMessage(reply, owner, viewer)),
    canDelete: mayDelete(row, owner, viewer),
  };
}

/** One newest-first page of a query, with the cursor of the page after it. */
async function newestFirst(query: MessageQuery, page: MessagePageQuery) {
  const rows = await (page.before === undefined
    ? query
    : query.where("profile_messages.id", "<", page.before)
  )
    .orderBy("profile_messages.id", "desc")
    .limit(page.limit + 1)
    .execute();
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return { rows: shown, before: rows.length > page.limit && last ? Number(last.id) : null };
}

const pageUrl = (path: string, limit: number, before: number | null) =>
  before === null
    ? null
    : `${path}?${new URLSearchParams({ limit: String(limit), before: String(before) })}`;

const messagesPath = (owner: Owner) =>
  `/api/v3/users/${encodeURIComponent(owner.username)}/messages`;

/**
 * Each message's visible replies: how many, and the latest few (oldest first), in one
 * query for a whole page of messages.
 */
async function threadsOf(
  db: Db,
  owner: Owner,
  hidden: number[],
  parents: MessageRow[],
): Promise<Map<number, Thread>> {
  const threads = new Map<number, Thread>();
  if (parents.length === 0) return threads;
  const numbered = messagesOn(db, owner.id, hidden)
    .select([
      sql<number>`row_number() over (partition by profile_messages.parent_id order by profile_messages.id desc)`.as(
        "place",
      ),
      sql<number>`count(*) over (partition by profile_messages.parent_id)`.as("total"),
    ])
    .where(
      "profile_messages.parent_id",
      "in",
      parents.map((row) => Number(row.id)),
    );
  const rows = await db
    .selectFrom(numbered.as("replies"))
    .selectAll()
    .where("place", "<=", LATEST_REPLIES_SHOWN)
    .orderBy("id")
    .execute();
  for (const row of rows) {
    const parentId = Number(row.parent_id);
    const thread = threads.get(parentId) ?? { replies: [], total: Number(row.total) };
    thread.replies.push(row);
    threads.set(parentId, thread);
  }
  return threads;
}

/**
 * Why the viewer cannot post on the owner's profile: a time-out, or a block either way
 * (accounts-safety-messaging.md §6: a blocked account cannot post on the blocker's profile).
 */
async function assertMayPost(db: Db, viewer: Viewer, owner: Owner, now: number): Promise<void> {
  assertNotTimedOut(viewer, now);
  if (viewer.id === owner.id || !(await blockedEitherWay(db, viewer.id, owner.id))) return;
  const mine = await isBlocked(db, viewer.id, owner.id);
  throw new HttpError(
    403,
    "blocked",
    mine ? PROFILE_MESSAGE_TEXTS.blocked(owner.name) : PROFILE_MESSAGE_TEXTS.cannotPost,
  );
}

/** The refusal's words for the composer's notice, or null when the viewer may post. */
async function postingNotice(db: Db, viewer: MaybeViewer, owner: Owner): Promise<string | null> {
  if (!viewer) return null;
  try {
    await assertMayPost(db, viewer, owner, Date.now());
    return null;
  } catch (error) {
    if (error instanceof HttpError) return error.message;
    throw error;
  }
}

/** The profile's owner, and the people whose messages the viewer does not see. */
async function profileSeenBy(db: Db, viewer: MaybeViewer, username: string) {
  const [owner, hidden] = await Promise.all([userNamed(db, username), hiddenAuthorIds(db, viewer)]);
  return { owner, hidden: [...hidden] };
}

/** A profile's messages, newest first, each with its reply count and latest replies. */
export async function listMessages(
  db: Db,
  viewer: MaybeViewer,
  username: string,
  page: MessagePageQuery,
): Promise<ProfileMessagePage> {
  const { owner, hidden } = await profileSeenBy(db, viewer, username);
  const onProfile = messagesOn(db, owner.id, hidden).where(
    "profile_messages.parent_id",
    "is",
    null,
  );
  const [{ rows, before }, total, notice] = await Promise.all([
    newestFirst(onProfile, page),
    countOf(onProfile),
    postingNotice(db, viewer, owner),
  ]);
  const threads = await threadsOf(db, owner, hidden, rows);
  return {
    messages: rows.map((row) => toMessage(row, owner, viewer, threads.get(Number(row.id)))),
    total,
    nextUrl: pageUrl(messagesPath(owner), page.limit, before),
    notice,
  };
}

/**
 * A message on the profile the viewer may see, or a 404: a reply is visible only with
 * the message it replies to.
 */
async function visibleMessage(db: Db, owner: Pick<Owner, "id">, hidden: number[], id: number) {
  const row = await messagesOn(db, owner.id, hidden)
    .where("profile_messages.id", "=", id)
    .executeTakeFirst();
  if (!row) throw notFound("Message");
  if (row.parent_id !== null) await visibleMessage(db, owner, hidden, Number(row.parent_id));
  return row;
}

/** A message on whichever profile holds it, if the viewer may see it there, or a 404. */
export async function readableProfileMessage(db: Db, viewer: MaybeViewer, id: number) {
  const [row, hidden] = await Promise.all([
    db
      .selectFrom("profile_messages")
      .select("profile_user_id")
      .where("id", "=", id)
      .executeTakeFirst(),
    hiddenAuthorIds(db, viewer),
  ]);
  if (!row) throw notFound("Message");
  return visibleMessage(db, { id: Number(row.profile_user_id) }, [...hidden], id);
}

/** The thread a message belongs to: its own, or for a reply the message it replies to. */
const threadIdOf = (row: MessageRow) => Number(row.parent_id ?? row.id);

/** A message's replies, older than `before`, shown oldest first. */
export async function listReplies(
  db: Db,
  viewer: MaybeViewer,
  username: string,
  messageId: number,
  page: MessagePageQuery,
): Promise<ProfileMessageReplies> {
  const { owner, hidden } = await profileSeenBy(db, viewer, username);
  const threadId = threadIdOf(await visibleMessage(db, owner, hidden, messageId));
  const replies = messagesOn(db, owner.id, hidden).where(
    "profile_messages.parent_id",
    "=",
    threadId,
  );
  const [{ rows, before }, total] = await Promise.all([
    newestFirst(replies, page),
    countOf(replies),
  ]);
  return {
    replies: rows.reverse().map((row) => toMessage(row, owner, viewer)),
    total,
    nextUrl: pageUrl(`${messagesPath(owner)}/${threadId}/replies`, page.limit, before),
  };
}

/**
 * Holds the owner's users row (lockUsers) and refuses their own message on their own
 * profile, an announcement, when they made ANNOUNCEMENTS_PER_DAY in the last 24 hours (429),
 * so posts at the same moment count one after the other and never pass the limit together.
 */
async function assertMayAnnounce(trx: Transaction<Database>, ownerId: number, now: number) {
  await lockUsers(trx, [ownerId]);
  const recent = await trx
    .selectFrom("profile_messages")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("profile_user_id", "=", ownerId)
    .where("parent_id", "is", null)
    .where("user_id", "=", ownerId)
    .where("created_at", ">", now - ANNOUNCEMENT_WINDOW_MS)
    .executeTakeFirstOrThrow();
  if (Number(recent.n) >= ANNOUNCEMENTS_PER_DAY) {
    throw new HttpError(429, "announcement_limit", PROFILE_MESSAGE_TEXTS.announcementLimit);
  }
}

/**
 * Where a message goes: the profile's owner, whom the viewer may post to, and for a reply
 * the thread, which must be visible to them.
 */
async function postingTarget(
  db: Db,
  viewer: Viewer,
  username: string,
  replyTo: number | undefined,
  now: number,
) {
  const { owner, hidden } = await profileSeenBy(db, viewer, username);
  await assertMayPost(db, viewer, owner, now);
  const parentId =
    replyTo === undefined ? null : threadIdOf(await visibleMessage(db, owner, hidden, replyTo));
  return { owner, hidden, parentId };
}

/**
 * Posts a message on a profile, or with `replyTo` a reply in that message's thread (a
 * reply to a reply joins the thread: replies are one level deep). The text is kept as
 * plain text: line breaks normalised, control and direction-override characters removed.
 * The owner's own messages on their profile are announcements, held to a daily number.
 */
export async function postMessage(
  db: Db,
  viewer: Viewer,
  username: string,
  input: { body: string; replyTo?: number },
  now = Date.now(),
): Promise<ProfileMessage> {
  assertNotTimedOut(viewer, now);
  const problem = profileMessageProblem(input.body);
  if (problem) throw badRequest(problem, { body: problem });
  await assertVerified(db, viewer, "post messages");
  const check = () => postingTarget(db, viewer, username, input.replyTo, now);
  const { owner, hidden, parentId } = await check();
  // Read back in the insert's transaction, which the owner's account closing waits for (the
  // insert holds their row), so a message that went in is answered; one that met the owner
  // or the thread gone answers the check's 404 (decision 119).
  const write = () =>
    db.transaction().execute(async (trx) => {
      if (parentId === null && owner.id === viewer.id) await assertMayAnnounce(trx, owner.id, now);
      const inserted = await trx
        .insertInto("profile_messages")
        .values({
          profile_user_id: owner.id,
          user_id: viewer.id,
          parent_id: parentId,
          body: cleanMessageText(input.body),
          created_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return visibleMessage(trx, owner, hidden, Number(inserted.id));
    });
  return toMessage(await recheckingGone(write, check), owner, viewer);
}

/** Deletes a message the viewer may see and may delete, with its replies (the cascade). */
export async function deleteMessage(
  db: Db,
  viewer: Viewer,
  username: string,
  messageId: number,
): Promise<void> {
  const { owner, hidden } = await profileSeenBy(db, viewer, username);
  const row = await visibleMessage(db, owner, hidden, messageId);
  if (!mayDelete(row, owner, viewer)) {
    throw new HttpError(403, "forbidden", "You can't delete this message.");
  }
  await db.deleteFrom("profile_messages").where("id", "=", Number(row.id)).execute();
}
