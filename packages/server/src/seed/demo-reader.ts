import { MATURE_RATING } from "@inkwell/shared";
import type { Kysely } from "kysely";
import { grantCoins } from "../coins/service.ts";
import type { Database } from "../db/schema.ts";

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** Stories the demo reader keeps, taken from below the most read ones the journeys start from. */
const SKIP_MOST_READ = 40;
const KEPT = 8;
const IN_PROGRESS = 3;
/** Enough to unlock a few paid parts (6 Coins each) and an Exclusive Chapter (15). */
export const DEMO_READER_COINS = 45;
export const DEMO_READER_GENRES = ["fantasy", "mystery"] as const;

/**
 * The demo reader's own traces, so that someone trying the demo as demo_reader finds a used
 * account: stories in the Library (one archived), three of them half read (the home feed's
 * continue-reading strip), two reading lists, two conversations in the inbox (one of them
 * with an unread message), Coins for paid parts, and two genres picked at onboarding (home
 * leads with them). Written straight into the tables, with the counters they keep.
 */
export async function seedDemoReader(
  db: Kysely<Database>,
  demoAccountIds: readonly number[],
  now: number,
): Promise<void> {
  const [readerId] = demoAccountIds;
  if (readerId === undefined) return;
  await grantCoins(db, readerId, DEMO_READER_COINS, now);
  await db
    .insertInto("preferred_tags")
    .values(DEMO_READER_GENRES.map((tag, position) => ({ user_id: readerId, tag, position })))
    .execute();
  const candidates = await db
    .selectFrom("stories")
    .select(["stories.id", "stories.title", "stories.user_id"])
    .where("stories.language_id", "=", 1)
    .where("stories.draft", "=", 0)
    .where("stories.deleted", "=", 0)
    .where("stories.rating", "!=", MATURE_RATING)
    .where("stories.is_paid", "=", 0)
    .where("stories.num_parts", ">=", 3)
    // Not the demo accounts' own: the reader writes to these authors, and the journeys
    // watch the demo accounts' inboxes.
    .where("stories.user_id", "not in", demoAccountIds)
    .orderBy("stories.read_count", "desc")
    .orderBy("stories.id")
    .limit(SKIP_MOST_READ + KEPT)
    .execute();
  // A small catalogue (tests) has fewer: then the least read of the top ones.
  const stories = candidates.slice(-KEPT);
  if (stories.length < KEPT) return;

  await db
    .insertInto("library_stories")
    .values(
      stories.map((story, index) => ({
        user_id: readerId,
        story_id: story.id,
        archived: index === KEPT - 1 ? 1 : 0,
        added_at: now - (index + 3) * DAY,
      })),
    )
    .execute();

  for (const [index, story] of stories.slice(0, IN_PROGRESS).entries()) {
    const part = await db
      .selectFrom("parts")
      .select("id")
      .where("story_id", "=", story.id)
      .where("draft", "=", 0)
      .where("deleted", "=", 0)
      .orderBy("position")
      .offset(index + 1)
      .limit(1)
      .executeTakeFirstOrThrow();
    await db
      .insertInto("reading_positions")
      .values({
        user_id: readerId,
        story_id: story.id,
        part_id: part.id,
        position: 0.4,
        updated_at: now - (index + 1) * DAY,
      })
      .execute();
  }

  const lists = [
    { name: "Weekend binge", picks: [0, 3, 5, 6] },
    { name: "Recommended by friends", picks: [1, 2, 4] },
  ];
  for (const [index, list] of lists.entries()) {
    const created = now - (20 - index * 5) * DAY;
    const row = await db
      .insertInto("reading_lists")
      .values({
        user_id: readerId,
        name: list.name,
        name_lower: list.name.toLowerCase(),
        is_private: 0,
        num_stories: list.picks.length,
        created_at: created,
        updated_at: created,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("reading_list_stories")
      .values(
        list.picks.map((pick, position) => ({
          list_id: row.id,
          story_id: (stories[pick] as (typeof stories)[number]).id,
          position,
          added_at: created,
        })),
      )
      .execute();
  }

  const favourite = stories[0] as (typeof stories)[number];
  const second = stories.find((story) => story.user_id !== favourite.user_id);
  await seedConversation(db, readerId, favourite.user_id, [
    {
      fromReader: true,
      at: now - 5 * DAY,
      body: `I stayed up far too late with ${favourite.title}. That second part!`,
    },
    {
      fromReader: false,
      at: now - 4 * DAY - 3 * HOUR,
      body: "Thank you so much! The next part answers a few of your questions, I promise.",
    },
    {
      fromReader: false,
      at: now - 6 * HOUR,
      body: "I'm writing the next part now. Would you like a message when it's up?",
      unread: true,
    },
  ]);
  if (second) {
    await seedConversation(db, readerId, second.user_id, [
      {
        fromReader: false,
        at: now - 2 * DAY,
        body: `Thanks for adding ${second.title} to your reading list!`,
      },
      { fromReader: true, at: now - 2 * DAY + HOUR, body: "It's one of my favourites this year." },
    ]);
  }
}

interface SeedMessage {
  fromReader: boolean;
  at: number;
  body: string;
  /** Not yet read by its recipient; only the last message may be. */
  unread?: boolean;
}

/** One conversation with both people's thread rows, as the inbox service keeps them. */
async function seedConversation(
  db: Kysely<Database>,
  readerId: number,
  otherId: number,
  messages: SeedMessage[],
) {
  const conversation = await db
    .insertInto("conversations")
    .values({
      user_a_id: Math.min(readerId, otherId),
      user_b_id: Math.max(readerId, otherId),
      created_at: (messages[0] as SeedMessage).at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  let last = { id: 0, at: 0 };
  const unread = new Map([
    [readerId, 0],
    [otherId, 0],
  ]);
  for (const message of messages) {
    const [sender, recipient] = message.fromReader ? [readerId, otherId] : [otherId, readerId];
    const row = await db
      .insertInto("messages")
      .values({
        conversation_id: conversation.id,
        sender_id: sender,
        recipient_id: recipient,
        body: message.body,
        created_at: message.at,
        read_at: message.unread ? null : message.at + HOUR,
        deleted_by_sender: 0,
        deleted_by_recipient: 0,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    last = { id: row.id, at: message.at };
    if (message.unread) unread.set(recipient, (unread.get(recipient) ?? 0) + 1);
  }
  await db
    .insertInto("conversation_sides")
    .values(
      [
        [readerId, otherId],
        [otherId, readerId],
      ].map(([userId, other]) => ({
        user_id: userId as number,
        other_id: other as number,
        conversation_id: conversation.id,
        last_message_id: last.id,
        last_message_at: last.at,
        unread_count: unread.get(userId as number) ?? 0,
      })),
    )
    .execute();
}
