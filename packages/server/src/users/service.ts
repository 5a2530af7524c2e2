import type { FollowState, StoryList, UserList, UserProfile } from "@inkwell/shared";
import type { Kysely } from "kysely";
import { recheckingGone } from "../db/constraint-errors.ts";
import { countOf } from "../db/count.ts";
import type { Database } from "../db/schema.ts";
import { readerSignalsChanged } from "../events.ts";
import { badRequest, HttpError, notFound } from "../http/errors.ts";
import { nextPageUrl, type Page } from "../http/paging.ts";
import { countPublicLists } from "../lists/service.ts";
import {
  blockedEitherWay,
  hiddenPeople,
  isBlocked,
  isMuted,
  lockUsers,
} from "../safety/relations.ts";
import { withoutBlockedTags } from "../safety/visibility.ts";
import {
  badgesOf,
  iso,
  selectStories,
  toStoryCards,
  toUserSummary,
  USER_SUMMARY_COLUMNS,
} from "../stories/cards.ts";
import { publishedListing } from "../stories/published-listing.ts";
import { includesMature, visibleStories } from "../stories/service.ts";
import { assertIsViewer, type MaybeViewer, type Viewer } from "../viewer.ts";

/** Usernames are unique without regard to case; a closed account is deleted, so unknown too. */
export async function userNamed(db: Kysely<Database>, username: string) {
  const user = await db
    .selectFrom("users")
    .select([
      "id",
      "username",
      "name",
      "avatar",
      "description",
      "background_url",
      "highlight_colour",
      "banned_avatar",
      "banned_background",
      "is_verified",
      "is_staff",
      "is_ambassador",
      "num_followers",
      "num_following",
      "created_at",
    ])
    .where("username_lower", "=", username.toLowerCase())
    .executeTakeFirst();
  if (!user) throw notFound("User");
  return user;
}

/** The user's stories as every list shows them (visibleStories: published, mature gated). */
const storiesOf = (db: Kysely<Database>, userId: number, viewer: MaybeViewer) =>
  visibleStories(selectStories(db).where("stories.user_id", "=", userId), viewer);

export async function getProfile(
  db: Kysely<Database>,
  username: string,
  viewer: MaybeViewer,
): Promise<UserProfile> {
  const user = await userNamed(db, username);
  const [
    published,
    numLists,
    followRow,
    isMutedByViewer,
    isBlockedByViewer,
    blocksViewer,
    numFollowers,
    numFollowing,
  ] = await Promise.all([
    // The author's works as their list shows them, but counted on a profile the viewer
    // muted or blocked too: the restricted header shows the real count (§2).
    db
      .selectFrom("stories")
      .where("stories.user_id", "=", user.id)
      .where((eb) =>
        viewer
          ? eb.and([
              publishedListing(eb, includesMature(viewer)),
              withoutBlockedTags(eb, viewer.id),
            ])
          : publishedListing(eb, false),
      )
      .select((eb) => eb.fn.countAll<number>().as("total"))
      .executeTakeFirstOrThrow(),
    countPublicLists(db, user.id, viewer),
    viewer && viewer.id !== user.id
      ? db
          .selectFrom("follows")
          .select("followee_id")
          .where("follower_id", "=", viewer.id)
          .where("followee_id", "=", user.id)
          .executeTakeFirst()
      : undefined,
    viewer ? isMuted(db, viewer.id, user.id) : false,
    viewer ? isBlocked(db, viewer.id, user.id) : false,
    viewer ? isBlocked(db, user.id, viewer.id) : false,
    // As the followers and following lists count them for this viewer.
    followCount(db, user, "followers", viewer),
    followCount(db, user, "following", viewer),
  ]);
  return {
    username: user.username,
    name: user.name,
    fullname: user.name,
    avatar: user.avatar,
    badges: badgesOf(user),
    backgroundUrl: user.background_url,
    highlight_colour: user.highlight_colour,
    description: user.description,
    // Someone this user blocked gets none of their stories, so counts none (as numLists).
    numStoriesPublished: blocksViewer ? 0 : Number(published.total),
    numLists,
    numFollowers,
    numFollowing,
    following: followRow !== undefined,
    createDate: iso(user.created_at),
    safety: { isMuted: isMutedByViewer, isBlocked: isBlockedByViewer },
    // Pictures moderators hid: to their owner alone, with the notice and the appeal.
    ...(viewer?.id === user.id && {
      ...(user.banned_avatar && { bannedAvatar: user.banned_avatar }),
      ...(user.banned_background && { bannedBackground: user.banned_background }),
    }),
  };
}

const usersPath = (username: string, list: string) =>
  `/api/v3/users/${encodeURIComponent(username)}/${list}`;

/** The user's published stories, most recently updated first. */
export async function listUserStories(
  db: Kysely<Database>,
  username: string,
  viewer: MaybeViewer,
  page: Page,
): Promise<StoryList> {
  const user = await userNamed(db, username);
  const base = storiesOf(db, user.id, viewer);
  const [rows, total] = await Promise.all([
    base
      .orderBy("stories.last_published_at", "desc")
      .orderBy("stories.id", "desc")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    countOf(base),
  ]);
  return {
    stories: await toStoryCards(db, rows),
    total,
    nextUrl: nextPageUrl(usersPath(user.username, "stories"), page, rows.length, total),
  };
}

