import { type Kysely, PostgresAdapter } from "kysely";

export type Engine = "sqlite" | "postgres";

export function isPostgres<DB>(db: Kysely<DB>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
