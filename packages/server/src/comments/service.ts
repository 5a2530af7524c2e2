import {
  type AdAudience,
  adsShown,
  type CommentData,
  type CommentPage,
  type CommentResource,
  isMature,
  type ParagraphCommentCounts,
  REPLIES_SHOWN,
} from "@inkwell/shared";
import { type Kysely, sql } from "kysely";
import { assertUnlocked } from "../coins/access.ts";
import type { Database } from "../db/schema.ts";
import { badRequest, HttpError, notFound } from "../http/errors.ts";
import { hiddenAuthorIds } from "../safety/relations.ts";
import { badgesOf, iso, partUrl } from "../stories/cards.ts";
import { readablePart } from "../stories/readable-part.ts";
import type { MaybeViewer } from "../viewer.ts";

interface ReadablePart {
  id: number;
  storyId: number;
  authorId: number;
  paywalled: 0 | 1;
  isPaid: boolean;
  /** Moderators flagged the story's cover (stories.banned_cover): no ads beside it. */
  imageModerated: boolean;
  adExempt: boolean;
  /** Rated mature: not brand safe, so no ads (shared ads.ts). */
  mature: boolean;
}

/**
 * The part's visibility rules (stories/readable-part.ts), drafts included for their author
 * and staff: anything else is a 404, so comments never reveal that a hidden part exists.
 * A paywalled part not unlocked is a 403 (locked_part): its comments talk about, and may
 * quote, text the reader has not paid for. `locked: "allow"` is for deleting only, so that
 * moderators, and readers whose comment predates the paywall, may still remove a comment.
 */
export async function commentablePart(
  db: Kysely<Database>,
  viewer: MaybeViewer,
  partId: number,
  { locked = "refuse" }: { locked?: "refuse" | "allow" } = {},
): Promise<ReadablePart> {
  const part = await readablePart(db, viewer, partId, { drafts: "privileged" });
  if (locked === "refuse") {
    await assertUnlocked(db, viewer, { ...part, author_id: part.user_id });
  }
  return {
    id: part.id,
    storyId: part.story_id,
    authorId: part.user_id,
    paywalled: part.paywalled,
    isPaid: part.is_paid === 1,
    imageModerated: part.banned_cover !== null,
    adExempt: part.ad_exempt === 1,
    mature: isMature(part.rating),
  };
}

/**
 * The users whose comments this reader does not see: those they muted or blocked, and
 * those who blocked them (safety/relations.ts hiddenAuthorIds).
 */
async function hiddenCommenters(db: Kysely<Database>, viewer: MaybeViewer): Promise<number[]> {
  return [...(await hiddenAuthorIds(db, viewer))];
}

function selectComments(db: Kysely<Database>) {
  return db
    .selectFrom("comments")
    .innerJoin("users", "users.id", "comments.user_id")
    .select([
      "comments.id",
      "comments.part_id",
      "comments.story_id",
      "comments.paragraph_id",
      "comments.parent_id",
      "comments.user_id",
      "comments.text",
      "comments.is_offensive",
      "comments.like_count",
      "comments.reply_count",
      "comments.created_at",
      "users.username",
      "users.name",
      "users.avatar",
      "users.is_verified",
      "users.is_staff",
      "users.is_ambassador",
    ])
    .where("comments.deleted", "=", 0);
}

type CommentRow = Awaited<ReturnType<ReturnType<typeof selectComments>["executeTakeFirstOrThrow"]>>;

/** What every comment of one answer needs to know about its reader and story. */
interface Context {
  viewer: MaybeViewer;
  storyAuthorId: number;
  liked: Set<number>;
}

/** Whether the viewer may delete the comment: its writer, the story's author, or staff. */
export const mayDelete = (
  comment: { user_id: number },
  storyAuthorId: number,
  viewer: MaybeViewer,
): boolean =>
  viewer !== null &&
  (viewer.id === comment.user_id ||
    viewer.id === storyAuthorId ||
    viewer.isAmbassador ||
    viewer.isSysAdmin);

function toComment(
  row: CommentRow,
  context: Context,
  replies: CommentData[] = [],
  replyCount = row.reply_count,
): CommentData {
  const resource: CommentResource =
    row.parent_id === null
      ? { namespace: "parts", resourceId: String(row.part_id), paragraphId: row.paragraph_id }
      : { namespace: "comments", resourceId: String(row.parent_id), paragraphId: row.paragraph_id };
  return {
    commentId: { namespace: "comments", resourceId: String(row.id) },
    resource,
    user: {
      username: row.username,
      name: row.name,
      fullname: row.name,
      avatar: row.avatar,
      badges: badgesOf(row),
    },
    text: row.text,
    created: iso(row.created_at),
    isReply: row.parent_id !== null,
    isOffensive: row.is_offensive === 1,
    sentiments: { like: { count: row.like_count, interacted: context.liked.has(row.id) } },
    replyCount,
    replyData: replies,
    deeplink: `${partUrl(row.part_id)}?commentId=${row.id}`,
    isWriter: row.user_id === context.storyAuthorId,
    canDelete: mayDelete(row, context.storyAuthorId, context.viewer),
  };
}

