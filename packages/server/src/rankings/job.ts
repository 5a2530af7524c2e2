import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.ts";
import { repeat } from "../repeat.ts";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export const RANKINGS = {
  /** Reads and votes older than this no longer count towards a rank. */
  windowMs: 30 * DAY,
  /** A vote says more than a read: it is a reader's explicit choice. */
  voteWeight: 5,
  /** Places kept per tag; a story below the last one is simply unranked there. */
  maxRank: 1000,
  /** The spec asks for rankings refreshed at least hourly. */
  refreshMs: HOUR,
} as const;

const JOB_NAME = "tag-rankings";

/**
 * Rebuilds every tag's ranking from the recent window of reads and votes, in one
 * transaction so pages see the old ranking or the new one, never half of each. Drafts and
 * deleted stories are not ranked; a story with no recent signal has no rank.
 */
export async function computeTagRankings(db: Kysely<Database>, now = Date.now()): Promise<void> {
  const since = now - RANKINGS.windowMs;
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("tag_rankings").execute();
    await sql`
      INSERT INTO tag_rankings (tag_id, rank, story_id, score)
      SELECT tag_id, rank, story_id, score FROM (
        SELECT story_tags.tag_id, story_tags.story_id, signal.score,
               ROW_NUMBER() OVER (
                 PARTITION BY story_tags.tag_id ORDER BY signal.score DESC, story_tags.story_id
               ) AS rank
        FROM (
          SELECT story_id, SUM(weight) AS score FROM (
            SELECT story_id, 1 AS weight FROM reads WHERE created_at >= ${since}
            UNION ALL
            SELECT story_id, ${RANKINGS.voteWeight} AS weight FROM votes WHERE created_at >= ${since}
          ) AS signals
          GROUP BY story_id
        ) AS signal
        JOIN story_tags ON story_tags.story_id = signal.story_id
        JOIN stories ON stories.id = signal.story_id
        WHERE stories.draft = 0 AND stories.deleted = 0
      ) AS ranked
      WHERE rank <= ${RANKINGS.maxRank}
    `.execute(trx);
    await trx
      .insertInto("job_runs")
      .values({ name: JOB_NAME, finished_at: now })
      .onConflict((oc) => oc.column("name").doUpdateSet({ finished_at: now }))
      .execute();
  });
}

/** Recomputes when the last run is older than the refresh interval (or never happened). */
export async function refreshTagRankingsIfStale(
  db: Kysely<Database>,
  now = Date.now(),
): Promise<boolean> {
  const last = await db
    .selectFrom("job_runs")
    .select("finished_at")
    .where("name", "=", JOB_NAME)
    .executeTakeFirst();
  if (last && now - Number(last.finished_at) < RANKINGS.refreshMs) return false;
  await computeTagRankings(db, now);
  return true;
}

/**
 * Keeps rankings fresh while the server runs: checks now and then every few minutes, so a
 * fleet of servers sharing one database recomputes about once an hour, not once each.
 */
export function scheduleTagRankings(
  db: Kysely<Database>,
  onError: (error: unknown) => void,
): () => void {
  return repeat(() => refreshTagRankingsIfStale(db).catch(onError), {
    firstAfterMs: 1_000,
    everyMs: 5 * 60_000,
  });
}
