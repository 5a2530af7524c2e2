import {
  BLOCKED_TAG_LIMIT,
  BLOCKED_TAG_MESSAGES,
  type BlockedUsers,
  blockedTagProblem,
  type ContentSettings,
  ID_PATTERN,
  type IgnoredUsers,
  normaliseTag,
  type SafetyListUser,
  seesMatureContent,
  UNBLOCKABLE_TAGS,
} from "@inkwell/shared";
import type { Kysely } from "kysely";
import { recheckingGone } from "../db/constraint-errors.ts";
import type { Database } from "../db/schema.ts";
import { readerSignalsChanged } from "../events.ts";
import { preferredTagsOf } from "../home/service.ts";
import { badRequest, HttpError, notFound } from "../http/errors.ts";
import { announceUnread, refreshThreadOf } from "../inbox/threads.ts";
import { userNamed } from "../users/service.ts";
import type { Viewer } from "../viewer.ts";
import { assertOwnContentSettings } from "./content-settings.ts";
import { lockUsers } from "./relations.ts";

const RULES = { tagLimit: BLOCKED_TAG_LIMIT, unblockableTags: UNBLOCKABLE_TAGS };

/** Whether the mature toggle applies: only adults ever see mature stories. */
async function mayChooseMature(db: Kysely<Database>, userId: number): Promise<boolean> {
  const user = await db
    .selectFrom("users")
    .select("birthdate")
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  return seesMatureContent({ includeMature: true, birthdate: user.birthdate }, new Date());
}

async function blockedTagsOf(db: Kysely<Database>, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom("blocked_tags")
    .select("tag")
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("tag")
    .execute();
  return rows.map((row) => row.tag);
}

export async function getContentSettings(
  db: Kysely<Database>,
  viewer: Viewer,
  username: string,
): Promise<ContentSettings> {
  assertOwnContentSettings(viewer, username);
  const [user, adult, preferredTags, blockedTags] = await Promise.all([
    db
      .selectFrom("users")
      .select("include_mature")
      .where("id", "=", viewer.id)
      .executeTakeFirstOrThrow(),
    mayChooseMature(db, viewer.id),
    preferredTagsOf(db, viewer.id),
    blockedTagsOf(db, viewer.id),
  ]);
  return {
    ...(adult && { includeMature: user.include_mature === 1 }),
    preferredTags,
    blockedTags,
    tagLimit: RULES.tagLimit,
    unblockableTags: [...RULES.unblockableTags],
  };
}

export async function setIncludeMature(
  db: Kysely<Database>,
  viewer: Viewer,
  username: string,
  includeMature: boolean,
): Promise<ContentSettings> {
  assertOwnContentSettings(viewer, username);
  if (!(await mayChooseMature(db, viewer.id))) {
    throw new HttpError(403, "forbidden", "Mature stories are only for adult readers.");
  }
  await db
    .updateTable("users")
    .set({ include_mature: includeMature ? 1 : 0 })
    .where("id", "=", viewer.id)
    .execute();
  readerSignalsChanged(viewer.id);
  return getContentSettings(db, viewer, username);
}

/**
 * Replaces the blocked tags with `typed` (newest first), by the editor's rules: each is
 * normalised, a duplicate counts once, and any refused tag refuses the whole change. Tags
 * kept keep their time, so the summary's order does not move; new ones are stamped so the
 * list's order is the order given.
 */
export async function setBlockedTags(
  db: Kysely<Database>,
  viewer: Viewer,
  username: string,
  typed: string[],
  now = Date.now(),
): Promise<ContentSettings> {
  assertOwnContentSettings(viewer, username);
  const tags: string[] = [];
  for (const entry of typed) {
    const problem = blockedTagProblem(entry, tags, RULES);
    if (problem) {
      const message = BLOCKED_TAG_MESSAGES[problem];
      throw badRequest(message, { blockedTags: message });
    }
    const tag = normaliseTag(entry);
    if (!tags.includes(tag)) tags.push(tag);
  }
  await db.transaction().execute(async (trx) => {
    // Two saves at once replace the list one after the other, never a mix over tagLimit.
    await lockUsers(trx, [viewer.id]);
    const before = new Set(await blockedTagsOf(trx, viewer.id));
    const removed = [...before].filter((tag) => !tags.includes(tag));
    if (removed.length > 0) {
      await trx
        .deleteFrom("blocked_tags")
        .where("user_id", "=", viewer.id)
        .where("tag", "in", removed)
        .execute();
    }
    const added = tags.filter((tag) => !before.has(tag));
    if (added.length > 0) {
      await trx
        .insertInto("blocked_tags")
        .values(added.map((tag, index) => ({ user_id: viewer.id, tag, created_at: now - index })))
        .onConflict((oc) => oc.columns(["user_id", "tag"]).doNothing())
        .execute();
    }
  });
  readerSignalsChanged(viewer.id);
  return getContentSettings(db, viewer, username);
}

/** The other user of a mute or block, never the viewer themself. */
async function otherUser(db: Kysely<Database>, viewer: Viewer, username: string, verb: string) {
  const user = await userNamed(db, username);
  if (user.id === viewer.id) throw badRequest(`You can't ${verb} yourself.`);
  return user;
}

