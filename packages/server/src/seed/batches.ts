import type { Insertable, Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

// Both engines bind at most ~32k parameters per statement; stay well under.
const MAX_PARAMETERS = 30_000;

/** Inserts many rows in as few statements as the engines allow; returns ids when asked. */
export async function insertInBatches<T extends keyof Database>(
  db: Kysely<Database>,
  table: T,
  rows: Insertable<Database[T]>[],
  returnIds = false,
): Promise<number[]> {
  const first = rows[0];
  if (!first) return [];
  const perRow = Object.keys(first).length;
  const size = Math.max(1, Math.floor(MAX_PARAMETERS / perRow));
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += size) {
    const batch = rows.slice(start, start + size);
    const insert = db.insertInto(table).values(batch as never);
    if (returnIds) {
      const inserted = (await insert.returning("id" as never).execute()) as unknown as Array<{
        id: number;
      }>;
      for (const row of inserted) ids.push(Number(row.id));
    } else {
      await insert.execute();
    }
  }
  return ids;
}
