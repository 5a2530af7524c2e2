import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { dueRenewals } from "../premium/service.ts";
import { originalsInOrder } from "../premium-picks/wheel.ts";
import { countListed, listedStoryIds } from "../stories/service.ts";
import { plainViewer } from "../viewer.ts";
import { scheduledDrafts } from "../works/reminders.ts";
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

/** A signed-in reader who sees mature stories, beside visitors (null). */
const reader = plainViewer({ id: 1, username: "reader" }, { seesMature: true });

// A tag's page walks the tag's own entries in the list's order and checks each story by its
// key: a page costs about a page of rows, whether 2% of stories carry the tag or 0.01%.
it("walks a tag's stories in list order from the tag's index, for visitors and readers", async () => {
  for (const [filter, index] of [
    ["hot", "story_tags_by_read_count"],
    ["new", "story_tags_by_last_published_at"],
  ] as const) {
    for (const viewer of [null, reader]) {
      const query = { filter, tag: "fantasy", limit: 24, offset: 48 };
      const plan = await planOf(listedStoryIds(handle.db, query, viewer));
      expect(plan[0], `${filter} ${viewer?.username}`).toBe(
        `SEARCH story_tags USING COVERING INDEX ${index} (tag_id=?)`,
      );
      expect(plan.join("\n")).toMatch(/SEARCH stories USING INTEGER PRIMARY KEY/);
      expect(plan.join("\n")).not.toMatch(/TEMP B-TREE|SCAN stories/);
    }
    const originals = { filter, tag: "fantasy", paid: true, limit: 7, offset: 0 };
    expect((await planOf(listedStoryIds(handle.db, originals, null)))[0]).toBe(
      `SEARCH story_tags USING COVERING INDEX ${index.replace("story_tags_", "story_tags_paid_")} (tag_id=?)`,
    );
  }
});

// A category's total counts the category's entries, each story checked by its key, not every
// listed story probed for the category (141 ms against 21 ms on the bench catalogue).
it("counts a category's stories from the category's entries, for visitors and readers", async () => {
  for (const viewer of [null, reader]) {
    const query = { filter: "hot", categoryId: 3, limit: 24, offset: 0 } as const;
    const plan = await planOf(countListed(handle.db, query, viewer));
    expect(plan[0], viewer?.username).toBe(
      "SEARCH story_categories USING COVERING INDEX story_categories_category (category_id=?)",
    );
    expect(plan.join("\n")).toMatch(/SEARCH stories USING INTEGER PRIMARY KEY/);
    expect(plan.join("\n")).not.toMatch(/SCAN stories/);
  }
});

// The publishing job and the day-ahead reminders run every 30 seconds: they find scheduled
// parts by their time, not by reading every part (2–3 s of a core on the bench catalogue).
it("finds scheduled parts by their time, for publishing and for reminders", async () => {
  const now = Date.now();
  for (const query of [
    scheduledDrafts(handle.db).where("parts.scheduled_at", "<=", now),
    scheduledDrafts(handle.db)
      .where("parts.scheduled_at", ">", now)
      .where("parts.scheduled_at", "<=", now + 86_400_000),
  ]) {
    const plan = await planOf(query);
    expect(plan[0]).toMatch(/^SEARCH parts USING INDEX parts_scheduled_at \(scheduled_at/);
    expect(plan.join("\n")).not.toMatch(/SCAN/);
  }
});

// The Premium Picks wheel is read for every signed-in home and every paywalled part a reader
// opens; the renewal job runs every minute. Both read their own few rows, not every story or
// every member.
it("reads the Originals and the members due a renewal from their own index entries", async () => {
  const wheel = await planOf(originalsInOrder(handle.db));
  // The whole of stories_paid, which holds only the Originals.
  expect(wheel).toEqual(["SCAN stories USING COVERING INDEX stories_paid"]);
  const renewals = await planOf(dueRenewals(handle.db, Date.now()));
  expect(renewals).toEqual(["SEARCH users USING INDEX users_premium_until (premium_until<?)"]);
});

// Deleting a row (an account closing deletes the user, its stories and their parts) looks up
// the rows that refer to it in every referring table: without an index led by the column,
// each is read whole once per row deleted, inside the write transaction.
it("has an index led by every foreign key column", async () => {
  const { rows } = await sql<{ table: string; column: string }>`
    select m.name as "table", f."from" as "column"
    from sqlite_master m, pragma_foreign_key_list(m.name) f
    where m.type = 'table'
      and not exists (
        select 1 from pragma_index_list(m.name) i, pragma_index_info(i.name) c
        where c.seqno = 0 and c.name = f."from")`.execute(handle.db);
  expect(rows.map((row) => `${row.table}.${row.column}`)).toEqual([]);
});

// A story's sales by day (writer analytics, the paid programme) read that story's unlocks only.
it("reads a story's part unlocks from the story's index entries", async () => {
  const plan = await planOf(
    handle.db
      .selectFrom("part_unlocks")
      .select((eb) => [eb.fn.countAll().as("count"), eb.fn.sum("coins").as("coins")])
      .where("story_id", "=", 1)
      .where("via_story", "=", 0)
      .groupBy("created_at"),
  );
  expect(plan[0]).toBe(
    "SEARCH part_unlocks USING COVERING INDEX part_unlocks_by_story_id (story_id=? AND via_story=?)",
  );
});
