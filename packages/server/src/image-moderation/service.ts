import {
  type ImageAppealDecision,
  type ImageAppealStatus,
  type ImageFlag,
  imageSources,
  isModerator,
  withoutImages,
} from "@inkwell/shared";
import { type ExpressionBuilder, type Kysely, sql } from "kysely";
import { isUniqueViolation, recheckingGone } from "../db/constraint-errors.ts";
import type { Database } from "../db/schema.ts";
import { bannedImagesChanged, storyChanged, writerChanged } from "../events.ts";
import { HttpError, notFound } from "../http/errors.ts";
import { sendMessage } from "../inbox/sending.ts";
import { lockUsers } from "../safety/relations.ts";
import { iso } from "../stories/cards.ts";
import { supportAccount } from "../users/support-account.ts";
import type { MaybeViewer, Viewer } from "../viewer.ts";

type Db = Kysely<Database>;

function requireModerator(viewer: Viewer) {
  if (!isModerator(viewer)) {
    throw new HttpError(403, "forbidden", "Only ambassadors and system admins moderate images.");
  }
}

/** An appeal refused: the spec's clients read `status` of the error (§7, §8). */
export class AppealRefused extends HttpError {
  readonly appealStatus: ImageAppealStatus;

  constructor(status: 404 | 409, appealStatus: ImageAppealStatus, message: string) {
    super(status, `appeal_${appealStatus}`, message);
    this.appealStatus = appealStatus;
  }

  override toJSON() {
    return { ...super.toJSON(), status: this.appealStatus };
  }
}

const alreadyFlagged = () =>
  new HttpError(409, "already_flagged", "This image is already flagged.");

/** Refuses an image flagged already (and not restored on appeal). */
async function refuseFlagged(db: Db, imageUrl: string) {
  const already = await db
    .selectFrom("image_flags")
    .select("decision")
    .where("image_url", "=", imageUrl)
    .executeTakeFirst();
  if (already && already.decision !== "restored") throw alreadyFlagged();
}

/** What shows an image not flagged yet, and whose it is: 409 when flagged, else 404. */
async function imageToFlag(db: Db, imageUrl: string) {
  await refuseFlagged(db, imageUrl);
  const cover = await storyShowingCover(db, imageUrl);
  const profile = cover ? undefined : await profileShowingPicture(db, imageUrl);
  const story = cover ?? (profile ? undefined : await storyShowingPicture(db, imageUrl));
  const ownerId = story?.user_id ?? profile?.id;
  if (ownerId === undefined) throw notFound("Image");
  return { cover, profile, story, ownerId };
}

/**
 * Flags an image: a story cover, a profile picture or background, or a picture in a part.
 * A cover or profile picture moves to its banned column in the same statement that records
 * the flag, so from that moment no public path can show it, and only its owner sees it
 * (with the notice); a part's picture is left out for readers by moderatedPartText. The
 * image is identified by its URL, as the appeal call names it.
 */
