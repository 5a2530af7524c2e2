import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { base, en, Faker } from "@faker-js/faker";
import { PAID_PROGRAMME_FREE_PARTS, type UserType } from "@inkwell/shared";
import { type Insertable, type Kysely, sql } from "kysely";
import { hashPassword } from "../accounts/passwords.ts";
import type { ContestSettings } from "../contests/input.ts";
import { activateContest } from "../contests/service.ts";
import type { Database, PartsTable, StoriesTable, UsersTable } from "../db/schema.ts";
import { insertInBatches } from "./batches.ts";
import { CATEGORIES, GENRE_TAGS, LANGUAGE_WEIGHTS, TAGS } from "./catalogue.ts";
import {
  type CommentableStory,
  type CommentShape,
  insertComments,
  planComments,
} from "./comments.ts";
import { partHtml, storyContent, userBio } from "./content.ts";
import { coverSvg } from "./covers.ts";
import { seedCuration, seedPromotion, seedSales } from "./curation.ts";
import { seedDemoReader } from "./demo-reader.ts";
import { seedDemoWriter } from "./demo-writer.ts";
import { mulberry32 } from "./random.ts";
import { maybeRecent } from "./recent.ts";
import { seedReports } from "./reports.ts";

const DAY = 86_400_000;
export const DEMO_PASSWORD = "inkwell-demo";

/** The accounts the README lists; they exist only in demo seeding. */
export const DEMO_ACCOUNTS = [
  { username: "demo_reader", name: "Rae Reader", role: "reader" },
  { username: "demo_writer", name: "Wren Writer", role: "writer" },
  { username: "demo_ambassador", name: "Ada Ambassador", role: "ambassador" },
  { username: "demo_admin", name: "Sam Admin", role: "admin" },
] as const;

const DEMO_USER_TYPES: Record<(typeof DEMO_ACCOUNTS)[number]["role"], UserType> = {
  reader: "reader",
  writer: "writer",
  ambassador: "reader_writer",
  admin: "reader_writer",
};

/**
 * The demo's Inkwell Awards, open until the spec's closing time (§9, the UTC-4 reading) in
 * a later year: at 3,000 words the demo writer has an eligible complete story, a nearly
 * eligible one, eligible ongoing ones and some that cannot enter.
 */
export const DEMO_CONTEST: ContestSettings = {
  key: "inkwellawards2027",
  year: 2027,
  tag: "inkwellawards2027",
  closesAt: Date.parse("2027-08-07T23:59:59-04:00"),
  minWords: 3000,
};

/**
 * The demo writer's stories have readers' comments too, so that /myworks and the writer's
 * analytics show some: a few threads a part, a share of them lately (`maybeRecent`), and no
 * answers by the writer (the journeys post those).
 */
const DEMO_WRITER_TALK: CommentShape = { topThreads: 4, writerReplies: false };

export interface DemoSize {
  users: number;
  stories: number;
  /** Average parts per story; the total lands close to stories × this. */
  partsPerStory: number;
}

export const DEMO_SIZE: DemoSize = { users: 300, stories: 1500, partsPerStory: 8 };

interface SeedOptions {
  mediaDir: string;
  size?: DemoSize;
  now?: number;
  seed?: number;
}

/**
 * Fills an empty database with the demo catalogue: the same users, stories, parts, votes,
 * reads and follows on every machine for a given seed (dates are relative to `now`).
 */
