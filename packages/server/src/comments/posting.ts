import {
  type CommentData,
  type CommentLikeState,
  type CommentResource,
  commentTextProblem,
  paragraphIds,
} from "@inkwell/shared";
import type { Kysely } from "kysely";
import { recheckingGone } from "../db/constraint-errors.ts";
import { isPostgres } from "../db/engine.ts";
import type { Database } from "../db/schema.ts";
import { badRequest, HttpError, notFound } from "../http/errors.ts";
import { loggedOut } from "../http/require-viewer.ts";
import { assertNotTimedOut } from "../moderation/service.ts";
import { lockUsers } from "../safety/relations.ts";
import type { Viewer } from "../viewer.ts";
import { holdStory } from "../works/access.ts";
import { isOffensive } from "./offensive-words.ts";
import { commentablePart, getComment, mayDelete, visibleComment } from "./service.ts";

/** Commenting, liking and posting on profiles need a verified email (403 verify_email). */
export async function assertVerified(db: Kysely<Database>, viewer: Viewer, action: string) {
  const user = await db
    .selectFrom("users")
    .select("email_verified")
    .where("id", "=", viewer.id)
    .executeTakeFirst();
  // Their account closed since the request began (decision 134).
  if (!user) throw loggedOut();
  if (user.email_verified !== 1) {
    throw new HttpError(403, "verify_email", `Verify your email address to ${action}.`);
  }
}

/** Whether the part's HTML has a paragraph with this data-p-id. */
async function hasParagraph(db: Kysely<Database>, partId: number, paragraphId: string) {
  const part = await db
    .selectFrom("parts")
    .select("text")
    .where("id", "=", partId)
    .executeTakeFirstOrThrow();
  return paragraphIds(part.text).includes(paragraphId);
}

export interface NewComment {
  resource: CommentResource;
  text: string;
}

/** Where a new comment goes: a part (maybe one paragraph of it), or a thread it replies to. */
async function placeOf(db: Kysely<Database>, viewer: Viewer, resource: CommentResource) {
  if (resource.namespace === "comments") {
    const { row, part } = await visibleComment(db, viewer, Number(resource.resourceId));
    // A reply to a reply joins the thread: threads are one level deep.
    return { part, paragraphId: row.paragraph_id, parentId: row.parent_id ?? row.id };
  }
  const part = await commentablePart(db, viewer, Number(resource.resourceId));
  const paragraphId = resource.paragraphId ?? null;
  if (paragraphId !== null && !(await hasParagraph(db, part.id, paragraphId))) {
    throw notFound("Paragraph");
  }
  return { part, paragraphId, parentId: null };
}

/**
 * Posts a comment. The row and the counters it moves (the part's and the story's
 * comment_count, the thread's reply_count) change in one transaction.
 */
