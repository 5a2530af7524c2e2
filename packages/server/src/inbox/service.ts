import type { Conversation, InboxMessage } from "@inkwell/shared";
import type { Kysely } from "kysely";
import { countOf } from "../db/count.ts";
import type { Database } from "../db/schema.ts";
import { HttpError, notFound } from "../http/errors.ts";
import { isBlocked, isMuted, lockUsers } from "../safety/relations.ts";
import { badgesOf } from "../stories/cards.ts";
import type { Viewer } from "../viewer.ts";
import { publish } from "./live.ts";
import {
  conversationOf,
  otherParticipant,
  requireOwner,
  selectMessages,
  shownTo,
  toMessage,
} from "./messages.ts";
import { announceUnread, refreshSide } from "./threads.ts";

type Db = Kysely<Database>;

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
      countOf(visible),
    ]);
    messages = (newestFirst ? rows.reverse() : rows).map(toMessage);
    total = count;
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
  if (!deleted) {
    // The other person's message is in the viewer's own view: say why it stays.
    const received = await db
      .selectFrom("messages")
      .select("id")
      .where("id", "=", messageId)
      .where("conversation_id", "=", conversationId ?? 0)
      .where("recipient_id", "=", viewer.id)
      .where("deleted_by_recipient", "=", 0)
      .executeTakeFirst();
    if (received) {
      throw new HttpError(403, "forbidden", "You can only take back messages you sent.");
    }
    throw notFound("Message");
  }
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