export async function seedDemo(db: Kysely<Database>, options: SeedOptions): Promise<void> {
  const size = options.size ?? DEMO_SIZE;
  const now = options.now ?? Date.now();
  const faker = new Faker({ locale: [en, base] });
  faker.seed(options.seed ?? 42);
  // Comments draw from a stream of their own, so adding them left the rest as it was.
  const talk = new Faker({ locale: [en, base] });
  talk.seed((options.seed ?? 42) + 1);
  // So does the timing of the demo writer's votes and threads that came in lately.
  const lately = mulberry32((options.seed ?? 42) + 2);
  const recently = (after: number) => maybeRecent(lately, after, now);
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  await db.transaction().execute(async (trx) => {
    const categoryIds = await insertNames(trx, "categories", CATEGORIES, (name) => ({
      name,
      slug: name.toLowerCase().replaceAll(" ", "-"),
    }));
    const tagIds = await insertNames(trx, "tags", TAGS, (name) => ({ name }));

    const users = makeUsers(faker, size.users, passwordHash, now);
    const userIds = (await insertInBatches(trx, "users", users, true)) as number[];
    // The demo writer (index 1) and a share of the others write; the rest only read.
    const demoWriterId = userIds[1] as number;
    const writerIds = [demoWriterId, ...userIds.slice(4, Math.ceil(size.users * 0.4))];

    const stories = Array.from({ length: size.stories }, (_, index) =>
      makeStory(
        faker,
        index < 6 ? demoWriterId : faker.helpers.arrayElement(writerIds),
        size.partsPerStory,
        now,
      ),
    );
    // The demo writer's own stories are in English, so their pages show every stat.
    for (const story of stories.slice(0, 6)) story.row.language_id = 1;
    // Their longest is in the Paid Stories programme, so the demo shows paid-part settings.
    const longest = stories
      .slice(0, 6)
      .reduce((most, story) => (story.partTitles.length > most.partTitles.length ? story : most));
    Object.assign(longest.row, { is_paid: 1, is_paywalled: 1, paid_model: "paid_story" });
    const parts = stories.map((story) => makeParts(faker, story, now));
    const signals = makeSignals(faker, userIds, stories, parts, now, (story, after) =>
      story.row.user_id === demoWriterId ? recently(after) : after,
    );
    const demoIds = new Set(userIds.slice(0, DEMO_ACCOUNTS.length));
    const everyoneElse = userIds.filter((id) => !demoIds.has(id));
    const usernames = new Map(users.map((user, index) => [userIds[index], user.username]));
    const writtenBy = (author: (id: number) => boolean) =>
      commentable(stories, parts, signals.reads, usernames, demoIds, author);
    const threads = [
      ...planComments(
        talk,
        writtenBy((id) => !demoIds.has(id)),
        everyoneElse,
        now,
      ),
      // Drawn after the catalogue's, which stay as they were.
      ...planComments(
        talk,
        writtenBy((id) => id === demoWriterId),
        everyoneElse,
        now,
        { ...DEMO_WRITER_TALK, threadsFrom: recently },
      ),
    ];

    const storyIds = (await insertInBatches(
      trx,
      "stories",
      stories.map((story) => story.row),
      true,
    )) as number[];
    await trx
      .updateTable("stories")
      .set((eb) => ({ cover: sql<string>`${"/media/covers/"} || ${eb.ref("id")} || ${".svg"}` }))
      .execute();
    await insertInBatches(
      trx,
      "story_categories",
      stories.flatMap((story, index) =>
        story.categories.map((genre) => ({
          story_id: storyIds[index] as number,
          category_id: categoryIds.get(genre) as number,
        })),
      ),
    );
    await insertInBatches(
      trx,
      "story_tags",
      stories.flatMap((story, index) =>
        story.tags.map((tag, position) => ({
          story_id: storyIds[index] as number,
          tag_id: tagIds.get(tag) as number,
          position,
        })),
      ),
    );

    const partRows = parts.flatMap((list, storyIndex) =>
      list.map((part) => ({ ...part, story_id: storyIds[storyIndex] as number })),
    );
    const partIds = (await insertInBatches(trx, "parts", partRows, true)) as number[];
    const partRef = (ref: PartRef) => ({
      part_id: partIds[ref.partIndex] as number,
      story_id: storyIds[ref.storyIndex] as number,
    });
    await insertInBatches(
      trx,
      "reads",
      signals.reads.map(({ ref, ...read }) => ({ ...read, ...partRef(ref) })),
    );
    await insertInBatches(
      trx,
      "votes",
      signals.votes.map(({ ref, ...vote }) => ({ ...vote, ...partRef(ref) })),
    );
    await insertComments(trx, threads, partIds, storyIds);
    await seedFollows(trx, faker, userIds, writerIds, now);
    await seedCuration(trx, now);
    await seedPromotion(trx, now);
    await seedSales(trx, demoWriterId, now);
    await seedDemoReader(trx, userIds.slice(0, DEMO_ACCOUNTS.length), now);
    await seedDemoWriter(trx, demoWriterId, everyoneElse, now);
    await seedReports(trx, everyoneElse, userIds[3] as number, now);
    await activateContest(trx, DEMO_CONTEST, now);
    // The demo's Coin Shop sells through the demo checkout (docs/decisions/034).
    await trx
      .insertInto("feature_flags")
      .values({ name: "WEB_COIN_PURCHASING", enabled: 1, updated_at: now })
      .execute();

    const authorNames = new Map(users.map((user, index) => [userIds[index], user.name]));
    await writeCovers(options.mediaDir, stories, storyIds, authorNames);
  });
}

