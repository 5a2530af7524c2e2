import { type PicksPeriod, type PremiumPicks, picksFor, picksMonth } from "@inkwell/shared";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { selectStories, toStoryCards } from "../stories/cards.ts";
import { visibleStories } from "../stories/service.ts";
import type { MaybeViewer } from "../viewer.ts";
import { originals } from "./wheel.ts";

/**
 * One month's picks as this reader may see them: the month's share of the rotation, minus
 * what the reader's settings hide (mature stories, blocked tags and people), in pick order.
 */
async function period(
  db: Kysely<Database>,
  wheel: number[],
  viewer: MaybeViewer,
  month: ReturnType<typeof picksMonth>,
): Promise<PicksPeriod> {
  const ids = picksFor(wheel, month.index);
  const rows =
    ids.length === 0
      ? []
      : await visibleStories(selectStories(db).where("stories.id", "in", ids), viewer).execute();
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  const stories = await toStoryCards(
    db,
    ids.flatMap((id) => byId.get(id) ?? []),
  );
  return {
    id: month.id,
    name: month.name,
    year: month.year,
    month: month.month,
    expiresAt: month.expiresAt.toISOString(),
    stories,
    total: stories.length,
  };
}

/** This month's and next month's picks (reader.md §3 Premium picks). */
export async function premiumPicks(
  db: Kysely<Database>,
  viewer: MaybeViewer,
  now = new Date(),
): Promise<PremiumPicks> {
  const wheel = await originals(db);
  const [current, next] = await Promise.all([
    period(db, wheel, viewer, picksMonth(now)),
    period(db, wheel, viewer, picksMonth(now, 1)),
  ]);
  return { current, next };
}
