import { partPrice } from "@inkwell/shared";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema.ts";
import { isoOrNull } from "../stories/cards.ts";

type Db = Kysely<Database> | Transaction<Database>;

export const partSummary = (part: {
  id: number;
  title: string;
  draft: number;
  scheduled_at: number | null;
  create_date: number;
  modify_date: number;
  published_at: number | null;
  paywalled: number;
  is_bonus: number;
  bonus_type: string | null;
  /** Set when the published part has edits readers do not see yet. */
  edited?: number | null;
}) => ({
  id: Number(part.id),
  title: part.title,
  draft: Number(part.draft) === 1,
  scheduledPublishDatetime: isoOrNull(part.scheduled_at),
  createDate: isoOrNull(part.create_date),
  modifyDate: isoOrNull(part.modify_date),
  publishedAt: isoOrNull(part.published_at),
  unpublishedChanges: part.edited !== null && part.edited !== undefined,
  price:
    part.paywalled === 1
      ? partPrice({ isBonusPart: part.is_bonus === 1, bonusTypeName: part.bonus_type })
      : null,
  bonusTypeName: part.is_bonus === 1 ? part.bonus_type : null,
});

export async function partsOf(db: Db, storyIds: number[]) {
  if (storyIds.length === 0) return [];
  return db
    .selectFrom("parts")
    .leftJoin("part_edits", "part_edits.part_id", "parts.id")
    .select([
      "parts.id",
      "parts.story_id",
      "parts.title",
      "parts.draft",
      "parts.scheduled_at",
      "parts.create_date",
      "parts.modify_date",
      "parts.published_at",
      "parts.paywalled",
      "parts.is_bonus",
      "parts.bonus_type",
      "part_edits.part_id as edited",
    ])
    .where("parts.story_id", "in", storyIds)
    .where("parts.deleted", "=", 0)
    .orderBy("parts.story_id")
    .orderBy("parts.position")
    .execute();
}
