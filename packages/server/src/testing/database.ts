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
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_ENGINE=postgres needs TEST_DATABASE_URL");
  const name = `inkwell_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = openDatabase({ url: url.toString(), poolSize: 20 });
  await migrateToLatest(handle.db);
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
