import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { type Caller, useTestApi } from "../testing/api.ts";
import { createStory, isoYearsAgo, signedInUser } from "../testing/fixtures.ts";
import { publishDueParts } from "./job.ts";

/**
 * Every denormalised counter equals a COUNT over the rows behind it after the writes that
 * move it: publishing, scheduling, unpublishing and deleting parts, reads, votes, comments
 * and their likes, follows, reading lists, and closing accounts (whose rows cascade away).
 * A story's tags carry copies of its listing keys (reads, last publication, paid), which
 * must follow the story through all of these, tag edits and the Paid Stories programme.
 */
const t = useTestApi();

type Person = Caller & { id: number; username: string };
const adult = { birthdate: isoYearsAgo(30) };
let writer: Person;
let admin: Person;

beforeAll(async () => {
  writer = await signedInUser(t.handle.db, adult);
  admin = await signedInUser(t.handle.db, { ...adult, is_sysadmin: 1 });
});

const ok = async (response: Response) => {
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return response;
};

/** Each counter that differs from its rows, as "table id column: counter != rows". */
async function drift(): Promise<string[]> {
  const checks = [
    sql`SELECT 'stories' AS t, id, 'num_parts' AS c, num_parts AS counter,
      (SELECT COUNT(*) AS rows FROM parts p WHERE p.story_id = s.id AND p.draft = 0 AND p.deleted = 0) AS rows
      FROM stories s`,
    sql`SELECT 'stories' AS t, id, 'read_count' AS c, read_count AS counter,
      (SELECT COUNT(*) FROM reads r WHERE r.story_id = s.id) AS rows FROM stories s`,
    sql`SELECT 'stories' AS t, id, 'vote_count' AS c, vote_count AS counter,
      (SELECT COUNT(*) FROM votes v WHERE v.story_id = s.id) AS rows FROM stories s`,
    sql`SELECT 'stories' AS t, id, 'comment_count' AS c, comment_count AS counter,
      (SELECT COUNT(*) AS rows FROM comments c WHERE c.story_id = s.id AND c.deleted = 0) AS rows FROM stories s`,
    sql`SELECT 'parts' AS t, id, 'read_count' AS c, read_count AS counter,
      (SELECT COUNT(*) FROM reads r WHERE r.part_id = p.id) AS rows FROM parts p`,
    sql`SELECT 'parts' AS t, id, 'vote_count' AS c, vote_count AS counter,
      (SELECT COUNT(*) FROM votes v WHERE v.part_id = p.id) AS rows FROM parts p`,
    sql`SELECT 'parts' AS t, id, 'comment_count' AS c, comment_count AS counter,
      (SELECT COUNT(*) AS rows FROM comments c WHERE c.part_id = p.id AND c.deleted = 0) AS rows FROM parts p`,
    sql`SELECT 'comments' AS t, id, 'reply_count' AS c, reply_count AS counter,
      (SELECT COUNT(*) FROM comments r WHERE r.parent_id = c.id AND r.deleted = 0) AS rows
      FROM comments c WHERE c.deleted = 0`,
    sql`SELECT 'comments' AS t, id, 'like_count' AS c, like_count AS counter,
      (SELECT COUNT(*) FROM comment_likes l WHERE l.comment_id = c.id) AS rows FROM comments c`,
    sql`SELECT 'users' AS t, id, 'num_followers' AS c, num_followers AS counter,
      (SELECT COUNT(*) FROM follows f WHERE f.followee_id = u.id) AS rows FROM users u`,
    sql`SELECT 'users' AS t, id, 'num_following' AS c, num_following AS counter,
      (SELECT COUNT(*) FROM follows f WHERE f.follower_id = u.id) AS rows FROM users u`,
    sql`SELECT 'story_tags' AS t, st.story_id, 'read_count' AS c, st.read_count AS counter,
      s.read_count AS rows FROM story_tags st JOIN stories s ON s.id = st.story_id`,
    sql`SELECT 'story_tags' AS t, st.story_id, 'last_published_at' AS c,
      COALESCE(st.last_published_at, -1) AS counter, COALESCE(s.last_published_at, -1) AS rows
      FROM story_tags st JOIN stories s ON s.id = st.story_id`,
    sql`SELECT 'story_tags' AS t, st.story_id, 'is_paid' AS c, st.is_paid AS counter,
      s.is_paid AS rows FROM story_tags st JOIN stories s ON s.id = st.story_id`,
    sql`SELECT 'reading_lists' AS t, id, 'num_stories' AS c, num_stories AS counter,
      (SELECT COUNT(*) FROM reading_list_stories x WHERE x.list_id = l.id) AS rows FROM reading_lists l`,
  ];
  const found: string[] = [];
  for (const check of checks) {
    const { rows } = await check.execute(t.handle.db);
    for (const row of rows as Record<string, unknown>[]) {
      const [table, id, column, counter, count] = Object.values(row);
      if (Number(counter) !== Number(count)) {
        found.push(`${table} ${id} ${column}: ${counter} != ${count}`);
      }
    }
  }
  return found;
}