async function insertNames<T extends "categories" | "tags">(
  db: Kysely<Database>,
  table: T,
  names: readonly string[],
  row: (name: string) => Insertable<Database[T]>,
): Promise<Map<string, number>> {
  const ids = (await insertInBatches(db, table, names.map(row), true)) as number[];
  return new Map(names.map((name, index) => [name, ids[index] as number]));
}

function makeUsers(faker: Faker, count: number, passwordHash: string, now: number) {
  const users: Insertable<UsersTable>[] = [];
  const taken = new Set<string>();
  for (const [index, account] of DEMO_ACCOUNTS.entries()) {
    const joined = now - (400 - index) * DAY;
    users.push({
      ...baseUser(account.username, account.name, joined),
      // Long-standing accounts said at sign-up whether they read or write (decision 061):
      // home does not greet them as new.
      writer_user_type: DEMO_USER_TYPES[account.role],
      writer_answered_at: joined,
      email: `${account.username}@example.com`,
      email_lower: `${account.username}@example.com`,
      password_hash: passwordHash,
      email_reverified_at: now,
      // Adults, so the demo accounts see mature stories as adult readers do.
      birthdate: `${new Date(now).getUTCFullYear() - 30 - index}-05-12`,
      is_ambassador: account.role === "ambassador" ? 1 : 0,
      is_sysadmin: account.role === "admin" ? 1 : 0,
      is_staff: account.role === "admin" ? 1 : 0,
      description: userBio(faker),
    });
    taken.add(account.username);
  }
  while (users.length < count) {
    const first = faker.person.firstName();
    const last = faker.person.lastName();
    const username = faker.internet
      .username({ firstName: first, lastName: last })
      .replace(/[^A-Za-z0-9_]/g, "")
      .slice(0, 20);
    if (username.length < 3 || taken.has(username.toLowerCase())) continue;
    taken.add(username.toLowerCase());
    users.push({
      ...baseUser(
        username,
        `${first} ${last}`,
        now - faker.number.int({ min: 30, max: 2000 }) * DAY,
      ),
      is_verified: faker.datatype.boolean(0.03) ? 1 : 0,
      country: readerCountry(users.length, faker.location.countryCode()),
      birthdate: readerBirthdate(users.length, now),
      description: userBio(faker),
    });
  }
  return users;
}

/** Ages of the catalogue's readers, mostly young, as on such platforms: for analytics. */
const READER_AGES = [14, 16, 17, 19, 20, 22, 24, 27, 31, 36, 42, 51];

/** Where most readers come from, in percent; the rest are spread over every country. */
const READER_COUNTRIES: ReadonlyArray<[string, number]> = [
  ["US", 28],
  ["PH", 12],
  ["GB", 9],
  ["CA", 6],
  ["IN", 6],
  ["ID", 5],
  ["AU", 4],
  ["MY", 3],
  ["DE", 2],
];

/** A seeded reader's country: one of the largest by their place in the list, else `drawn`. */
function readerCountry(index: number, drawn: string): string {
  let slot = (index * 37) % 100;
  for (const [country, share] of READER_COUNTRIES) {
    if (slot < share) return country;
    slot -= share;
  }
  return drawn;
}

