import type { Insertable, Kysely } from "kysely";
import { createSession, SESSION_COOKIE } from "../accounts/sessions.ts";
import type { Database, PartsTable, StoriesTable, UsersTable } from "../db/schema.ts";
import { ownPartsOf } from "../stories/service.ts";
import type { Caller } from "./api.ts";

export const DAY = 86_400_000;

let sequence = 0;
const next = () => ++sequence;

export async function createUser(
  db: Kysely<Database>,
  overrides: Partial<Insertable<UsersTable>> = {},
): Promise<{ id: number; username: string }> {
  const username = overrides.username ?? `reader${next()}`;
  const row = await db
    .insertInto("users")
    .values({
      username,
      username_lower: username.toLowerCase(),
      name: `Name of ${username}`,
      created_at: Date.now(),
      ...overrides,
    })
    .returning(["id", "username"])
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), username: row.username };
}

/** Someone signed in, as the tests call the API as them. */
export interface Person extends Caller {
  id: number;
  username: string;
}

/** A user with a session, verified unless `overrides` say otherwise. */
export async function signedInUser(
  db: Kysely<Database>,
  overrides: Partial<Insertable<UsersTable>> = {},
): Promise<Person> {
  const user = await createUser(db, { email_verified: 1, ...overrides });
  return { ...user, cookie: await sessionCookie(db, user.id) };
}

/**
 * A signed-in adult reader whose verified address is `<username>@example.com`: what mail
 * tests need to find their letters in the outbox. Names are `prefix` and a counter.
 */
export function mailedReader(
  db: Kysely<Database>,
  prefix: string,
  overrides: Partial<Insertable<UsersTable>> = {},
): Promise<Person> {
  const username = `${prefix}${next()}`;
  return signedInUser(db, {
    username,
    email: `${username}@example.com`,
    birthdate: isoYearsAgo(30),
    ...overrides,
  });
}

type PartInput = Partial<Omit<Insertable<PartsTable>, "story_id" | "position">>;

export interface StoryInput extends Partial<Omit<Insertable<StoriesTable>, "user_id">> {
  tags?: string[];
  categories?: string[];
  parts?: PartInput[];
}

/** A story with its tags, categories and parts; counters follow the published parts. */
export async function createStory(
  db: Kysely<Database>,
  authorId: number,
  input: StoryInput = {},
): Promise<{ id: number; partIds: number[] }> {
  const { tags = [], categories = [], parts = [{}], ...story } = input;
  const now = Date.now();
  const published = parts.filter((part) => (part.draft ?? 0) === 0 && (part.deleted ?? 0) === 0);
  const row = await db
    .insertInto("stories")
    .values({
      user_id: authorId,
      title: `Story ${next()}`,
      description: "A story made for a test.",
      create_date: now - 30 * DAY,
      modify_date: now - DAY,
      last_published_at: published.length > 0 ? now - DAY : null,
      num_parts: published.length,
      ...story,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const storyId = Number(row.id);

  for (const [position, name] of tags.entries()) {
    const tagId = await upsertName(db, "tags", name);
    await db
      .insertInto("story_tags")
      .values({ story_id: storyId, tag_id: tagId, position })
      .execute();
  }
  for (const name of categories) {
    const categoryId = await upsertName(db, "categories", name);
    await db
      .insertInto("story_categories")
      .values({ story_id: storyId, category_id: categoryId })
      .execute();
  }
  const partIds: number[] = [];
  for (const [position, part] of parts.entries()) {
    const created = part.create_date ?? now - (30 - position) * DAY;
    const inserted = await db
      .insertInto("parts")
      .values({
        story_id: storyId,
        position,
        title: `Part ${position + 1}`,
        text: `<p data-p-id="t${position}a">Text of part ${position + 1}.</p>`,
        word_count: 5,
        create_date: created,
        modify_date: created,
        published_at: (part.draft ?? 0) === 1 ? null : created,
        ...part,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    partIds.push(Number(inserted.id));
  }
  return { id: storyId, partIds };
}

async function upsertName(db: Kysely<Database>, table: "tags" | "categories", name: string) {
  const existing = await db
    .selectFrom(table)
    .select("id")
    .where("name", "=", name)
    .executeTakeFirst();
  if (existing) return Number(existing.id);
  const values =
    table === "tags" ? { name } : { name, slug: name.toLowerCase().replaceAll(" ", "-") };
  const row = await db.insertInto(table).values(values).returning("id").executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A session cookie header value for a user, as the browser would send it. */
/** The id of a story's first part, drafts included, as its writer sees its parts. */
export async function firstPartOf(db: Kysely<Database>, storyId: number): Promise<number> {
  const [first] = await ownPartsOf(db, storyId);
  if (!first) throw new Error(`Story ${storyId} has no parts`);
  return Number(first.id);
}

export async function sessionCookie(db: Kysely<Database>, userId: number): Promise<string> {
  return `${SESSION_COOKIE}=${(await createSession(db, userId)).token}`;
}

/** A new signed-in user: request options that carry their session. */
export async function signedIn(
  db: Kysely<Database>,
  overrides: Partial<Insertable<UsersTable>> = {},
): Promise<RequestInit> {
  const user = await createUser(db, { email_verified: 1, ...overrides });
  return { headers: { cookie: await sessionCookie(db, user.id) } };
}

/** A birthday (yyyy-mm-dd) that makes someone `years` old today. */
export function isoYearsAgo(years: number): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date.toISOString().slice(0, 10);
}

/** Visitor reads of a part, `ago` ms before now (counters are left as they are). */
export async function addReads(
  db: Kysely<Database>,
  partId: number,
  storyId: number,
  count: number,
  ago = DAY,
): Promise<void> {
  if (count === 0) return;
  const created_at = Date.now() - ago;
  await db
    .insertInto("reads")
    .values(
      Array.from({ length: count }, () => ({ part_id: partId, story_id: storyId, created_at })),
    )
    .execute();
}
