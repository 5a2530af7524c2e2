import {
  blockedMessage,
  isPartBlocked,
  type Paywall,
  partPrice,
  paywallAuthorDescription,
  type StorySale,
  salePrice,
  wholeStoryPrice,
} from "@inkwell/shared";
import type { Kysely, Selectable } from "kysely";
import { queryTemplate } from "../db/query-template.ts";
import type { Database, PartsTable } from "../db/schema.ts";
import { HttpError } from "../http/errors.ts";
import { premiumPicksOfStory } from "../premium-picks/wheel.ts";
import { isPublished, type PartRow } from "../stories/cards.ts";
import { isAuthorOrStaff, type MaybeViewer } from "../viewer.ts";

/** Which paywalled parts of one story a reader may read (writer-paid-contest.md §4, §6). */
export interface PartAccess {
  /** The author, staff, or a Premium member reading one of this month's Picks. */
  full: boolean;
  /** Parts bought, on their own or with the story (whole-story purchases cover what they paid for). */
  parts: ReadonlySet<number>;
}

const NO_ACCESS: PartAccess = { full: false, parts: new Set() };
const FULL_ACCESS: PartAccess = { full: true, parts: new Set() };

const partUnlocksOf = queryTemplate((db: Kysely<Database>, userId: number, storyId: number) =>
  db
    .selectFrom("part_unlocks")
    .select("part_id")
    .where("user_id", "=", userId)
    .where("story_id", "=", storyId),
);

/** Whether a story is one of this month's Premium Picks (only Originals have paywalls). */
async function isCurrentPick(db: Kysely<Database>, storyId: number): Promise<boolean> {
  const picks = await premiumPicksOfStory(db, { id: storyId, isPaid: true }, new Date());
  return picks?.liveness === "current";
}

/**
 * What this viewer has unlocked in a story. Visitors and stories without paywalled parts
 * cost no query: only a signed-in reader of a paid story is looked up. A Premium member
 * reads this month's Premium Picks in full (reader.md §1, §6: the free monthly bundle).
 */
export async function accessTo(
  db: Kysely<Database>,
  viewer: MaybeViewer,
  story: { id: number; user_id: number },
  parts: ReadonlyArray<Pick<PartRow, "paywalled">>,
): Promise<PartAccess> {
  if (isAuthorOrStaff(story.user_id, viewer)) return FULL_ACCESS;
  if (!viewer || !parts.some((part) => part.paywalled === 1)) return NO_ACCESS;
  if (viewer.isPremium && (await isCurrentPick(db, story.id))) return FULL_ACCESS;
  const partUnlocks = await partUnlocksOf(db, viewer.id, story.id);
  return { full: false, parts: new Set(partUnlocks.map((row) => row.part_id)) };
}

export function isBlockedFor(access: PartAccess, part: Pick<PartRow, "id" | "paywalled">) {
  return isPartBlocked({
    paywalled: part.paywalled === 1,
    hasAccess: access.full || access.parts.has(part.id),
  });
}

export const pricedPart = (part: Pick<PartRow, "is_bonus" | "bonus_type">) => ({
  isBonusPart: part.is_bonus === 1,
  bonusTypeName: part.bonus_type,
});

/** What unlocking one part costs now: its list price, less the story's sale if one is on. */
export const partPriceNow = (
  part: Pick<PartRow, "is_bonus" | "bonus_type">,
  sale: StorySale | null,
): number => salePrice(partPrice(pricedPart(part)), sale?.percent ?? null);

/** The published parts this reader may not read yet, in story order: what buying the story covers. */
export const lockedParts = (parts: readonly PartRow[], access: PartAccess): PartRow[] =>
  parts.filter((part) => isPublished(part) && isBlockedFor(access, part));

/** What unlocking the story's parts still locked for this reader costs, all at once. */
export function storyPriceFor(
  parts: readonly PartRow[],
  access: PartAccess,
  sale: StorySale | null,
): number {
  return wholeStoryPrice(lockedParts(parts, access).map((part) => partPriceNow(part, sale)));
}

/** The paywall of a blocked part (null when the reader may read it). */
export function paywallFor(
  part: PartRow & Pick<Selectable<PartsTable>, "chapter_description" | "author_note">,
  parts: readonly PartRow[],
  access: PartAccess,
  authorDescription: string,
  sale: StorySale | null,
): Paywall | null {
  if (!isBlockedFor(access, part)) return null;
  // The writer's words belong to bonus parts (§3): a part made plain keeps them for later.
  const bonusText = (text: string | null) => (part.is_bonus === 1 && text ? text : null);
  return {
    blockedMessage: blockedMessage(pricedPart(part)),
    price: partPriceNow(part, sale),
    storyPrice: storyPriceFor(parts, access, sale),
    authorDescription: paywallAuthorDescription(authorDescription),
    chapterDescription: bonusText(part.chapter_description),
    authorNote: bonusText(part.author_note),
    sale: sale && {
      ...sale,
      listPrice: partPriceNow(part, null),
      storyListPrice: storyPriceFor(parts, access, null),
    },
  };
}

/**
 * Reading counts, votes and comments are for parts the reader can read: a paywalled part
 * they have not unlocked answers 403, which the paywall explains.
 */
export async function assertUnlocked(
  db: Kysely<Database>,
  viewer: MaybeViewer,
  part: Pick<PartRow, "id" | "paywalled"> & { story_id: number; author_id: number },
): Promise<void> {
  if (part.paywalled !== 1) return;
  const access = await accessTo(db, viewer, { id: part.story_id, user_id: part.author_id }, [part]);
  if (isBlockedFor(access, part)) {
    throw new HttpError(403, "locked_part", "Unlock this part with Coins to read it first.");
  }
}
