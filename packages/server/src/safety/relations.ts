import type { Kysely } from "kysely";
import { isPostgres } from "../db/engine.ts";
import type { Database } from "../db/schema.ts";
import { notFound } from "../http/errors.ts";
import type { MaybeViewer } from "../viewer.ts";

/**
 * The mute and block relations other services ask about (accounts-safety-messaging.md §2):
 * the inbox, comments, follows and story lists. Each is a probe of a primary key.
 */

export async function isMuted(db: Kysely<Database>, muterId: number, mutedId: number) {
  const row = await db
    .selectFrom("user_mutes")
    .select("muter_id")
    .where("muter_id", "=", muterId)
    .where("muted_id", "=", mutedId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function isBlocked(db: Kysely<Database>, blockerId: number, blockedId: number) {
  const row = await db
    .selectFrom("user_blocks")
    .select("blocker_id")
    .where("blocker_id", "=", blockerId)
    .where("blocked_id", "=", blockedId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Either user blocked the other: no messages, follows or comments pass between them. */
export async function blockedEitherWay(db: Kysely<Database>, aId: number, bId: number) {
  const row = await db
    .selectFrom("user_blocks")
    .select("blocker_id")
    .where((eb) =>
      eb.or([
        eb.and([eb("blocker_id", "=", aId), eb("blocked_id", "=", bId)]),
        eb.and([eb("blocker_id", "=", bId), eb("blocked_id", "=", aId)]),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Locks users rows, in id order, for the rest of the transaction, so that writes which must
 * see each other run one after the other on PostgreSQL: a follow checks for a block and a
 * block ends follows, a message and the reading of it move one unread count, a user's list
 * of genres or blocked tags is replaced whole. SQLite runs one transaction at a time anyway.
 */
export async function lockUsers(trx: Kysely<Database>, ids: readonly number[]): Promise<void> {
  if (!isPostgres(trx) || ids.length === 0) return;
  await trx
    .selectFrom("users")
    .select("id")
    .where("id", "in", [...new Set(ids)])
    .orderBy("id")
    .forUpdate()
    .execute();
}

/**
 * Ids of the people hidden from a signed-in viewer: whom they muted or blocked, and who
 * blocked them. A subquery, for lists that filter or count in SQL (followers, following).
 */
export function hiddenPeople(db: Kysely<Database>, viewerId: number) {
  return db
    .selectFrom("user_mutes")
    .select("muted_id as id")
    .where("muter_id", "=", viewerId)
    .union(
      db.selectFrom("user_blocks").select("blocked_id as id").where("blocker_id", "=", viewerId),
    )
    .union(
      db.selectFrom("user_blocks").select("blocker_id as id").where("blocked_id", "=", viewerId),
    );
}

/**
 * hiddenPeople as a set; a visitor has none. Meant for small in-memory filters (a comment
 * thread, an inbox page); story lists filter in SQL instead (stories/service.ts
 * visibleStories).
 */
export async function hiddenAuthorIds(
  db: Kysely<Database>,
  viewer: MaybeViewer,
): Promise<Set<number>> {
  if (!viewer) return new Set();
  const rows = await hiddenPeople(db, viewer.id).execute();
  return new Set(rows.map((row) => Number(row.id)));
}

/**
 * A blocked account cannot read the blocker's stories, nor their parts or comments: it gets
 * the same 404 as a story that does not exist, as lists already leave those stories out.
 */
export async function assertNotBlockedBy(
  db: Kysely<Database>,
  authorId: number,
  viewer: MaybeViewer,
): Promise<void> {
  if (viewer && viewer.id !== authorId && (await isBlocked(db, authorId, viewer.id))) {
    throw notFound("Story");
  }
}
