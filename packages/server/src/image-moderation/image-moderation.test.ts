import { IMAGE_APPEAL_REASON_MAX, SUPPORT_USERNAME } from "@inkwell/shared";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { isPostgres } from "../db/engine.ts";
import { onWriterChanged } from "../events.ts";
import { useTestApi } from "../testing/api.ts";
import { createStory, signedInUser } from "../testing/fixtures.ts";
import { straddledCall } from "../testing/interleave.ts";

const t = useTestApi();
let ambassador: string;
let admin: string;

const person = (overrides: Parameters<typeof signedInUser>[1] = {}) =>
  signedInUser(t.handle.db, overrides);

const post = (path: string, body: unknown, cookie?: string) =>
  t.get(path, {
    method: "POST",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
const read = (path: string, cookie?: string) => t.get(path, cookie ? { headers: { cookie } } : {});

const flag = (imageUrl: string, cookie?: string) =>
  post("/v5/image_moderation/flags", { image_url: imageUrl }, cookie);
const appeal = (imageUrl: string, reason: string, cookie?: string) =>
  post("/v5/image_moderation/appeal", { image_url: imageUrl, reason }, cookie);
const decide = (id: number, decision: string, cookie?: string) =>
  post(`/v5/image_moderation/appeals/${id}/decision`, { decision }, cookie);

let covers = 0;
/** A writer with a story whose cover is a fresh URL. */
async function writerWithCover() {
  const writer = await person();
  const cover = `/media/covers/test-${++covers}-${Date.now()}.jpg`;
  const title = `Lighthouse ${covers}`;
  const story = { ...(await createStory(t.handle.db, writer.id, { cover, title })), title };
  return { writer, story, cover };
}

const coverSeenBy = async (storyId: number, cookie?: string) =>
  (await (await read(`/api/v3/stories/${storyId}?fields=cover,bannedCover`, cookie)).json()) as {
    cover: string | null;
    bannedCover?: string;
  };

const supportMessages = async (user: { username: string; cookie: string }) => {
  const answer = await read(
    `/api/v3/users/${user.username}/inbox/${SUPPORT_USERNAME}`,
    user.cookie,
  );
  if (answer.status !== 200) return [];
  return ((await answer.json()) as { messages: { body: string }[] }).messages.map((m) => m.body);
};

/** What support says of a restore, by whether the image is shown again. */
const VISIBLE_AGAIN =
  "Good news: we reviewed your appeal and your image is visible to everyone again.";
const NOT_PUT_BACK =
  "Good news: we reviewed your appeal and lifted the flag on your image. You had removed or replaced it since, so we haven't put it back; upload it again if you want it shown.";

beforeAll(async () => {
  ambassador = (await person({ is_ambassador: 1 })).cookie;
  admin = (await person({ is_sysadmin: 1, is_staff: 1 })).cookie;
});

describe("flagging a cover", () => {
  it("hides it from everyone but its owner, who sees it as banned", async () => {
    const { writer, story, cover } = await writerWithCover();
    const reader = await person();
    const answer = await flag(cover, ambassador);
    expect(answer.status).toBe(201);
    expect(await answer.json()).toMatchObject({ imageUrl: cover, storyId: story.id });

    expect(await coverSeenBy(story.id)).toEqual({ cover: null });
    expect(await coverSeenBy(story.id, reader.cookie)).toEqual({ cover: null });
    expect(await coverSeenBy(story.id, admin)).toEqual({ cover: null });
    expect(await coverSeenBy(story.id, writer.cookie)).toEqual({ cover: null, bannedCover: cover });

    const listing = (await (
      await read(`/api/v3/stories?filter=new&limit=50&fields=stories(id,cover)`)
    ).json()) as { stories: { id: number; cover: string | null }[] };
    expect(listing.stories.find((s) => s.id === story.id)).toEqual({ id: story.id, cover: null });

    const editor = (await (await read(`/v4/works/${story.id}`, writer.cookie)).json()) as {
      cover: string | null;
      bannedCover: string | null;
    };
    expect(editor).toMatchObject({ cover: null, bannedCover: cover });
  });

  it("is for ambassadors and admins only, and refuses what it can't find", async () => {
    const { writer, story, cover } = await writerWithCover();
    const reader = await person();
    expect((await flag(cover)).status).toBe(401);
    expect((await flag(cover, reader.cookie)).status).toBe(403);
    expect((await flag(cover, writer.cookie)).status).toBe(403);
    expect(await coverSeenBy(story.id)).toEqual({ cover });

    expect((await flag("/media/covers/nothing-here.jpg", admin)).status).toBe(404);
    expect((await flag("", admin)).status).toBe(400);
    expect((await flag(cover, admin)).status).toBe(201);
    const again = await flag(cover, ambassador);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe(
      "This image is already flagged.",
    );
  });
});

describe("two flags of a cover two owners show", () => {
  it("refuses the one that finds the other's flag at its insert, which stands", async () => {
    const first = await writerWithCover();
    const second = await person();
    const shared = first.cover;
    const story = await createStory(t.handle.db, second.id, { cover: shared });
    const replaced = `${shared}-replaced.jpg`;
    // The straddled flag takes the first writer's cover; then that writer picks another,
    // so the admin's flag takes the second writer's, and the two lock no row in common.
    // PostgreSQL runs it inside the straddled flag's transaction, once that has found the
    // image unflagged; SQLite's transactions run one at a time, so there it runs just before.
    const [table, nth] = isPostgres(t.handle.db)
      ? (["image_flags", 2] as const)
      : (["stories", 1] as const);
    const answer = await straddledCall(
      t,
      table,
      async () => {
        await t.handle.db
          .updateTable("stories")
          .set({ cover: replaced })
          .where("id", "=", first.story.id)
          .execute();
        const other = await flag(shared, admin);
        expect(other.status).toBe(201);
      },
      ["POST", "/v5/image_moderation/flags", { cookie: ambassador }, { image_url: shared }],
      nth,
    );
    expect(answer).toEqual([
      409,
      { code: "already_flagged", message: "This image is already flagged." },
    ]);
    expect(await coverSeenBy(first.story.id, first.writer.cookie)).toEqual({ cover: replaced });
    expect(await coverSeenBy(story.id, second.cookie)).toEqual({
      cover: null,
      bannedCover: shared,
    });
    // The admin's flag is the one kept: its owner appeals it.
    const appealed = await appeal(shared, "It is my own painting", second.cookie);
    expect([appealed.status, await appealed.json()]).toEqual([200, { status: "submitted" }]);
  });
});

describe("appealing a flagged image", () => {
  it("takes one appeal from the owner, says so from support, then answers 'submitted'", async () => {
    const { writer, story, cover } = await writerWithCover();
    await flag(cover, admin);
    const first = await appeal(cover, "  It is a sunset, nothing more.  ", writer.cookie);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ status: "submitted" });
    expect(await supportMessages(writer)).toEqual([
      expect.stringContaining("We've received your appeal"),
    ]);

    const second = await appeal(cover, "Please look again", writer.cookie);
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ status: "submitted" });
    const queue = (await (await read("/v5/image_moderation/appeals", ambassador)).json()) as {
      appeals: { imageUrl: string; owner: { username: string }; appeal: { reason: string } }[];
    };
    expect(queue.appeals.find((a) => a.imageUrl === cover)).toMatchObject({
      story: { id: story.id, title: story.title },
      owner: { username: writer.username },
      appeal: { reason: "It is a sunset, nothing more." },
    });
  });

  it("refuses a missing or too long reason and stores nothing", async () => {
    const { writer, cover } = await writerWithCover();
    await flag(cover, admin);
    for (const blank of ["   ", "\u0000", "\u0007\r\n"]) {
      const empty = await appeal(cover, blank, writer.cookie);
      expect(empty.status).toBe(400);
      expect(((await empty.json()) as { message: string }).message).toBe(
        "Say why the image should be restored.",
      );
    }
    const long = await appeal(cover, "x".repeat(IMAGE_APPEAL_REASON_MAX + 1), writer.cookie);
    expect(long.status).toBe(400);
    expect(((await long.json()) as { message: string }).message).toBe(
      `The reason can be at most ${IMAGE_APPEAL_REASON_MAX} characters.`,
    );
    const exact = await appeal(cover, "x".repeat(IMAGE_APPEAL_REASON_MAX), writer.cookie);
    expect(exact.status).toBe(200);
  });

  it("answers 'error' to visitors' and other people's appeals, and for unflagged images", async () => {
    const { writer, cover } = await writerWithCover();
    const other = await person();
    expect((await appeal(cover, "mine now", writer.cookie)).status).toBe(404);
    await flag(cover, admin);
    expect((await appeal(cover, "why")).status).toBe(401);
    const theirs = await appeal(cover, "not mine", other.cookie);
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toMatchObject({ status: "error" });
    expect((await appeal(cover, "still mine", writer.cookie)).status).toBe(200);
  });

  it("says to its owner alone where the appeal stands, before and after it", async () => {
    const { writer, cover } = await writerWithCover();
    const other = await person();
    const state = (imageUrl: string, cookie?: string) =>
      read(`/v5/image_moderation/appeal?${new URLSearchParams({ image_url: imageUrl })}`, cookie);
    // Not flagged yet, someone else's, or no image at all: the same 'error' as appealing it.
    expect((await state(cover, writer.cookie)).status).toBe(404);
    await flag(cover, admin);
    expect((await state(cover)).status).toBe(401);
    const theirs = await state(cover, other.cookie);
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toMatchObject({ status: "error" });
    expect((await state("/media/covers/no-such-image.jpg", writer.cookie)).status).toBe(404);
    const missing = await read("/v5/image_moderation/appeal", writer.cookie);
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { message: string }).message).toBe("image_url is required");

    const before = await state(cover, writer.cookie);
    expect(before.status).toBe(200);
    expect(await before.json()).toEqual({ status: null });
    await appeal(cover, "It is my own painting", writer.cookie);
    expect(await (await state(cover, writer.cookie)).json()).toEqual({ status: "submitted" });
  });

  it("accepts exactly one of two appeals sent at once", async () => {
    const { writer, cover } = await writerWithCover();
    await flag(cover, admin);
    const answers = await Promise.all([
      appeal(cover, "first", writer.cookie),
      appeal(cover, "second", writer.cookie),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  });
});

