import { createHash } from "node:crypto";
import { isStaffOrAdmin, type PromotionSummary, promotionStatus } from "@inkwell/shared";
import type { Kysely } from "kysely";
import { eventDay } from "../analytics/events.ts";
import { recheckingGone } from "../db/constraint-errors.ts";
import type { Database } from "../db/schema.ts";
import { HttpError, notFound } from "../http/errors.ts";
import { iso, storyUrl } from "../stories/cards.ts";
import { publishedListing } from "../stories/published-listing.ts";
import type { MaybeViewer, Viewer } from "../viewer.ts";
import { promotionEndFrom, promotionInputFrom } from "./input.ts";

type TrackedEvent = "click" | "impression";

/**
 * Who a tracking hit is from: the signed-in user, else the client address (only its hash is
 * stored). Each counts once a day per campaign and kind.
 */
const viewerKey = (viewer: MaybeViewer, address: string) =>
  viewer ? `user:${viewer.id}` : `address:${createHash("sha256").update(address).digest("hex")}`;

/**
 * Counts one click on, or one impression of, a sponsored story: what its clickUrl and
 * impressionUrl record (reader.md §7 Tracking URLs; decision 036). Only while the campaign
 * runs, and once per viewer, campaign, kind and UTC day (`promotion_views`, ON CONFLICT DO
 * NOTHING), so reloads, racing beacons and scripts cannot inflate it. The counter goes up in
 * the same transaction as the row, by an increment, so concurrent hits stay exact. Answers
 * whether it counted; an unknown campaign is a 404.
 */
export async function track(
  db: Kysely<Database>,
  from: { viewer: MaybeViewer; address: string },
  promotionId: number,
  event: TrackedEvent,
  now = Date.now(),
): Promise<{ counted: boolean }> {
  const check = async () => {
    const campaign = await db
      .selectFrom("story_promotions")
      .select(["starts_at", "ends_at"])
      .where("id", "=", promotionId)
      .executeTakeFirst();
    if (!campaign) throw notFound("Promotion");
    return campaign;
  };
  const campaign = await check();
  if (promotionStatus(Number(campaign.starts_at), Number(campaign.ends_at), now) !== "running") {
    return { counted: false };
  }
  const column = event === "click" ? "clicks" : "impressions";
  // The campaign goes with its story's writer's account: then the check's 404 says so.
  const write = () =>
    db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto("promotion_views")
        .values({
          promotion_id: promotionId,
          event,
          viewer: viewerKey(from.viewer, from.address),
          day: eventDay(now),
          created_at: now,
        })
        .onConflict((conflict) => conflict.doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
      await trx
        .updateTable("story_promotions")
        .set((eb) => ({ [column]: eb(column, "+", 1) }))
        .where("id", "=", promotionId)
        .execute();
      return true;
    });
  return { counted: await recheckingGone(write, check) };
}

/** Sponsored stories are staff work: system admins and staff. */
function requireStaff(viewer: Viewer): void {
  if (!isStaffOrAdmin(viewer)) {
    throw new HttpError(403, "forbidden", "Only staff can manage sponsored stories.");
  }
}

const selectPromotions = (db: Kysely<Database>) =>
  db
    .selectFrom("story_promotions")
    .innerJoin("stories", "stories.id", "story_promotions.story_id")
    .select([
      "story_promotions.id",
      "story_promotions.story_id",
      "stories.title",
      "story_promotions.sponsor_name",
      "story_promotions.starts_at",
      "story_promotions.ends_at",
      "story_promotions.clicks",
      "story_promotions.impressions",
    ]);

type PromotionRow = Awaited<
  ReturnType<ReturnType<typeof selectPromotions>["executeTakeFirstOrThrow"]>
>;

const toSummary = (row: PromotionRow, now: number): PromotionSummary => ({
  id: Number(row.id),
  story: { id: Number(row.story_id), title: row.title, url: storyUrl(Number(row.story_id)) },
  sponsorName: row.sponsor_name,
  startsAt: iso(row.starts_at),
  endsAt: iso(row.ends_at),
  status: promotionStatus(Number(row.starts_at), Number(row.ends_at), now),
  clicks: Number(row.clicks),
  impressions: Number(row.impressions),
});

/** How many campaigns the admin page lists, newest first. */
const PROMOTIONS_LISTED = 100;

/** GET /v5/promotions: the newest campaigns with their counts. */
export async function listPromotions(
  db: Kysely<Database>,
  viewer: Viewer,
  now = Date.now(),
): Promise<{ promotions: PromotionSummary[] }> {
  requireStaff(viewer);
  const rows = await selectPromotions(db)
    .orderBy("story_promotions.id", "desc")
    .limit(PROMOTIONS_LISTED)
    .execute();
  return { promotions: rows.map((row) => toSummary(row, now)) };
}

const promotionById = (db: Kysely<Database>, id: number) =>
  selectPromotions(db).where("story_promotions.id", "=", id).executeTakeFirst();

/**
 * POST /v5/promotions: sponsor a published story for a period. Readers' feeds pick it up
 * within a minute: the running promotions and each feed are cached 30 s (home/).
 */
export async function createPromotion(
  db: Kysely<Database>,
  viewer: Viewer,
  body: unknown,
  now = Date.now(),
): Promise<PromotionSummary> {
  requireStaff(viewer);
  const input = promotionInputFrom(body);
  const story = await db
    .selectFrom("stories")
    .select("id")
    .where("id", "=", input.storyId)
    .where((eb) => publishedListing(eb, true))
    .executeTakeFirst();
  if (!story) {
    throw new HttpError(400, "invalid", "Choose a published story.", {
      storyId: "No published story has this number.",
    });
  }
  if (input.endsAt <= input.startsAt) {
    throw new HttpError(400, "invalid", "The campaign must end after it starts.", {
      endsAt: "endsAt must come after startsAt",
    });
  }
  if (input.endsAt <= now) {
    throw new HttpError(400, "invalid", "The campaign must end in the future.", {
      endsAt: "The end must be in the future.",
    });
  }
  const { id } = await db
    .insertInto("story_promotions")
    .values({
      story_id: input.storyId,
      sponsor_name: input.sponsorName,
      starts_at: input.startsAt,
      ends_at: input.endsAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const created = await promotionById(db, Number(id));
  if (!created) throw notFound("Promotion");
  return toSummary(created, now);
}

/**
 * PATCH /v5/promotions/{id} {endsAt}: end a campaign now or move its end. An end before the
 * start moves the start there too: the campaign never runs. Its counts are kept either way.
 */
export async function setPromotionEnd(
  db: Kysely<Database>,
  viewer: Viewer,
  id: number,
  body: unknown,
  now = Date.now(),
): Promise<PromotionSummary> {
  requireStaff(viewer);
  const endsAt = promotionEndFrom(body);
  const current = await promotionById(db, id);
  if (!current) throw notFound("Promotion");
  await db
    .updateTable("story_promotions")
    .set({ starts_at: Math.min(endsAt, Number(current.starts_at)), ends_at: endsAt })
    .where("id", "=", id)
    .execute();
  const updated = await promotionById(db, id);
  if (!updated) throw notFound("Promotion");
  return toSummary(updated, now);
}
