import {
  type AdAudience,
  type AdDecision,
  type AdPlacement,
  adEligibility,
  type CoverSource,
  type PaywallEventName,
  type StoryClickSource,
} from "@inkwell/shared";
import type { InsertQueryBuilder, InsertResult, Kysely, Transaction } from "kysely";
import { accessTo, isBlockedFor } from "../coins/access.ts";
import { commentablePart } from "../comments/service.ts";
import { recheckingGone } from "../db/constraint-errors.ts";
import type { Database } from "../db/schema.ts";
import { HttpError } from "../http/errors.ts";
import { readablePart } from "../stories/readable-part.ts";
import { adStoryOf, readableStory } from "../stories/service.ts";
import type { MaybeViewer } from "../viewer.ts";

const DAY = 86_400_000;

/** The UTC day an event belongs to: a reader counts once a day per kind. */
export const eventDay = (at: number) => Math.floor(at / DAY);

/** Inserts the event unless the reader's is there already today (the tables' unique index). */
export async function recordOnce<T extends keyof Database>(
  insert: InsertQueryBuilder<Database, T, InsertResult>,
): Promise<{ recorded: boolean }> {
  const result = await insert.onConflict((conflict) => conflict.doNothing()).executeTakeFirst();
  return { recorded: Number(result.numInsertedOrUpdatedRows ?? 0) > 0 };
}

/**
 * §7's cover add, in the transaction that sets the cover: the author gave their story a new
 * cover from `source`. A cover changed by staff is no writer's add.
 */
export function recordCoverAdd(
  trx: Transaction<Database>,
  storyId: number,
  source: CoverSource,
  now: number,
): Promise<{ recorded: boolean }> {
  return recordOnce(
    trx
      .insertInto("cover_adds")
      .values({ story_id: storyId, source, day: eventDay(now), created_at: now }),
  );
}

/**
 * POST /v5/events: the reading page says a paywall was shown, or a purchase there was
 * cancelled or failed. Only a part this viewer may read and has not unlocked has a paywall
 * (the author and staff read everything), so anything else is refused and nothing is
 * recorded. A signed-in reader's event counts once a day per part and kind; visitors cannot
 * buy, so they only send views.
 */
export async function recordPaywallEvent(
  db: Kysely<Database>,
  viewer: MaybeViewer,
  input: { name: PaywallEventName; partId: number },
  now = Date.now(),
): Promise<{ recorded: boolean }> {
  if (!viewer && input.name !== "paywall_view") {
    throw new HttpError(401, "unauthorized", "Log in to buy parts.");
  }
  const check = () => readablePart(db, viewer, input.partId);
  const part = await check();
  const access = await accessTo(db, viewer, { id: part.story_id, user_id: part.user_id }, [part]);
  if (!isBlockedFor(access, part)) {
    throw new HttpError(409, "not_locked", "This part has no paywall for you.");
  }
  // The part may go with its writer's account meanwhile: then the check's 404 says so.
  return recheckingGone(
    () =>
      recordOnce(
        db.insertInto("paywall_events").values({
          name: input.name,
          story_id: part.story_id,
          part_id: part.id,
          user_id: viewer?.id ?? null,
          day: eventDay(now),
          created_at: now,
        }),
      ),
    check,
  );
}

/**
 * POST /v5/events with `story_click`: a reader followed a link to a story they may see,
 * from a page of kind `source`. Their own story's clicks are not counted for a writer, as
 * their reads are not.
 */
export async function recordStoryClick(
  db: Kysely<Database>,
  viewer: MaybeViewer,
  input: { storyId: number; source: StoryClickSource },
  now = Date.now(),
): Promise<{ recorded: boolean }> {
  const check = () => readableStory(db, viewer, input.storyId);
  const story = await check();
  if (viewer?.id === story.user_id) return { recorded: false };
  // The story may go with its writer's account meanwhile: then the check's 404 says so.
  return recheckingGone(
    () =>
      recordOnce(
        db.insertInto("story_clicks").values({
          story_id: story.id,
          source: input.source,
          user_id: viewer?.id ?? null,
          day: eventDay(now),
          created_at: now,
        }),
      ),
    check,
  );
}

/** What an ad slot is about: the story page's slot, or the slots between a part's comments. */
export type AdSlotInput =
  | { placement: Extract<AdPlacement, "story">; storyId: number }
  | { placement: Extract<AdPlacement, "comments">; partId: number };

/** The story (and part) a slot is on, as the viewer sees it: 404 or 403 as their pages do. */
async function adSlotOf(db: Kysely<Database>, viewer: MaybeViewer, slot: AdSlotInput) {
  if (slot.placement === "comments") return commentablePart(db, viewer, slot.partId);
  const story = await readableStory(db, viewer, slot.storyId);
  return { id: null, storyId: story.id, ...adStoryOf(story) };
}

/**
 * POST /v5/events with `ad_eligibility` (§3, §7): a page says one of its ad slots was
 * decided. The page sends where, not what: the server decides with the same shared rule,
 * from the story and the viewer as they are now, so no client can record a decision that
 * was not made. A signed-in reader's decision counts once a day per slot; the answer says
 * what was decided, and the row the country it was decided for.
 */
export async function recordAdEligibility(
  db: Kysely<Database>,
  viewer: MaybeViewer,
  audience: AdAudience,
  input: AdSlotInput & { referenceId: string },
  now = Date.now(),
): Promise<{ recorded: boolean } & AdDecision> {
  const check = () => adSlotOf(db, viewer, input);
  const slot = await check();
  const decision = adEligibility(slot, audience);
  // The story may go with its writer's account meanwhile: then the check's 404 says so.
  const recorded = await recheckingGone(
    () =>
      recordOnce(
        db.insertInto("ad_eligibility_events").values({
          reference_id: input.referenceId,
          placement: input.placement,
          story_id: slot.storyId,
          part_id: slot.id,
          user_id: viewer?.id ?? null,
          eligible: decision.eligible ? 1 : 0,
          factor: decision.factor,
          country_code: audience.reader?.country ?? null,
          day: eventDay(now),
          created_at: now,
        }),
      ),
    check,
  );
  return { ...recorded, ...decision };
}
