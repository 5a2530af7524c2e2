import { beforeAll, describe, expect, it } from "vitest";
import { useTestApi } from "../testing/api.ts";
import { createStory, isoYearsAgo, type Person, signedInUser } from "../testing/fixtures.ts";

/**
 * Issue #8's authorisation matrix: for every endpoint that reads or writes user content, the
 * status each kind of caller gets, on both engines. The owner is the one whose story,
 * profile, settings or inbox it is; "blocked" is blocked by the owner, "muted" muted by the
 * owner, "timedOut" in a moderator's time-out.
 */
const t = useTestApi();

const ACTORS = [
  "visitor",
  "owner",
  "other",
  "blocked",
  "muted",
  "timedOut",
  "ambassador",
  "admin",
] as const;
type Actor = (typeof ACTORS)[number];

const person = (overrides: Parameters<typeof signedInUser>[1] = {}): Promise<Person> =>
  signedInUser(t.handle.db, { birthdate: isoYearsAgo(30), ...overrides });

const call = (who: Person | null, method: string, path: string, body?: unknown) =>
  t.get(path, {
    method,
    headers: { ...(who && { cookie: who.cookie }), "content-type": "application/json" },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });

const people = {} as Record<Exclude<Actor, "visitor">, Person>;
let story: { id: number; partIds: number[] };
let draft: { id: number; partIds: number[] };
let ownerComment: number;
let covers = 0;

const who = (actor: Actor): Person | null => (actor === "visitor" ? null : people[actor]);