describe("deciding an appeal", () => {
  async function appealed() {
    const made = await writerWithCover();
    const flagged = (await (await flag(made.cover, admin)).json()) as { id: number };
    await appeal(made.cover, "It is my own photo", made.writer.cookie);
    return { ...made, flagId: flagged.id };
  }

  it("restored: everyone sees the cover again, the owner is told, no appeal is left", async () => {
    const { writer, story, cover, flagId } = await appealed();
    const reader = await person();
    expect((await decide(flagId, "restored", reader.cookie)).status).toBe(403);
    expect((await decide(flagId, "maybe", admin)).status).toBe(400);
    const answer = await decide(flagId, "restored", ambassador);
    expect(answer.status).toBe(200);
    expect(await coverSeenBy(story.id, reader.cookie)).toEqual({ cover });
    expect(await coverSeenBy(story.id, writer.cookie)).toEqual({ cover });
    expect((await supportMessages(writer)).at(-1)).toBe(VISIBLE_AGAIN);

    const again = await appeal(cover, "one more time", writer.cookie);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ status: "resolved" });
    expect((await decide(flagId, "upheld", admin)).status).toBe(404);
  });

  it("refuses an appeal number that is not a positive whole number, deciding nothing", async () => {
    const { story, flagId } = await appealed();
    for (const id of ["abc", "0", "-1", "1.5", "99999999999999999999"]) {
      const answer = await post(
        `/v5/image_moderation/appeals/${id}/decision`,
        { decision: "restored" },
        admin,
      );
      expect([id, answer.status, await answer.json()]).toEqual([
        id,
        400,
        {
          code: "bad_request",
          message: "id must be a positive whole number",
          fields: { id: "id must be a positive whole number" },
        },
      ]);
    }
    expect(await coverSeenBy(story.id)).toEqual({ cover: null });
    const open = (await (await read("/v5/image_moderation/appeals", admin)).json()) as {
      appeals: { id: number }[];
    };
    expect(open.appeals.map((a) => a.id)).toContain(flagId);
  });

  it("upheld: the cover stays hidden and the appeal is resolved", async () => {
    const { writer, story, cover, flagId } = await appealed();
    expect((await decide(flagId, "upheld", admin)).status).toBe(200);
    expect(await coverSeenBy(story.id)).toEqual({ cover: null });
    expect(await coverSeenBy(story.id, writer.cookie)).toEqual({ cover: null, bannedCover: cover });
    const resolved = (await (
      await read("/v5/image_moderation/appeals?status=resolved", admin)
    ).json()) as { appeals: { id: number; appeal: { decision: string } }[] };
    expect(resolved.appeals.find((a) => a.id === flagId)?.appeal.decision).toBe("upheld");
    expect((await read("/v5/image_moderation/appeals", writer.cookie)).status).toBe(403);
  });
});

