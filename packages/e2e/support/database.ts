import { join } from "node:path";
import { DatabaseSync, type SQLInputValue } from "node:sqlite";

/**
 * Rows of the running server's SQLite database, read-only: what a journey cannot see on a
 * page (which parts are locked, what a beacon saved) is checked where the server keeps it.
 */
export function readDatabase<T>(dataDir: string, sql: string, ...params: SQLInputValue[]): T[] {
  const db = new DatabaseSync(join(dataDir, "inkwell.sqlite"), { readOnly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}
