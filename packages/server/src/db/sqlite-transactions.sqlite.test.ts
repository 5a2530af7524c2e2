import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterEach, beforeEach, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "./connection.ts";
import { openSqliteFile } from "./sqlite-adapter.ts";

let dir: string;
let handle: DatabaseHandle;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "inkwell-sqlite-"));
  handle = openDatabase({ dataDir: dir });
  await sql`create table counters (name text primary key, value integer not null)`.execute(
    handle.db,
  );
  await sql`insert into counters values ('votes', 0)`.execute(handle.db);
});

afterEach(async () => {
  await handle.close();
  await rm(dir, { recursive: true, force: true });
});

// Another process of a cluster writing to the same file, between a transaction's read and
// its write: it must wait its turn (here it gives up at once), not undo the transaction.
it("keeps a read-then-write transaction when another connection writes meanwhile", async () => {
  const other = openSqliteFile(join(dir, "inkwell.sqlite"));
  other.exec("PRAGMA busy_timeout = 0");
  let otherWrite = "";
  await handle.db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ value: number }>`select value from counters`.execute(trx);
    try {
      other.exec("update counters set value = value + 100");
      otherWrite = "written";
    } catch (error) {
      otherWrite = (error as Error).message;
    }
    await sql`update counters set value = ${(rows[0]?.value ?? 0) + 1}`.execute(trx);
  });
  other.close();
  expect(otherWrite).toBe("database is locked");
  const { rows } = await sql<{ value: number }>`select value from counters`.execute(handle.db);
  expect(rows[0]?.value).toBe(1);
});
