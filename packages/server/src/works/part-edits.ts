import { partWordCount } from "@inkwell/shared";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** A published part's title and text as its writer is editing them. */
export interface PartEdits {
  title: string;
  text: string;
}

/** The edits of a published part that readers do not see yet, if there are any. */
export function pendingEdits(db: Db, partId: number): Promise<PartEdits | undefined> {
  return db
    .selectFrom("part_edits")
    .select(["title", "text"])
    .where("part_id", "=", partId)
    .executeTakeFirst();
}

/**
 * Keeps `next` as the part's pending edits. `current` is what the save was based on: the
 * stored edits (undefined when there were none yet). With `checkText`, the write only
 * happens while the stored text is still `current.text`, as for a draft's text; answers
 * false when another save got there first.
 */
export async function saveEdits(
  db: Db,
  partId: number,
  current: PartEdits | undefined,
  next: PartEdits,
  checkText: boolean,
): Promise<boolean> {
  const modify_date = Date.now();
  if (!current) {
    const inserted = await db
      .insertInto("part_edits")
      .values({ part_id: partId, ...next, modify_date })
      .onConflict((oc) => oc.column("part_id").doNothing())
      .returning("part_id")
      .executeTakeFirst();
    return inserted !== undefined;
  }
  const result = await db
    .updateTable("part_edits")
    .set({ ...next, modify_date })
    .where("part_id", "=", partId)
    .$if(checkText, (qb) => qb.where("text", "=", current.text))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Makes the pending edits the part's own title and text and forgets them, in `trx`.
 * Answers false, changing nothing, when they changed since they were read.
 */
export async function applyEdits(
  trx: Transaction<Database>,
  partId: number,
  edits: PartEdits,
  now: number,
): Promise<boolean> {
  const taken = await trx
    .deleteFrom("part_edits")
    .where("part_id", "=", partId)
    .where("title", "=", edits.title)
    .where("text", "=", edits.text)
    .executeTakeFirst();
  if (Number(taken.numDeletedRows) !== 1) return false;
  await trx
    .updateTable("parts")
    .set({ ...edits, word_count: partWordCount(edits.text), modify_date: now })
    .where("id", "=", partId)
    .execute();
  return true;
}

export async function dropEdits(db: Db, partId: number): Promise<void> {
  await db.deleteFrom("part_edits").where("part_id", "=", partId).execute();
}
