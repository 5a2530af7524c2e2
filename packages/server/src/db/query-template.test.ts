import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { useTestApi } from "../testing/api.ts";
import { createStory, createUser } from "../testing/fixtures.ts";
import { queryTemplate } from "./query-template.ts";
import type { Database } from "./schema.ts";

const t = useTestApi();

const partsOfStory = queryTemplate((db: Kysely<Database>, storyId: number, minPosition: number) =>
  db
    .selectFrom("parts")
    .select(["id", "title"])
    .where("story_id", "=", storyId)
    .where("position", ">=", minPosition)
    .where("draft", "=", 0)
    .orderBy("position"),
);

describe("queryTemplate", () => {
  it("runs one compiled query with each call's own arguments", async () => {
    const db = t.handle.db;
    const author = await createUser(db);
    const one = await createStory(db, author.id, { parts: [{ title: "A" }, { title: "B" }] });
    const two = await createStory(db, author.id, {
      parts: [{ title: "C" }, { title: "D", draft: 1 }, { title: "E" }],
    });
    expect((await partsOfStory(db, one.id, 0)).map((part) => part.title)).toEqual(["A", "B"]);
    expect((await partsOfStory(db, two.id, 1)).map((part) => part.title)).toEqual(["E"]);
    expect((await partsOfStory(db, one.id, 1)).map((part) => part.title)).toEqual(["B"]);
  });

  it("refuses a template that leaves an argument out", async () => {
    const unused = queryTemplate((db: Kysely<Database>, _id: number) =>
      db.selectFrom("parts").select("id").where("draft", "=", 0),
    );
    await expect(unused(t.handle.db, 1)).rejects.toThrow("argument 0 unused");
  });
});
