import type { StorySale, StorySaleInput, WorkSale } from "@inkwell/shared";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { storyChanged } from "../events.ts";
import { storySaleAt } from "../stories/cards.ts";
import {
  assertNewSaleAllowed,
  assertSaleable,
  checkedSale,
  nextSaleOf,
  saveSale,
} from "../stories/sale.ts";
import type { Viewer } from "../viewer.ts";
import { lockStory, ownStory } from "./access.ts";

type Db = Kysely<Database>;

/**
 * A writer's own sale of their paid story (decision 054): the sale staff set in the paid
 * story manager (052), from the story's editor. Under the story's lock, so a purchase is
 * priced wholly before or wholly after it; kept pages are dropped once it commits. No admin
 * note and no mail: the writer made the change and staff see it in the manager. A new sale
 * waits until a month after the last one began (assertNewSaleAllowed); the answer says when
 * the next may start.
 */
async function changeOwnSale(
  db: Db,
  viewer: Viewer,
  storyId: number,
  sale: StorySale | null,
  now: number,
): Promise<WorkSale> {
  const { changed, nextSale } = await db.transaction().execute(async (trx) => {
    await lockStory(trx, storyId);
    const story = await ownStory(trx, viewer, storyId);
    if (sale) {
      assertSaleable(story);
      assertNewSaleAllowed(story, now);
    } else if (storySaleAt(story, now) === null) {
      return { changed: false, nextSale: nextSaleOf(story, now) };
    }
    await saveSale(trx, storyId, sale, now);
    const saved = await trx
      .selectFrom("stories")
      .select(["sale_percent", "sale_ends_at", "sale_started_at"])
      .where("id", "=", storyId)
      .executeTakeFirstOrThrow();
    return { changed: true, nextSale: nextSaleOf(saved, now) };
  });
  if (changed) storyChanged(storyId);
  return { sale, nextSaleAt: nextSale === null ? null : new Date(nextSale).toISOString() };
}

/** PUT /v4/works/{storyId}/sale: starts or changes the sale (10–90% off, within 31 days). */
export function setOwnSale(
  db: Db,
  viewer: Viewer,
  storyId: number,
  input: StorySaleInput,
  now = Date.now(),
): Promise<WorkSale> {
  return changeOwnSale(db, viewer, storyId, checkedSale(input, now), now);
}

/** DELETE /v4/works/{storyId}/sale: list prices again now. No sale on changes nothing. */
export function endOwnSale(db: Db, viewer: Viewer, storyId: number, now = Date.now()) {
  return changeOwnSale(db, viewer, storyId, null, now);
}
