import type { Faker } from "@faker-js/faker";
import { paragraphIds, partPlainText } from "@inkwell/shared";
import type { Insertable, Kysely } from "kysely";
import { isOffensive } from "../comments/offensive-words.ts";
import type { CommentsTable, Database } from "../db/schema.ts";
import { insertInBatches } from "./batches.ts";
import {
  type CommentVars,
  paragraphComment,
  partComment,
  replyComment,
  writerReply,
} from "./content.ts";

const MINUTE = 60_000;

/** The most read stories get comments on their first part, fewer down the list. */
const COMMENTED_STORIES = 150;
/** The first few stories get comments on later parts too, fading part by part. */
const DEEP_STORIES = 20;
/** The first parts of these stories get comments on single paragraphs. */
const PARAGRAPH_STORIES = 30;

/** A published part the seed may comment on, with the counter the comments move. */
export interface CommentablePart {
  /** The part's place in the seed's list of all parts, turned into its id on insert. */
  index: number;
  text: string;
  publishedAt: number;
  /** The demo users who read it: most comments come from them. */
  readers: number[];
  /** The cast of the part's scene, its lead first. */
  cast: string[];
  row: { comment_count?: number };
}

/** A visible, free story by a seeded writer, with its parts in reading order. */
export interface CommentableStory {
  /** The story's place in the seed's list of stories. */
  index: number;
  authorId: number;
  authorUsername: string;
  ongoing: boolean;
  readCount: number;
  parts: CommentablePart[];
  row: { comment_count?: number };
}

/** How much readers say about a set of stories. */
export interface CommentShape {
  /** Threads on the most read story's first part; fewer down the list. */
  topThreads: number;
  /** Whether the stories' writers answer now and then. */
  writerReplies: boolean;
  /** When a thread may start, given its part's publishing: right after it unless this says. */
  threadsFrom?: (publishedAt: number) => number;
}

/** The catalogue's talk: several sets of 10 threads behind "load more" on the top story. */
const CATALOGUE_TALK: CommentShape = { topThreads: 36, writerReplies: true };

interface SeedComment {
  partIndex: number;
  storyIndex: number;
  paragraphId: string | null;
  userId: number;
  text: string;
  createdAt: number;
  likes: Array<{ userId: number; createdAt: number }>;
}

interface SeedThread extends SeedComment {
  replies: SeedComment[];
}

/** A time after `after` and before `before`, nearer `after`: talk is liveliest early on. */
function between(faker: Faker, after: number, before: number): number {
  return (
    after +
    MINUTE +
    Math.floor(faker.number.float() ** 2 * Math.max(0, before - after - 2 * MINUTE))
  );
}

/** The part's dialogue lines, for readers quoting a favourite. */
function dialogueLines(html: string): string[] {
  const lines = [...partPlainText(html).matchAll(/“([^”]{12,90})”/g)];
  return lines.map(([, line = ""]) => line.replace(/,$/, "."));
}

/**
 * Threads, replies (a few by the story's writer, if `shape` says so), paragraph comments and
 * likes on the most read stories, by seeded readers other than the writer, after each part's
 * publishing and before `now`. Sets the parts' and stories' comment_count to the comments
 * planned.
 */
