import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { ACCOUNT_MESSAGES, COVER_WIDTHS } from "@inkwell/shared";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../app.ts";
import { accountLimiters } from "../http/rate-limit.ts";
import { useTestApi } from "../testing/api.ts";
import { createStory, signedInUser } from "../testing/fixtures.ts";
import { RESIZED_DIR } from "./resized-images.ts";

const t = useTestApi();

interface Person {
  id: number;
  cookie: string;
}

const person = (): Promise<Person> => signedInUser(t.handle.db);

/** Someone a moderator has timed out for the next minute. */
async function personInTimeOut(): Promise<Person> {
  const who = await person();
  await t.handle.db
    .updateTable("users")
    .set({ timed_out_until: Date.now() + 60_000 })
    .where("id", "=", who.id)
    .execute();
  return who;
}

function post(path: string, who: Person | null, body: unknown) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (who) headers.cookie = who.cookie;
  return t.get(path, { method: "POST", headers, body: JSON.stringify(body) });
}

/** A picture of `width` × `height` in `format`, as the base64 a client sends. */
async function picture(
  format: "jpeg" | "png" | "webp" | "gif",
  width = 1024,
  height = 1024,
): Promise<string> {
  const image = sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } },
  });
  return (await image.toFormat(format).toBuffer()).toString("base64");
}

async function coverOf(storyId: number): Promise<string | null> {
  const response = await t.get(`/api/v3/stories/${storyId}?fields=cover`);
  return ((await response.json()) as { cover: string | null }).cover;
}

const mediaFiles = (folder: string) =>
  readdir(join(t.mediaDir, folder)).catch(() => [] as string[]);

let writer: Person;
let storyId: number;

beforeAll(async () => {
  writer = await person();
  storyId = (await createStory(t.handle.db, writer.id, { cover: "/media/covers/old.svg" })).id;
});

