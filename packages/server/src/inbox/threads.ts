import type { InboxFilter, InboxThread, InboxThreadList } from "@inkwell/shared";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { isBlocked, isMuted } from "../safety/relations.ts";
import { badgesOf, iso } from "../stories/cards.ts";
import type { Viewer } from "../viewer.ts";
import { publish } from "./live.ts";
import { conversationOf, requireOwner, shownTo } from "./messages.ts";

type Db = Kysely<Database>;

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

/**
 * Recomputes a participant's row after deletes or a mute change: their last visible
 * message and unread count. While they mute the other person, that person's messages are
 * hidden from them (getConversation), so the row shows neither those nor their unread.
 */
export async function refreshSide(
  trx: Db,
  conversationId: number,
  userId: number,
  otherId: number,
) {
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