async function likedAmong(db: Kysely<Database>, viewer: MaybeViewer, ids: number[]) {
  if (!viewer || ids.length === 0) return new Set<number>();
  const rows = await db
    .selectFrom("comment_likes")
    .select("comment_id")
    .where("user_id", "=", viewer.id)
    .where("comment_id", "in", ids)
    .execute();
  return new Set(rows.map((row) => row.comment_id));
}

/**
 * The cursor is the last comment's "createdAt.id": comments are walked by (created_at, id),
 * so a comment posted or deleted meanwhile never shifts the next set (docs/decisions/007).
 */
const cursorOf = (row: { created_at: number; id: number }) => `${row.created_at}.${row.id}`;

function parseCursor(after: string | undefined): { createdAt: number; id: number } | null {
  if (after === undefined || after === "") return null;
  const match = /^(\d{1,16})\.(\d{1,16})$/.exec(after);
  if (!match) throw badRequest("after must be a cursor from a previous answer");
  return { createdAt: Number(match[1]), id: Number(match[2]) };
}

export interface PageQuery {
  limit: number;
  after?: string;
}

type Direction = "newest" | "oldest";

/** One set of rows of a query, walked by (created_at, id) from the cursor. */
async function pageOf(
  query: ReturnType<typeof selectComments>,
  direction: Direction,
  page: PageQuery,
) {
  const cursor = parseCursor(page.after);
  const order = direction === "newest" ? "desc" : "asc";
  const beyond = direction === "newest" ? "<" : ">";
  const rows = await (cursor
    ? query.where((eb) =>
        eb.or([
          eb("comments.created_at", beyond, cursor.createdAt),
          eb.and([
            eb("comments.created_at", "=", cursor.createdAt),
            eb("comments.id", beyond, cursor.id),
          ]),
        ]),
      )
    : query
  )
    .orderBy("comments.created_at", order)
    .orderBy("comments.id", order)
    .limit(page.limit + 1)
    .execute();
  const hasMore = rows.length > page.limit;
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return { rows: shown, hasMore, after: hasMore && last ? cursorOf(last) : null };
}

const withoutHidden = (query: ReturnType<typeof selectComments>, hidden: number[]) =>
  hidden.length === 0 ? query : query.where("comments.user_id", "not in", hidden);

/** A thread's first replies, and how many replies of it the reader can see in all. */
interface FirstReplies {
  rows: CommentRow[];
  visible: number;
}

/**
 * The first replies of each thread, oldest first: one query for a whole set of threads,
 * numbering each thread's replies so only the first 2 of each are read. It counts each
 * thread's replies the reader sees, too: the stored count includes those of people they
 * muted or blocked, whom 'View N Replies' would promise and never show.
 */
async function firstReplies(
  db: Kysely<Database>,
  threads: CommentRow[],
  hidden: number[],
): Promise<Map<number, FirstReplies>> {
  const byThread = new Map<number, FirstReplies>();
  const withReplies = threads.filter((row) => row.reply_count > 0).map((row) => row.id);
  if (withReplies.length === 0) return byThread;
  const numbered = withoutHidden(selectComments(db), hidden)
    .select([
      sql<number>`row_number() over (partition by comments.parent_id order by comments.created_at, comments.id)`.as(
        "place",
      ),
      sql<number>`count(*) over (partition by comments.parent_id)`.as("visible"),
    ])
    .where("comments.parent_id", "in", withReplies);
  const rows = await db
    .selectFrom(numbered.as("replies"))
    .selectAll()
    .where("place", "<=", REPLIES_SHOWN)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  for (const row of rows) {
    const parentId = row.parent_id as number;
    const thread = byThread.get(parentId) ?? { rows: [], visible: Number(row.visible) };
    thread.rows.push(row);
    byThread.set(parentId, thread);
  }
  return byThread;
}

/** A thread's first comment with its first replies, counted as the reader sees them. */
function toThread(row: CommentRow, context: Context, replies: FirstReplies | undefined) {
  return toComment(
    row,
    context,
    (replies?.rows ?? []).map((reply) => toComment(reply, context)),
    replies?.visible ?? 0,
  );
}

