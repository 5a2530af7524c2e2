import type { PartDetails } from "@inkwell/shared";
import type { Kysely } from "kysely";
import { accessTo, isBlockedFor, paywallFor } from "../coins/access.ts";
import { queryTemplate } from "../db/query-template.ts";
import type { Database } from "../db/schema.ts";
import { notFound } from "../http/errors.ts";
import { moderatedPartText } from "../image-moderation/service.ts";
import { assertNotBlockedBy } from "../safety/relations.ts";
import { isPublished, partUrl, storySaleAt, toPartSummary, toStoryCard } from "../stories/cards.ts";
import {
  assertMatureAllowed,
  canSeeStory,
  publishedPartsOf,
  storyById,
} from "../stories/service.ts";
import { isAuthorOrStaff, type MaybeViewer } from "../viewer.ts";
import { hasVoted } from "../votes/service.ts";

const partById = queryTemplate((db: Kysely<Database>, id: number) =>
  db.selectFrom("parts").selectAll().where("id", "=", id),
);

const authorDescriptionOf = async (db: Kysely<Database>, userId: number) =>
  (
    await db
      .selectFrom("users")
      .select("description")
      .where("id", "=", userId)
      .executeTakeFirstOrThrow()
  ).description;

/**
 * One part to read, with its story and neighbours. A draft or deleted part, or a part of a
 * story the viewer may not see, is a 404 for everyone but the author and staff.
 */
export async function getPartDetails(
  db: Kysely<Database>,
  partId: number,
  viewer: MaybeViewer,
  now = Date.now(),
): Promise<PartDetails> {
  const [part] = await partById(db, partId);
  if (!part) throw notFound("Part");
  const [[story], siblings, voted] = await Promise.all([
    storyById(db, part.story_id),
    publishedPartsOf(db, part.story_id),
    hasVoted(db, viewer, part.id),
  ]);
  if (!story) throw notFound("Part");
  const privileged = isAuthorOrStaff(story.user_id, viewer);
  if (!canSeeStory(story, viewer) || (!isPublished(part) && !privileged)) throw notFound("Part");
  assertMatureAllowed(story, viewer);
  await assertNotBlockedBy(db, story.user_id, viewer);

  const index = siblings.findIndex((sibling) => sibling.id === part.id);
  const neighbour = (offset: number) => {
    const sibling = index === -1 ? undefined : siblings[index + offset];
    return sibling ? { id: sibling.id, title: sibling.title, url: partUrl(sibling.id) } : null;
  };
  const card = toStoryCard(story, siblings, [], []);
  // A paywalled part the reader has not unlocked comes without its text, with its paywall.
  const access = await accessTo(db, viewer, story, [part]);
  const blocked = isBlockedFor(access, part);
  const paywall = blocked
    ? paywallFor(
        part,
        siblings,
        access,
        await authorDescriptionOf(db, story.user_id),
        storySaleAt(story, now),
      )
    : null;
  return {
    ...toPartSummary(part, now, blocked),
    ...(blocked ? { text: "" } : await moderatedPartText(db, part.text, story.user_id, viewer)),
    paywall,
    readCount: part.read_count,
    voteCount: part.vote_count,
    voted,
    commentCount: part.comment_count,
    number: index + 1,
    story: {
      id: card.id,
      title: card.title,
      url: card.url,
      cover: card.cover,
      user: card.user,
      completed: card.completed,
      mature: card.mature,
      numParts: card.numParts,
      language: card.language,
      lastPublishedPart: card.lastPublishedPart,
    },
    previousPart: neighbour(-1),
    nextPart: neighbour(1),
  };
}