export async function postComment(
  db: Kysely<Database>,
  viewer: Viewer,
  input: NewComment,
  now = Date.now(),
): Promise<CommentData> {
  assertNotTimedOut(viewer, now);
  const problem = commentTextProblem(input.text);
  if (problem) throw badRequest(problem, { text: problem });
  // The poster's account may close meanwhile, or the part go with its writer's: then the
  // check's 401 or 404, as a fresh request would meet, says which (decision 134).
  const check = async () => {
    await assertVerified(db, viewer, "comment");
    return placeOf(db, viewer, input.resource);
  };
  const { part, paragraphId, parentId } = await check();
  const text = input.text.trim();
  const write = () =>
    db.transaction().execute(async (trx) => {
      // The poster's row first, as a like and an account closing take it (decision 119):
      // taken last, by the new comment's key, it waited on the poster's like of this thread,
      // which waited on the thread this reply holds, a deadlock.
      await lockUsers(trx, [viewer.id]);
      await holdStory(trx, part.storyId);
      // The thread first, while it is still there: a delete of it waits for this reply, or
      // this reply finds it gone (and counts nothing), never a live reply in a dead thread.
      if (parentId !== null && !(await moveReplyCount(trx, parentId, 1))) throw notFound("Comment");
      const row = await trx
        .insertInto("comments")
        .values({
          part_id: part.id,
          story_id: part.storyId,
          paragraph_id: paragraphId,
          parent_id: parentId,
          user_id: viewer.id,
          text,
          is_offensive: isOffensive(text) ? 1 : 0,
          created_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await moveCommentCounts(trx, part, 1);
      return row.id;
    });
  const id = await recheckingGone(write, check);
  // The account closing just after the write takes the comment (or the poster's own part)
  // with it: the read-back's 404 is then the 401 a fresh request meets (decision 134).
  return getComment(db, viewer, id).catch(async (error: unknown) => {
    if (error instanceof HttpError && error.status === 404) {
      await assertVerified(db, viewer, "comment");
    }
    throw error;
  });
}

async function moveCommentCounts(
  db: Kysely<Database>,
  part: { id: number; storyId: number },
  by: number,
) {
  await db
    .updateTable("parts")
    .set((eb) => ({ comment_count: eb("comment_count", "+", by) }))
    .where("id", "=", part.id)
    .execute();
  await db
    .updateTable("stories")
    .set((eb) => ({ comment_count: eb("comment_count", "+", by) }))
    .where("id", "=", part.storyId)
    .execute();
}

/** Moves a live thread's reply count; false when the thread is deleted. */
async function moveReplyCount(db: Kysely<Database>, commentId: number, by: number) {
  const moved = await db
    .updateTable("comments")
    .set((eb) => ({ reply_count: eb("reply_count", "+", by) }))
    .where("id", "=", commentId)
    .where("deleted", "=", 0)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

/**
 * Deletes a comment, and with a thread's first comment its replies. Only rows still
 * undeleted are marked, and the counters drop by exactly those, so two deletes of the same
 * comment at once count once.
 */
export async function deleteComment(
  db: Kysely<Database>,
  viewer: Viewer,
  commentId: number,
): Promise<void> {
  const { row, part } = await visibleComment(db, viewer, commentId, { locked: "allow" });
  if (!mayDelete(row, part.authorId, viewer)) {
    throw new HttpError(403, "forbidden", "You can't delete this comment.");
  }
  await db.transaction().execute(async (trx) => {
    // Holds the thread as postComment does, so a reply being posted to it is either in
    // this delete or refused; comments are locked before parts and stories, as there.
    if (isPostgres(trx)) {
      await trx
        .selectFrom("comments")
        .select("id")
        .where("id", "=", row.parent_id ?? row.id)
        .forUpdate()
        .execute();
    }
    const removed = await trx
      .updateTable("comments")
      .set({ deleted: 1 })
      .where((eb) => eb.or([eb("id", "=", row.id), eb("parent_id", "=", row.id)]))
      .where("deleted", "=", 0)
      .returning("id")
      .execute();
    if (removed.length === 0) return;
    await moveCommentCounts(trx, part, -removed.length);
    if (row.parent_id !== null && removed.some((gone) => gone.id === row.id)) {
      await moveReplyCount(trx, row.parent_id, -1);
    }
  });
}

/**
 * Likes (on) or unlikes a comment: one like per reader, the count moving only when the row
 * really changed, in the same transaction, so concurrent likes stay exact.
 */
export async function setLike(
  db: Kysely<Database>,
  viewer: Viewer,
  commentId: number,
  on: boolean,
  now = Date.now(),
): Promise<CommentLikeState> {
  // The liker's account may close meanwhile, or the comment go with its writer's: then
  // the check's 401 or 404, as a fresh request would meet, says which.
  const check = async () => {
    await assertVerified(db, viewer, "like comments");
    return visibleComment(db, viewer, commentId);
  };
  const { row } = await check();
  const write = () =>
    db.transaction().execute(async (trx) => {
      // The liker's row first, as an account closing takes users before what they own
      // (decision 119): the closing of a writer they follow, which holds their row and
      // deletes the comment, then never waits on this like while it waits on that row.
      await lockUsers(trx, [viewer.id]);
      const changed = on
        ? await trx
            .insertInto("comment_likes")
            .values({ comment_id: row.id, user_id: viewer.id, created_at: now })
            .onConflict((oc) => oc.columns(["comment_id", "user_id"]).doNothing())
            .returning("comment_id")
            .executeTakeFirst()
        : await trx
            .deleteFrom("comment_likes")
            .where("comment_id", "=", row.id)
            .where("user_id", "=", viewer.id)
            .returning("comment_id")
            .executeTakeFirst();
      if (!changed) return;
      await trx
        .updateTable("comments")
        .set((eb) => ({ like_count: eb("like_count", "+", on ? 1 : -1) }))
        .where("id", "=", row.id)
        .execute();
    });
  await recheckingGone(write, check);
  const after = await db
    .selectFrom("comments")
    .select("like_count")
    .where("id", "=", row.id)
    .executeTakeFirst();
  // Gone since the like: its writer's account closed at that moment.
  if (!after) throw notFound("Comment");
  return { like: { count: after.like_count, interacted: on } };
}
