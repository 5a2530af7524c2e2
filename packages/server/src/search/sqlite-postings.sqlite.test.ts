import { type Kysely, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { useTestApi } from "../testing/api.ts";
import { createStory, createUser } from "../testing/fixtures.ts";
import { indexWords, oneTypoAway, wordImpacts } from "./index-words.ts";
import { searchTerms } from "./service.ts";
import {
  buildPostings,
  indexQueuedWrites,
  popularity,
  type SearchDatabase,
} from "./sqlite-postings.ts";

describe("index words", () => {
  it("folds case and Latin accents, and parts letters from digits", () => {
    expect(indexWords("Café au Lait")).toEqual(["cafe", "au", "lait"]);
    expect(indexWords("Hugo_Brooks12")).toEqual(["hugo", "brooks", "12"]);
    expect(indexWords("naïve ÉCOLE 1916")).toEqual(["naive", "ecole", "1916"]);
    expect(indexWords("x".repeat(60))).toEqual(["x".repeat(40)]);
    expect(indexWords("'; DROP -- *")).toEqual(["drop"]);
  });

  it("cuts a query as it cuts a document, whatever the script", () => {
    for (const text of ["Café Noir", "हिन्दी कहानी", "Ørsted's ﬁre", "naïve_Über2"]) {
      expect(searchTerms(text).tokens.flatMap(indexWords)).toEqual([...new Set(indexWords(text))]);
    }
  });

  it("weighs a title word above the same word in a description, and boosts tag words", () => {
    const impacts = wordImpacts(
      [
        { text: "Murder Manor", weight: 10 },
        { text: "a quiet murder in the village", weight: 1 },
      ],
      32,
      new Set(["village"]),
      1.5,
    );
    expect(impacts.get("manor")).toBeGreaterThan(impacts.get("quiet") ?? 0);
    expect(impacts.get("murder")).toBeGreaterThan(impacts.get("manor") ?? 0);
    expect(impacts.get("village")).toBeGreaterThan(impacts.get("manor") ?? 0);
  });

  it("reads a word as every word one typo away", () => {
    const neighbours = oneTypoAway("dragom");
    for (const word of ["dragon", "dragm", "dargom", "draagom", "drag0m"]) {
      expect(neighbours).toContain(word);
    }
    expect(neighbours).not.toContain("dragom");
    expect(neighbours).not.toContain("dragons");
    expect(oneTypoAway("né")).toContain("ne");
  });

  it("counts popularity in orders of magnitude", () => {
    expect([0, 1, 2, 3, 6, 7, 1000].map(popularity)).toEqual([0, 1, 1, 2, 2, 3, 9]);
  });
});

const t = useTestApi();

describe("SQLite postings", () => {
  const db = () => t.handle.db as unknown as Kysely<SearchDatabase>;
  const snapshot = async () => ({
    stories: await db()
      .selectFrom("story_terms")
      .selectAll()
      .orderBy("term")
      .orderBy("story_id")
      .execute(),
    words: await db().selectFrom("story_words").selectAll().orderBy("term").execute(),
    users: await db()
      .selectFrom("user_terms")
      .selectAll()
      .orderBy("term")
      .orderBy("user_id")
      .execute(),
    people: await db().selectFrom("user_words").selectAll().orderBy("term").execute(),
  });

  it("builds from existing rows what writes add one by one", async () => {
    const author = await createUser(t.handle.db, { username: "Brook_Vale7", name: "Brook Vale" });
    await createStory(t.handle.db, author.id, {
      title: "Lanterns of Ashford",
      tags: ["lanterns", "mystery"],
      description: "A lamplighter finds a letter.",
      read_count: 12,
    });
    await createStory(t.handle.db, author.id, { title: "Lantern Keeper", completed: 1 });
    await indexQueuedWrites(db());
    const incremental = await snapshot();
    expect(incremental.stories.length).toBeGreaterThan(0);

    for (const table of ["story_terms", "story_words", "user_terms", "user_words"] as const) {
      await db().deleteFrom(table).execute();
    }
    for (const index of ["story_terms_story", "user_terms_user"]) {
      await sql.raw(`DROP INDEX ${index}`).execute(db());
    }
    await buildPostings(db());
    expect(await snapshot()).toEqual(incremental);
  });

  it("rebuilds the whole index when a bulk load queued more than it can index one by one", async () => {
    const before = await snapshot();
    await sql`INSERT INTO story_search_queue
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10001)
      SELECT -i FROM n`.execute(db());
    expect(await indexQueuedWrites(db())).toBe(true);
    expect(await snapshot()).toEqual(before);
    const queued = await sql<{ n: number }>`SELECT count(*) AS n FROM story_search_queue`.execute(
      db(),
    );
    expect(queued.rows[0]?.n).toBe(0);
  });

  it("queues a story when its popularity changes, not on every read", async () => {
    const author = await createUser(t.handle.db);
    const { id } = await createStory(t.handle.db, author.id, { read_count: 1 });
    await indexQueuedWrites(db());
    const queued = async () =>
      (await sql<{ n: number }>`SELECT count(*) AS n FROM story_search_queue`.execute(db())).rows[0]
        ?.n;
    await db().updateTable("stories").set({ read_count: 2 }).where("id", "=", id).execute();
    expect(await queued()).toBe(0);
    await db().updateTable("stories").set({ read_count: 3 }).where("id", "=", id).execute();
    expect(await queued()).toBe(1);
    expect(await indexQueuedWrites(db())).toBe(true);
    expect(await indexQueuedWrites(db())).toBe(false);
  });
});
