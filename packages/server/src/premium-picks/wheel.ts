import { type StoryPremiumPicks, storyPicks } from "@inkwell/shared";
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.ts";
import { publishedListing } from "../stories/published-listing.ts";

/** Every published Original in a stable order: the rotation's wheel, the same for everyone. */
export async function originals(db: Kysely<Database>): Promise<number[]> {
  const rows = await originalsInOrder(db).execute();
  return rows.map((row) => Number(row.id));
}

/** The query behind `originals`, on its own so that its plan can be checked. */
export function originalsInOrder(db: Kysely<Database>) {
  return (
    db
      .selectFrom("stories")
      .select("id")
      // A literal, as the stories_paid index is only for is_paid = 1.
      .where("is_paid", "=", sql.lit(1))
      .where((eb) => publishedListing(eb, true))
      .orderBy("id")
  );
}

/**
 * Whether a story is this month's or next month's pick (story details' premiumPicks). Only
 * Originals are ever picked, so any other story is answered without reading the wheel.
 */
export async function premiumPicksOfStory(
  db: Kysely<Database>,
  story: { id: number; isPaid: boolean },
  now: Date,
): Promise<StoryPremiumPicks | null> {
  if (!story.isPaid) return null;
  return storyPicks(await originals(db), story.id, now);
}
