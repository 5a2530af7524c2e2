import { MATURE_RATING } from "@inkwell/shared";
import type { ExpressionBuilder } from "kysely";
import type { Database } from "../db/schema.ts";

/** Published with a published part, and not mature unless `showsMature`: listing columns only. */
export function publishedListing(eb: ExpressionBuilder<Database, "stories">, showsMature: boolean) {
  const conditions = [
    eb("stories.draft", "=", 0),
    eb("stories.deleted", "=", 0),
    eb("stories.num_parts", ">", 0),
  ];
  if (!showsMature) conditions.push(eb("stories.rating", "!=", MATURE_RATING));
  return eb.and(conditions);
}