export type FollowDirection = "followers" | "following";

/** The follows columns naming the listed user (own) and the people listed (other). */
const followColumns = (direction: FollowDirection) =>
  direction === "followers"
    ? (["follows.followee_id", "follows.follower_id"] as const)
    : (["follows.follower_id", "follows.followee_id"] as const);

/**
 * How many followers or followees of each user the viewer sees: the counter (which moves
 * with the rows in the same transaction) less those hidden from the viewer (people they
 * muted or blocked, or who blocked them), so a count matches its list wherever it shows:
 * profile, lists, follow answers, people search. The hidden set is small: a probe of
 * follows' key per hidden person and user.
 */
export async function followCounts(
  db: Kysely<Database>,
  users: readonly { id: number; num_followers: number; num_following: number }[],
  direction: FollowDirection,
  viewer: MaybeViewer,
): Promise<Map<number, number>> {
  const counter = (user: (typeof users)[number]) =>
    Number(direction === "followers" ? user.num_followers : user.num_following);
  const counts = new Map(users.map((user) => [Number(user.id), counter(user)]));
  if (!viewer || users.length === 0) return counts;
  const [own, other] = followColumns(direction);
  const hidden = await db
    .selectFrom("follows")
    .select((eb) => [`${own} as user_id`, eb.fn.countAll<number>().as("n")])
    .where(own, "in", [...counts.keys()])
    .where(other, "in", hiddenPeople(db, viewer.id))
    .groupBy(own)
    .execute();
  for (const row of hidden) {
    const id = Number(row.user_id);
    counts.set(id, (counts.get(id) ?? 0) - Number(row.n));
  }
  return counts;
}

/** followCounts for one user. */
async function followCount(
  db: Kysely<Database>,
  user: { id: number; num_followers: number; num_following: number },
  direction: FollowDirection,
  viewer: MaybeViewer,
): Promise<number> {
  const counts = await followCounts(db, [user], direction, viewer);
  return counts.get(Number(user.id)) ?? 0;
}

/**
 * Followers or followed users, newest follow first (an index walk: migration 006), less
 * the people hidden from the viewer, as everywhere else they appear.
 */
async function listFollows(
  db: Kysely<Database>,
  username: string,
  direction: FollowDirection,
  viewer: MaybeViewer,
  page: Page,
): Promise<UserList> {
  const user = await userNamed(db, username);
  const [own, other] = followColumns(direction);
  const all = db
    .selectFrom("follows")
    .innerJoin("users", "users.id", other)
    .select(USER_SUMMARY_COLUMNS)
    .where(own, "=", user.id);
  const seen = viewer ? all.where(other, "not in", hiddenPeople(db, viewer.id)) : all;
  const [rows, total] = await Promise.all([
    seen
      .orderBy("follows.created_at", "desc")
      .orderBy(other, "desc")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    followCount(db, user, direction, viewer),
  ]);
  return {
    users: rows.map(toUserSummary),
    total,
    nextUrl: nextPageUrl(usersPath(user.username, direction), page, rows.length, total),
  };
}

export const listFollowers = (
  db: Kysely<Database>,
  username: string,
  viewer: MaybeViewer,
  page: Page,
) => listFollows(db, username, "followers", viewer, page);

export const listFollowing = (
  db: Kysely<Database>,
  username: string,
  viewer: MaybeViewer,
  page: Page,
) => listFollows(db, username, "following", viewer, page);

/**
 * Only the signed-in user changes whom they follow ({currentUsername} must be them), and
 * every named user must exist. Answers the targets in id order: the order rows are locked in.
 */
async function followTargets(
  db: Kysely<Database>,
  viewer: Viewer,
  currentUsername: string,
  usernames: string[],
) {
  assertIsViewer(viewer, currentUsername, "You can only change whom you follow yourself.");
  const lower = [...new Set(usernames.map((name) => name.toLowerCase()))];
  const targets = await db
    .selectFrom("users")
    .select(["id", "username_lower"])
    .where("username_lower", "in", lower)
    .orderBy("id")
    .execute();
  const missing = lower.find((name) => !targets.some((user) => user.username_lower === name));
  if (missing !== undefined) throw notFound(`User ${missing}`);
  return targets.map((user) => user.id);
}

/**
 * Follows every named user. A follow that exists already changes nothing, and the counters
 * move only for rows really inserted, in the same transaction, so concurrent requests stay
 * exact. Rows are inserted in id order so two requests naming the same people cannot
 * deadlock on PostgreSQL.
 */