describe("POST /apiv2/updatestorycover", () => {
  for (const format of ["jpeg", "png", "webp"] as const) {
    it(`takes a ${format.toUpperCase()} cover, makes it 512 × 800 and every cover width`, async () => {
      const response = await post("/apiv2/updatestorycover", writer, {
        id: storyId,
        image: await picture(format, 900, 600),
      });
      const body = (await response.json()) as { id: number; cover: string };
      expect(response.status, JSON.stringify(body)).toBe(200);
      expect(body.id).toBe(storyId);
      expect(body.cover).toMatch(new RegExp(`^/media/covers/${storyId}-[0-9a-f]{12}\\.jpg$`));
      expect(await coverOf(storyId)).toBe(body.cover);

      const file = body.cover.replace("/media/", "");
      const stored = await sharp(join(t.mediaDir, file)).metadata();
      expect([stored.format, stored.width, stored.height]).toEqual(["jpeg", 512, 800]);
      for (const width of COVER_WIDTHS) {
        const copy = await sharp(join(t.mediaDir, RESIZED_DIR, String(width), `${file}.webp`))
          .metadata()
          .catch(() => null);
        expect([copy?.format, copy?.width, copy?.height], `width ${width}`).toEqual([
          "webp",
          width,
          Math.round((width * 800) / 512),
        ]);
      }
    });
  }

  it("takes the image as a data URL or as a form field too", async () => {
    const data = `data:image/png;base64,${await picture("png", 64, 100)}`;
    const json = await post("/apiv2/updatestorycover", writer, { id: storyId, image: data });
    expect(json.status).toBe(200);
    const form = await t.get("/apiv2/updatestorycover", {
      method: "POST",
      headers: { cookie: writer.cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ id: String(storyId), image: await picture("webp", 64, 100) }),
    });
    expect(form.status).toBe(200);
  });

  it("refuses other types and oversized images with a message, changing nothing", async () => {
    const story = await createStory(t.handle.db, writer.id, { cover: "/media/covers/kept.svg" });
    const before = await mediaFiles("covers");
    const refusal = async (image: string, status = 400) => {
      const response = await post("/apiv2/updatestorycover", writer, { id: story.id, image });
      expect(response.status).toBe(status);
      return (await response.json()) as { code: string; message: string };
    };
    const typeRefusal = {
      code: "unsupported_image",
      message: "Choose a JPEG, PNG or WebP image.",
    };
    expect(await refusal(await picture("gif", 64, 100))).toEqual(typeRefusal);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="512" height="800"/>';
    expect(await refusal(Buffer.from(svg).toString("base64"))).toEqual(typeRefusal);
    expect(await refusal(Buffer.from("just some text, not a picture").toString("base64"))).toEqual(
      typeRefusal,
    );
    const tooLarge = {
      code: "image_too_large",
      message: "The image is larger than 5 MB. Choose a smaller one.",
    };
    const sixMegabytes = Buffer.alloc(6 * 1024 * 1024, 7);
    expect(await refusal(sixMegabytes.subarray(0, 5 * 1024 * 1024 + 1).toString("base64"))).toEqual(
      tooLarge,
    );
    expect(await refusal(sixMegabytes.toString("base64").repeat(2), 413)).toEqual(tooLarge);
    const notBase64 = "image must be the picture's bytes in base64";
    const base64Refusal = { code: "bad_request", message: notBase64, fields: { image: notBase64 } };
    expect(await refusal("%%% not base64 %%%")).toEqual(base64Refusal);
    expect(await refusal("")).toEqual(base64Refusal);
    const noImage = await post("/apiv2/updatestorycover", writer, { id: story.id });
    expect(noImage.status).toBe(400);
    // A boolean or a list is not a story's id, though z.coerce would read them as 1 and story.id.
    const image = await picture("jpeg", 512, 800);
    for (const id of [true, [story.id]]) {
      const notAnId = await post("/apiv2/updatestorycover", writer, { id, image });
      expect(await notAnId.json()).toMatchObject({ fields: { id: "id names the story" } });
      expect(notAnId.status).toBe(400);
    }

    expect(await coverOf(story.id)).toBe("/media/covers/kept.svg");
    expect(await mediaFiles("covers")).toEqual(before);
  });

  it("lets only the author change a cover: 401, 403 and 404 change nothing", async () => {
    const story = await createStory(t.handle.db, writer.id, { cover: "/media/covers/mine.svg" });
    const image = await picture("jpeg", 64, 100);
    const before = await mediaFiles("covers");
    const visitor = await post("/apiv2/updatestorycover", null, { id: story.id, image });
    expect(visitor.status).toBe(401);
    const stranger = await post("/apiv2/updatestorycover", await person(), { id: story.id, image });
    expect(stranger.status).toBe(403);
    expect(await stranger.json()).toMatchObject({
      code: "forbidden",
      message: "Only the author can change this story.",
    });
    const missing = await post("/apiv2/updatestorycover", writer, { id: 999_999, image });
    expect(missing.status).toBe(404);
    // Someone else's draft is as unknown to a stranger as a story that never was.
    const draft = await createStory(t.handle.db, writer.id, { draft: 1, cover: null });
    const hidden = await post("/apiv2/updatestorycover", await person(), { id: draft.id, image });
    const unknown = await post("/apiv2/updatestorycover", await person(), { id: 999_999, image });
    expect([hidden.status, await hidden.json()]).toEqual([404, await unknown.json()]);

    const timedOut = await personInTimeOut();
    const own = await createStory(t.handle.db, timedOut.id, { cover: null });
    const inTimeOut = await post("/apiv2/updatestorycover", timedOut, { id: own.id, image });
    expect(inTimeOut.status).toBe(403);
    expect(await inTimeOut.json()).toMatchObject({ code: "timed_out" });

    expect(await coverOf(story.id)).toBe("/media/covers/mine.svg");
    expect(await coverOf(own.id)).toBeNull();
    expect(await mediaFiles("covers")).toEqual(before);
  });

  it("shows the new cover where readers see the story", async () => {
    const story = await createStory(t.handle.db, writer.id, { cover: null });
    const response = await post("/apiv2/updatestorycover", writer, {
      id: story.id,
      image: await picture("png", 512, 800),
    });
    const { cover } = (await response.json()) as { cover: string };
    const card = await t.get(
      `/api/v3/users/${encodeURIComponent(await usernameOf(writer))}/stories`,
    );
    const { stories } = (await card.json()) as { stories: { id: number; cover: string }[] };
    expect(stories.find((entry) => entry.id === story.id)?.cover).toBe(cover);
    const works = await t.get("/v4/works", { headers: { cookie: writer.cookie } });
    const mine = (await works.json()) as { stories: { id: number; cover: string }[] };
    expect(mine.stories.find((entry) => entry.id === story.id)?.cover).toBe(cover);
  });
});

