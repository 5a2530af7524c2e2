import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "./connection.ts";
import { migrateToLatest } from "./migrate.ts";

let dir: string;
let handle: DatabaseHandle;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "inkwell-plans-"));
  handle = openDatabase({ dataDir: dir });
  await migrateToLatest(handle.db);
});

afterAll(async () => {
  await handle.close();
  await rm(dir, { recursive: true, force: true });
});

/** SQLite's plan for a query, one step a line. */
async function planOf(query: { compile(): { sql: string } }) {
  // Parameters left unbound read as NULL: the plan is the same.
  const { rows } = await sql<{
    detail: string;
  }>`EXPLAIN QUERY PLAN ${sql.raw(query.compile().sql)}`.execute(handle.db);
  return rows.map((row) => row.detail);
}

// Every story answer and card reads its story's tags in order: from an index alone, without
// visiting story_tags rows scattered over the file or sorting them.
it("reads a story's tags in order from an index alone", async () => {
  const plan = await planOf(
    handle.db
      .selectFrom("story_tags")
      .innerJoin("tags", "tags.id", "story_tags.tag_id")
      .select("tags.name")
      .where("story_tags.story_id", "=", 1)
      .orderBy("story_tags.position"),
  );
  expect(plan.find((step) => step.includes("story_tags"))).toMatch(/USING COVERING INDEX/);
  expect(plan.join("\n")).not.toMatch(/TEMP B-TREE/);
});