export async function follow(
  db: Kysely<Database>,
  viewer: Viewer,
  currentUsername: string,
  usernames: string[],
  now = Date.now(),
): Promise<FollowState> {
  const targets = await followTargets(db, viewer, currentUsername, usernames);
  if (targets.includes(viewer.id)) {
    throw badRequest("You can't follow yourself.", { users: "You can't follow yourself." });
  }
  const me = await db
    .selectFrom("users")
    .select("email_verified")
    .where("id", "=", viewer.id)
    .executeTakeFirstOrThrow();
  if (me.email_verified !== 1) {
    throw new HttpError(403, "verify_email", "Verify your email address to follow people.");
  }
  // Someone named may close their account meanwhile: then the look-up's 404 names them.
  const write = () =>
    db.transaction().execute(async (trx) => {
      await lockUsers(trx, [viewer.id, ...targets]);
      // A block ends following both ways (safety/service.ts block) and keeps it ended.
      for (const id of targets) {
        if (await blockedEitherWay(trx, viewer.id, id)) {
          throw new HttpError(403, "blocked", "You can't follow this user.");
        }
      }
      const inserted = await trx
        .insertInto("follows")
        .values(targets.map((id) => ({ follower_id: viewer.id, followee_id: id, created_at: now })))
        .onConflict((oc) => oc.columns(["follower_id", "followee_id"]).doNothing())
        .returning("followee_id")
        .execute();
      await moveCounters(
        trx,
        viewer.id,
        inserted.map((row) => Number(row.followee_id)),
        1,
      );
    });
  await recheckingGone(write, () => followTargets(db, viewer, currentUsername, usernames));
  readerSignalsChanged(viewer.id);
  return stateOf(db, viewer, targets);
}

/**
 * Unfollows every named user; unfollowing someone not followed changes nothing. No verified
 * email is needed: nobody should be kept following someone because of their inbox.
 */
export async function unfollow(
  db: Kysely<Database>,
  viewer: Viewer,
  currentUsername: string,
  usernames: string[],
): Promise<FollowState> {
  const targets = await followTargets(db, viewer, currentUsername, usernames);
  await db.transaction().execute(async (trx) => {
    const removed: number[] = [];
    // One row at a time, in id order, for the same reason inserts are ordered.
    for (const id of targets) {
      const row = await trx
        .deleteFrom("follows")
        .where("follower_id", "=", viewer.id)
        .where("followee_id", "=", id)
        .returning("followee_id")
        .executeTakeFirst();
      if (row) removed.push(id);
    }
    await moveCounters(trx, viewer.id, removed, -1);
  });
  readerSignalsChanged(viewer.id);
  return stateOf(db, viewer, targets);
}

/**
 * The followees' num_followers and the follower's num_following, by one per changed row.
 * Users are updated in id order, so a follow and a follow back at the same moment lock
 * the same rows in the same order.
 */
async function moveCounters(
  db: Kysely<Database>,
  followerId: number,
  followeeIds: number[],
  by: 1 | -1,
): Promise<void> {
  if (followeeIds.length === 0) return;
  const ids = [...new Set([followerId, ...followeeIds])].sort((a, b) => a - b);
  for (const id of ids) {
    const followers = followeeIds.includes(id) ? by : 0;
    const following = id === followerId ? by * followeeIds.length : 0;
    await db
      .updateTable("users")
      .set((eb) => ({
        num_followers: eb("num_followers", "+", followers),
        num_following: eb("num_following", "+", following),
      }))
      .where("id", "=", id)
      .execute();
  }
}

async function stateOf(
  db: Kysely<Database>,
  viewer: Viewer,
  targets: number[],
): Promise<FollowState> {
  const [users, followed] = await Promise.all([
    db
      .selectFrom("users")
      .select(["id", "username", "num_followers", "num_following"])
      .where("id", "in", targets)
      .orderBy("id")
      .execute(),
    db
      .selectFrom("follows")
      .select("followee_id")
      .where("follower_id", "=", viewer.id)
      .where("followee_id", "in", targets)
      .execute(),
  ]);
  const followedIds = new Set(followed.map((row) => Number(row.followee_id)));
  const numFollowers = await followCounts(db, users, "followers", viewer);
  return {
    users: users.map((user) => ({
      username: user.username,
      following: followedIds.has(user.id),
      numFollowers: numFollowers.get(Number(user.id)) ?? 0,
    })),
  };
}

/**
 * Before an account is deleted (closing it), the people it followed lose a follower and its
 * followers follow one fewer: the cascade removes the rows, this keeps the counters true.
 * Run by accounts/closing.ts deleteAccount, in the transaction that deletes the user.
 */
export async function dropFollowsOf(db: Kysely<Database>, userId: number): Promise<void> {
  await db
    .updateTable("users")
    .set((eb) => ({ num_followers: eb("num_followers", "-", 1) }))
    .where("id", "in", (eb) =>
      eb.selectFrom("follows").select("followee_id").where("follower_id", "=", userId),
    )
    .execute();
  await db
    .updateTable("users")
    .set((eb) => ({ num_following: eb("num_following", "-", 1) }))
    .where("id", "in", (eb) =>
      eb.selectFrom("follows").select("follower_id").where("followee_id", "=", userId),
    )
    .execute();
}