export async function flagImage(db: Db, viewer: Viewer, imageUrl: string, now = Date.now()) {
  requireModerator(viewer);
  // The owner's account may close meanwhile, and the image go with it: then the check's
  // 404 says so.
  const check = () => imageToFlag(db, imageUrl);
  const { cover, profile, story, ownerId } = await check();
  const write = () =>
    db.transaction().execute(async (trx) => {
      // Users, then the story, as an account closing takes them (decision 119): the owner's
      // closing goes first or waits for this flag. Another flag of the image went first if
      // it is flagged now; a cover or picture changed since stays as its owner set it.
      await lockUsers(trx, [viewer.id, ownerId]);
      await refuseFlagged(trx, imageUrl);
      if (cover) {
        await trx
          .updateTable("stories")
          .set({ cover: null, banned_cover: imageUrl })
          .where("id", "=", cover.id)
          .where("cover", "=", imageUrl)
          .execute();
      }
      if (profile) {
        const avatar = profile.avatar === imageUrl;
        await trx
          .updateTable("users")
          .set(
            avatar
              ? { avatar: null, banned_avatar: imageUrl }
              : { background_url: null, banned_background: imageUrl },
          )
          .where("id", "=", profile.id)
          .where(avatar ? "avatar" : "background_url", "=", imageUrl)
          .execute();
      }
      // An image flagged again after a restore starts over: a new flag, a new appeal. Only
      // the restored one goes: a flag of another owner's copy committed meanwhile stands.
      await trx
        .deleteFrom("image_flags")
        .where("image_url", "=", imageUrl)
        .where("decision", "=", "restored")
        .execute();
      const row = await trx
        .insertInto("image_flags")
        .values({
          image_url: imageUrl,
          owner_id: ownerId,
          story_id: story?.id ?? null,
          flagged_by: viewer.id,
          flagged_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return { id: Number(row.id), imageUrl, storyId: story ? Number(story.id) : null, ownerId };
    });
  const flagged = await recheckingGone(write, check).catch((error: unknown) => {
    // Two owners may show the same URL: flags of it taking different owners lock no row in
    // common, so the later insert meets the earlier flag at the unique image_url.
    throw isUniqueViolation(error) ? alreadyFlagged() : error;
  });
  bannedImagesChanged();
  await imageShownChanged(db, flagged.ownerId, flagged.storyId);
  return { id: flagged.id, imageUrl: flagged.imageUrl, storyId: flagged.storyId };
}

/**
 * Visitors' cached pages that showed (or now show) the image go at once: its story's, and,
 * for a cover or profile picture, every page and list showing its owner's work.
 */
async function imageShownChanged(db: Db, ownerId: number, storyId: number | null) {
  if (storyId !== null) storyChanged(storyId);
  const owner = await db
    .selectFrom("users")
    .select("username")
    .where("id", "=", ownerId)
    .executeTakeFirst();
  if (owner) writerChanged(owner.username);
}

/** The story whose cover this is. */
const storyShowingCover = (db: Db, imageUrl: string) =>
  db
    .selectFrom("stories")
    .select(["id", "user_id"])
    .where("cover", "=", imageUrl)
    .where("deleted", "=", 0)
    .executeTakeFirst();

/**
 * Whether anything shows the image now: a story's cover, a profile, a part's text. A restored
 * image is not put back where its owner has removed or replaced it meanwhile.
 */
async function imageShown(db: Db, imageUrl: string): Promise<boolean> {
  const [cover, profile, part] = await Promise.all([
    storyShowingCover(db, imageUrl),
    profileShowingPicture(db, imageUrl),
    storyShowingPicture(db, imageUrl),
  ]);
  return cover !== undefined || profile !== undefined || part !== undefined;
}

/**
 * The user whose profile shows this uploaded picture: uploads are named after their owner
 * (`avatars/{userId}-….jpg`), and the row must still show it.
 */
async function profileShowingPicture(db: Db, imageUrl: string) {
  const owner = /^\/media\/(?:avatars|backgrounds)\/([1-9]\d{0,15})-[\w.-]+$/.exec(imageUrl)?.[1];
  if (!owner) return undefined;
  return db
    .selectFrom("users")
    .select(["id", "avatar", "background_url"])
    .where("id", "=", Number(owner))
    .where((eb) => eb.or([eb("avatar", "=", imageUrl), eb("background_url", "=", imageUrl)]))
    .executeTakeFirst();
}

/**
 * The story whose part text shows a picture uploaded to our media (pictures are stored
 * once per upload, so the first part naming it tells whose it is).
 */
async function storyShowingPicture(db: Db, imageUrl: string) {
  if (!imageUrl.startsWith("/media/")) return undefined;
  const pattern = `%src="${imageUrl.replace(/[\\%_]/g, (c) => `\\${c}`)}"%`;
  return db
    .selectFrom("parts")
    .innerJoin("stories", "stories.id", "parts.story_id")
    .select(["stories.id", "stories.user_id"])
    .where(sql<boolean>`parts.text like ${pattern} escape '\\'`)
    .where("parts.deleted", "=", 0)
    .limit(1)
    .executeTakeFirst();
}

/** A flag that stands: not (yet) restored on appeal. */
const standing = (eb: ExpressionBuilder<Database, "image_flags">) =>
  eb.or([eb("decision", "is", null), eb("decision", "!=", "restored")]);

/** Which of these pictures are flagged and not restored: readers do not get them. */
async function flaggedAmong(db: Db, urls: readonly string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const rows = await db
    .selectFrom("image_flags")
    .select("image_url")
    .where("image_url", "in", [...new Set(urls)])
    .where(standing)
    .execute();
  return new Set(rows.map((row) => row.image_url));
}

/**
 * Every image flagged and not restored, by URL, with its owner: the media route serves
 * their files to nobody else (media/banned-images.ts). Read whole: flags are few.
 */
export async function bannedImageOwners(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom("image_flags")
    .select(["image_url", "owner_id"])
    .where(standing)
    .execute();
  return new Map(rows.map((row) => [row.image_url, Number(row.owner_id)]));
}

/**
 * Who may still open a banned image's file: its owner, who sees it with the notice, and
 * moderators, whose appeal queue shows it.
 */
export const maySeeBannedImage = (viewer: MaybeViewer, ownerId: number): boolean =>
  viewer !== null && (viewer.id === ownerId || isModerator(viewer));

/** Tells the owner something from the support account; the decision stands if it can't. */
async function tellOwner(db: Db, ownerId: number, body: string) {
  const owner = await db
    .selectFrom("users")
    .select("username")
    .where("id", "=", ownerId)
    .executeTakeFirst();
  if (!owner) return;
  const support = await supportAccount(db);
  // A reader who blocked support, or messaging switched off, must not undo the appeal.
  await sendMessage(db, support, support.username, owner.username, { body }).catch(() => {});
}

/**
 * The viewer's flagged image at `imageUrl`. One that is not flagged, or not the viewer's, is
 * an 'error' without saying which, so nobody learns about other people's images.
 */
async function ownFlag(db: Db, viewer: Viewer, imageUrl: string) {
  const flag = await db
    .selectFrom("image_flags")
    .select(["id", "owner_id", "appeal_status"])
    .where("image_url", "=", imageUrl)
    .executeTakeFirst();
  if (!flag || flag.owner_id !== viewer.id) {
    throw new AppealRefused(404, "error", "There is no flagged image of yours at that address.");
  }
  return flag;
}

/** Where the viewer's appeal of their flagged image stands: null while it is not made. */
export async function appealState(db: Db, viewer: Viewer, imageUrl: string) {
  const flag = await ownFlag(db, viewer, imageUrl);
  return { status: flag.appeal_status };
}

/**
 * The owner's one appeal of a flagged image. Refusals say where the appeal stands
 * ('submitted' or 'resolved'), or 'error' for no flagged image of theirs (ownFlag).
 */
export async function appealImage(
  db: Db,
  viewer: Viewer,
  input: { imageUrl: string; reason: string },
  now = Date.now(),
) {
  const flag = await ownFlag(db, viewer, input.imageUrl);
  // Only an appeal not yet made is claimed, so two at once cannot both succeed.
  const claimed = await db
    .updateTable("image_flags")
    .set({ appeal_status: "submitted", appeal_reason: input.reason, appealed_at: now })
    .where("id", "=", flag.id)
    .where("appeal_status", "is", null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) {
    const current = await db
      .selectFrom("image_flags")
      .select("appeal_status")
      .where("id", "=", flag.id)
      .executeTakeFirstOrThrow();
    const status = current.appeal_status ?? "error";
    throw new AppealRefused(409, status, "This image has already been appealed.");
  }
  await tellOwner(
    db,
    viewer.id,
    "We've received your appeal of a flagged image. Our team will review it and let you know the outcome here.",
  );
  return { status: "submitted" as const };
}

const flagColumns = [
  "image_flags.id",
  "image_flags.image_url",
  "image_flags.story_id",
  "image_flags.flagged_at",
  "image_flags.appeal_reason",
  "image_flags.appeal_status",
  "image_flags.appealed_at",
  "image_flags.decision",
  "users.username",
  "users.name",
  "stories.title",
] as const;

/** Flags with an appeal in the given state, oldest appeal first (moderators only). */
export async function listAppeals(
  db: Db,
  viewer: Viewer,
  status: Exclude<ImageAppealStatus, "error">,
): Promise<ImageFlag[]> {
  requireModerator(viewer);
  const rows = await db
    .selectFrom("image_flags")
    .innerJoin("users", "users.id", "image_flags.owner_id")
    .leftJoin("stories", "stories.id", "image_flags.story_id")
    .select(flagColumns)
    .where("image_flags.appeal_status", "=", status)
    .orderBy("image_flags.appealed_at")
    .limit(100)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    imageUrl: row.image_url,
    story: row.story_id === null ? null : { id: Number(row.story_id), title: row.title ?? "" },
    owner: { username: row.username, name: row.name },
    flaggedAt: iso(row.flagged_at),
    appeal:
      row.appeal_status === null
        ? null
        : {
            reason: row.appeal_reason ?? "",
            status: row.appeal_status,
            appealedAt: iso(Number(row.appealed_at)),
            decision: row.decision,
          },
  }));
}