describe("flagging a picture in a part", () => {
  it("takes it out of the part for readers; the author keeps it, marked, until restored", async () => {
    const writer = await person();
    const reader = await person();
    const picture = `/media/images/test-${Date.now()}.webp`;
    const text = `<p data-p-id="a1">Before</p><p data-p-id="b2"><img src="${picture}" alt=""></p><p data-p-id="c3">After</p>`;
    const story = await createStory(t.handle.db, writer.id, { parts: [{ text }] });
    const partId = story.partIds[0] as number;
    const partAs = async (cookie?: string) =>
      (await (
        await read(`/api/v3/story_parts/${partId}?fields=text,bannedImages`, cookie)
      ).json()) as {
        text: string;
        bannedImages?: string[];
      };

    const answer = await flag(picture, ambassador);
    expect(answer.status).toBe(201);
    expect(await answer.json()).toMatchObject({ storyId: story.id });
    for (const cookie of [undefined, reader.cookie, admin]) {
      const seen = await partAs(cookie);
      expect(seen.text).not.toContain(picture);
      expect(seen.text).toContain("After");
      expect(seen.bannedImages).toBeUndefined();
    }
    expect(await partAs(writer.cookie)).toEqual({ text, bannedImages: [picture] });
    const editor = (await (
      await read(`/apiv2/storytext?id=${partId}&output=json`, writer.cookie)
    ).json()) as { text: string; bannedImages: string[] };
    expect(editor).toMatchObject({ text, bannedImages: [picture] });

    await appeal(picture, "It is a photo of my own garden", writer.cookie);
    const queue = (await (await read("/v5/image_moderation/appeals", admin)).json()) as {
      appeals: { id: number; imageUrl: string }[];
    };
    const pending = queue.appeals.find((a) => a.imageUrl === picture);
    expect((await decide(pending?.id ?? 0, "restored", admin)).status).toBe(200);
    expect((await partAs(reader.cookie)).text).toBe(text);
    expect((await supportMessages(writer)).at(-1)).toBe(VISIBLE_AGAIN);
  });

  it("refuses pictures that no part shows", async () => {
    expect((await flag("/media/images/nowhere_%.webp", admin)).status).toBe(404);
    expect((await flag("https://example.com/elsewhere.png", admin)).status).toBe(404);
  });
});

