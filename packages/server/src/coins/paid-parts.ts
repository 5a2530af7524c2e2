import {
  BONUS_TYPE_NAMES,
  bonusTypeNumber,
  type PaidPartConfig,
  type PaidPartSettings,
  paidPartErrors,
} from "@inkwell/shared";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { storyChanged } from "../events.ts";
import { badRequest, HttpError, notFound } from "../http/errors.ts";
import { assertNotTimedOut } from "../moderation/service.ts";
import type { Viewer } from "../viewer.ts";
import { lockStory, ownStory } from "../works/access.ts";

/** What POST /v5/bonus-content/paywall saves: texts trimmed, limits not yet checked. */
export interface PaidPartSave extends PaidPartSettings {
  story_id: number;
  part_id: number;
  author_id: number;
  paid_model: PaidPartConfig["paid_model"];
  is_free_part: boolean;
}

/**
 * The author's own story, if it is in the Paid Stories programme: 404 when there is none,
 * 403 for anyone but its author (staff included: pricing a part is the writer's call) and
 * for a story outside the programme, whose readers have no Coins to spend on it.
 */
async function ownPaidStory(db: Kysely<Database>, viewer: Viewer, storyId: number) {
  const story = await ownStory(db, viewer, storyId);
  if (story.is_paid !== 1) {
    throw new HttpError(
      403,
      "not_paid_story",
      "Only a story in the Paid Stories programme can have paid parts.",
    );
  }
  return story;
}

const partsOf = (db: Kysely<Database>, storyId: number, partIds: readonly number[]) =>
  db
    .selectFrom("parts")
    .select(["id", "paywalled", "is_bonus", "bonus_type", "chapter_description", "author_note"])
    .where("story_id", "=", storyId)
    .where("id", "in", partIds)
    .where("deleted", "=", 0)
    .execute();

type PaidPartRow = Awaited<ReturnType<typeof partsOf>>[number];

function shape(story: { id: number; user_id: number }, part: PaidPartRow): PaidPartConfig {
  return {
    story_id: Number(story.id),
    part_id: Number(part.id),
    author_id: Number(story.user_id),
    // A paywalled part that is no bonus part is a paid story's part; a free one shows §3's default.
    paid_model: part.paywalled === 1 && part.is_bonus !== 1 ? "paid_story" : "paid_bonus",
    bonus_type: part.is_bonus === 1 ? bonusTypeNumber(part.bonus_type) : null,
    is_free_part: part.paywalled !== 1,
    chapter_description: part.chapter_description ?? "",
    author_note: part.author_note ?? "",
  };
}

/** GET /v5/bonus-content/paywall/{storyId}/free-parts: the asked parts' settings, in order. */
export async function paidPartConfigs(
  db: Kysely<Database>,
  viewer: Viewer,
  storyId: number,
  partIds: readonly number[],
): Promise<PaidPartConfig[]> {
  const story = await ownPaidStory(db, viewer, storyId);
  const rows = new Map((await partsOf(db, storyId, partIds)).map((row) => [Number(row.id), row]));
  return partIds.map((partId) => {
    const row = rows.get(partId);
    if (!row) throw notFound("The part");
    return shape(story, row);
  });
}

/**
 * POST /v5/bonus-content/paywall: makes a part a paid bonus part of the chosen type, a plain
 * paid part of the story, or free again. A part that stops being a bonus part keeps its
 * description and note (readers see them only on a bonus part), so that making it one again
 * starts from the writer's words. Readers' prices and locks follow from the part's columns
 * (coins/access.ts); nothing else needs to change.
 */
export async function savePaidPart(
  db: Kysely<Database>,
  viewer: Viewer,
  save: PaidPartSave,
): Promise<PaidPartConfig> {
  const story = await ownPaidStory(db, viewer, save.story_id);
  if (save.author_id !== viewer.id) {
    const message = "author_id must be the id of the story's author, who is signed in";
    throw badRequest(message, { author_id: message });
  }
  const [part] = await partsOf(db, save.story_id, [save.part_id]);
  if (!part) throw notFound("The part");
  const bonus = !save.is_free_part && save.paid_model === "paid_bonus";
  if (bonus) {
    // Readers see a bonus part's texts: a writer in a time-out writes none.
    assertNotTimedOut(viewer);
    const fields = paidPartErrors(save);
    if (Object.keys(fields).length > 0) {
      throw badRequest(Object.values(fields).join("; "), fields);
    }
  }
  // The column holds the type's name, as the readers' side reads it (pricedPart).
  const typeName = save.bonus_type === null ? null : (BONUS_TYPE_NAMES[save.bonus_type] ?? null);
  const columns = bonus
    ? {
        paywalled: 1 as const,
        is_bonus: 1 as const,
        bonus_type: typeName,
        chapter_description: save.chapter_description,
        author_note: save.author_note,
      }
    : {
        paywalled: save.is_free_part ? (0 as const) : (1 as const),
        is_bonus: 0 as const,
        bonus_type: null,
      };
  await db.transaction().execute(async (trx) => {
    // A purchase of the part at this moment commits at the old price, or sees the new one.
    await lockStory(trx, save.story_id);
    await trx.updateTable("parts").set(columns).where("id", "=", save.part_id).execute();
  });
  // A visitor's kept copy of the part must not show it free, nor locked, a moment longer.
  storyChanged(save.story_id);
  return shape(story, { ...part, ...columns });
}