describe("counters", () => {
  it("equal the rows behind them after part, reader, social and account changes", async () => {
    const db = t.handle.db;
    const story = await createStory(db, writer.id, {
      tags: ["sea"],
      categories: ["Fantasy"],
      parts: [{}, { draft: 1 }, { draft: 1 }, { draft: 1 }],
    });
    const [first, second, third, fourth] = story.partIds as [number, number, number, number];
    const send = (who: Person, method: string, path: string, body?: unknown) =>
      t.send(method, path, who, body).then(ok);

    // Parts: publish, schedule (the job publishes it), unpublish, delete.
    await send(writer, "POST", `/v4/parts/${second}/publish`);
    const soon = new Date(Math.ceil((Date.now() + 30 * 60_000) / 900_000) * 900_000);
    await send(writer, "POST", `/v4/parts/${third}/schedule-publish`, { datetime: soon });
    expect(await publishDueParts(db, soon.getTime())).toBe(1);
    await send(writer, "POST", `/v4/parts/${fourth}/publish`);
    await send(writer, "POST", `/v4/parts/${fourth}/unpublish`);
    expect(await drift()).toEqual([]);

    // Readers: reads, votes, comments, replies, likes, follows and lists, one of whom also
    // writes a story others list; then both their accounts close.
    const fan = await signedInUser(db, adult);
    const leaver = await signedInUser(db, adult);
    const leaverStory = await createStory(db, leaver.id);
    for (const who of [fan, leaver]) {
      await send(who, "POST", `/api/v3/story_parts/${first}/reads`);
      await send(who, "POST", `/api/v3/stories/${story.id}/parts/${first}/votes`);
      await send(who, "POST", `/api/v3/stories/${story.id}/parts/${second}/votes`);
      await send(who, "POST", `/api/v3/users/${who.username}/following`, {
        users: writer.username,
      });
    }
    const comment = async (who: Person, resource: unknown) =>
      (
        (await (await send(who, "POST", "/v5/comments", { resource, text: "Lovely" })).json()) as {
          commentId: { resourceId: string };
        }
      ).commentId.resourceId;
    const fanThread = await comment(fan, { namespace: "parts", resourceId: first });
    const leaverThread = await comment(leaver, { namespace: "parts", resourceId: second });
    await comment(leaver, { namespace: "comments", resourceId: fanThread });
    await comment(fan, { namespace: "comments", resourceId: leaverThread });
    await send(leaver, "PUT", `/v5/comments/${fanThread}/sentiments/like`);
    await send(writer, "POST", `/api/v3/users/${writer.username}/following`, {
      users: `${fan.username},${leaver.username}`,
    });
    await send(fan, "POST", "/api/v3/lists/", {
      id: null,
      name: "Favourites",
      numStories: 0,
      cover: 0,
      tags: [],
      featured: false,
      stories: `${story.id},${leaverStory.id}`,
    });
    expect(await drift()).toEqual([]);

    // A tag added after the reads starts from the story's counts, as does a tag given back.
    const editTags = (request_type: string, tag_value: string) =>
      send(writer, "POST", "/apiv2/editstorytags", { request_type, tag_value, story_id: story.id });
    await send(fan, "POST", `/api/v3/story_parts/${second}/reads`);
    await editTags("add", "harbour");
    await editTags("remove", "sea");
    await editTags("add", "sea");
    expect(await drift()).toEqual([]);
    const programme = `/v5/admin/stories/${story.id}/paid-programme`;
    await send(admin, "POST", programme, { freeParts: 1 });
    expect(await drift()).toEqual([]);
    await send(admin, "DELETE", programme);
    expect(await drift()).toEqual([]);

    await send(writer, "DELETE", `/v4/parts/${first}`);
    expect(await drift()).toEqual([]);

    await send(admin, "POST", `/api/v3/users/${leaver.username}/moderation/close`, {
      reason: "spam",
    });
    expect(await drift()).toEqual([]);
  });
});