describe("a new cover", () => {
  it("replaces a flagged one: everyone sees the new cover, the notice is gone", async () => {
    const { writer, story, cover } = await writerWithCover();
    await flag(cover, admin);
    const image = await sharp({
      create: { width: 512, height: 800, channels: 3, background: { r: 20, g: 90, b: 160 } },
    })
      .jpeg()
      .toBuffer();
    const upload = await post(
      "/apiv2/updatestorycover",
      { id: story.id, image: image.toString("base64") },
      writer.cookie,
    );
    expect(upload.status).toBe(200);
    const seen = await coverSeenBy(story.id, writer.cookie);
    expect(seen.bannedCover).toBeUndefined();
    expect(seen.cover).not.toBeNull();
    expect(seen.cover).not.toBe(cover);
    expect(await coverSeenBy(story.id)).toEqual({ cover: seen.cover });
  });
});

describe("its writer removing a flagged cover", () => {
  it("ends the notice; the flag and its appeal stay, and a restore leaves the story without", async () => {
    const { writer, story, cover } = await writerWithCover();
    const flagged = (await (await flag(cover, admin)).json()) as { id: number };
    expect((await appeal(cover, "It is my own photo", writer.cookie)).status).toBe(200);

    const removed = await t.send("PUT", `/v4/works/${story.id}`, writer, { cover: null });
    expect(removed.status).toBe(200);
    expect(await removed.json()).toMatchObject({ cover: null, bannedCover: null });
    expect(await coverSeenBy(story.id, writer.cookie)).toEqual({ cover: null });
    const queue = (await (await read("/v5/image_moderation/appeals", admin)).json()) as {
      appeals: { id: number; imageUrl: string }[];
    };
    expect(queue.appeals.find((a) => a.id === flagged.id)?.imageUrl).toBe(cover);

    expect((await decide(flagged.id, "restored", ambassador)).status).toBe(200);
    expect(await coverSeenBy(story.id)).toEqual({ cover: null });
    expect(await coverSeenBy(story.id, writer.cookie)).toEqual({ cover: null });
    // Support does not say the image is visible: nothing shows it.
    expect((await supportMessages(writer)).at(-1)).toBe(NOT_PUT_BACK);
  });
});

