import { type PaidProgrammeView, partPrice, type StorySaleInput } from "@inkwell/shared";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { storyChanged } from "../events.ts";
import { HttpError, notFound } from "../http/errors.ts";
import { storySaleAt, storyUrl } from "../stories/cards.ts";
import { assertSaleable, checkedSale, NO_SALE, saleTerms, saveSale } from "../stories/sale.ts";
import { insertStoryStaffNote } from "../support/staff-notes.ts";
import { tellWriter, type WriterMessage } from "../support/tell-writer.ts";
import type { Viewer } from "../viewer.ts";
import { lockStory } from "../works/access.ts";
import { requireSysAdmin } from "./service.ts";

type Db = Kysely<Database>;

async function programmeStory(db: Db, storyId: number) {
  const story = await db
    .selectFrom("stories")
    .innerJoin("users", "users.id", "stories.user_id")
    .select([
      "stories.id",
      "stories.title",
      "stories.is_paid",
      "stories.draft",
      "stories.deleted",
      "stories.sale_percent",
      "stories.sale_ends_at",
      "users.username",
    ])
    .where("stories.id", "=", storyId)
    .executeTakeFirst();
  if (!story) throw notFound("Story");
  return story;
}

/** The story's parts that still exist, in the story's order. */
const partsInOrder = (db: Db, storyId: number) =>
  db
    .selectFrom("parts")
    .select(["id", "title", "draft", "paywalled", "is_bonus", "bonus_type"])
    .where("story_id", "=", storyId)
    .where("deleted", "=", 0)
    .orderBy("position")
    .orderBy("id")
    .execute();

/** Readers who bought anything of the story, and the Coins spent on it, parts and whole. */
async function salesOf(db: Db, storyId: number): Promise<PaidProgrammeView["sales"]> {
  const buyers = (table: "part_unlocks" | "story_unlocks") =>
    db.selectFrom(table).select("user_id").where("story_id", "=", storyId);
  const spent = (table: "part_unlocks" | "story_unlocks") =>
    db
      .selectFrom(table)
      .select((eb) => eb.fn.sum<number | string | null>("coins").as("coins"))
      .where("story_id", "=", storyId)
      .executeTakeFirstOrThrow();
  const [readers, parts, whole] = await Promise.all([
    db
      .selectFrom(buyers("part_unlocks").union(buyers("story_unlocks")).as("buyers"))
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .executeTakeFirstOrThrow(),
    spent("part_unlocks"),
    spent("story_unlocks"),
  ]);
  return {
    readers: Number(readers.count),
    coins: Number(parts.coins ?? 0) + Number(whole.coins ?? 0),
  };
}

/** GET /v5/admin/stories/{id}/paid-programme: the paid story manager's view. */
export async function paidProgrammeView(
  db: Db,
  viewer: Viewer,
  storyId: number,
  now = Date.now(),
): Promise<PaidProgrammeView> {
  requireSysAdmin(viewer);
  const story = await programmeStory(db, storyId);
  const [parts, sales] = await Promise.all([partsInOrder(db, storyId), salesOf(db, storyId)]);
  return {
    storyId,
    title: story.title,
    url: storyUrl(storyId),
    author: story.username,
    isPaid: story.is_paid === 1,
    draft: story.draft === 1,
    deleted: story.deleted === 1,
    parts: parts.map((part) => {
      const bonus = part.is_bonus === 1;
      return {
        id: Number(part.id),
        title: part.title,
        draft: part.draft === 1,
        price:
          part.paywalled === 1
            ? partPrice({ isBonusPart: bonus, bonusTypeName: part.bonus_type })
            : null,
        bonusType: part.paywalled === 1 && bonus ? part.bonus_type : null,
      };
    }),
    sales,
    sale: story.is_paid === 1 ? storySaleAt(story, now) : null,
  };
}

/** Every part of the story free and plain (a bonus part's words are kept for later). */
const freeEveryPart = (db: Db, storyId: number) =>
  db
    .updateTable("parts")
    .set({ paywalled: 0, is_bonus: 0, bonus_type: null })
    .where("story_id", "=", storyId)
    .execute();

type ProgrammeStory = Awaited<ReturnType<typeof programmeStory>>;

/** A change to make to the programme story, and what its writer is told of it. */
interface ProgrammeChange extends WriterMessage {
  apply: (trx: Db, story: ProgrammeStory) => Promise<string | null>;
}

/**
 * One staff change to a story's place in the programme or its sale: made under the story's
 * lock (purchases hold it, so none is priced halfway through), filed as an admin note in the
 * admin's name, then the story's kept pages are dropped and the writer is mailed.
 * `change.apply` answers the note, or null when there was nothing to change: no note, event
 * or mail. Callers check the viewer is a system admin first.
 */
async function changeProgramme(
  db: Db,
  viewer: Viewer,
  storyId: number,
  now: number,
  change: ProgrammeChange,
): Promise<PaidProgrammeView> {
  const changed = await db.transaction().execute(async (trx) => {
    await lockStory(trx, storyId);
    const note = await change.apply(trx, await programmeStory(trx, storyId));
    if (note === null) return false;
    await insertStoryStaffNote(trx, viewer, storyId, note, now);
    return true;
  });
  if (changed) {
    storyChanged(storyId);
    await tellWriter(db, storyId, change, now);
  }
  return paidProgrammeView(db, viewer, storyId, now);
}