/**
 * A moderator decides an appeal, once. 'restored' puts the cover or profile picture back
 * where it was, unless the owner has since removed it or chosen another; either way the owner
 * is told in their inbox, and whether the image is shown again.
 */
export async function decideAppeal(
  db: Db,
  viewer: Viewer,
  flagId: number,
  decision: ImageAppealDecision,
  now = Date.now(),
) {
  requireModerator(viewer);
  const flag = await db.transaction().execute(async (trx) => {
    const decided = await trx
      .updateTable("image_flags")
      .set({ appeal_status: "resolved", decision, decided_by: viewer.id, decided_at: now })
      .where("id", "=", flagId)
      .where("appeal_status", "=", "submitted")
      .returning(["image_url", "story_id", "owner_id"])
      .executeTakeFirst();
    if (!decided) return null;
    if (decision === "restored" && decided.story_id !== null) {
      await trx
        .updateTable("stories")
        .set({ cover: decided.image_url, banned_cover: null })
        .where("id", "=", decided.story_id)
        .where("banned_cover", "=", decided.image_url)
        .where("cover", "is", null)
        .execute();
    }
    if (decision === "restored" && decided.story_id === null) {
      // A profile picture or background, unless its owner has chosen another since.
      const owner = trx.updateTable("users").where("id", "=", decided.owner_id);
      await owner
        .set({ avatar: decided.image_url, banned_avatar: null })
        .where("banned_avatar", "=", decided.image_url)
        .where("avatar", "is", null)
        .execute();
      await owner
        .set({ background_url: decided.image_url, banned_background: null })
        .where("banned_background", "=", decided.image_url)
        .where("background_url", "is", null)
        .execute();
    }
    return decided;
  });
  if (!flag) throw notFound("Appeal waiting for a decision");
  if (decision === "restored") {
    bannedImagesChanged();
    await imageShownChanged(
      db,
      flag.owner_id,
      flag.story_id === null ? null : Number(flag.story_id),
    );
  }
  await tellOwner(db, flag.owner_id, await decisionMessage(db, decision, flag.image_url));
  return { id: flagId, decision };
}

/** What support tells the owner of an appeal's decision, and of where the image is now. */
async function decisionMessage(db: Db, decision: ImageAppealDecision, imageUrl: string) {
  if (decision === "upheld") {
    return "We reviewed your appeal: the image stays hidden because it breaks our Content Guidelines.";
  }
  return (await imageShown(db, imageUrl))
    ? "Good news: we reviewed your appeal and your image is visible to everyone again."
    : "Good news: we reviewed your appeal and lifted the flag on your image. You had removed or replaced it since, so we haven't put it back; upload it again if you want it shown.";
}

/**
 * A part's text as this viewer may see it: flagged pictures are left out for everyone but
 * the story's author, who gets them with the list of which ones are flagged (the editor's
 * and the reading page's notice). Text without pictures costs no query.
 */
export async function moderatedPartText(
  db: Db,
  text: string,
  authorId: number,
  viewer: MaybeViewer,
): Promise<{ text: string; bannedImages?: string[] }> {
  const sources = text.includes("<img") ? imageSources(text) : [];
  const flagged = await flaggedAmong(db, sources);
  if (flagged.size === 0) return { text };
  if (viewer?.id === authorId) return { text, bannedImages: [...flagged] };
  return { text: withoutImages(text, flagged) };
}
