import {
  type AutocompleteUser,
  type Conversation,
  cleanMessageText,
  INBOX_NOTICES,
  type InboxFilter,
  type InboxMessage,
  type InboxThread,
  type InboxThreadList,
  MESSAGE_MAX_LENGTH,
} from "@inkwell/shared";
import { type ExpressionBuilder, type Kysely, sql } from "kysely";
import { readFeatures } from "../accounts/features.ts";
import { likeStart } from "../db/like.ts";
import type { Database } from "../db/schema.ts";
import { badRequest, HttpError, notFound } from "../http/errors.ts";
import { assertNotTimedOut } from "../moderation/service.ts";
import {
  blockedEitherWay,
  hiddenAuthorIds,
  isBlocked,
  isMuted,
  lockUsers,
} from "../safety/relations.ts";
import { badgesOf, iso } from "../stories/cards.ts";
import { userNamed } from "../users/service.ts";
import type { Viewer } from "../viewer.ts";
import { publish } from "./live.ts";

type Db = Kysely<Database>;

/** Only the owner reads or changes an inbox: {me} in the path must be the signed-in user. */
export function requireOwner(viewer: Viewer, username: string): void {
  if (viewer.username.toLowerCase() !== username.toLowerCase()) {
    throw new HttpError(403, "forbidden", "You can only read your own messages.");
  }
}

/** A message row with both people's names, as `toMessage` reads it. */
function selectMessages(db: Db) {
  return db
    .selectFrom("messages")
    .innerJoin("users as s", "s.id", "messages.sender_id")
    .innerJoin("users as r", "r.id", "messages.recipient_id")
    .select([
      "messages.id",
      "messages.body",
      "messages.created_at",
      "messages.read_at",
      "messages.sender_id",
      "s.username as sender",
      "s.name as sender_name",
      "s.avatar as sender_avatar",
      "r.username as recipient",
    ]);
}

type MessageRow = Awaited<ReturnType<ReturnType<typeof selectMessages>["executeTakeFirstOrThrow"]>>;

const toMessage = (row: MessageRow): InboxMessage => ({
  id: Number(row.id),
  body: row.body,
  createDate: iso(row.created_at),
  from: { username: row.sender, name: row.sender_name, avatar: row.sender_avatar },
  sender: row.sender,
  recipient: row.recipient,
  unread: row.read_at === null,
});