/**
 * A seeded reader's birthday, taken from their place in the list rather than the random
 * stream, so that adding it left the rest of the catalogue as it was.
 */
function readerBirthdate(index: number, now: number): string {
  const age = READER_AGES[(index * 7) % READER_AGES.length] as number;
  const month = String((index % 12) + 1).padStart(2, "0");
  const day = String((index % 28) + 1).padStart(2, "0");
  return `${new Date(now).getUTCFullYear() - age - 1}-${month}-${day}`;
}

/** Every column of a user row, so that all rows of one insert have the same shape. */
function baseUser(username: string, name: string, createdAt: number): Insertable<UsersTable> {
  return {
    username,
    username_lower: username.toLowerCase(),
    email: null,
    email_lower: null,
    name,
    avatar: null,
    description: "",
    password_hash: null,
    is_ambassador: 0,
    is_sysadmin: 0,
    is_staff: 0,
    is_verified: 0,
    email_verified: 1,
    language_id: 1,
    country: null,
    birthdate: null,
    num_followers: 0,
    num_following: 0,
    email_reverified_at: createdAt,
    created_at: createdAt,
  };
}

function makeStory(faker: Faker, authorId: number, averageParts: number, now: number) {
  const genre = faker.helpers.arrayElement(CATEGORIES);
  const secondGenre = faker.datatype.boolean(0.3) ? faker.helpers.arrayElement(CATEGORIES) : genre;
  const categories = [...new Set([genre, secondGenre])];
  const tags = [
    ...new Set([
      ...faker.helpers.arrayElements(GENRE_TAGS[genre], { min: 2, max: 4 }),
      ...faker.helpers.arrayElements(TAGS, { min: 1, max: 4 }),
    ]),
  ];
  const createdAt = now - faker.number.int({ min: 20, max: 1100 }) * DAY;
  const rating = faker.datatype.boolean(0.12) ? 4 : faker.number.int({ min: 1, max: 3 });
  const paid = faker.datatype.boolean(0.015);
  const fate = faker.number.float();
  const numParts = Math.max(
    1,
    Math.round(faker.number.float({ min: 0.15, max: 1.85 }) * averageParts),
  );
  const content = storyContent(faker, genre, numParts);
  const row: Insertable<StoriesTable> = {
    user_id: authorId,
    title: content.title,
    description: content.description,
    cover: null,
    language_id: faker.helpers.weightedArrayElement(LANGUAGE_WEIGHTS),
    rating,
    completed: faker.datatype.boolean(0.4) ? 1 : 0,
    draft: fate < 0.01 ? 1 : 0,
    deleted: fate > 0.997 ? 1 : 0,
    copyright: faker.helpers.weightedArrayElement([
      { weight: 85, value: 1 },
      { weight: 5, value: 2 },
      { weight: 5, value: 5 },
      { weight: 5, value: 7 },
    ]),
    is_paid: paid ? 1 : 0,
    is_paywalled: paid ? 1 : 0,
    paid_model: paid ? "paid_story" : null,
    create_date: createdAt,
    modify_date: createdAt,
    last_published_at: null,
    num_parts: 0,
    read_count: 0,
    vote_count: 0,
    comment_count: 0,
  };
  return {
    row,
    genre,
    tags,
    categories,
    partTitles: content.partTitles,
    key: faker.string.alphanumeric(6),
    /** Each part's cast, filled in by makeParts, for the comments about it. */
    casts: [] as string[][],
  };
}

type PartRow = Omit<Insertable<PartsTable>, "story_id">;
type StoryDraft = ReturnType<typeof makeStory>;

/** A paid story's first parts are free to read (its preview); Coins unlock the rest. */
export const FREE_PARTS_OF_PAID_STORY = PAID_PROGRAMME_FREE_PARTS.default;

