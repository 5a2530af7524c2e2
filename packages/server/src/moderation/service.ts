import {
  CLOSE_ACCOUNT_REASONS,
  type CloseAccountReason,
  isModerator,
  isTimedOut,
  mayModerateAccount,
  TIME_OUT_MS,
} from "@inkwell/shared";
import type { Kysely } from "kysely";
import { deleteAccount } from "../accounts/closing.ts";
import type { Database } from "../db/schema.ts";
import { writerChanged } from "../events.ts";
import { HttpError, notFound } from "../http/errors.ts";
import { lockUsers } from "../safety/relations.ts";
import type { Viewer } from "../viewer.ts";

export interface ModerationResult {
  username: string;
  action: "close" | "timeout";
  reason: string;
  /** When a time-out ends (ISO), for a time-out. */
  endsAt: string | null;
}

/**
 * The account a moderator acts on: never their own, never staff's or a system admin's (an
 * ambassador must not be able to close the people who oversee them), and another
 * ambassador's only as a system admin (shared/roles.ts).
 */
async function targetOf(db: Kysely<Database>, viewer: Viewer, username: string) {
  if (!isModerator(viewer)) {
    throw new HttpError(403, "forbidden", "Only ambassadors and system admins moderate accounts.");
  }
  const user = await db
    .selectFrom("users")
    .select(["id", "username", "is_sysadmin", "is_staff", "is_ambassador"])
    .where("username_lower", "=", username.toLowerCase())
    .executeTakeFirst();
  if (!user) throw notFound("User");
  if (user.id === viewer.id)
    throw new HttpError(400, "bad_request", "You can't moderate yourself.");
  const target = {
    isSysAdmin: user.is_sysadmin === 1,
    isStaff: user.is_staff === 1,
    isAmbassador: user.is_ambassador === 1,
  };
  if (!mayModerateAccount(viewer, target)) {
    throw new HttpError(
      403,
      "forbidden",
      target.isAmbassador && !target.isStaff && !target.isSysAdmin
        ? "Only a system admin can moderate an ambassador."
        : "Staff and system admin accounts can't be moderated here.",
    );
  }
  return user;
}

/**
 * Files what a moderator did, to whom and why (and until when, for a time-out), in the
 * transaction that does it, and answers it as the moderation calls report it.
 */
async function recordAction(
  trx: Kysely<Database>,
  viewer: Viewer,
  user: { id: number; username: string },
  done: { action: ModerationResult["action"]; reason: string; endsAt?: number },
  now: number,
): Promise<ModerationResult> {
  const endsAt = done.endsAt ?? null;
  await trx
    .insertInto("moderation_actions")
    .values({
      target_user_id: user.id,
      target_username: user.username,
      actor_id: viewer.id,
      action: done.action,
      reason: done.reason,
      created_at: now,
      ends_at: endsAt,
    })
    .execute();
  return {
    username: user.username,
    action: done.action,
    reason: done.reason,
    endsAt: endsAt === null ? null : new Date(endsAt).toISOString(),
  };
}

/**
 * Close Account: the account is deleted at once, and with it (the schema's cascades)
 * everything it published, so its content leaves public view immediately. The action is
 * recorded with who took it and why.
 */
export async function closeAccountAsModerator(
  db: Kysely<Database>,
  viewer: Viewer,
  username: string,
  reason: CloseAccountReason,
  now = Date.now(),
): Promise<ModerationResult> {
  if (!CLOSE_ACCOUNT_REASONS.includes(reason)) {
    throw new HttpError(
      400,
      "bad_request",
      `reason must be one of ${CLOSE_ACCOUNT_REASONS.join(", ")}`,
    );
  }
  const user = await targetOf(db, viewer, username);
  // Deleted first: closing takes its locks before anything else (accounts/closing.ts).
  const result = await db.transaction().execute(async (trx) => {
    await deleteAccount(trx, user.id);
    return recordAction(trx, viewer, user, { action: "close", reason }, now);
  });
  writerChanged(user.username);
  return result;
}

/** Time-out: for 2 days the user cannot post, comment or message; recorded like a close. */
export async function timeOut(
  db: Kysely<Database>,
  viewer: Viewer,
  username: string,
  reason: string,
  now = Date.now(),
): Promise<ModerationResult> {
  const user = await targetOf(db, viewer, username);
  const endsAt = now + TIME_OUT_MS;
  return db.transaction().execute(async (trx) => {
    // Both users rows first, in id order as an account closing takes them (decision 119):
    // the target's closing waits for this, or went first and there is no one to time out.
    await lockUsers(trx, [viewer.id, user.id]);
    const timed = await trx
      .updateTable("users")
      .set({ timed_out_until: endsAt })
      .where("id", "=", user.id)
      .executeTakeFirst();
    if (Number(timed.numUpdatedRows) === 0) throw notFound("User");
    return recordAction(trx, viewer, user, { action: "timeout", reason, endsAt }, now);
  });
}

/** Refuses posting, commenting and messaging while the viewer is in a time-out. */
export function assertNotTimedOut(viewer: Viewer, now = Date.now()): void {
  if (!isTimedOut(viewer.timedOutUntil, now)) return;
  const until = new Date(viewer.timedOutUntil ?? now).toUTCString();
  throw new HttpError(
    403,
    "timed_out",
    `Your account is in a time-out until ${until}: you can read, but not post, comment or message.`,
  );
}
