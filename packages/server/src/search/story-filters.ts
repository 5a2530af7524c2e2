import {
  MATURE_RATING,
  type SearchLength,
  type SearchUpdated,
  type StorySearchFilters,
} from "@inkwell/shared";
import { type RawBuilder, type SqlBool, sql } from "kysely";
import { includesMature } from "../stories/service.ts";
import type { MaybeViewer } from "../viewer.ts";

const DAY = 86_400_000;

/** The oldest last update each 'Last updated' option lets through. */
const UPDATED_WITHIN: Record<Exclude<SearchUpdated, "anytime">, number> = {
  today: DAY,
  week: 7 * DAY,
  month: 30 * DAY,
  year: 365 * DAY,
};

/** Published parts per length option: [at least, at most]. */
const PARTS_RANGE: Record<Exclude<SearchLength, "anyLength">, [number, number | null]> = {
  oneToTen: [1, 10],
  tenToTwenty: [11, 20],
  twentyToFifty: [21, 50],
  moreThanFifty: [51, null],
};

/** A story search's filters, resolved for one viewer at one moment. */
export interface StoryFilter {
  updatedSince: number | null;
  completed: boolean;
  /** Mature stories only, none, or as the viewer's visibility allows (listedStory). */
  mature: "only" | "hidden" | "allowed";
  paid: boolean | null;
  parts: readonly [number, number | null] | null;
}

/** The filters as conditions, or null when no story can pass them. */
export function storyFilter(
  filters: StorySearchFilters,
  viewer: MaybeViewer,
  now: number,
): StoryFilter | null {
  const seesMature = includesMature(viewer);
  const onlyMature = filters.content.includes("mature");
  const hidesMature = !seesMature || filters.hideMature;
  if (onlyMature && hidesMature) return null;
  const windows = filters.updated.flatMap((option) =>
    option === "anytime" ? [] : [UPDATED_WITHIN[option]],
  );
  const free = filters.content.includes("free");
  const paid = filters.content.includes("paid");
  return {
    // Several options are alternatives: the widest wins, and Anytime lets everything through.
    updatedSince:
      windows.length > 0 && !filters.updated.includes("anytime")
        ? now - Math.max(...windows)
        : null,
    completed: filters.content.includes("complete"),
    mature: onlyMature ? "only" : hidesMature ? "hidden" : "allowed",
    paid: free === paid ? null : paid,
    parts: filters.length === "anyLength" ? null : PARTS_RANGE[filters.length],
  };
}

/**
 * The filter as conditions on `table`, which has the stories' filter columns under their
 * names: `stories` itself, or the postings of SQLite's index, which copy them.
 */
export function filterConditions(table: string, filter: StoryFilter): RawBuilder<SqlBool>[] {
  const column = (name: string) => sql.ref(`${table}.${name}`);
  const conditions: RawBuilder<SqlBool>[] = [];
  if (filter.updatedSince !== null) {
    conditions.push(sql`${column("last_published_at")} >= ${filter.updatedSince}`);
  }
  if (filter.completed) conditions.push(sql`${column("completed")} = 1`);
  if (filter.mature === "only") conditions.push(sql`${column("rating")} = ${MATURE_RATING}`);
  if (filter.mature === "hidden") conditions.push(sql`${column("rating")} != ${MATURE_RATING}`);
  if (filter.paid !== null) conditions.push(sql`${column("is_paid")} = ${filter.paid ? 1 : 0}`);
  if (filter.parts) {
    const [least, most] = filter.parts;
    conditions.push(sql`${column("num_parts")} >= ${least}`);
    if (most !== null) conditions.push(sql`${column("num_parts")} <= ${most}`);
  }
  return conditions;
}
