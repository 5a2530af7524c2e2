import { describe, expect, it } from "vitest";
import { listedStory } from "../stories/service.ts";
import { useTestApi } from "../testing/api.ts";
import { createUser } from "../testing/fixtures.ts";
import { plainViewer, type Viewer } from "../viewer.ts";
import { blockedEitherWay, hiddenAuthorIds, isBlocked, isMuted } from "./relations.ts";

const t = useTestApi();

describe("safety relations", () => {
  it("answers mute and block questions in the right direction", async () => {
    const db = t.handle.db;
    const me = await createUser(db);
    const muted = await createUser(db);
    const blocked = await createUser(db);
    const blocker = await createUser(db);
    const stranger = await createUser(db);
    const now = Date.now();
    await db
      .insertInto("user_mutes")
      .values({ muter_id: me.id, muted_id: muted.id, created_at: now })
      .execute();
    await db
      .insertInto("user_blocks")
      .values([
        { blocker_id: me.id, blocked_id: blocked.id, created_at: now },
        { blocker_id: blocker.id, blocked_id: me.id, created_at: now },
      ])
      .execute();

    expect(await isMuted(db, me.id, muted.id)).toBe(true);
    expect(await isMuted(db, muted.id, me.id)).toBe(false);
    expect(await isBlocked(db, me.id, blocked.id)).toBe(true);
    expect(await isBlocked(db, blocked.id, me.id)).toBe(false);
    expect(await blockedEitherWay(db, blocked.id, me.id)).toBe(true);
    expect(await blockedEitherWay(db, me.id, blocker.id)).toBe(true);
    expect(await blockedEitherWay(db, me.id, muted.id)).toBe(false);
    expect(await blockedEitherWay(db, me.id, stranger.id)).toBe(false);

    expect([...(await hiddenAuthorIds(db, plainViewer(me)))].sort()).toEqual(
      [muted.id, blocked.id, blocker.id].sort(),
    );
    expect([...(await hiddenAuthorIds(db, plainViewer(blocked)))]).toEqual([me.id]);
    expect((await hiddenAuthorIds(db, plainViewer(muted))).size).toBe(0);
    expect((await hiddenAuthorIds(db, null)).size).toBe(0);
  });
});

describe("listedStory", () => {
  const sqlFor = (viewer: Viewer | null) =>
    t.handle.db
      .selectFrom("stories")
      .select("stories.id")
      .where((eb) => listedStory(eb, viewer))
      .compile().sql;

  it("leaves a visitor's list query as it was: no safety table is read", () => {
    expect(sqlFor(null)).not.toMatch(/blocked_tags|user_mutes|user_blocks/);
  });

  it("checks a signed-in reader's blocked tags, mutes and blocks in the query itself", () => {
    const sql = sqlFor(plainViewer({ id: 1, username: "reader" }));
    for (const table of ["blocked_tags", "user_mutes", "user_blocks"]) expect(sql).toContain(table);
  });
});
