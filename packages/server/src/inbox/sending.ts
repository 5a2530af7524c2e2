import {
  cleanMessageText,
  formatCount,
  INBOX_NOTICES,
  type InboxMessage,
  MESSAGE_MAX_LENGTH,
} from "@inkwell/shared";
import type { Kysely } from "kysely";
import { readFeatures } from "../accounts/features.ts";
import { recheckingGone } from "../db/constraint-errors.ts";
import type { Database } from "../db/schema.ts";
import { badRequest, HttpError } from "../http/errors.ts";
import { assertNotTimedOut } from "../moderation/service.ts";
import { blockedEitherWay, isBlocked, isMuted, lockUsers } from "../safety/relations.ts";
import type { Viewer } from "../viewer.ts";
import { publish } from "./live.ts";
import {
  conversationOf,
  otherParticipant,
  pair,
  requireOwner,
  selectMessages,
  toMessage,
} from "./messages.ts";
import { announceUnread } from "./threads.ts";

type Db = Kysely<Database>;

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
    const message = `A message can be at most ${formatCount(MESSAGE_MAX_LENGTH)} characters.`;
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
  const check = () => otherParticipant(db, viewer, otherName);
  const other = await check();
  const [a, b] = pair(viewer.id, other.id);
  // The other person may close their account meanwhile: then the check's 404 says so.
  const write = () =>
    db.transaction().execute(async (trx) => {
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
  const { message, hidden } = await recheckingGone(write, check);
  publish(viewer.id, { type: "message", with: other.username, message });
  if (!hidden) {
    publish(other.id, { type: "message", with: viewer.username, message });
    await announceUnread(db, other.id);
  }
  return message;
}
