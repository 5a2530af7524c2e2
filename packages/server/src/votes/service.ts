import type { Kysely } from "kysely";
import { assertUnlocked } from "../coins/access.ts";
import { recheckingGone } from "../db/constraint-errors.ts";
import { queryTemplate } from "../db/query-template.ts";
import type { Database } from "../db/schema.ts";
import { readerSignalsChanged, storyChanged } from "../events.ts";
import { HttpError, notFound } from "../http/errors.ts";
import { readablePart } from "../stories/readable-part.ts";
import type { Viewer } from "../viewer.ts";
import { holdStory } from "../works/access.ts";

export interface VoteState {
  voted: boolean;
  votes: number;
}

/** Votes are for signed-in readers whose email is verified, on parts they can read. */
async function votablePart(db: Kysely<Database>, viewer: Viewer, storyId: number, partId: number) {
  const [part, user] = await Promise.all([
    readablePart(db, viewer, partId, { storyId }),
    db
      .selectFrom("users")
      .select("email_verified")
      .where("id", "=", viewer.id)
      .executeTakeFirstOrThrow(),
  ]);
  await assertUnlocked(db, viewer, { ...part, author_id: part.user_id });
  if (user.email_verified !== 1) {
    throw new HttpError(403, "verify_email", "Verify your email address to vote.");
  }
}

async function stateOf(db: Kysely<Database>, viewer: Viewer, partId: number): Promise<VoteState> {
  const [part, mine] = await Promise.all([
    db.selectFrom("parts").select("vote_count").where("id", "=", partId).executeTakeFirst(),
    db
      .selectFrom("votes")
      .select("part_id")
      .where("user_id", "=", viewer.id)
      .where("part_id", "=", partId)
      .executeTakeFirst(),
  ]);
  // Gone since the vote: its writer's account closed at that moment.
  if (!part) throw notFound("Part");
  return { voted: mine !== undefined, votes: part.vote_count };
}

/**
 * One vote per reader per part. The row and both counters change in one transaction, and
 * the counters move only when the row really changed, so concurrent requests stay exact.
 */
export async function vote(
  db: Kysely<Database>,
  viewer: Viewer,
  storyId: number,
  partId: number,
  now = Date.now(),
) {
  const check = () => votablePart(db, viewer, storyId, partId);
  await check();
  // The part may go with its writer's account meanwhile: then the check's 404 says so.
  const write = () =>
    db.transaction().execute(async (trx) => {
      await holdStory(trx, storyId);
      const inserted = await trx
        .insertInto("votes")
        .values({ user_id: viewer.id, part_id: partId, story_id: storyId, created_at: now })
        .onConflict((oc) => oc.columns(["user_id", "part_id"]).doNothing())
        .returning("part_id")
        .executeTakeFirst();
      if (inserted) await moveCounters(trx, storyId, partId, 1);
    });
  await recheckingGone(write, check);
  storyChanged(storyId, "counts");
  readerSignalsChanged(viewer.id);
  return stateOf(db, viewer, partId);
}

export async function unvote(
  db: Kysely<Database>,
  viewer: Viewer,
  storyId: number,
  partId: number,
) {
  await votablePart(db, viewer, storyId, partId);
  await db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom("votes")
      .where("user_id", "=", viewer.id)
      .where("part_id", "=", partId)
      .returning("part_id")
      .executeTakeFirst();
    if (removed) await moveCounters(trx, storyId, partId, -1);
  });
  storyChanged(storyId, "counts");
  readerSignalsChanged(viewer.id);
  return stateOf(db, viewer, partId);
}

async function moveCounters(db: Kysely<Database>, storyId: number, partId: number, by: 1 | -1) {
  await db
    .updateTable("parts")
    .set((eb) => ({ vote_count: eb("vote_count", "+", by) }))
    .where("id", "=", partId)
    .execute();
  await db
    .updateTable("stories")
    .set((eb) => ({ vote_count: eb("vote_count", "+", by) }))
    .where("id", "=", storyId)
    .execute();
}

export async function hasVoted(
  db: Kysely<Database>,
  viewer: Viewer | null,
  partId: number,
): Promise<boolean> {
  if (!viewer) return false;
  return (await voteOf(db, viewer.id, partId)).length > 0;
}

const voteOf = queryTemplate((db: Kysely<Database>, userId: number, partId: number) =>
  db
    .selectFrom("votes")
    .select("part_id")
    .where("user_id", "=", userId)
    .where("part_id", "=", partId),
);