export function planComments(
  faker: Faker,
  candidates: CommentableStory[],
  everyone: number[],
  now: number,
  shape: CommentShape = CATALOGUE_TALK,
): SeedThread[] {
  const stories = [...candidates]
    .sort((a, b) => b.readCount - a.readCount || a.index - b.index)
    .slice(0, COMMENTED_STORIES);
  const threads: SeedThread[] = [];
  for (const [rank, story] of stories.entries()) {
    const firstPartThreads = Math.max(1, Math.round(shape.topThreads / (1 + rank / 5)));
    const likeScale = Math.max(2, Math.round(24 / (1 + rank / 8)));
    for (const [position, part] of story.parts.entries()) {
      if (position > 0 && rank >= DEEP_STORIES) break;
      const count = Math.round(firstPartThreads * 0.45 ** position);
      if (count === 0) break;
      // Readers of the part talk about it; a small catalogue borrows from everyone else.
      const readers = part.readers.filter((id) => id !== story.authorId);
      const pool = readers.length >= 5 ? readers : everyone.filter((id) => id !== story.authorId);
      const lines = dialogueLines(part.text);
      const lead = part.cast.filter((name) => part.text.includes(name));
      // Readers rarely repeat each other word for word under one part: a few tries at new text.
      const said = new Set<string>();
      const fresh = (write: (vars: CommentVars) => string) => {
        let text = write(vars());
        for (let tries = 0; tries < 3 && said.has(text); tries++) text = write(vars());
        said.add(text);
        return text;
      };
      const vars = (): CommentVars => ({
        lead: lead.length > 0 ? faker.helpers.arrayElement(lead) : null,
        line: lines.length > 0 ? faker.helpers.arrayElement(lines) : null,
        author: story.authorUsername,
        ongoing: story.ongoing,
      });
      const comment = (
        userId: number,
        text: string,
        after: number,
        paragraphId: string | null,
      ): SeedComment => {
        const createdAt = between(faker, after, now);
        const likers = faker.helpers.arrayElements(
          pool.filter((id) => id !== userId),
          Math.floor(faker.number.float() ** 3 * likeScale),
        );
        part.row.comment_count = (part.row.comment_count ?? 0) + 1;
        story.row.comment_count = (story.row.comment_count ?? 0) + 1;
        return {
          partIndex: part.index,
          storyIndex: story.index,
          paragraphId,
          userId,
          text,
          createdAt,
          likes: likers.map((liker) => ({
            userId: liker,
            createdAt: between(faker, createdAt, now),
          })),
        };
      };
      const thread = (userId: number, text: string, paragraphId: string | null): SeedThread => {
        const from = shape.threadsFrom?.(part.publishedAt) ?? part.publishedAt;
        const first = comment(userId, text, from, paragraphId);
        // Most threads get no answer; some a long one, past the 2 replies shown at first.
        const replyCount = faker.helpers.weightedArrayElement([
          { weight: 60, value: 0 },
          { weight: 16, value: 1 },
          { weight: 10, value: 2 },
          { weight: 14, value: faker.number.int({ min: 3, max: 7 }) },
        ]);
        const replies = faker.helpers
          .arrayElements(
            pool.filter((id) => id !== userId),
            replyCount,
          )
          .map((replier) =>
            comment(
              replier,
              fresh((v) => replyComment(faker, v)),
              first.createdAt,
              paragraphId,
            ),
          );
        // The writer answers now and then, which shows their Writer pill.
        if (shape.writerReplies && faker.datatype.boolean(0.15)) {
          replies.push(
            comment(
              story.authorId,
              fresh((v) => writerReply(faker, v)),
              first.createdAt,
              paragraphId,
            ),
          );
        }
        replies.sort((a, b) => a.createdAt - b.createdAt);
        return { ...first, replies };
      };

      const commenters = faker.helpers.arrayElements(pool, Math.min(count, pool.length));
      for (const userId of commenters)
        threads.push(
          thread(
            userId,
            fresh((v) => partComment(faker, v)),
            null,
          ),
        );
      if (position === 0 && rank < PARAGRAPH_STORIES) {
        const ids = paragraphIds(part.text);
        for (const paragraphId of faker.helpers.arrayElements(ids, rank < 10 ? 3 : 1)) {
          const userId = faker.helpers.arrayElement(pool);
          threads.push(
            thread(
              userId,
              fresh((v) => paragraphComment(faker, v)),
              paragraphId,
            ),
          );
        }
      }
    }
  }
  return threads;
}

/**
 * Writes the planned comments with their counters already right (reply_count, like_count),
 * threads first so replies can point at them, all in batches.
 */
export async function insertComments(
  db: Kysely<Database>,
  threads: SeedThread[],
  partIds: number[],
  storyIds: number[],
): Promise<void> {
  const row = (
    item: SeedComment,
    parentId: number | null,
    replyCount: number,
  ): Insertable<CommentsTable> => ({
    part_id: partIds[item.partIndex] as number,
    story_id: storyIds[item.storyIndex] as number,
    paragraph_id: item.paragraphId,
    parent_id: parentId,
    user_id: item.userId,
    text: item.text,
    is_offensive: isOffensive(item.text) ? 1 : 0,
    like_count: item.likes.length,
    reply_count: replyCount,
    deleted: 0,
    created_at: item.createdAt,
  });
  const threadIds = await insertInBatches(
    db,
    "comments",
    threads.map((thread) => row(thread, null, thread.replies.length)),
    true,
  );
  const replies = threads.flatMap((thread, index) =>
    thread.replies.map((reply) => ({ reply, parentId: threadIds[index] as number })),
  );
  const replyIds = await insertInBatches(
    db,
    "comments",
    replies.map(({ reply, parentId }) => row(reply, parentId, 0)),
    true,
  );
  const liked = [
    ...threads.map((thread, index) => ({ item: thread as SeedComment, id: threadIds[index] })),
    ...replies.map(({ reply }, index) => ({ item: reply, id: replyIds[index] })),
  ];
  await insertInBatches(
    db,
    "comment_likes",
    liked.flatMap(({ item, id }) =>
      item.likes.map((like) => ({
        comment_id: id as number,
        user_id: like.userId,
        created_at: like.createdAt,
      })),
    ),
  );
}
