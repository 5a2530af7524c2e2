import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createStory, createUser } from "../testing/fixtures.ts";
import { type DatabaseHandle, openDatabase } from "./connection.ts";
import { migrateToLatest, migrateUpTo } from "./migrate.ts";

let dir: string;
let handle: DatabaseHandle;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "inkwell-unlocks-"));
  handle = openDatabase({ dataDir: dir });
});

afterAll(async () => {
  await handle.close();
  await rm(dir, { recursive: true, force: true });
});

// Migration 048: a whole story bought before it unlocked every part, now and later. Its
// buyers keep every part published when it runs, as parts the purchase covered.
it("keeps what earlier whole-story buyers read, as parts their purchase covered", async () => {
  const db = handle.db;
  await migrateUpTo(db, "047-tag-listing-keys");
  const author = await createUser(db);
  const buyer = await createUser(db);
  const story = await createStory(db, author.id, {
    is_paid: 1,
    parts: [{}, { paywalled: 1 }, { paywalled: 1 }, { paywalled: 1, draft: 1 }],
  });
  const [, alone, covered, draft] = story.partIds as [number, number, number, number];
  const boughtAt = Date.now() - 86_400_000;
  await db
    .insertInto("part_unlocks")
    .values({ user_id: buyer.id, part_id: alone, story_id: story.id, coins: 6, created_at: 1 })
    .execute();
  await db
    .insertInto("story_unlocks")
    .values({ user_id: buyer.id, story_id: story.id, coins: 5, created_at: boughtAt })
    .execute();

  await migrateToLatest(db);

  const unlocks = await db
    .selectFrom("part_unlocks")
    .select(["part_id", "coins", "via_story", "created_at"])
    .where("user_id", "=", buyer.id)
    .orderBy("part_id")
    .execute();
  expect(unlocks.map((row) => ({ ...row, part_id: Number(row.part_id) }))).toEqual([
    { part_id: alone, coins: 6, via_story: 0, created_at: 1 },
    { part_id: covered, coins: 0, via_story: 1, created_at: boughtAt },
  ]);
  expect(unlocks.some((row) => Number(row.part_id) === draft)).toBe(false);
  const purchases = await db.selectFrom("story_unlocks").selectAll().execute();
  expect(purchases).toEqual([
    { id: 1, user_id: buyer.id, story_id: story.id, coins: 5, created_at: boughtAt },
  ]);
});