function makeParts(faker: Faker, story: StoryDraft, now: number): PartRow[] {
  const completed = story.row.completed === 1;
  const paid = story.row.is_paywalled === 1;
  const count = story.partTitles.length;
  const start = story.row.create_date;
  // Ongoing stories that are still active reach into the last two weeks (new parts).
  const active = !completed && faker.datatype.boolean(0.35);
  const end = active ? now - faker.number.int({ min: 0, max: 12 }) * DAY : start + count * 7 * DAY;
  const step = Math.max(DAY / 4, (Math.min(end, now - DAY / 24) - start) / count);
  const parts: PartRow[] = [];
  for (let i = 0; i < count; i++) {
    const createdAt = Math.round(start + step * i);
    const paragraphs = faker.number.int({ min: 4, max: 12 });
    const { html, wordCount, cast } = partHtml(faker, `${story.key}n${i}`, paragraphs);
    story.casts.push(cast);
    // The last part of some ongoing stories is still a draft, a few of them scheduled.
    const draft = !completed && i === count - 1 && count > 1 && faker.datatype.boolean(0.15);
    const scheduled = draft && faker.datatype.boolean(0.4);
    // A longer paid story ends with an Exclusive Chapter (writer-paid-contest.md §3).
    const bonus = paid && !draft && count >= 6 && i === count - 1;
    parts.push({
      position: i,
      title: story.partTitles[i] ?? `Part ${i + 1}`,
      text: html,
      word_count: wordCount,
      draft: draft ? 1 : 0,
      deleted: 0,
      scheduled_at: scheduled ? now + faker.number.int({ min: 1, max: 10 }) * DAY : null,
      create_date: createdAt,
      modify_date: createdAt,
      published_at: draft ? null : createdAt,
      is_bonus: bonus ? 1 : 0,
      bonus_type: bonus ? "Exclusive Chapter" : null,
      paywalled: paid && i >= FREE_PARTS_OF_PAID_STORY ? 1 : 0,
      chapter_description: bonus ? "A scene from the other side of the story, never told." : null,
      author_note: bonus ? "Thank you for reading this far: this one is for you." : null,
      read_count: 0,
      vote_count: 0,
      comment_count: 0,
    });
  }
  return parts;
}

interface PartRef {
  storyIndex: number;
  partIndex: number;
}

/**
 * Votes and reads, with every counter set to the number of rows behind it: a story's
 * popularity is drawn once and spread over its parts, earlier parts read more. Authors'
 * own reads are not counted, as the product does not count them. A vote comes a day after
 * its part, or when `votedAt` says.
 */
function makeSignals(
  faker: Faker,
  userIds: number[],
  stories: StoryDraft[],
  parts: PartRow[][],
  now: number,
  votedAt: (story: StoryDraft, after: number) => number,
) {
  const reads: Array<{
    ref: PartRef;
    user_id: number | null;
    seconds: number;
    created_at: number;
  }> = [];
  const votes: Array<{ ref: PartRef; user_id: number; created_at: number }> = [];
  let partIndex = 0;
  for (const [storyIndex, story] of stories.entries()) {
    const visible = story.row.draft === 0 && story.row.deleted === 0;
    const readers = Math.floor(faker.number.float() ** 3 * 260);
    const others = userIds.filter((id) => id !== story.row.user_id);
    let position = 0;
    let storyReads = 0;
    let storyVotes = 0;
    let published = 0;
    let last: number | null = null;
    for (const part of parts[storyIndex] ?? []) {
      const ref = { storyIndex, partIndex: partIndex++ };
      if (part.draft === 1) continue;
      published++;
      last = part.create_date;
      if (!visible) continue;
      const partReaders = Math.round(readers * 0.85 ** position++);
      const readerIds = faker.helpers.arrayElements(others, Math.min(partReaders, others.length));
      const visitorReads = Math.round(partReaders * 0.5);
      const readAt = () =>
        faker.number.int({ min: part.create_date, max: Math.max(part.create_date, now) });
      for (const userId of readerIds) {
        reads.push({
          ref,
          user_id: userId,
          seconds: faker.number.int({ min: 20, max: 900 }),
          created_at: readAt(),
        });
      }
      for (let i = 0; i < visitorReads; i++) {
        reads.push({
          ref,
          user_id: null,
          seconds: faker.number.int({ min: 20, max: 900 }),
          created_at: readAt(),
        });
      }
      const voters = readerIds.filter(() => faker.datatype.boolean(0.3));
      for (const userId of voters)
        votes.push({ ref, user_id: userId, created_at: votedAt(story, part.create_date + DAY) });
      part.read_count = readerIds.length + visitorReads;
      part.vote_count = voters.length;
      storyReads += part.read_count;
      storyVotes += voters.length;
    }
    Object.assign(story.row, {
      read_count: storyReads,
      vote_count: storyVotes,
      num_parts: published,
      last_published_at: last,
      modify_date: last ?? story.row.create_date,
    });
  }
  return { reads, votes };
}