/** A comment of the owner's on their own part, made fresh for a call that deletes one. */
async function freshComment() {
  const row = await t.handle.db
    .insertInto("comments")
    .values({
      part_id: story.partIds[0] as number,
      story_id: story.id,
      user_id: people.owner.id,
      text: "The author's note",
      created_at: Date.now(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A message someone left on the owner's profile, made fresh for a call that deletes one. */
async function freshMessage() {
  const row = await t.handle.db
    .insertInto("profile_messages")
    .values({
      profile_user_id: people.owner.id,
      user_id: people.other.id,
      parent_id: null,
      body: "Nice stories",
      created_at: Date.now(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A story of the owner's with a cover nobody has flagged yet. */
async function freshCover() {
  const cover = `/media/covers/matrix-${++covers}.jpg`;
  await createStory(t.handle.db, people.owner.id, { cover });
  return cover;
}

beforeAll(async () => {
  people.owner = await person();
  people.other = await person();
  people.blocked = await person();
  people.muted = await person();
  people.timedOut = await person({ timed_out_until: Date.now() + 86_400_000 });
  people.ambassador = await person({ is_ambassador: 1 });
  people.admin = await person({ is_sysadmin: 1, is_staff: 1 });
  story = await createStory(t.handle.db, people.owner.id, { title: "The owner's story" });
  draft = await createStory(t.handle.db, people.owner.id, {
    title: "The owner's draft",
    draft: 1,
    parts: [{ draft: 1 }],
  });
  ownerComment = await freshComment();
  await call(people.owner, "POST", `/v4/users/${people.blocked.username}/blocks`);
  await call(
    people.owner,
    "POST",
    `/apiv2/ignoreuser?action=ignore_user&id=${people.muted.username}`,
  );
});

type Row = [string, (caller: Person | null) => Promise<Response>, Record<Actor, number>];

const ownerName = () => people.owner.username;
const part = () => story.partIds[0] as number;

/** Expected statuses, most rows: visitors 401, and everyone else the same except noted. */
const signedIn = (status: number, except: Partial<Record<Actor, number>> = {}) =>
  ({
    visitor: 401,
    owner: status,
    other: status,
    blocked: status,
    muted: status,
    timedOut: status,
    ambassador: status,
    admin: status,
    ...except,
  }) satisfies Record<Actor, number>;

const ownerOnly = (ok: number, others = 403) => signedIn(others, { owner: ok });

const matrix: Row[] = [
  // Reading what the owner published: only the blocked reader loses it.
  [
    "GET story",
    (c) => call(c, "GET", `/api/v3/stories/${story.id}`),
    { ...signedIn(200, { blocked: 404 }), visitor: 200 },
  ],
  [
    "GET part",
    (c) => call(c, "GET", `/api/v3/story_parts/${part()}`),
    { ...signedIn(200, { blocked: 404 }), visitor: 200 },
  ],
  [
    "GET part comments",
    (c) => call(c, "GET", `/v5/comments/namespaces/parts/resources/${part()}/comments`),
    { ...signedIn(200, { blocked: 404 }), visitor: 200 },
  ],
  [
    "GET profile",
    (c) => call(c, "GET", `/api/v3/users/${ownerName()}`),
    { ...signedIn(200), visitor: 200 },
  ],
  // A draft is the owner's (and, to look into it, a system admin's) alone.
  [
    "GET draft story",
    (c) => call(c, "GET", `/api/v3/stories/${draft.id}`),
    { ...signedIn(404, { owner: 200, admin: 200 }), visitor: 404 },
  ],
  // Taking part: blocked readers are refused, timed-out readers may not post.
  [
    "POST comment",
    (c) =>
      call(c, "POST", "/v5/comments", {
        resource: { namespace: "parts", resourceId: String(part()) },
        text: "Hello",
      }),
    signedIn(201, { blocked: 404, timedOut: 403 }),
  ],
  [
    "PUT comment like",
    (c) => call(c, "PUT", `/v5/comments/${ownerComment}/sentiments/like`),
    signedIn(200, { blocked: 404 }),
  ],
  [
    "DELETE the owner's comment",
    async (c) => call(c, "DELETE", `/v5/comments/${await freshComment()}`),
    signedIn(403, { owner: 204, blocked: 404, ambassador: 204, admin: 204 }),
  ],
  [
    "POST vote",
    (c) => call(c, "POST", `/api/v3/stories/${story.id}/parts/${part()}/votes`),
    signedIn(200, { blocked: 404 }),
  ],
  [
    "GET reading position",
    (c) => call(c, "GET", `/apiv2/syncreadingposition?story_id=${story.id}`),
    signedIn(200, { blocked: 404 }),
  ],
  [
    "POST library story",
    (c) =>
      call(c, "POST", `/api/v3/users/${c?.username ?? "nobody"}/library`, { stories: story.id }),
    signedIn(200, { blocked: 404 }),
  ],
  [
    "POST following",
    (c) =>
      call(c, "POST", `/api/v3/users/${c?.username ?? "nobody"}/following`, {
        users: ownerName(),
      }),
    signedIn(200, { owner: 400, blocked: 403 }),
  ],
  [
    "POST message to the owner",
    (c) =>
      call(c, "POST", `/api/v3/users/${c?.username ?? "nobody"}/inbox/${ownerName()}`, {
        body: "Hi",
      }),
    signedIn(200, { owner: 400, blocked: 403, timedOut: 403 }),
  ],
  [
    "GET the owner's inbox",
    (c) => call(c, "GET", `/api/v3/users/${ownerName()}/inbox`),
    ownerOnly(200),
  ],
  // Conversations on the owner's profile: blocked and timed-out users may not post.
  [
    "GET the owner's profile messages",
    (c) => call(c, "GET", `/api/v3/users/${ownerName()}/messages`),
    { ...signedIn(200), visitor: 200 },
  ],
  [
    "POST on the owner's profile",
    (c) => call(c, "POST", `/api/v3/users/${ownerName()}/messages`, { body: "Hello there" }),
    signedIn(201, { blocked: 403, timedOut: 403 }),
  ],
  [
    "DELETE a message on the owner's profile",
    async (c) => call(c, "DELETE", `/api/v3/users/${ownerName()}/messages/${await freshMessage()}`),
    // "other" wrote it: its author and the profile's owner may delete it, and moderators.
    signedIn(403, { owner: 204, other: 204, ambassador: 204, admin: 204 }),
  ],
  // The owner's settings and lists of people.
  [
    "GET content-settings",
    (c) => call(c, "GET", `/v5/users/${ownerName()}/content-settings`),
    ownerOnly(200),
  ],
  [
    "PUT blocked-tags",
    (c) =>
      call(c, "PUT", `/v5/users/${ownerName()}/content-settings/blocked-tags`, { blockedTags: [] }),
    ownerOnly(200),
  ],
  [
    "GET blocks",
    (c) => call(c, "GET", `/v4/users/${people.owner.id}/blocks?get_all=true`),
    signedIn(403, { owner: 200, admin: 200 }),
  ],
  [
    "GET ignored (mutes)",
    (c) => call(c, "POST", "/apiv2/ignoreuser?action=get_ignored_web"),
    signedIn(200),
  ],
  [
    "GET ccpa",
    (c) => call(c, "GET", `/v5/users/${ownerName()}/privacy-settings/ccpa/`),
    ownerOnly(200),
  ],
  // The Story Details: the author's, and a system admin's (reader.md §6, edit details).
  [
    "GET work",
    (c) => call(c, "GET", `/v4/works/${story.id}`),
    signedIn(403, { owner: 200, admin: 200 }),
  ],
  [
    "PUT work",
    (c) => call(c, "PUT", `/v4/works/${story.id}`, { title: "The owner's story" }),
    signedIn(403, { owner: 200, admin: 200 }),
  ],
  // Writing tools: the author alone, whatever their role.
  [
    "GET storytext",
    (c) => call(c, "GET", `/apiv2/storytext?id=${part()}&output=json`),
    ownerOnly(200),
  ],
  ["GET story notes", (c) => call(c, "GET", `/v5/stories/${story.id}/notes`), ownerOnly(200)],
  // Safety on people: not on yourself.
  [
    "mute the owner",
    (c) => call(c, "POST", `/apiv2/ignoreuser?action=ignore_user&id=${ownerName()}`),
    signedIn(200, { owner: 400 }),
  ],
  // Moderation: ambassadors and system admins only, never on themselves or staff.
  [
    "time out someone",
    async (c) => {
      const target = await person();
      return call(c, "POST", `/api/v3/users/${target.username}/moderation/timeout`, {
        reason: "Spam",
      });
    },
    signedIn(403, { ambassador: 200, admin: 200 }),
  ],
  [
    "flag a cover",
    async (c) => call(c, "POST", "/v5/image_moderation/flags", { image_url: await freshCover() }),
    signedIn(403, { ambassador: 201, admin: 201 }),
  ],
  [
    "GET image appeals",
    (c) => call(c, "GET", "/v5/image_moderation/appeals"),
    signedIn(403, { ambassador: 200, admin: 200 }),
  ],
  // Reports: anyone may report; only moderators see the queue; a reporter sees their own.
  [
    "GET report queue",
    (c) => call(c, "GET", "/v4/support/reports"),
    signedIn(403, { ambassador: 200, admin: 200 }),
  ],
  [
    "GET the owner's reports",
    (c) => call(c, "GET", `/v4/users/${ownerName()}/reports`),
    signedIn(403, { owner: 200, admin: 200 }),
  ],
];

describe("authorisation matrix", () => {
  for (const [name, request, expected] of matrix) {
    it(`${name}: ${JSON.stringify(expected)}`, async () => {
      const seen = {} as Record<Actor, number>;
      for (const actor of ACTORS) seen[actor] = (await request(who(actor))).status;
      expect(seen).toEqual(expected);
    });
  }

  it("an appeal of the owner's flagged cover, and where it stands: the owner alone, and once", async () => {
    const cover = await freshCover();
    await call(people.admin, "POST", "/v5/image_moderation/flags", { image_url: cover });
    const seen = {} as Record<Actor, number>;
    for (const actor of ACTORS) {
      seen[actor] = (
        await call(who(actor), "POST", "/v5/image_moderation/appeal", {
          image_url: cover,
          reason: "Mine",
        })
      ).status;
    }
    expect(seen).toEqual(signedIn(404, { owner: 200 }));
    const stands = {} as Record<Actor, number>;
    for (const actor of ACTORS) {
      const query = new URLSearchParams({ image_url: cover });
      stands[actor] = (
        await call(who(actor), "GET", `/v5/image_moderation/appeal?${query}`)
      ).status;
    }
    expect(stands).toEqual(signedIn(404, { owner: 200 }));
  });

  it("block and unblock someone: 401 for visitors, 400 on yourself, 200 for anyone else", async () => {
    const target = await person();
    const seen = {} as Record<Actor | "self", number[]>;
    for (const actor of ACTORS) {
      const path = `/v4/users/${target.username}/blocks`;
      seen[actor] = [
        (await call(who(actor), "POST", path)).status,
        (await call(who(actor), "DELETE", path)).status,
      ];
    }
    const path = `/v4/users/${target.username}/blocks`;
    seen.self = [
      (await call(target, "POST", path)).status,
      (await call(target, "DELETE", path)).status,
    ];
    expect(seen).toEqual({
      ...Object.fromEntries(ACTORS.map((actor) => [actor, [200, 200]])),
      visitor: [401, 401],
      self: [400, 400],
    });
  });
});