/**
 * Puts a story in the Paid Stories programme: its first `freeParts` parts stay free, every
 * later one (drafts too, for when they are published) becomes a paid part of the story, and
 * the writer may then price each part otherwise (coins/paid-parts.ts), as the mail they get
 * says. Readers who bought parts before it left the programme read them again for free.
 */
export function joinPaidProgramme(
  db: Db,
  viewer: Viewer,
  storyId: number,
  freeParts: number,
  baseUrl: string,
  now = Date.now(),
): Promise<PaidProgrammeView> {
  requireSysAdmin(viewer);
  return changeProgramme(db, viewer, storyId, now, {
    apply: async (trx, story) => {
      if (story.deleted === 1) {
        throw new HttpError(
          409,
          "story_deleted",
          "A deleted story can't join the Paid Stories programme.",
        );
      }
      if (story.is_paid === 1) {
        throw new HttpError(
          409,
          "already_paid",
          "This story is already in the Paid Stories programme: its writer prices each part.",
        );
      }
      await trx
        .updateTable("stories")
        .set({ is_paid: 1, is_paywalled: 1, paid_model: "paid_story" })
        .where("id", "=", storyId)
        .execute();
      await freeEveryPart(trx, storyId);
      const locked = (await partsInOrder(trx, storyId)).slice(freeParts).map((part) => part.id);
      if (locked.length > 0) {
        await trx.updateTable("parts").set({ paywalled: 1 }).where("id", "in", locked).execute();
      }
      return `Added to the Paid Stories programme, ${firstParts(freeParts)} free.`;
    },
    subject: (title) => `${title} is now an Inkwell Original`,
    lines: (title) => [
      `Inkwell staff added your story "${title}" to the Paid Stories programme. Readers read ${firstParts(freeParts)} free and unlock the rest with Coins.`,
      "",
      "You price each part in the story editor: open the part, then Part settings, then Paid part settings.",
      `${baseUrl}/myworks/${storyId}`,
    ],
  });
}

const firstParts = (count: number) => (count === 1 ? "the first part" : `the first ${count} parts`);

/**
 * Takes a story out of the programme: every part is free to read again, and a sale on ends.
 * What readers bought stays theirs (the unlock rows), should the story come back.
 */
export function leavePaidProgramme(
  db: Db,
  viewer: Viewer,
  storyId: number,
  baseUrl: string,
  now = Date.now(),
): Promise<PaidProgrammeView> {
  requireSysAdmin(viewer);
  return changeProgramme(db, viewer, storyId, now, {
    apply: async (trx, story) => {
      if (story.is_paid !== 1) return null;
      await trx
        .updateTable("stories")
        .set({ is_paid: 0, is_paywalled: 0, paid_model: null, ...NO_SALE })
        .where("id", "=", storyId)
        .execute();
      await freeEveryPart(trx, storyId);
      return "Removed from the Paid Stories programme: every part is free to read.";
    },
    subject: (title) => `${title} is free to read again`,
    lines: (title) => [
      `Inkwell staff took your story "${title}" out of the Paid Stories programme. Every part is free to read again; readers keep what they bought.`,
      `${baseUrl}/story/${storyId}`,
    ],
  });
}

/**
 * Puts a paid story on sale (decision 052), or changes the sale on: every paywalled part
 * costs the percent less until the end, and the story joins the catalog's On sale group.
 */
export function setStorySale(
  db: Db,
  viewer: Viewer,
  storyId: number,
  input: StorySaleInput,
  baseUrl: string,
  now = Date.now(),
): Promise<PaidProgrammeView> {
  requireSysAdmin(viewer);
  const sale = checkedSale(input, now);
  return changeProgramme(db, viewer, storyId, now, {
    apply: async (trx, story) => {
      assertSaleable(story);
      const changing = storySaleAt(story, now) !== null;
      await saveSale(trx, storyId, sale, now);
      return `${changing ? "Changed the sale" : "Put on sale"}: ${saleTerms(sale)}.`;
    },
    subject: (title) => `${title} is on sale`,
    lines: (title) => [
      `Inkwell staff put your story "${title}" on sale: its paid parts are ${saleTerms(sale)}, and it is in the catalog's On sale group until then.`,
      `${baseUrl}/story/${storyId}`,
    ],
  });
}

/** Ends a story's sale at once: its parts are back at their list prices. None on: no change. */
export function endStorySale(
  db: Db,
  viewer: Viewer,
  storyId: number,
  baseUrl: string,
  now = Date.now(),
): Promise<PaidProgrammeView> {
  requireSysAdmin(viewer);
  return changeProgramme(db, viewer, storyId, now, {
    apply: async (trx, story) => {
      if (storySaleAt(story, now) === null) return null;
      await saveSale(trx, storyId, null, now);
      return "Ended the sale.";
    },
    subject: (title) => `The sale of ${title} has ended`,
    lines: (title) => [
      `Inkwell staff ended the sale of your story "${title}": its paid parts are back at their list prices.`,
      `${baseUrl}/story/${storyId}`,
    ],
  });
}