describe("removing a cover: PUT /v4/works/{id} {cover: null}", () => {
  const removeCover = (who: Person | null, id: number, body: object = { cover: null }) =>
    t.send("PUT", `/v4/works/${id}`, who, body);
  const found = async (query: string) => {
    const answer = await t.get(`/v4/search/stories?${new URLSearchParams({ query })}`);
    return ((await answer.json()) as { stories: { title: string; cover: string | null }[] })
      .stories;
  };

  it("lets its writer remove it: the story shows no cover anywhere", async () => {
    const title = `Lanternless Harbour ${Date.now()}`;
    const story = await createStory(t.handle.db, writer.id, { title, cover: null });
    const upload = await post("/apiv2/updatestorycover", writer, {
      id: story.id,
      image: await picture("png", 512, 800),
    });
    const { cover } = (await upload.json()) as { cover: string };
    // A visitor's search answer is cached: the removal must drop it.
    expect((await found(title)).map((entry) => entry.cover)).toEqual([cover]);

    const removed = await removeCover(writer, story.id);
    expect(removed.status).toBe(200);
    expect(await removed.json()).toMatchObject({ id: story.id, cover: null, bannedCover: null });
    expect(await coverOf(story.id)).toBeNull();
    expect((await found(title)).map((entry) => entry.cover)).toEqual([null]);
    const card = await t.get(
      `/api/v3/users/${encodeURIComponent(await usernameOf(writer))}/stories`,
    );
    const { stories } = (await card.json()) as { stories: { id: number; cover: string | null }[] };
    expect(stories.find((entry) => entry.id === story.id)?.cover).toBeNull();
    const works = await t.send("GET", "/v4/works", writer);
    const mine = (await works.json()) as { stories: { id: number; cover: string | null }[] };
    expect(mine.stories.find((entry) => entry.id === story.id)?.cover).toBeNull();
    // Removing it again is no error: there is simply no cover.
    expect((await removeCover(writer, story.id)).status).toBe(200);
  });

  it("is its writer's alone: 401, 403, 404 and bad input change nothing", async () => {
    const kept = "/media/covers/kept-on-removal.svg";
    const story = await createStory(t.handle.db, writer.id, { title: "Kept", cover: kept });
    expect((await removeCover(null, story.id)).status).toBe(401);
    const stranger = await removeCover(await person(), story.id);
    expect(stranger.status).toBe(403);
    expect(await stranger.json()).toMatchObject({
      code: "forbidden",
      message: "Only the author can change this story.",
    });
    // Staff hide a cover by flagging it, which its writer may appeal.
    const admin = await signedInUser(t.handle.db, { is_sysadmin: 1 });
    const byStaff = await removeCover(admin, story.id);
    expect(byStaff.status).toBe(403);
    expect(await byStaff.json()).toMatchObject({
      code: "forbidden",
      message:
        "Only the writer can remove a cover here. Staff remove one with Remove cover on the story page.",
    });
    expect((await removeCover(writer, 999_999)).status).toBe(404);
    expect((await removeCover(writer, 0)).status).toBe(400);
    for (const cover of ["/media/covers/another.jpg", "", 0, false]) {
      const refused = await removeCover(writer, story.id, { title: "Renamed", cover });
      expect(refused.status, JSON.stringify(cover)).toBe(400);
      expect(await refused.json()).toMatchObject({
        fields: {
          cover:
            "cover can only be null, which removes the cover; a new cover is uploaded with POST /apiv2/updatestorycover",
        },
      });
    }
    const timedOut = await personInTimeOut();
    const own = await createStory(t.handle.db, timedOut.id, { cover: kept });
    const inTimeOut = await removeCover(timedOut, own.id);
    expect(inTimeOut.status).toBe(403);
    expect(await inTimeOut.json()).toMatchObject({ code: "timed_out" });

    expect(await coverOf(story.id)).toBe(kept);
    expect(await coverOf(own.id)).toBe(kept);
    const details = await t.send("GET", `/v4/works/${story.id}`, writer);
    expect(await details.json()).toMatchObject({ title: "Kept", cover: kept });
  });
});