/** Threads (newest first) on a part, or on one of its paragraphs, each with its first replies. */
export async function listThreads(
  db: Kysely<Database>,
  viewer: MaybeViewer,
  audience: AdAudience,
  partId: number,
  paragraphId: string | null,
  page: PageQuery,
): Promise<CommentPage> {
  const part = await commentablePart(db, viewer, partId);
  const hidden = await hiddenCommenters(db, viewer);
  const threads = withoutHidden(selectComments(db), hidden)
    .where("comments.part_id", "=", part.id)
    .where("comments.parent_id", "is", null)
    .where("comments.paragraph_id", paragraphId === null ? "is" : "=", paragraphId);
  const { rows, hasMore, after } = await pageOf(threads, "newest", page);
  const replies = await firstReplies(db, rows, hidden);
  const ids = [...rows, ...[...replies.values()].flatMap((thread) => thread.rows)].map(
    (row) => row.id,
  );
  const context = {
    viewer,
    storyAuthorId: part.authorId,
    liked: await likedAmong(db, viewer, ids),
  };
  return {
    comments: rows.map((row) => toThread(row, context, replies.get(row.id))),
    hasMore,
    after,
    ads: adsShown(part, audience),
  };
}

/**
 * A comment on a part the viewer may read and, unless `locked: "allow"`, has unlocked; a 404
 * for a deleted one or one on a part they cannot read. Whether they hid its author is not
 * asked: a reader may report a comment of someone they have since muted.
 */
export async function readableComment(
  db: Kysely<Database>,
  viewer: MaybeViewer,
  commentId: number,
  options: { locked?: "refuse" | "allow" } = {},
) {
  const row = await selectComments(db).where("comments.id", "=", commentId).executeTakeFirst();
  if (!row) throw notFound("Comment");
  const part = await commentablePart(db, viewer, row.part_id, options).catch((error: unknown) => {
    throw error instanceof HttpError && error.status === 404 ? notFound("Comment") : error;
  });
  return { row, part };
}

/**
 * A visible comment and its readable part, or a 404 for deleted, hidden or unreadable ones,
 * and for replies in a thread whose first comment is hidden.
 */
export async function visibleComment(
  db: Kysely<Database>,
  viewer: MaybeViewer,
  commentId: number,
  options: { locked?: "refuse" | "allow" } = {},
) {
  const [{ row, part }, hidden] = await Promise.all([
    readableComment(db, viewer, commentId, options),
    hiddenCommenters(db, viewer),
  ]);
  if (hidden.includes(row.user_id)) throw notFound("Comment");
  // A reply goes with its thread, as in the lists: one by someone hidden from the reader
  // hides its replies too, so none of them opens, gets a like or takes a reply into it.
  if (row.parent_id !== null && hidden.length > 0) {
    const thread = await db
      .selectFrom("comments")
      .select("user_id")
      .where("id", "=", row.parent_id)
      .where("deleted", "=", 0)
      .executeTakeFirst();
    if (!thread || hidden.includes(thread.user_id)) throw notFound("Comment");
  }
  return { row, part, hidden };
}

/** One comment; a thread's first comment comes with its first replies. */
export async function getComment(
  db: Kysely<Database>,
  viewer: MaybeViewer,
  commentId: number,
): Promise<CommentData> {
  const { row, part, hidden } = await visibleComment(db, viewer, commentId);
  const replies = (await firstReplies(db, [row], hidden)).get(row.id);
  const ids = [row.id, ...(replies?.rows ?? []).map((reply) => reply.id)];
  const context = {
    viewer,
    storyAuthorId: part.authorId,
    liked: await likedAmong(db, viewer, ids),
  };
  return toThread(row, context, replies);
}

/** A thread's replies, oldest first. */
export async function listReplies(
  db: Kysely<Database>,
  viewer: MaybeViewer,
  commentId: number,
  page: PageQuery,
): Promise<CommentPage> {
  const { row, part, hidden } = await visibleComment(db, viewer, commentId);
  const replies = withoutHidden(selectComments(db), hidden).where(
    "comments.parent_id",
    "=",
    row.id,
  );
  const { rows, hasMore, after } = await pageOf(replies, "oldest", page);
  const liked = await likedAmong(
    db,
    viewer,
    rows.map((reply) => reply.id),
  );
  const context = { viewer, storyAuthorId: part.authorId, liked };
  return {
    comments: rows.map((reply) => toComment(reply, context)),
    hasMore,
    after,
    ads: false,
  };
}

/** How many visible comments (threads and their replies) each paragraph of the part has. */
export async function paragraphCounts(
  db: Kysely<Database>,
  viewer: MaybeViewer,
  partId: number,
): Promise<ParagraphCommentCounts> {
  const part = await commentablePart(db, viewer, partId);
  const hidden = await hiddenCommenters(db, viewer);
  let query = db
    .selectFrom("comments")
    .select(["paragraph_id", (eb) => eb.fn.countAll<number>().as("count")])
    .where("part_id", "=", part.id)
    .where("paragraph_id", "is not", null)
    .where("deleted", "=", 0)
    .groupBy("paragraph_id");
  if (hidden.length > 0) query = query.where("user_id", "not in", hidden);
  const rows = await query.execute();
  const paragraphs: Record<string, number> = {};
  for (const row of rows) if (row.paragraph_id) paragraphs[row.paragraph_id] = Number(row.count);
  return { paragraphs };
}
