import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { notFound } from "../http/errors.ts";
import { assertNotBlockedBy } from "../safety/relations.ts";
import { isAuthorOrStaff, type MaybeViewer } from "../viewer.ts";
import { isPublished } from "./cards.ts";
import { assertMatureAllowed, canSeeStory } from "./service.ts";

export interface ReadablePartOptions {
  /** The story the part must belong to (a part id and story id sent together). */
  storyId?: number;
  /** Whether the story's author and staff reach its drafts too (comments), or no one does. */
  drafts?: "privileged" | "never";
}

/**
 * A part the viewer may read, with its story's fields that reading, votes and comments ask
 * about: its story visible to them, not a mature story hidden from them, not by a writer who
 * blocked them, and published (or a draft its author or staff may see, when `drafts` says
 * so). Anything else is a 404, so that no call reveals that a hidden part exists. Whether a
 * paywalled part is unlocked is the caller's question (coins/access.ts).
 */
export async function readablePart(
  db: Kysely<Database>,
  viewer: MaybeViewer,
  partId: number,
  { storyId, drafts = "never" }: ReadablePartOptions = {},
) {
  const part = await db
    .selectFrom("parts")
    .innerJoin("stories", "stories.id", "parts.story_id")
    .select([
      "parts.id",
      "parts.story_id",
      "parts.draft",
      "parts.deleted",
      "parts.paywalled",
      "stories.user_id",
      "stories.rating",
      "stories.is_paid",
      "stories.banned_cover",
      "stories.ad_exempt",
      "stories.draft as story_draft",
      "stories.deleted as story_deleted",
    ])
    .where("parts.id", "=", partId)
    .$if(storyId !== undefined, (query) => query.where("parts.story_id", "=", storyId as number))
    .executeTakeFirst();
  if (!part) throw notFound("Part");
  const privileged = drafts === "privileged" && isAuthorOrStaff(part.user_id, viewer);
  const story = { user_id: part.user_id, draft: part.story_draft, deleted: part.story_deleted };
  if (!canSeeStory(story, viewer) || (!isPublished(part) && !privileged)) throw notFound("Part");
  assertMatureAllowed(part, viewer);
  await assertNotBlockedBy(db, part.user_id, viewer);
  return part;
}
