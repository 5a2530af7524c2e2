import type { PaywallEventName } from "@inkwell/shared";
import type { Kysely } from "kysely";
import { accessTo, isBlockedFor } from "../coins/access.ts";
import type { Database } from "../db/schema.ts";
import { HttpError } from "../http/errors.ts";
import { readablePart } from "../stories/readable-part.ts";
import type { MaybeViewer } from "../viewer.ts";

const DAY = 86_400_000;

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
  const part = await readablePart(db, viewer, input.partId);
  const access = await accessTo(db, viewer, { id: part.story_id, user_id: part.user_id }, [part]);
  if (!isBlockedFor(access, part)) {
    throw new HttpError(409, "not_locked", "This part has no paywall for you.");
  }
  const inserted = await db
    .insertInto("paywall_events")
    .values({
      name: input.name,
      story_id: part.story_id,
      part_id: part.id,
      user_id: viewer?.id ?? null,
      day: Math.floor(now / DAY),
      created_at: now,
    })
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirst();
  return { recorded: Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0 };
}
