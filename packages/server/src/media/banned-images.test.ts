import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Caller, jsonAnswer, useTestApi } from "../testing/api.ts";
import { createStory, signedInUser } from "../testing/fixtures.ts";
import { RESIZED_DIR } from "./resized-images.ts";
import { mediaSite } from "./serve.ts";

const t = useTestApi();
/** The media route as the site serves it, over HTTP: where its caching headers are set. */
let server: ReturnType<typeof serve>;
let origin: string;
let ambassador: Caller;
let admin: Caller;
let reader: Caller;

beforeAll(async () => {
  const site = new Hono();
  site.route("/", mediaSite(t.mediaDir, t.handle.db));
  await new Promise<void>((listening) => {
    server = serve({ fetch: site.fetch, hostname: "127.0.0.1", port: 0 }, () => listening());
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  ambassador = await signedInUser(t.handle.db, { is_ambassador: 1 });
  admin = await signedInUser(t.handle.db, { is_sysadmin: 1, is_staff: 1 });
  reader = await signedInUser(t.handle.db);
});

afterAll(() => {
  server.close();
});

const picture = async () =>
  (
    await sharp({
      create: { width: 600, height: 600, channels: 3, background: { r: 20, g: 120, b: 90 } },
    })
      .jpeg()
      .toBuffer()
  ).toString("base64");

/** The file at `path` as `who` (a visitor when null) gets it: its status and caching. */
async function fetched(path: string, who: Caller | null = null, method = "GET") {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: who ? { cookie: who.cookie } : {},
  });
  await response.arrayBuffer();
  return { status: response.status, cache: response.headers.get("cache-control") };
}

const shared = { status: 200, cache: "public, max-age=86400" };
const refused = { status: 404, cache: "private, no-store" };
const ownersOnly = { status: 200, cache: "private, no-store" };

async function flag(imageUrl: string) {
  return jsonAnswer<{ id: number }>(
    t.send("POST", "/v5/image_moderation/flags", ambassador, { image_url: imageUrl }),
    201,
  );
}

/** Appeals the flag as its owner and has a moderator restore the image. */
async function restore(owner: Caller, imageUrl: string, flagId: number) {
  await jsonAnswer(
    t.send("POST", "/v5/image_moderation/appeal", owner, { image_url: imageUrl, reason: "Mine" }),
  );
  await jsonAnswer(
    t.send("POST", `/v5/image_moderation/appeals/${flagId}/decision`, admin, {
      decision: "restored",
    }),
  );
}

describe("a banned cover's file", () => {
  it("answers its owner and moderators only, at every width, until an appeal restores it", async () => {
    const writer = await signedInUser(t.handle.db);
    const story = await createStory(t.handle.db, writer.id);
    const { cover } = await jsonAnswer<{ cover: string }>(
      t.send("POST", "/apiv2/updatestorycover", writer, { id: story.id, image: await picture() }),
    );
    const resized = `/media/${RESIZED_DIR}/144/${cover.replace("/media/", "")}.webp`;
    expect(await fetched(cover)).toEqual(shared);
    expect(await fetched(`${cover}?w=144`)).toEqual(shared);

    const { id } = await flag(cover);
    for (const who of [null, reader]) {
      expect(await fetched(cover, who)).toEqual(refused);
      expect(await fetched(cover, who, "HEAD")).toEqual(refused);
      expect(await fetched(`${cover}?w=144`, who)).toEqual(refused);
      expect(await fetched(resized, who)).toEqual(refused);
    }
    // Another spelling of the same path is the same file.
    const encoded = cover.replace(/\/(\d)/, (_all, digit: string) => `/%3${digit}`);
    expect(await fetched(encoded)).toEqual(refused);
    for (const who of [writer, ambassador, admin]) {
      expect(await fetched(cover, who)).toEqual(ownersOnly);
      expect(await fetched(`${cover}?w=144`, who)).toEqual(ownersOnly);
    }

    await restore(writer, cover, id);
    expect(await fetched(cover)).toEqual(shared);
    expect(await fetched(`${cover}?w=144`, reader)).toEqual(shared);
  });

  it("leaves other images alone, and never serves resized copies by their own path", async () => {
    const writer = await signedInUser(t.handle.db);
    const story = await createStory(t.handle.db, writer.id);
    const { cover } = await jsonAnswer<{ cover: string }>(
      t.send("POST", "/apiv2/updatestorycover", writer, { id: story.id, image: await picture() }),
    );
    expect(await fetched(cover, reader)).toEqual(shared);
    expect(await fetched(`/media/${RESIZED_DIR}/144/${cover.replace("/media/", "")}.webp`)).toEqual(
      refused,
    );
  });
});

describe("a banned profile picture's file", () => {
  it("answers its owner only, at every avatar size, until an appeal restores it", async () => {
    const owner = await signedInUser(t.handle.db);
    const { avatar } = await jsonAnswer<{ avatar: string }>(
      t.send("PATCH", `/api/v3/users/${owner.username}`, owner, { avatar: await picture() }),
    );
    expect(await fetched(`${avatar}?w=64`, reader)).toEqual(shared);

    const { id } = await flag(avatar);
    expect(await fetched(avatar, reader)).toEqual(refused);
    expect(await fetched(`${avatar}?w=64`, reader)).toEqual(refused);
    expect(await fetched(`${avatar}?w=64`, owner)).toEqual(ownersOnly);

    await restore(owner, avatar, id);
    expect(await fetched(`${avatar}?w=64`, reader)).toEqual(shared);
  });
});