describe("§7's cover add", () => {
  const addsOf = (id: number) =>
    t.handle.db
      .selectFrom("cover_adds")
      .select("source")
      .where("story_id", "=", id)
      .orderBy("id")
      .execute()
      .then((rows) => rows.map((row) => row.source));

  it("counts the author's new cover by where it came from, once a day each", async () => {
    const story = await createStory(t.handle.db, writer.id, { cover: null });
    const image = await picture("png", 64, 100);
    const set = (body: Record<string, unknown>, who: Person = writer) =>
      post("/apiv2/updatestorycover", who, { id: story.id, image, ...body });
    // The spec's body has no source: the story details form's upload.
    expect((await set({})).status).toBe(200);
    expect((await set({ source: "upload" })).status).toBe(200);
    expect((await set({ source: "import" })).status).toBe(200);
    expect(await addsOf(story.id)).toEqual(["upload", "import"]);
    // A system admin's new cover is staff's change, no writer's add.
    const admin = await signedInUser(t.handle.db, { is_sysadmin: 1 });
    const other = await createStory(t.handle.db, writer.id, { cover: null });
    const byStaff = await post("/apiv2/updatestorycover", admin, { id: other.id, image });
    expect(byStaff.status).toBe(200);
    expect(await addsOf(other.id)).toEqual([]);
  });

  it("refuses an unknown source, changing nothing", async () => {
    const story = await createStory(t.handle.db, writer.id, { cover: "/media/covers/kept.svg" });
    const before = await mediaFiles("covers");
    const refused = await post("/apiv2/updatestorycover", writer, {
      id: story.id,
      image: await picture("png", 64, 100),
      source: "designer",
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ message: "source must be one of upload, import" });
    expect(await coverOf(story.id)).toBe("/media/covers/kept.svg");
    expect(await mediaFiles("covers")).toEqual(before);
    expect(await addsOf(story.id)).toEqual([]);
  });
});

async function usernameOf(who: Person): Promise<string> {
  const row = await t.handle.db
    .selectFrom("users")
    .select("username")
    .where("id", "=", who.id)
    .executeTakeFirstOrThrow();
  return row.username;
}

describe("POST /v4/parts/{id}/images", () => {
  it("stores a picture for the author's part, at most 1,200 px wide", async () => {
    const story = await createStory(t.handle.db, writer.id, { parts: [{ draft: 1 }] });
    const partId = story.partIds[0] as number;
    const response = await post(`/v4/parts/${partId}/images`, writer, {
      image: await picture("jpeg", 2400, 1200),
    });
    const body = (await response.json()) as { url: string; width: number; height: number };
    expect(response.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ width: 1200, height: 600 });
    expect(body.url).toMatch(new RegExp(`^/media/images/${partId}-[0-9a-f]{12}\\.webp$`));
    const stored = await sharp(join(t.mediaDir, body.url.replace("/media/", ""))).metadata();
    expect([stored.format, stored.width]).toEqual(["webp", 1200]);
  });

  it("refuses other types, visitors and other writers, storing nothing", async () => {
    const story = await createStory(t.handle.db, writer.id, { parts: [{ draft: 1 }] });
    const path = `/v4/parts/${story.partIds[0]}/images`;
    const before = await mediaFiles("images");
    const gif = await post(path, writer, { image: await picture("gif", 64, 64) });
    expect(gif.status).toBe(400);
    expect(await gif.json()).toMatchObject({ code: "unsupported_image" });
    const image = await picture("png", 64, 64);
    expect((await post(path, null, { image })).status).toBe(401);
    // Someone else's draft part is as unknown to them as a part that never was.
    const hidden = await post(path, await person(), { image });
    const unknown = await post("/v4/parts/999999/images", writer, { image });
    expect([hidden.status, unknown.status]).toEqual([404, 404]);
    expect(await hidden.json()).toEqual(await unknown.json());
    const published = await createStory(t.handle.db, writer.id, { parts: [{}] });
    const publishedPath = `/v4/parts/${published.partIds[0]}/images`;
    expect((await post(publishedPath, await person(), { image })).status).toBe(403);
    expect(await mediaFiles("images")).toEqual(before);
  });
});

