import { type Kysely, sql } from "kysely";
import { isPostgres } from "../db/engine.ts";
import type { Database } from "../db/schema.ts";
import { notFound } from "../http/errors.ts";
import { lockUsers } from "../safety/relations.ts";
import { dropFollowsOf } from "../users/service.ts";
import { lockStoriesOf } from "../works/access.ts";

type Db = Kysely<Database>;

/** The advisory lock every account closing takes (an arbitrary number, ours alone). */
const CLOSING_LOCK = 119_001;

/**
 * Deletes an account (closed by its owner or by a moderator), in the caller's transaction.
 * The foreign keys take its rows away: follows, votes, comments (and the replies under
 * them), comment likes and its stories (out of other people's reading lists too). The
 * counters on everyone else's rows that counted them are then recounted from the rows that
 * remain, so each equals its COUNT again. An account already gone is a 404 (decision 119).
 */
export async function deleteAccount(trx: Db, userId: number): Promise<void> {
  // One closing at a time, before any other lock: two accounts that liked, voted on or
  // replied to each other's work each delete and recount the other's rows, in no order
  // both could keep, and deadlocked when closed together (decision 119).
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(${CLOSING_LOCK})`.execute(trx);
  // Held first, with the people it follows or is followed by, in id order as follow holds
  // them: a follow committed before is counted out below, and one that waited finds the
  // account gone (users/service.ts follow). Then its stories, before their parts, as reads,
  // votes and comments hold them (holdStory), and before reading lists count them.
  const related = await trx
    .selectFrom("follows")
    .select(["follower_id", "followee_id"])
    .where((eb) => eb.or([eb("follower_id", "=", userId), eb("followee_id", "=", userId)]))
    .execute();
  await lockUsers(trx, [
    userId,
    ...related.map((row) =>
      Number(Number(row.follower_id) === userId ? row.followee_id : row.follower_id),
    ),
  ]);
  await lockStoriesOf(trx, userId);
  await dropFollowsOf(trx, userId);
  const [partRows, parentRows, likedRows, listRows] = await Promise.all([
    trx
      .selectFrom("votes")
      .select("part_id")
      .where("user_id", "=", userId)
      .union(trx.selectFrom("comments").select("part_id").where("user_id", "=", userId))
      .execute(),
    trx
      .selectFrom("comments")
      .select("parent_id")
      .where("user_id", "=", userId)
      .where("parent_id", "is not", null)
      .execute(),
    trx.selectFrom("comment_likes").select("comment_id").where("user_id", "=", userId).execute(),
    trx
      .selectFrom("reading_list_stories")
      .innerJoin("stories", "stories.id", "reading_list_stories.story_id")
      .select("reading_list_stories.list_id")
      .where("stories.user_id", "=", userId)
      .execute(),
  ]);
  const partIds = [...new Set(partRows.map((row) => Number(row.part_id)))];
  const storyIds =
    partIds.length === 0
      ? []
      : (
          await trx
            .selectFrom("parts")
            .select("story_id")
            .distinct()
            .where("id", "in", partIds)
            .execute()
        ).map((row) => Number(row.story_id));
  const commentIds = [
    ...new Set([
      ...parentRows.map((row) => Number(row.parent_id)),
      ...likedRows.map((row) => Number(row.comment_id)),
    ]),
  ];
  const listIds = [...new Set(listRows.map((row) => Number(row.list_id)))];

  const deleted = await trx.deleteFrom("users").where("id", "=", userId).executeTakeFirst();
  // Closed by someone else meanwhile: this closing (and what its caller recorded) is void.
  if (Number(deleted.numDeletedRows) === 0) throw notFound("User");

  if (partIds.length > 0) {
    await trx
      .updateTable("parts")
      .set((eb) => ({
        vote_count: eb
          .selectFrom("votes")
          .select(eb.fn.countAll<number>().as("n"))
          .whereRef("votes.part_id", "=", "parts.id"),
        comment_count: eb
          .selectFrom("comments")
          .select(eb.fn.countAll<number>().as("n"))
          .whereRef("comments.part_id", "=", "parts.id")
          .where("comments.deleted", "=", 0),
      }))
      .where("id", "in", partIds)
      .execute();
  }
  if (storyIds.length > 0) {
    await trx
      .updateTable("stories")
      .set((eb) => ({
        vote_count: eb
          .selectFrom("votes")
          .select(eb.fn.countAll<number>().as("n"))
          .whereRef("votes.story_id", "=", "stories.id"),
        comment_count: eb
          .selectFrom("comments")
          .select(eb.fn.countAll<number>().as("n"))
          .whereRef("comments.story_id", "=", "stories.id")
          .where("comments.deleted", "=", 0),
      }))
      .where("id", "in", storyIds)
      .execute();
  }
  if (commentIds.length > 0) {
    await trx
      .updateTable("comments")
      .set((eb) => ({
        reply_count: eb
          .selectFrom("comments as reply")
          .select(eb.fn.countAll<number>().as("n"))
          .whereRef("reply.parent_id", "=", "comments.id")
          .where("reply.deleted", "=", 0),
        like_count: eb
          .selectFrom("comment_likes")
          .select(eb.fn.countAll<number>().as("n"))
          .whereRef("comment_likes.comment_id", "=", "comments.id"),
      }))
      .where("id", "in", commentIds)
      .execute();
  }
  if (listIds.length > 0) {
    await trx
      .updateTable("reading_lists")
      .set((eb) => ({
        num_stories: eb
          .selectFrom("reading_list_stories")
          .select(eb.fn.countAll<number>().as("n"))
          .whereRef("reading_list_stories.list_id", "=", "reading_lists.id"),
      }))
      .where("id", "in", listIds)
      .execute();
  }
}
