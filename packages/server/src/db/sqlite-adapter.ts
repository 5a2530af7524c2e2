import { DatabaseSync, type StatementSync } from "node:sqlite";
import {
  CompiledQuery,
  type DatabaseConnection,
  type SqliteDatabase,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  type SqliteStatement,
} from "kysely";

type Params = ReadonlyArray<unknown>;
type SqlValue = null | number | bigint | string | Uint8Array;

const STATEMENT_CACHE_SIZE = 500;

/**
 * Bridges node:sqlite to Kysely's SqliteDialect: Kysely reads `statement.reader`, which
 * node:sqlite expresses as "has result columns". Prepared statements are cached by SQL
 * text because preparing costs more than running a primary-key read.
 */
export function adaptNodeSqlite(database: DatabaseSync): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => database.close(),
    prepare(sql: string): SqliteStatement {
      const cached = cache.get(sql);
      if (cached) return cached;
      const statement = wrap(database.prepare(sql));
      if (cache.size >= STATEMENT_CACHE_SIZE) {
        const oldest = cache.keys().next().value;
        if (oldest !== undefined) cache.delete(oldest);
      }
      cache.set(sql, statement);
      return statement;
    },
  };
}

function wrap(statement: StatementSync): SqliteStatement {
  const columns = statement.columns().map((column) => column.name);
  const reader = columns.length > 0;
  const bind = (parameters: Params) => parameters.map(toSqlValue);
  // Rows as arrays, made objects here: node:sqlite builds an object property by property
  // through V8's API, which costs more than JavaScript's own object literals.
  if (reader) statement.setReturnArrays(true);
  const toObject = (row: unknown): Record<string, unknown> => {
    const values = row as unknown[];
    const object: Record<string, unknown> = {};
    for (let i = 0; i < columns.length; i++) object[columns[i] as string] = values[i];
    return object;
  };
  return {
    reader,
    all: (parameters) => statement.all(...bind(parameters)).map(toObject),
    run: (parameters) => statement.run(...bind(parameters)),
    *iterate(parameters) {
      for (const row of statement.iterate(...bind(parameters))) yield toObject(row);
    },
  };
}

// node:sqlite refuses booleans and undefined; the schema stores flags as 0/1 integers.
function toSqlValue(value: unknown): SqlValue {
  if (value === undefined) return null;
  if (typeof value === "boolean") return value ? 1 : 0;
  return value as SqlValue;
}

export function openSqliteFile(path: string): DatabaseSync {
  const database = new DatabaseSync(path);
  database.exec(`
    PRAGMA journal_mode = WAL;
    PRAGMA synchronous = NORMAL;
    PRAGMA foreign_keys = ON;
    PRAGMA busy_timeout = 5000;
    PRAGMA cache_size = -65536;
    PRAGMA mmap_size = 1073741824;
  `);
  return database;
}

/**
 * Transactions take the write lock as they begin (BEGIN IMMEDIATE), waiting out busy_timeout
 * for it. The processes of a cluster share one file: a deferred transaction that reads first
 * and writes second fails at once with SQLITE_BUSY when another process wrote in between.
 */
export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): SqliteDriver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}