export async function mute(
  db: Kysely<Database>,
  viewer: Viewer,
  username: string,
  now = Date.now(),
) {
  // The other person may close their account meanwhile: then the check's 404 says so.
  const check = () => otherUser(db, viewer, username, "mute");
  const user = await check();
  const write = () =>
    db.transaction().execute(async (trx) => {
      // The lock a send takes (inbox/sending.ts sendMessage), in its order: a message sent at
      // this moment commits before the mute and is hidden with the rest, or sees the mute. Left
      // to the row's foreign-key checks, PostgreSQL locked the two users muter first, and a
      // send to a muter with the higher id deadlocked with it.
      await lockUsers(trx, [viewer.id, user.id]);
      await trx
        .insertInto("user_mutes")
        .values({ muter_id: viewer.id, muted_id: user.id, created_at: now })
        .onConflict((oc) => oc.columns(["muter_id", "muted_id"]).doNothing())
        .execute();
      // The muted person's messages leave the muter's thread list as they leave the thread.
      await refreshThreadOf(trx, viewer.id, user.id);
    });
  await recheckingGone(write, check);
  await announceUnread(db, viewer.id);
  readerSignalsChanged(viewer.id);
  return user;
}

export async function unmute(db: Kysely<Database>, viewer: Viewer, username: string) {
  const user = await otherUser(db, viewer, username, "unmute");
  await db.transaction().execute(async (trx) => {
    await lockUsers(trx, [viewer.id, user.id]);
    await trx
      .deleteFrom("user_mutes")
      .where("muter_id", "=", viewer.id)
      .where("muted_id", "=", user.id)
      .execute();
    await refreshThreadOf(trx, viewer.id, user.id);
  });
  await announceUnread(db, viewer.id);
  readerSignalsChanged(viewer.id);
  return user;
}

/**
 * Blocks a user. The follows between the two end in the same transaction, and the four
 * counters drop by exactly the rows removed (users updated in id order, as follow does).
 */
export async function block(
  db: Kysely<Database>,
  viewer: Viewer,
  username: string,
  now = Date.now(),
) {
  // The other person may close their account meanwhile: then the check's 404 says so.
  const check = () => otherUser(db, viewer, username, "block");
  const user = await check();
  const write = () =>
    db.transaction().execute(async (trx) => {
      await lockUsers(trx, [viewer.id, user.id]);
      await trx
        .insertInto("user_blocks")
        .values({ blocker_id: viewer.id, blocked_id: user.id, created_at: now })
        .onConflict((oc) => oc.columns(["blocker_id", "blocked_id"]).doNothing())
        .execute();
      const ended = await trx
        .deleteFrom("follows")
        .where((eb) =>
          eb.or([
            eb.and([eb("follower_id", "=", viewer.id), eb("followee_id", "=", user.id)]),
            eb.and([eb("follower_id", "=", user.id), eb("followee_id", "=", viewer.id)]),
          ]),
        )
        .returning(["follower_id", "followee_id"])
        .execute();
      for (const id of [viewer.id, user.id].sort((a, b) => a - b)) {
        const followers = ended.filter((row) => Number(row.followee_id) === id).length;
        const following = ended.filter((row) => Number(row.follower_id) === id).length;
        if (followers + following === 0) continue;
        await trx
          .updateTable("users")
          .set((eb) => ({
            num_followers: eb("num_followers", "-", followers),
            num_following: eb("num_following", "-", following),
          }))
          .where("id", "=", id)
          .execute();
      }
    });
  await recheckingGone(write, check);
  // Either side's feed hides the other's stories from now on.
  readerSignalsChanged(viewer.id);
  readerSignalsChanged(user.id);
  return user;
}

export async function unblock(db: Kysely<Database>, viewer: Viewer, username: string) {
  const user = await otherUser(db, viewer, username, "unblock");
  await db
    .deleteFrom("user_blocks")
    .where("blocker_id", "=", viewer.id)
    .where("blocked_id", "=", user.id)
    .execute();
  readerSignalsChanged(viewer.id);
  readerSignalsChanged(user.id);
  return user;
}

/** Everyone the viewer muted, newest first (the settings list pages through them). */
export async function listMuted(db: Kysely<Database>, viewer: Viewer): Promise<IgnoredUsers> {
  const rows = await db
    .selectFrom("user_mutes")
    .innerJoin("users", "users.id", "user_mutes.muted_id")
    .select(["users.username", "users.name", "users.avatar"])
    .where("user_mutes.muter_id", "=", viewer.id)
    .orderBy("user_mutes.created_at", "desc")
    .orderBy("user_mutes.muted_id", "desc")
    .execute();
  return rows.map((row) => ({ name: row.username, displayName: row.name, avatar: row.avatar }));
}

/**
 * Everyone a user blocked, newest first. {id} is the user's id or username; a block list
 * is private: only its owner and system admins may read it.
 */
export async function listBlocked(
  db: Kysely<Database>,
  viewer: Viewer,
  idOrUsername: string,
): Promise<BlockedUsers> {
  // Digits past any id's range are looked up as a name, which no account has: PostgreSQL
  // would refuse them as a bigint.
  const byId = ID_PATTERN.test(idOrUsername);
  const owner = await db
    .selectFrom("users")
    .select("id")
    .$if(byId, (qb) => qb.where("id", "=", Number(idOrUsername)))
    .$if(!byId, (qb) => qb.where("username_lower", "=", idOrUsername.toLowerCase()))
    .executeTakeFirst();
  if (!owner) throw notFound("User");
  if (owner.id !== viewer.id && !viewer.isSysAdmin) {
    throw new HttpError(403, "forbidden", "You can only see whom you blocked yourself.");
  }
  const rows = await db
    .selectFrom("user_blocks")
    .innerJoin("users", "users.id", "user_blocks.blocked_id")
    .select(["users.username", "users.name", "users.avatar"])
    .where("user_blocks.blocker_id", "=", owner.id)
    .orderBy("user_blocks.created_at", "desc")
    .orderBy("user_blocks.blocked_id", "desc")
    .execute();
  const users: SafetyListUser[] = rows.map((row) => ({ ...row }));
  return { users, total: users.length };
}
