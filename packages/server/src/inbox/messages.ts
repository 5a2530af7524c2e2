import type { InboxMessage } from "@inkwell/shared";
import type { ExpressionBuilder, Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { badRequest, HttpError } from "../http/errors.ts";
import { iso } from "../stories/cards.ts";
import { userNamed } from "../users/service.ts";
import type { Viewer } from "../viewer.ts";

type Db = Kysely<Database>;

/** Only the owner reads or changes an inbox: {me} in the path must be the signed-in user. */
export function requireOwner(viewer: Viewer, username: string): void {
  if (viewer.username.toLowerCase() !== username.toLowerCase()) {
    throw new HttpError(403, "forbidden", "You can only read your own messages.");
  }
}

/** A message row with both people's names, as `toMessage` reads it. */
export function selectMessages(db: Db) {
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

export const toMessage = (row: MessageRow): InboxMessage => ({
  id: Number(row.id),
  body: row.body,
  createDate: iso(row.created_at),
  from: { username: row.sender, name: row.sender_name, avatar: row.sender_avatar },
  sender: row.sender,
  recipient: row.recipient,
  unread: row.read_at === null,
});

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
export const shownTo = (userId: number) => (eb: ExpressionBuilder<Database, "messages">) =>
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
export async function otherParticipant(db: Db, viewer: Viewer, username: string) {
  const other = await userNamed(db, username);
  if (other.id === viewer.id) throw badRequest("You cannot send messages to yourself.");
  return other;
}

export const pair = (x: number, y: number) => (x < y ? [x, y] : [y, x]) as [number, number];

export async function conversationOf(db: Db, x: number, y: number) {
  const [a, b] = pair(x, y);
  const row = await db
    .selectFrom("conversations")
    .select("id")
    .where("user_a_id", "=", a)
    .where("user_b_id", "=", b)
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}