describe("flagging a profile picture or background", () => {
  const picture = async () =>
    (
      await sharp({
        create: { width: 300, height: 300, channels: 3, background: { r: 200, g: 30, b: 90 } },
      })
        .png()
        .toBuffer()
    ).toString("base64");

  const editProfile = (owner: { username: string; cookie: string }, edit: object) =>
    t.send("PATCH", `/api/v3/users/${owner.username}`, owner, edit);

  /** Someone whose profile shows an uploaded picture and background. */
  async function personWithPictures() {
    const name = `Rosa ${Date.now()}`;
    const owner = { ...(await person({ name })), name };
    const answer = await editProfile(owner, {
      avatar: await picture(),
      background: await picture(),
    });
    const { avatar, backgroundUrl } = (await answer.json()) as {
      avatar: string;
      backgroundUrl: string;
    };
    return { owner, avatar, background: backgroundUrl };
  }

  const profileSeenBy = async (username: string, cookie?: string) =>
    (await (await read(`/api/v3/users/${username}`, cookie)).json()) as {
      avatar: string | null;
      backgroundUrl: string | null;
      bannedAvatar?: string;
      bannedBackground?: string;
    };

  /** What `action` answered, and the writers whose pages visitors' caches were told to drop. */
  async function withWritersDropped<T>(action: () => Promise<T>): Promise<[T, string[]]> {
    const heard: string[] = [];
    const stop = onWriterChanged((username) => heard.push(username));
    try {
      return [await action(), heard];
    } finally {
      stop();
    }
  }

  it("hides the picture everywhere it showed; only its owner sees it, as banned", async () => {
    const { owner, avatar, background } = await personWithPictures();
    const story = await createStory(t.handle.db, owner.id);
    const [answer, dropped] = await withWritersDropped(() => flag(avatar, ambassador));
    // Cached pages showing the owner's stories (with their avatar) go at once.
    expect(dropped).toEqual([owner.username]);
    expect(answer.status).toBe(201);
    expect(await answer.json()).toMatchObject({ imageUrl: avatar, storyId: null });

    const reader = await person();
    for (const cookie of [undefined, reader.cookie, admin]) {
      const seen = await profileSeenBy(owner.username, cookie);
      expect([seen.avatar, seen.backgroundUrl, seen.bannedAvatar]).toEqual([
        null,
        background,
        undefined,
      ]);
    }
    const details = await read(`/api/v3/stories/${story.id}?fields=user(avatar)`);
    expect(await details.json()).toEqual({ user: { avatar: null } });
    expect(await profileSeenBy(owner.username, owner.cookie)).toMatchObject({
      avatar: null,
      bannedAvatar: avatar,
    });
    expect((await flag(avatar, admin)).status).toBe(409);

    // The background on its own, by the same call.
    expect((await flag(background, admin)).status).toBe(201);
    expect((await profileSeenBy(owner.username)).backgroundUrl).toBeNull();
    expect(await profileSeenBy(owner.username, owner.cookie)).toMatchObject({
      bannedBackground: background,
    });
  });

  it("refuses a picture nobody's profile shows any more", async () => {
    const { owner, avatar } = await personWithPictures();
    await editProfile(owner, { avatar: null });
    expect((await flag(avatar, admin)).status).toBe(404);
    expect((await flag(`/media/avatars/${owner.id}-nothing.jpg`, admin)).status).toBe(404);
  });

  it("restored on appeal unless its owner chose another; a new choice ends the notice", async () => {
    const { owner, avatar, background } = await personWithPictures();
    const avatarFlag = (await (await flag(avatar, admin)).json()) as { id: number };
    const backgroundFlag = (await (await flag(background, admin)).json()) as { id: number };
    expect((await appeal(avatar, "It is me", owner.cookie)).status).toBe(200);
    expect((await appeal(background, "My cat", owner.cookie)).status).toBe(200);
    // The queue names the profile the pictures belong to; they are on no story.
    const queue = (await (await read("/v5/image_moderation/appeals", ambassador)).json()) as {
      appeals: { id: number; story: unknown; owner: unknown }[];
    };
    expect(queue.appeals.find((a) => a.id === avatarFlag.id)).toMatchObject({
      story: null,
      owner: { username: owner.username, name: owner.name },
    });

    // A new background before the decision: it stays, and the notice is gone.
    const replaced = await editProfile(owner, { background: await picture() });
    const newBackground = ((await replaced.json()) as { backgroundUrl: string }).backgroundUrl;
    expect(newBackground).not.toBe(background);

    const [restored, dropped] = await withWritersDropped(() =>
      decide(avatarFlag.id, "restored", ambassador),
    );
    expect([restored.status, dropped]).toEqual([200, [owner.username]]);
    expect((await decide(backgroundFlag.id, "restored", ambassador)).status).toBe(200);
    const seen = await profileSeenBy(owner.username, owner.cookie);
    expect(seen).toMatchObject({ avatar, backgroundUrl: newBackground });
    expect([seen.bannedAvatar, seen.bannedBackground]).toEqual([undefined, undefined]);
    expect((await profileSeenBy(owner.username)).avatar).toBe(avatar);
    // The avatar is back; the background was replaced, so it is not.
    expect((await supportMessages(owner)).slice(-2)).toEqual([VISIBLE_AGAIN, NOT_PUT_BACK]);
  });
});

describe("the support account", () => {
  it("cannot be taken by signing up", async () => {
    const answer = await t.get("/signup", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({
        username: SUPPORT_USERNAME.toLowerCase(),
        email: "support-squatter@example.com",
        password: "a-Strong-passw0rd!",
        birthday_day: "01",
        birthday_month: "01",
        birthday_year: "1990",
        consent: true,
      }),
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ code: "username_taken" });
  });
});