/** How many conversations have messages the user has not read: the header's badge. */
export async function unreadConversations(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom("conversation_sides")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("unread_count", ">", 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Tells the user's open pages their new unread badge. */
export async function announceUnread(db: Db, userId: number) {
  publish(userId, { type: "unread", unread: await unreadConversations(db, userId) });
}

/** The thread list, most recent message first; the filters look at follows both ways. */
export async function listThreads(
  db: Db,
  viewer: Viewer,
  username: string,
  query: { filter: InboxFilter; limit: number; offset: number },
): Promise<InboxThreadList> {
  requireOwner(viewer, username);
  let base = db
    .selectFrom("conversation_sides as side")
    .innerJoin("users", "users.id", "side.other_id")
    .where("side.user_id", "=", viewer.id);
  if (query.filter === "unread") base = base.where("side.unread_count", ">", 0);
  if (query.filter === "followers") {
    base = base.where(({ exists, selectFrom }) =>
      exists(
        selectFrom("follows")
          .select("follows.follower_id")
          .whereRef("follows.follower_id", "=", "side.other_id")
          .where("follows.followee_id", "=", viewer.id),
      ),
    );
  }
  if (query.filter === "following") {
    base = base.where(({ exists, selectFrom }) =>
      exists(
        selectFrom("follows")
          .select("follows.followee_id")
          .where("follows.follower_id", "=", viewer.id)
          .whereRef("follows.followee_id", "=", "side.other_id"),
      ),
    );
  }
  const [rows, count] = await Promise.all([
    base
      .leftJoin("messages", "messages.id", "side.last_message_id")
      .select([
        "side.other_id",
        "side.unread_count",
        "users.username",
        "users.name",
        "users.avatar",
        "users.is_verified",
        "users.is_staff",
        "users.is_ambassador",
        "messages.id as message_id",
        "messages.body",
        "messages.created_at",
      ])
      .orderBy("side.last_message_at", "desc")
      .orderBy("side.other_id", "desc")
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  const threads = await Promise.all(
    rows.map(async (row): Promise<InboxThread> => {
      const otherId = Number(row.other_id);
      const [muted, blocked] = await Promise.all([
        isMuted(db, viewer.id, otherId),
        isBlocked(db, viewer.id, otherId),
      ]);
      return {
        user: {
          username: row.username,
          name: row.name,
          fullname: row.name,
          avatar: row.avatar,
          badges: badgesOf(row),
          isActive: true,
          isMutedByCurrentUser: muted,
          isBlockedByCurrentUser: blocked,
          safety: { isMuted: muted, isBlocked: blocked },
        },
        unread: Number(row.unread_count),
        recentMessage:
          row.message_id === null || row.body === null || row.created_at === null
            ? null
            : { id: Number(row.message_id), body: row.body, createDate: iso(row.created_at) },
      };
    }),
  );
  return { threads, total: Number(count.n) };
}

/** Messages on `userId`'s side: not deleted by them. */
const visibleFor = (userId: number) => (eb: ExpressionBuilder<Database, "messages">) =>
  eb.or([
    eb.and([eb("messages.sender_id", "=", userId), eb("messages.deleted_by_sender", "=", 0)]),
    eb.and([eb("messages.recipient_id", "=", userId), eb("messages.deleted_by_recipient", "=", 0)]),
  ]);

/**
 * Messages `userId` is shown: on their side, and not sent by someone they muted. The one
 * rule for the conversation, the thread list's last message and a stream's catch-up.
 */
const shownTo = (userId: number) => (eb: ExpressionBuilder<Database, "messages">) =>
  eb.and([
    visibleFor(userId)(eb),
    eb.not(
      eb.exists(
        eb
          .selectFrom("user_mutes")
          .select("user_mutes.muter_id")
          .where("user_mutes.muter_id", "=", userId)
          .whereRef("user_mutes.muted_id", "=", "messages.sender_id"),
      ),
    ),
  ]);

/** The other participant, by name; nobody writes to themselves. */
async function otherParticipant(db: Db, viewer: Viewer, username: string) {
  const other = await userNamed(db, username);
  if (other.id === viewer.id) throw badRequest("You cannot send messages to yourself.");
  return other;
}

const pair = (x: number, y: number) => (x < y ? [x, y] : [y, x]) as [number, number];

async function conversationOf(db: Db, x: number, y: number) {
  const [a, b] = pair(x, y);
  const row = await db
    .selectFrom("conversations")
    .select("id")
    .where("user_a_id", "=", a)
    .where("user_b_id", "=", b)
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

export interface ConversationPage {
  limit: number;
  /** Skip this many of the newest messages (the spec's paging). */
  offset: number;
  /** Only messages older than this id: a stable cursor for loading upward. */
  before?: number;
  /** Only messages newer than this id, oldest first: catching up after a live event. */
  after?: number;
}

/**
 * A page of the conversation, oldest first, with what the composer needs to know. Opening
 * it reads the viewer's unread messages. Messages of someone the viewer muted are hidden.
 */
export async function getConversation(
  db: Db,
  viewer: Viewer,
  me: string,
  otherName: string,
  page: ConversationPage,
  now = Date.now(),
): Promise<Conversation> {
  requireOwner(viewer, me);
  const other = await otherParticipant(db, viewer, otherName);
  const [conversationId, muted, blocked, blocking, following] = await Promise.all([
    conversationOf(db, viewer.id, other.id),
    isMuted(db, viewer.id, other.id),
    isBlocked(db, viewer.id, other.id),
    isBlocked(db, other.id, viewer.id),
    db
      .selectFrom("follows")
      .select("followee_id")
      .where("follower_id", "=", viewer.id)
      .where("followee_id", "=", other.id)
      .executeTakeFirst(),
  ]);
  let messages: InboxMessage[] = [];
  let total = 0;
  if (conversationId !== null) {
    const visible = selectMessages(db)
      .where("messages.conversation_id", "=", conversationId)
      .where(shownTo(viewer.id));
    let pageQuery = visible;
    if (page.after !== undefined) pageQuery = pageQuery.where("messages.id", ">", page.after);
    if (page.before !== undefined) pageQuery = pageQuery.where("messages.id", "<", page.before);
    const newestFirst = page.after === undefined;
    const [rows, count] = await Promise.all([
      pageQuery
        .orderBy("messages.id", newestFirst ? "desc" : "asc")
        .limit(page.limit)
        .offset(newestFirst ? page.offset : 0)
        .execute(),
      visible
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow(),
    ]);
    messages = (newestFirst ? rows.reverse() : rows).map(toMessage);
    total = Number(count.n);
    // Every message the viewer could read here is the muted person's, and hidden: none read.
    if (!muted) await markRead(db, viewer.id, other.id, conversationId, now);
  }
  return {
    user: {
      username: other.username,
      name: other.name,
      fullname: other.name,
      avatar: other.avatar,
      badges: badgesOf(other),
    },
    messages,
    badges: badgesOf(other),
    isActive: true,
    total,
    isBlockingCurrentUser: blocking,
    safety: { isMuted: muted, isBlocked: blocked },
    isFollowing: following !== undefined,
  };
}

/** The viewer has now seen every message the other person sent them here. */
async function markRead(
  db: Db,
  userId: number,
  otherId: number,
  conversationId: number,
  now: number,
) {
  const changed = await db.transaction().execute(async (trx) => {
    // As sendMessage does: a message sent meanwhile is either read here or counted after.
    await lockUsers(trx, [userId, otherId]);
    const read = await trx
      .updateTable("messages")
      .set({ read_at: now })
      .where("conversation_id", "=", conversationId)
      .where("recipient_id", "=", userId)
      .where("read_at", "is", null)
      .executeTakeFirst();
    if (Number(read.numUpdatedRows) === 0) return false;
    await trx
      .updateTable("conversation_sides")
      .set({ unread_count: 0 })
      .where("user_id", "=", userId)
      .where("other_id", "=", otherId)
      .execute();
    return true;
  });
  if (changed) await announceUnread(db, userId);
}

export interface SendInput {
  body: string;
  sender?: string;
  recipient?: string;
}

/** Why the viewer may not write to `other`, in the words of the notice that replaces the composer. */
async function assertMaySend(db: Db, viewer: Viewer, other: { id: number; name: string }) {
  const [user, features, blocked, muted] = await Promise.all([
    db
      .selectFrom("users")
      .select("email_verified")
      .where("id", "=", viewer.id)
      .executeTakeFirstOrThrow(),
    readFeatures(db),
    blockedEitherWay(db, viewer.id, other.id),
    isMuted(db, viewer.id, other.id),
  ]);
  if (user.email_verified !== 1) {
    throw new HttpError(403, "verify_email", "Verify your email address to send messages.");
  }
  if (!features.private_message.can_send_private_message) {
    throw new HttpError(403, "messaging_disabled", INBOX_NOTICES.cannotReply);
  }
  if (blocked) {
    const mine = await isBlocked(db, viewer.id, other.id);
    throw new HttpError(
      403,
      "blocked",
      mine ? INBOX_NOTICES.blocked(other.name) : INBOX_NOTICES.cannotReply,
    );
  }
  if (muted) throw new HttpError(403, "muted", INBOX_NOTICES.muted(other.name));
}

function checkBody(input: SendInput, me: string, otherName: string): string {
  const same = (a: string | undefined, b: string) =>
    a === undefined || a.toLowerCase() === b.toLowerCase();
  if (!same(input.sender, me) || !same(input.recipient, otherName)) {
    throw badRequest("sender and recipient must name this conversation's people.");
  }
  // As on profiles: no direction overrides, which make text (a link) read otherwise.
  const body = cleanMessageText(input.body);
  if (body.length === 0) {
    throw badRequest("Write a message before sending.", {
      body: "Write a message before sending.",
    });
  }
  if (body.length > MESSAGE_MAX_LENGTH) {
    const message = `A message can be at most ${MESSAGE_MAX_LENGTH} characters.`;
    throw badRequest(message, { body: message });
  }
  return body;
}

/** Moves a participant's thread-list row to this message, creating it if they had none. */
async function upsertSide(
  trx: Db,
  side: { userId: number; otherId: number; conversationId: number },
  message: { id: number; at: number },
  unread: 0 | 1,
) {
  await trx
    .insertInto("conversation_sides")
    .values({
      user_id: side.userId,
      other_id: side.otherId,
      conversation_id: side.conversationId,
      last_message_id: message.id,
      last_message_at: message.at,
      unread_count: unread,
    })
    .onConflict((oc) =>
      oc.columns(["user_id", "other_id"]).doUpdateSet((eb) => ({
        last_message_id: message.id,
        last_message_at: message.at,
        unread_count: eb("conversation_sides.unread_count", "+", unread),
      })),
    )
    .execute();
}

/**
 * Sends a message. On PostgreSQL both people's rows are locked first (lockUsers, as reading,
 * deleting and blocking do), so unread counts stay exact and the messages of one user commit
 * in id order: a stream that resumes after id N can never miss a smaller id committed
 * later. SQLite runs one transaction at a time anyway. The message is read back inside the
 * transaction and published as soon as it commits, with no I/O in between, so streams also
 * receive each user's messages in id order (a stream skips ids at or below the last it
 * sent). A message to someone who muted the sender is kept on the sender's side only.
 */
export async function sendMessage(
  db: Db,
  viewer: Viewer,
  me: string,
  otherName: string,
  input: SendInput,
  now = Date.now(),
): Promise<InboxMessage> {
  requireOwner(viewer, me);
  assertNotTimedOut(viewer, now);
  const body = checkBody(input, me, otherName);
  const other = await otherParticipant(db, viewer, otherName);
  const [a, b] = pair(viewer.id, other.id);
  const { message, hidden } = await db.transaction().execute(async (trx) => {
    await lockUsers(trx, [a, b]);
    // Under the lock a block takes too (safety/service.ts), so no message slips past one.
    await assertMaySend(trx, viewer, other);
    const hidden = await isMuted(trx, other.id, viewer.id);
    await trx
      .insertInto("conversations")
      .values({ user_a_id: a, user_b_id: b, created_at: now })
      .onConflict((oc) => oc.columns(["user_a_id", "user_b_id"]).doNothing())
      .execute();
    const conversationId = (await conversationOf(trx, a, b)) as number;
    const inserted = await trx
      .insertInto("messages")
      .values({
        conversation_id: conversationId,
        sender_id: viewer.id,
        recipient_id: other.id,
        body,
        created_at: now,
        deleted_by_recipient: hidden ? 1 : 0,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const sent = { id: Number(inserted.id), at: now };
    await upsertSide(trx, { userId: viewer.id, otherId: other.id, conversationId }, sent, 0);
    if (!hidden) {
      await upsertSide(trx, { userId: other.id, otherId: viewer.id, conversationId }, sent, 1);
    }
    const message = toMessage(
      await selectMessages(trx).where("messages.id", "=", sent.id).executeTakeFirstOrThrow(),
    );
    return { message, hidden };
  });
  publish(viewer.id, { type: "message", with: other.username, message });
  if (!hidden) {
    publish(other.id, { type: "message", with: viewer.username, message });
    await announceUnread(db, other.id);
  }
  return message;
}

/**
 * Recomputes a participant's row after deletes or a mute change: their last visible
 * message and unread count. While they mute the other person, that person's messages are
 * hidden from them (getConversation), so the row shows neither those nor their unread.
 */
async function refreshSide(trx: Db, conversationId: number, userId: number, otherId: number) {
  const muted = await isMuted(trx, userId, otherId);
  const [last, unread] = await Promise.all([
    trx
      .selectFrom("messages")
      .select(["id", "created_at"])
      .where("conversation_id", "=", conversationId)
      .where(shownTo(userId))
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst(),
    muted
      ? { n: 0 }
      : trx
          .selectFrom("messages")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("conversation_id", "=", conversationId)
          .where("recipient_id", "=", userId)
          .where("deleted_by_recipient", "=", 0)
          .where("read_at", "is", null)
          .executeTakeFirstOrThrow(),
  ]);
  await trx
    .updateTable("conversation_sides")
    .set({
      last_message_id: last ? Number(last.id) : null,
      unread_count: Number(unread.n),
      ...(last && { last_message_at: last.created_at }),
    })
    .where("user_id", "=", userId)
    .where("other_id", "=", otherId)
    .execute();
}

/**
 * After `userId` mutes or unmutes `otherId` (safety/service.ts), in that change's
 * transaction: their thread with that person shows only what the conversation shows them.
 * The caller announces the new unread count once committed (announceUnread).
 */
export async function refreshThreadOf(trx: Db, userId: number, otherId: number) {
  const conversationId = await conversationOf(trx, userId, otherId);
  if (conversationId !== null) await refreshSide(trx, conversationId, userId, otherId);
}

/** Takes back one of the viewer's own messages: gone for both people. */
export async function deleteMessage(
  db: Db,
  viewer: Viewer,
  me: string,
  otherName: string,
  messageId: number,
): Promise<void> {
  requireOwner(viewer, me);
  const other = await otherParticipant(db, viewer, otherName);
  const conversationId = await conversationOf(db, viewer.id, other.id);
  const deleted = await db.transaction().execute(async (trx) => {
    await lockUsers(trx, [viewer.id, other.id]);
    const row = await trx
      .updateTable("messages")
      .set({ deleted_by_sender: 1, deleted_by_recipient: 1 })
      .where("id", "=", messageId)
      .where("conversation_id", "=", conversationId ?? 0)
      .where("sender_id", "=", viewer.id)
      .where("deleted_by_sender", "=", 0)
      .returning("id")
      .executeTakeFirst();
    if (!row || conversationId === null) return false;
    await refreshSide(trx, conversationId, viewer.id, other.id);
    await refreshSide(trx, conversationId, other.id, viewer.id);
    return true;
  });
  if (!deleted) throw notFound("Message");
  publish(viewer.id, { type: "deleted", with: other.username, id: messageId });
  publish(other.id, { type: "deleted", with: viewer.username, id: messageId });
  await announceUnread(db, other.id);
}

/** Deletes the conversation for the viewer only; the next message starts it afresh. */
export async function deleteConversation(
  db: Db,
  viewer: Viewer,
  me: string,
  otherName: string,
  now = Date.now(),
): Promise<void> {
  requireOwner(viewer, me);
  const other = await otherParticipant(db, viewer, otherName);
  const conversationId = await conversationOf(db, viewer.id, other.id);
  if (conversationId === null) throw notFound("Conversation");
  await db.transaction().execute(async (trx) => {
    await lockUsers(trx, [viewer.id, other.id]);
    await trx
      .updateTable("messages")
      .set({ deleted_by_sender: 1 })
      .where("conversation_id", "=", conversationId)
      .where("sender_id", "=", viewer.id)
      .execute();
    await trx
      .updateTable("messages")
      .set((eb) => ({ deleted_by_recipient: 1, read_at: eb.fn.coalesce("read_at", eb.val(now)) }))
      .where("conversation_id", "=", conversationId)
      .where("recipient_id", "=", viewer.id)
      .execute();
    await trx
      .deleteFrom("conversation_sides")
      .where("user_id", "=", viewer.id)
      .where("other_id", "=", other.id)
      .execute();
  });
  await announceUnread(db, viewer.id);
}

/**
 * What a resuming stream missed: the user's messages after `afterId`, oldest first, each
 * with the other person's name (at most `limit`; the client reloads beyond that).
 */
export async function messagesAfter(db: Db, userId: number, afterId: number, limit = 500) {
  const rows = await selectMessages(db)
    .where("messages.id", ">", afterId)
    .where(shownTo(userId))
    .orderBy("messages.id", "asc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    with: Number(row.sender_id) === userId ? row.recipient : row.sender,
    message: toMessage(row),
  }));
}

/**
 * People to write to: those the viewer follows first ('Your Friends'), by username or by
 * a word of their display name, then anyone else by username ('Other People'); nobody the
 * viewer muted or blocked, or who blocked them. A username prefix is a range on
 * username_lower (an index walk); names are only searched among the few people followed.
 */
export async function autocompleteUsers(
  db: Db,
  viewer: Viewer,
  term: string,
  limit = 10,
): Promise<AutocompleteUser[]> {
  const prefix = term.trim().toLowerCase();
  if (prefix.length === 0) return [];
  const hidden = await hiddenAuthorIds(db, viewer);
  const people = db
    .selectFrom("users")
    .select(["users.id", "users.username", "users.avatar"])
    .where("users.id", "<>", viewer.id)
    .orderBy("users.username_lower");
  const usernameStarts = (eb: ExpressionBuilder<Database, "users">) =>
    eb.and([
      eb("users.username_lower", ">=", prefix),
      eb("users.username_lower", "<", `${prefix}\uffff`),
    ]);
  const name = sql`lower(users.name)`;
  const friends = await people
    .innerJoin("follows", "follows.followee_id", "users.id")
    .where("follows.follower_id", "=", viewer.id)
    .where((eb) =>
      eb.or([usernameStarts(eb), likeStart(name, prefix), likeStart(name, prefix, "% ")]),
    )
    .limit(limit + hidden.size)
    .execute();
  const friendIds = new Set(friends.map((row) => Number(row.id)));
  const others = await people
    .where(usernameStarts)
    .limit(limit + hidden.size + friendIds.size)
    .execute();
  const shape =
    (category: AutocompleteUser["category"]) =>
    (row: { username: string; avatar: string | null }) => ({
      label: row.username,
      image: row.avatar,
      category,
    });
  const allowed = (row: { id: number }) => !hidden.has(Number(row.id));
  return [
    ...friends.filter(allowed).map(shape("Your Friends")),
    ...others
      .filter((row) => allowed(row) && !friendIds.has(Number(row.id)))
      .map(shape("Other People")),
  ].slice(0, limit);
}
