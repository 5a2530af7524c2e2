import { type SelectQueryBuilder, sql } from "kysely";

/** How many rows `query` answers: the same joins and filters, counted instead of selected. */
export async function countOf<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
): Promise<number> {
  const row = await query
    .clearSelect()
    .select(sql<number | string>`count(*)`.as("total"))
    .$castTo<{ total: number | string }>()
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