describe("the image uploads' limit", () => {
  it("counts a profile edit with a new avatar and background as two uploads", async () => {
    const api = createApi(t.handle, { limits: accountLimiters(), mediaDir: t.mediaDir });
    const uploader = await signedInUser(t.handle.db);
    const story = await createStory(t.handle.db, uploader.id, { parts: [{ draft: 1 }] });
    const image = await picture("png", 8, 8);
    const call = (method: string, path: string, body: unknown) =>
      api.request(path, {
        method,
        headers: { "content-type": "application/json", cookie: uploader.cookie },
        body: JSON.stringify(body),
      });
    const partImage = () => call("POST", `/v4/parts/${story.partIds[0]}/images`, { image });
    for (let i = 0; i < 28; i++) expect((await partImage()).status, `upload ${i + 1}`).toBe(200);
    const both = { avatar: image, background: image };
    expect((await call("PATCH", `/api/v3/users/${uploader.username}`, both)).status).toBe(200);
    expect((await partImage()).status).toBe(429);
  });

  it("takes 30 uploads an hour per account, every kind together; the next is 429 and stores nothing", async () => {
    const api = createApi(t.handle, { limits: accountLimiters(), mediaDir: t.mediaDir });
    const call = (method: string, path: string, who: Person, body: unknown) =>
      api.request(path, {
        method,
        headers: { "content-type": "application/json", cookie: who.cookie },
        body: JSON.stringify(body),
      });
    const uploader = await signedInUser(t.handle.db);
    const story = await createStory(t.handle.db, uploader.id, {
      cover: "/media/covers/kept.svg",
      parts: [{ draft: 1 }],
    });
    const partImages = `/v4/parts/${story.partIds[0]}/images`;
    const profile = `/api/v3/users/${uploader.username}`;
    const image = await picture("png", 8, 8);

    // Editing a profile without a picture is no upload.
    for (let i = 0; i < 5; i++) {
      expect((await call("PATCH", profile, uploader, { name: `Name ${i}` })).status).toBe(200);
    }
    for (let i = 0; i < 29; i++) {
      expect((await call("POST", partImages, uploader, { image })).status, `upload ${i + 1}`).toBe(
        200,
      );
    }
    expect((await call("PATCH", profile, uploader, { avatar: image })).status).toBe(200);

    const files = () => readdir(t.mediaDir, { recursive: true }).then((names) => names.sort());
    const before = await files();
    const refusal = { code: "rate_limited", message: ACCOUNT_MESSAGES.rateLimited };
    for (const [method, path, body] of [
      ["POST", partImages, { image }],
      ["POST", "/apiv2/updatestorycover", { id: story.id, image }],
      ["PATCH", profile, { avatar: image }],
      ["PATCH", profile, { background: image, name: "Not saved" }],
    ] as const) {
      const over = await call(method, path, uploader, body);
      expect([over.status, await over.json()], `${method} ${path}`).toEqual([429, refusal]);
    }
    expect(await files()).toEqual(before);
    expect(await coverOf(story.id)).toBe("/media/covers/kept.svg");
    const row = await t.handle.db
      .selectFrom("users")
      .select(["name", "background_url"])
      .where("id", "=", uploader.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: "Name 4", background_url: null });

    // Other edits go on, and the limit is the account's own.
    expect((await call("PATCH", profile, uploader, { name: "Still editable" })).status).toBe(200);
    const other = await signedInUser(t.handle.db);
    const theirs = await createStory(t.handle.db, other.id, { parts: [{ draft: 1 }] });
    const upload = await call("POST", `/v4/parts/${theirs.partIds[0]}/images`, other, { image });
    expect(upload.status).toBe(200);
  });
});
