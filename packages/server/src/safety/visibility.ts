import type { Expression, ExpressionBuilder } from "kysely";
import type { Database } from "../db/schema.ts";

/**
 * What a signed-in reader's story lists leave out (accounts-safety-messaging.md §2, §4):
 * stories carrying a tag they blocked, and stories by people they muted or blocked or who
 * blocked them. NOT EXISTS probes of the safety tables' primary keys, so a list still
 * walks its listing index and only checks each story it meets. Visitors have nothing to
 * leave out: stories/service.ts listedStory adds these for signed-in readers only.
 */
export function hiddenFromReader(eb: ExpressionBuilder<Database, "stories">, readerId: number) {
  return [withoutBlockedTags(eb, readerId), ...withoutHiddenPeople(eb, readerId)];
}

/** Stories carrying none of the tags the reader blocked. */
export function withoutBlockedTags(eb: ExpressionBuilder<Database, "stories">, readerId: number) {
  const blockedTagIds = eb
    .selectFrom("blocked_tags")
    .innerJoin("tags", "tags.name", "blocked_tags.tag")
    .select("tags.id")
    .where("blocked_tags.user_id", "=", readerId);
  return eb.not(
    eb.exists(
      eb
        .selectFrom("story_tags")
        .select("story_tags.story_id")
        .whereRef("story_tags.story_id", "=", "stories.id")
        .where("story_tags.tag_id", "in", blockedTagIds),
    ),
  );
}

/** Stories by no one the reader muted or blocked, nor anyone who blocked them. */
function withoutHiddenPeople(eb: ExpressionBuilder<Database, "stories">, readerId: number) {
  const writer = eb.ref("stories.user_id");
  return [
    eb.not(
      eb.exists(
        eb
          .selectFrom("user_mutes")
          .select("user_mutes.muted_id")
          .where("user_mutes.muter_id", "=", readerId)
          .whereRef("user_mutes.muted_id", "=", "stories.user_id"),
      ),
    ),
    // Both directions, each a probe of its own index (user_blocks_pk, user_blocks_blocked).
    noBlock(eb, readerId, writer),
    noBlock(eb, writer, readerId),
  ];
}

/** No block from `blocker` to `blocked`: each a user id or the story's column naming one. */
function noBlock(
  eb: ExpressionBuilder<Database, "stories">,
  blocker: number | Expression<number>,
  blocked: number | Expression<number>,
) {
  return eb.not(
    eb.exists(
      eb
        .selectFrom("user_blocks")
        .select("user_blocks.blocker_id")
        .where("user_blocks.blocker_id", "=", blocker)
        .where("user_blocks.blocked_id", "=", blocked),
    ),
  );
}
