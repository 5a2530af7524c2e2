import { ALERT_DIGEST_MS } from "@inkwell/shared";
import type { Kysely } from "kysely";
import { claimRun, lastRunOf } from "../db/job-runs.ts";
import type { Database } from "../db/schema.ts";
import { sendAlertDigests } from "./digest.ts";

const JOB_PREFIX = "alert-digest:";

/** After a long stop, news older than this is not mailed any more: it is no longer news. */
const MAX_CATCH_UP_MS = 24 * 60 * 60 * 1000;

/**
 * Sends the digest of the last whole hour once it has ended. Each hour is claimed by
 * inserting its job_runs row, so of any number of processes one sends it; after a stop the
 * next digest covers the hours missed (up to a day). The first run ever only marks the
 * hour: there is no window before it to report. Answers how many digests went out.
 */
export async function sendDueAlertDigest(
  db: Kysely<Database>,
  baseUrl: string,
  now = Date.now(),
): Promise<number> {
  const until = Math.floor(now / ALERT_DIGEST_MS) * ALERT_DIGEST_MS;
  const last = await lastRunOf(db, JOB_PREFIX);
  const lastUntil = last ? Number(last.slice(JOB_PREFIX.length)) : null;
  if (lastUntil !== null && lastUntil >= until) return 0;
  if (!(await claimRun(db, `${JOB_PREFIX}${until}`, now)) || lastUntil === null) return 0;
  const since = Math.max(lastUntil, until - MAX_CATCH_UP_MS);
  return sendAlertDigests(db, { since, until }, baseUrl, now);
}

/** Checks every minute for an hour to report, while the server runs. */
export function scheduleAlertDigests(
  db: Kysely<Database>,
  baseUrl: string,
  onError: (error: unknown) => void,
): () => void {
  const timer = setInterval(() => sendDueAlertDigest(db, baseUrl).catch(onError), 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
