import type { AutocompleteUser } from "@inkwell/shared";
import { type ExpressionBuilder, type Kysely, sql } from "kysely";
import { likeStart } from "../db/like.ts";
import type { Database } from "../db/schema.ts";
import { hiddenAuthorIds } from "../safety/relations.ts";
import type { Viewer } from "../viewer.ts";

type Db = Kysely<Database>;

/**
 * People to write to: those the viewer follows first ('Your Friends'), by username or by
 * a word of their display name, then anyone else by username ('Other People'); nobody the
 * viewer muted or blocked, or who blocked them. A username prefix is a range on
 * username_lower (an index walk); names are only searched among the few people followed.
 */
export async function autocompleteUsers(
  db: Db,
  viewer: Viewer,
  term: string,
  limit = 10,
): Promise<AutocompleteUser[]> {
  const prefix = term.trim().toLowerCase();
  if (prefix.length === 0) return [];
  const hidden = await hiddenAuthorIds(db, viewer);
  const people = db
    .selectFrom("users")
    .select(["users.id", "users.username", "users.name", "users.avatar"])
    .where("users.id", "<>", viewer.id)
    .orderBy("users.username_lower");
  const usernameStarts = (eb: ExpressionBuilder<Database, "users">) =>
    eb.and([
      eb("users.username_lower", ">=", prefix),
      eb("users.username_lower", "<", `${prefix}\uffff`),
    ]);
  const name = sql`lower(users.name)`;
  const friends = await people
    .innerJoin("follows", "follows.followee_id", "users.id")
    .where("follows.follower_id", "=", viewer.id)
    .where((eb) =>
      eb.or([usernameStarts(eb), likeStart(name, prefix), likeStart(name, prefix, "% ")]),
    )
    .limit(limit + hidden.size)
    .execute();
  const friendIds = new Set(friends.map((row) => Number(row.id)));
  const others = await people
    .where(usernameStarts)
    .limit(limit + hidden.size + friendIds.size)
    .execute();
  const shape =
    (category: AutocompleteUser["category"]) =>
    (row: { username: string; name: string; avatar: string | null }) => ({
      label: row.username,
      name: row.name,
      image: row.avatar,
      category,
    });
  const allowed = (row: { id: number }) => !hidden.has(Number(row.id));
  return [
    ...friends.filter(allowed).map(shape("Your Friends")),
    ...others
      .filter((row) => allowed(row) && !friendIds.has(Number(row.id)))
      .map(shape("Other People")),
  ].slice(0, limit);
}