/**
 * The stories readers comment on: visible, free to read and by the writers `author` picks.
 * Each comes with its published parts and the seeded users (not the demo accounts) who read
 * them.
 */
function commentable(
  stories: StoryDraft[],
  parts: PartRow[][],
  reads: ReadonlyArray<{ ref: PartRef; user_id: number | null }>,
  usernames: Map<number | undefined, string>,
  demoIds: Set<number>,
  author: (id: number) => boolean,
): CommentableStory[] {
  const readers = new Map<number, number[]>();
  for (const { ref, user_id: userId } of reads) {
    if (userId === null || demoIds.has(userId)) continue;
    const list = readers.get(ref.partIndex);
    if (list) list.push(userId);
    else readers.set(ref.partIndex, [userId]);
  }
  const found: CommentableStory[] = [];
  let first = 0;
  for (const [storyIndex, story] of stories.entries()) {
    const list = parts[storyIndex] ?? [];
    const start = first;
    first += list.length;
    const { row } = story;
    if (row.draft === 1 || row.deleted === 1 || row.is_paywalled === 1) continue;
    if (!author(row.user_id)) continue;
    found.push({
      index: storyIndex,
      authorId: row.user_id,
      authorUsername: usernames.get(row.user_id) ?? "",
      ongoing: row.completed === 0,
      readCount: row.read_count ?? 0,
      row,
      parts: list.flatMap((part, i) =>
        part.draft === 1 || part.published_at == null
          ? []
          : [
              {
                index: start + i,
                text: part.text ?? "",
                publishedAt: part.published_at,
                readers: readers.get(start + i) ?? [],
                cast: story.casts[i] ?? [],
                row: part,
              },
            ],
      ),
    });
  }
  return found;
}

async function seedFollows(
  db: Kysely<Database>,
  faker: Faker,
  userIds: number[],
  writerIds: number[],
  now: number,
) {
  const follows: Array<{ follower_id: number; followee_id: number; created_at: number }> = [];
  const followers = new Map<number, number>();
  for (const userId of userIds) {
    const targets = faker.helpers.arrayElements(
      writerIds.filter((id) => id !== userId),
      faker.number.int({ min: 2, max: 25 }),
    );
    for (const target of targets) {
      follows.push({ follower_id: userId, followee_id: target, created_at: now - 10 * DAY });
      followers.set(target, (followers.get(target) ?? 0) + 1);
    }
    await db
      .updateTable("users")
      .set({ num_following: targets.length })
      .where("id", "=", userId)
      .execute();
  }
  await insertInBatches(db, "follows", follows);
  for (const [userId, count] of followers) {
    await db.updateTable("users").set({ num_followers: count }).where("id", "=", userId).execute();
  }
}

async function writeCovers(
  mediaDir: string,
  stories: StoryDraft[],
  storyIds: number[],
  authorNames: Map<number | undefined, string>,
) {
  const dir = join(mediaDir, "covers");
  await mkdir(dir, { recursive: true });
  await Promise.all(
    stories.map((story, index) =>
      writeFile(
        join(dir, `${storyIds[index]}.svg`),
        coverSvg({
          title: story.row.title,
          author: authorNames.get(story.row.user_id) ?? "",
          seed: storyIds[index] as number,
          genre: story.genre,
        }),
      ),
    ),
  );
}
