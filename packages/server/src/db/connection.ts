import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { Engine } from "./engine.ts";
import type { Database } from "./schema.ts";
import { adaptNodeSqlite, ImmediateSqliteDialect, openSqliteFile } from "./sqlite-adapter.ts";

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: Engine;
  close(): Promise<void>;
}

// bigint columns hold epoch milliseconds and counters: well inside Number's safe range.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number.parseFloat(value));

export interface DatabaseOptions {
  /** postgres://… to use a PostgreSQL server; otherwise the embedded SQLite file. */
  url?: string;
  /** Where the SQLite file lives (DATA_DIR). */
  dataDir?: string;
  /** ":memory:" for tests. */
  sqlitePath?: string;
  poolSize?: number;
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.url && /^postgres(ql)?:\/\//.test(options.url)) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, engine: "postgres", close: () => db.destroy() };
  }
  let path = options.sqlitePath;
  if (!path) {
    const dir = options.dataDir ?? "data";
    mkdirSync(dir, { recursive: true });
    path = join(dir, "inkwell.sqlite");
  }
  const sqlite = adaptNodeSqlite(openSqliteFile(path));
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: sqlite }) });
  return { db, engine: "sqlite", close: () => db.destroy() };
}
