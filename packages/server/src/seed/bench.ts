/**
 * The bench catalogue: 20,000 users, 100,000 stories and 1,000,000 parts in a separate
 * DATA_DIR (`./data-bench`, or BENCH_DATA_DIR), for the load benchmarks in bench/.
 *
 *   node packages/server/src/seed/bench.ts [--force]
 *
 * The schema comes from the normal migrations; the rows go straight through node:sqlite
 * (one transaction, prepared statements, no journal), because Kysely and Faker cannot fill
 * a million rows in minutes. A seeded PRNG and a fixed clock make every build identical.
 * Counters (num_parts, read_count, vote_count, num_followers…) equal the rows behind them.
 * The database is built under a temporary name and renamed when complete, so an
 * interrupted build never leaves a half-filled `inkwell.sqlite` behind.
 */
import { existsSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { DatabaseSync, type StatementSync } from "node:sqlite";
import { openDatabase } from "../db/connection.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { CATEGORIES, GENRE_TAGS, type Genre, LANGUAGE_WEIGHTS, TAGS } from "./catalogue.ts";
import { cheapPartHtml } from "./content.ts";
import { coverSvg } from "./covers.ts";
import { mulberry32 } from "./random.ts";

export interface BenchSize {
  users: number;
  stories: number;
  parts: number;
}

export const BENCH_SIZE: BenchSize = { users: 20_000, stories: 100_000, parts: 1_000_000 };

const DAY = 86_400_000;
/** The clock of the catalogue: fixed, so that two builds are byte for byte the same. */
export const BENCH_NOW = Date.UTC(2026, 10, 20, 12);
const SEED = 20_261_122;
/** Stories share this many generated covers instead of one file each. */
const COVER_COUNT = 50;
/** The first share of users write; everyone reads. */
const WRITER_SHARE = 0.4;
const MAX_PARTS_PER_STORY = 20;
const DATABASE_FILE = "inkwell.sqlite";

/** BENCH_DATA_DIR, or `data-bench` at the root of the repository (where bench/http.ts looks). */
export function benchDataDir(): string {
  return resolve(process.env.BENCH_DATA_DIR ?? join(import.meta.dirname, "../../../../data-bench"));
}

type Random = () => number;

const intBetween = (rand: Random, min: number, max: number): number =>
  min + Math.floor(rand() * (max - min + 1));

function pick<T>(rand: Random, list: readonly T[]): T {
  return list[Math.floor(rand() * list.length)] as T;
}

function weighted<T>(rand: Random, choices: ReadonlyArray<{ weight: number; value: T }>): T {
  const total = choices.reduce((sum, choice) => sum + choice.weight, 0);
  let roll = rand() * total;
  for (const choice of choices) {
    roll -= choice.weight;
    if (roll < 0) return choice.value;
  }
  return (choices[choices.length - 1] as { value: T }).value;
}

/**
 * `count` distinct numbers of 1..size, none equal to `skip`: a stride coprime with `size`
 * walks the whole range without repeats, with no set to check against.
 */
function distinctIds(rand: Random, size: number, count: number, skip = 0): number[] {
  const strides = [7919, 7907, 104_729, 15_485_863];
  let stride = pick(rand, strides) % size;
  while (gcd(stride, size) !== 1) stride++;
  const start = Math.floor(rand() * size);
  const ids: number[] = [];
  for (let k = 0; ids.length < count && k < size; k++) {
    const id = ((start + k * stride) % size) + 1;
    if (id !== skip) ids.push(id);
  }
  return ids;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

// ---------------------------------------------------------------------------
// Words: enough variety for pages and search to look plausible, cheap to draw.

const FIRST_NAMES = [
  "Ava",
  "Ben",
  "Cara",
  "Dev",
  "Elena",
  "Finn",
  "Grace",
  "Hugo",
  "Iris",
  "Jonah",
  "Kira",
  "Leo",
  "Maya",
  "Nico",
  "Olive",
  "Priya",
  "Quinn",
  "Rosa",
  "Sam",
  "Tara",
  "Uma",
  "Vik",
  "Wren",
  "Xavi",
  "Yara",
  "Zane",
  "Amara",
  "Bodhi",
  "Celia",
  "Dario",
] as const;
const LAST_NAMES = [
  "Adler",
  "Brooks",
  "Chen",
  "Diaz",
  "Evans",
  "Fischer",
  "Garcia",
  "Hart",
  "Ito",
  "Jensen",
  "Khan",
  "Lopez",
  "Moreau",
  "Novak",
  "Okafor",
  "Park",
  "Reyes",
  "Silva",
  "Tanaka",
  "Varga",
  "Walsh",
  "Young",
  "Zhou",
  "Bauer",
  "Costa",
] as const;
const COUNTRIES = ["US", "GB", "CA", "AU", "IE", "PH", "IN", "ZA", "NZ", "DE", "FR", "ES"];
const BIOS = [
  "Reader of everything, writer of {genre}.",
  "Coffee-fuelled storyteller. New chapters every {day}.",
  "Writing the {genre} I wanted to read at fifteen.",
  "Here for the plot twists. Mostly {genre}, sometimes poetry.",
  "Night-shift daydreamer. Comments make my day!",
  "",
] as const;
const BIO_GENRES = ["fantasy", "romance", "mysteries", "horror", "sci-fi", "thrillers"] as const;
const DAYS = ["Friday", "Sunday", "Wednesday", "weekend"] as const;

const ADJECTIVES = [
  "Silent",
  "Hidden",
  "Golden",
  "Fallen",
  "Crimson",
  "Forgotten",
  "Stolen",
  "Hollow",
  "Electric",
  "Wild",
  "Lost",
  "Reckless",
  "Silver",
  "Drowned",
  "Last",
  "Secret",
] as const;
const NOUNS = [
  "Crown",
  "Lighthouse",
  "Promise",
  "Signal",
  "House",
  "Map",
  "Letter",
  "Throne",
  "Orchard",
  "Station",
  "Summer",
  "Mirror",
  "Compass",
  "Witness",
  "Garden",
  "Tide",
] as const;
const PLURALS = [
  "Embers",
  "Secrets",
  "Stars",
  "Shadows",
  "Hearts",
  "Bones",
  "Tides",
  "Ravens",
  "Whispers",
  "Thorns",
  "Echoes",
  "Promises",
] as const;
const TOWNS = [
  "Harrowford",
  "Willowmere",
  "Ravenwick",
  "Thornbury",
  "Ashfield",
  "Wren Bay",
  "Kestrel Falls",
  "Briar Hollow",
  "Saltmere",
  "Greyhaven",
] as const;
const TITLE_PATTERNS: ReadonlyArray<(rand: Random) => string> = [
  (r) => `The ${pick(r, ADJECTIVES)} ${pick(r, NOUNS)}`,
  (r) => `${pick(r, NOUNS)} of ${pick(r, PLURALS)}`,
  (r) => `A ${pick(r, NOUNS)} in ${pick(r, TOWNS)}`,
  (r) => `When the ${pick(r, PLURALS)} Burn`,
  (r) => `Beyond the ${pick(r, ADJECTIVES)} ${pick(r, NOUNS)}`,
  (r) => `${pick(r, PLURALS)} and ${pick(r, PLURALS)}`,
  (r) => `Midnight at ${pick(r, TOWNS)}`,
];
const BLURBS = [
  "Nobody in {town} talks about the night the lights went out.",
  "She swore she would never come back to {town}. Then the letter arrived.",
  "For three hundred years the {plural} have slept beneath the mountains.",
  "He has exactly one rule: never fall for a client.",
  "The map was a joke, until the first of them went missing.",
  "Every Thursday a note appears in the same library book, and every Friday someone writes back.",
  "The signal started as a string of prime numbers.",
  "Some promises are made to be broken, and some are worth waiting a lifetime for.",
  "The house on the hill has been empty for thirty years, and now someone has signed the lease.",
  "What would you give up to change your fate?",
  "Alliances will shatter, kingdoms will burn, and nothing will be as it was.",
  "Is it still pretend if it feels this real?",
] as const;
const PART_TITLES = [
  "The Letter",
  "Homecoming",
  "First Light",
  "The Storm",
  "Old Friends",
  "Into the Woods",
  "Secrets",
  "The Bargain",
  "Crossroads",
  "Aftermath",
  "The Long Night",
  "Reckoning",
  "Echoes",
  "The Door",
  "Fault Lines",
  "Low Tide",
  "Embers",
  "The Visitor",
] as const;

const fill = (template: string, rand: Random): string =>
  template
    .replace("{town}", pick(rand, TOWNS))
    .replace("{plural}", pick(rand, PLURALS).toLowerCase())
    .replace("{genre}", pick(rand, BIO_GENRES))
    .replace("{day}", pick(rand, DAYS));

// ---------------------------------------------------------------------------

interface Counts {
  users: number;
  follows: number;
  stories: number;
  storyTags: number;
  parts: number;
  publishedParts: number;
  reads: number;
  votes: number;
}

interface Options {
  dataDir: string;
  force: boolean;
  size?: BenchSize;
  log?: (line: string) => void;
}

/** Counts parts per story: 1..MAX each, shuffled by the PRNG, adding up to exactly `total`. */
function partCounts(rand: Random, stories: number, total: number): Uint8Array {
  const counts = new Uint8Array(stories);
  let sum = 0;
  const mean = total / stories;
  for (let i = 0; i < stories; i++) {
    // Mostly short serials, a tail of long ones: min(MAX, 1 + exponential around the mean).
    const value = Math.min(MAX_PARTS_PER_STORY, 1 + Math.floor(-Math.log(1 - rand()) * (mean - 1)));
    counts[i] = value;
    sum += value;
  }
  while (sum !== total) {
    const i = Math.floor(rand() * stories);
    const value = counts[i] as number;
    if (sum < total && value < MAX_PARTS_PER_STORY) {
      counts[i] = value + 1;
      sum++;
    } else if (sum > total && value > 1) {
      counts[i] = value - 1;
      sum--;
    }
  }
  return counts;
}

export async function seedBench(options: Options): Promise<Counts | null> {
  const log = options.log ?? console.log;
  const size = options.size ?? BENCH_SIZE;
  const dataDir = options.dataDir;
  const finalPath = join(dataDir, DATABASE_FILE);
  const buildPath = join(dataDir, `${DATABASE_FILE}.building`);

  if (existsSync(finalPath) && isPopulated(finalPath)) {
    if (!options.force) {
      log(`${finalPath} already holds a catalogue; nothing to do (--force rebuilds it).`);
      return null;
    }
    log(`--force: removing ${finalPath}`);
  }
  mkdirSync(dataDir, { recursive: true });
  for (const suffix of ["", "-wal", "-shm"]) {
    rmSync(finalPath + suffix, { force: true });
    rmSync(buildPath + suffix, { force: true });
  }

  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;

  // The schema exactly as the server makes it.
  const handle = openDatabase({ sqlitePath: buildPath });
  await migrateToLatest(handle.db);
  await handle.close();

  const db = new DatabaseSync(buildPath);
  db.exec(`
    PRAGMA journal_mode = OFF;
    PRAGMA synchronous = OFF;
    PRAGMA foreign_keys = OFF;
    PRAGMA locking_mode = EXCLUSIVE;
    PRAGMA temp_store = MEMORY;
    PRAGMA cache_size = -1048576;
  `);
  // Secondary indexes are cheaper built once over the full tables than kept up row by row.
  const indexes = db
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL")
    .all() as Array<{ name: string; sql: string }>;
  for (const index of indexes) db.exec(`DROP INDEX "${index.name}"`);

  const counts: Counts = {
    users: 0,
    follows: 0,
    stories: 0,
    storyTags: 0,
    parts: 0,
    publishedParts: 0,
    reads: 0,
    votes: 0,
  };
  db.exec("BEGIN");
  try {
    insertUsers(db, size, counts);
    log(`users: ${counts.users}, follows: ${counts.follows} (${elapsed()})`);
    insertVocabulary(db);
    insertCatalogue(db, size, counts, (done) =>
      log(
        `stories: ${done}/${size.stories}, parts: ${counts.parts}, reads: ${counts.reads}, votes: ${counts.votes} (${elapsed()})`,
      ),
    );
    db.exec("COMMIT");
  } catch (error) {
    db.exec("ROLLBACK");
    db.close();
    throw error;
  }
  log(`rows written (${elapsed()}); building ${indexes.length} indexes…`);
  for (const index of indexes) db.exec(index.sql);
  log(`indexes built (${elapsed()})`);
  db.exec("PRAGMA locking_mode = NORMAL; PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;");
  // A read to release the exclusive lock before the file is renamed.
  db.prepare("SELECT count(*) FROM users").get();
  db.close();
  renameSync(buildPath, finalPath);

  writeCovers(join(dataDir, "media", "covers"));
  const megabytes = Math.round(statSync(finalPath).size / 1_048_576);
  log(
    `Built the bench catalogue in ${elapsed()}: ${counts.users} users, ${counts.stories} stories, ` +
      `${counts.parts} parts (${counts.publishedParts} published), ${counts.storyTags} story tags, ` +
      `${counts.reads} reads, ${counts.votes} votes, ${counts.follows} follows; ${finalPath} is ${megabytes} MB`,
  );
  return counts;
}

function isPopulated(path: string): boolean {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    const table = db
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'users'")
      .get();
    return table !== undefined && db.prepare("SELECT 1 FROM users LIMIT 1").get() !== undefined;
  } catch {
    return false;
  } finally {
    db.close();
  }
}

function insertUsers(db: DatabaseSync, size: BenchSize, counts: Counts): void {
  const rand = mulberry32(SEED + 1);
  const writers = Math.floor(size.users * WRITER_SHARE);
  const following = new Uint16Array(size.users + 1);
  const followers = new Uint32Array(size.users + 1);
  const insertFollow = db.prepare(
    "INSERT INTO follows (follower_id, followee_id, created_at) VALUES (?, ?, ?)",
  );
  for (let user = 1; user <= size.users; user++) {
    const targets = distinctIds(rand, writers, intBetween(rand, 0, 10), user);
    for (const target of targets) {
      insertFollow.run(user, target, BENCH_NOW - intBetween(rand, 1, 300) * DAY);
      followers[target] = (followers[target] ?? 0) + 1;
    }
    following[user] = targets.length;
    counts.follows += targets.length;
  }
  const insertUser = db.prepare(
    `INSERT INTO users (id, username, username_lower, name, description, is_verified,
       email_verified, language_id, country, num_followers, num_following, created_at)
     VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?)`,
  );
  for (let user = 1; user <= size.users; user++) {
    const first = pick(rand, FIRST_NAMES);
    const last = pick(rand, LAST_NAMES);
    const username = `${first}_${last}${user}`.slice(0, 20);
    insertUser.run(
      user,
      username,
      username.toLowerCase(),
      `${first} ${last}`,
      fill(pick(rand, BIOS), rand),
      rand() < 0.03 ? 1 : 0,
      weighted(rand, LANGUAGE_WEIGHTS),
      pick(rand, COUNTRIES),
      followers[user] ?? 0,
      following[user] ?? 0,
      BENCH_NOW - intBetween(rand, 30, 2000) * DAY,
    );
    counts.users++;
  }
}

function insertVocabulary(db: DatabaseSync): void {
  const category = db.prepare("INSERT INTO categories (id, name, slug) VALUES (?, ?, ?)");
  CATEGORIES.forEach((name, index) => {
    category.run(index + 1, name, name.toLowerCase().replaceAll(" ", "-"));
  });
  const tag = db.prepare("INSERT INTO tags (id, name) VALUES (?, ?)");
  TAGS.forEach((name, index) => {
    tag.run(index + 1, name);
  });
}

interface Statements {
  story: StatementSync;
  category: StatementSync;
  tag: StatementSync;
  part: StatementSync;
  read: StatementSync;
  vote: StatementSync;
}

function insertCatalogue(
  db: DatabaseSync,
  size: BenchSize,
  counts: Counts,
  progress: (storiesDone: number) => void,
): void {
  const rand = mulberry32(SEED + 2);
  const partsPerStory = partCounts(rand, size.stories, size.parts);
  const tagIds = new Map(TAGS.map((name, index) => [name, index + 1]));
  const statements: Statements = {
    story: db.prepare(
      `INSERT INTO stories (id, user_id, title, description, cover, language_id, rating,
         completed, draft, deleted, copyright, is_paid, is_paywalled, paid_model, create_date,
         modify_date, last_published_at, num_parts, read_count, vote_count, comment_count)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)`,
    ),
    category: db.prepare("INSERT INTO story_categories (story_id, category_id) VALUES (?, ?)"),
    tag: db.prepare("INSERT INTO story_tags (story_id, tag_id, position) VALUES (?, ?, ?)"),
    part: db.prepare(
      `INSERT INTO parts (id, story_id, position, title, text, word_count, draft, deleted,
         is_bonus, bonus_type, scheduled_at, create_date, modify_date, published_at,
         read_count, vote_count, comment_count)
       VALUES (?, ?, ?, ?, ?, ?, ?, 0, 0, NULL, ?, ?, ?, ?, ?, ?, 0)`,
    ),
    read: db.prepare(
      "INSERT INTO reads (user_id, part_id, story_id, seconds, created_at) VALUES (?, ?, ?, ?, ?)",
    ),
    vote: db.prepare(
      "INSERT INTO votes (user_id, part_id, story_id, created_at) VALUES (?, ?, ?, ?)",
    ),
  };
  const writers = Math.floor(size.users * WRITER_SHARE);
  let nextPartId = 1;
  for (let storyId = 1; storyId <= size.stories; storyId++) {
    nextPartId = insertStory(statements, rand, {
      storyId,
      firstPartId: nextPartId,
      numParts: partsPerStory[storyId - 1] as number,
      authorId: intBetween(rand, 1, writers),
      users: size.users,
      tagIds,
      counts,
    });
    if (storyId % 10_000 === 0) progress(storyId);
  }
}

interface StoryPlan {
  storyId: number;
  firstPartId: number;
  numParts: number;
  authorId: number;
  users: number;
  tagIds: Map<string, number>;
  counts: Counts;
}

/** One story with its categories, tags, parts, reads and votes; returns the next part id. */
function insertStory(statements: Statements, rand: Random, plan: StoryPlan): number {
  const { storyId, numParts, authorId, counts } = plan;
  const genre = pick(rand, CATEGORIES) as Genre;
  const secondGenre = rand() < 0.3 ? pick(rand, CATEGORIES) : genre;
  const categories = [...new Set([genre, secondGenre])];
  const genreTags = GENRE_TAGS[genre];
  const tags = new Set<string>();
  for (let i = intBetween(rand, 2, 4); i > 0; i--) tags.add(pick(rand, genreTags));
  for (let i = intBetween(rand, 1, 3); i > 0; i--) tags.add(pick(rand, TAGS));

  const createdAt = BENCH_NOW - intBetween(rand, 20, 1100) * DAY;
  const completed = rand() < 0.4;
  const fate = rand();
  const draft = fate < 0.01;
  const deleted = fate > 0.997;
  const visible = !draft && !deleted;
  const paid = rand() < 0.015;
  const rating = rand() < 0.12 ? 4 : intBetween(rand, 1, 3);
  const title = pick(rand, TITLE_PATTERNS)(rand);
  // One to three different blurb sentences (a stride of 5 is coprime with their count).
  const firstBlurb = Math.floor(rand() * BLURBS.length);
  const description = [0, 5, 10]
    .slice(0, intBetween(rand, 1, 3))
    .map((offset) => fill(BLURBS[(firstBlurb + offset) % BLURBS.length] as string, rand))
    .join(" ");

  // Parts: spread from the story's start; active ongoing stories reach into the last days.
  const active = !completed && rand() < 0.35;
  const end = active ? BENCH_NOW - intBetween(rand, 0, 12) * DAY : createdAt + numParts * 7 * DAY;
  const step = Math.max(DAY / 4, (Math.min(end, BENCH_NOW - DAY / 24) - createdAt) / numParts);
  const lastIsDraft = !completed && numParts > 1 && rand() < 0.15;
  // Popularity: most stories are barely read, a few are read a lot.
  const readers = visible ? Math.floor(rand() ** 16 * 36) : 0;
  const key = `b${storyId.toString(36)}`;

  let published = 0;
  let lastPublished: number | null = null;
  let storyReads = 0;
  let storyVotes = 0;
  for (let position = 0; position < numParts; position++) {
    const partId = plan.firstPartId + position;
    const created = Math.round(createdAt + step * position);
    const isDraft = lastIsDraft && position === numParts - 1;
    const scheduled = isDraft && rand() < 0.4 ? BENCH_NOW + intBetween(rand, 1, 10) * DAY : null;
    const partTitle =
      rand() < 0.5 ? `Chapter ${position + 1}` : `${position + 1}. ${pick(rand, PART_TITLES)}`;
    let partReads = 0;
    let partVotes = 0;
    if (!isDraft) {
      published++;
      lastPublished = created;
      const partReaders = Math.round(readers * 0.85 ** position);
      const readerIds = distinctIds(rand, plan.users, partReaders, authorId);
      const visitors = Math.round(partReaders * 0.5);
      const readAt = () => created + Math.floor(rand() * Math.max(1, BENCH_NOW - created));
      for (const userId of readerIds) {
        statements.read.run(userId, partId, storyId, intBetween(rand, 20, 900), readAt());
        if (rand() < 0.3) {
          statements.vote.run(userId, partId, storyId, created + DAY);
          partVotes++;
        }
      }
      for (let i = 0; i < visitors; i++) {
        statements.read.run(null, partId, storyId, intBetween(rand, 20, 900), readAt());
      }
      partReads = readerIds.length + visitors;
    }
    const { html, wordCount } = cheapPartHtml(partId, `${key}n${position}`);
    statements.part.run(
      partId,
      storyId,
      position,
      partTitle,
      html,
      wordCount,
      isDraft ? 1 : 0,
      scheduled,
      created,
      created,
      isDraft ? null : created,
      partReads,
      partVotes,
    );
    storyReads += partReads;
    storyVotes += partVotes;
    counts.reads += partReads;
    counts.votes += partVotes;
  }
  counts.parts += numParts;
  counts.publishedParts += published;

  statements.story.run(
    storyId,
    authorId,
    title,
    description,
    `/media/covers/bench-${storyId % COVER_COUNT}.svg`,
    weighted(rand, LANGUAGE_WEIGHTS),
    rating,
    completed ? 1 : 0,
    draft ? 1 : 0,
    deleted ? 1 : 0,
    weighted(rand, [
      { weight: 85, value: 1 },
      { weight: 5, value: 2 },
      { weight: 5, value: 5 },
      { weight: 5, value: 7 },
    ]),
    paid ? 1 : 0,
    paid ? 1 : 0,
    paid ? "paid_story" : null,
    createdAt,
    lastPublished ?? createdAt,
    lastPublished,
    published,
    storyReads,
    storyVotes,
  );
  for (const name of categories) {
    statements.category.run(storyId, CATEGORIES.indexOf(name) + 1);
  }
  let position = 0;
  for (const name of tags) {
    statements.tag.run(storyId, plan.tagIds.get(name) as number, position++);
  }
  counts.storyTags += tags.size;
  counts.stories++;
  return plan.firstPartId + numParts;
}

function writeCovers(dir: string): void {
  mkdirSync(dir, { recursive: true });
  for (let k = 0; k < COVER_COUNT; k++) {
    const genre = CATEGORIES[k % CATEGORIES.length] as string;
    const svg = coverSvg({
      title: `${ADJECTIVES[k % ADJECTIVES.length]} ${NOUNS[(k * 7) % NOUNS.length]}`,
      author: "Inkwell Bench",
      seed: k + 1,
      genre,
    });
    writeFileSync(join(dir, `bench-${k}.svg`), svg);
  }
}

if (import.meta.main) {
  const force = process.argv.includes("--force");
  await seedBench({ dataDir: benchDataDir(), force });
}
