import { randomBytes } from "node:crypto";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "../db/connection.ts";
import { migrateToLatest } from "../db/migrate.ts";

/**
 * A fresh, migrated database for one test file: SQLite in memory, or a new database on
 * the PostgreSQL server named by TEST_DATABASE_URL when the suite runs on PostgreSQL.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (process.env.TEST_ENGINE !== "postgres") {
    const handle = openDatabase({ sqlitePath: ":memory:" });
    await migrateToLatest(handle.db);
    return handle;
  }
  const database = await createPostgresDatabase();
  const handle = openDatabase({ url: database.url, poolSize: 20 });
  await migrateToLatest(handle.db);
  return {
    ...handle,
    async close() {
      await handle.close();
      await database.drop();
    },
  };
}

/**
 * A new empty database on the PostgreSQL server named by TEST_DATABASE_URL, for a test
 * that runs the server itself; `drop` once nothing is connected to it any more.
 */
export async function createPostgresDatabase(): Promise<{
  url: string;
  drop: () => Promise<void>;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_ENGINE=postgres needs TEST_DATABASE_URL");
  const name = `inkwell_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => dropDatabase(serverUrl, name) };
}

/**
 * Drops a test database once its pool is closed. Not WITH (FORCE): that needs rights to
 * signal an autovacuum worker that may be visiting, whereas a plain DROP asks it to leave.
 * A connection still closing can hold it for a moment, hence the few retries.
 */
async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const cleanup = new pg.Client({ connectionString: serverUrl });
  await cleanup.connect();
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await cleanup.query(`DROP DATABASE IF EXISTS ${name}`);
        return;
      } catch (error) {
        if (attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  } finally {
    await cleanup.end();
  }
}
