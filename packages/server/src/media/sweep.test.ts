import { access, mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { AVATAR_SIZES, COVER_WIDTHS } from "@inkwell/shared";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { type Caller, useTestApi } from "../testing/api.ts";
import { createStory, signedInUser } from "../testing/fixtures.ts";
import { RESIZED_DIR } from "./resized-images.ts";
import { sweepUnusedUploads, UNUSED_UPLOAD_GRACE_MS } from "./sweep.ts";

const t = useTestApi();

/** When every upload of this file is past the grace. */
const afterGrace = () => Date.now() + UNUSED_UPLOAD_GRACE_MS + 60_000;

const picture = async () =>
  (
    await sharp({ create: { width: 600, height: 600, channels: 3, background: "#2a6" } })
      .jpeg()
      .toBuffer()
  ).toString("base64");

const fileOf = (url: string) => url.replace(/^\/media\//, "");
const stored = (path: string) =>
  access(join(t.mediaDir, path)).then(
    () => true,
    () => false,
  );
const resizedStored = (url: string, width: number) =>
  stored(join(RESIZED_DIR, String(width), `${fileOf(url)}.webp`));

async function json<T>(response: Response | Promise<Response>): Promise<T> {
  const answer = await response;
  expect(answer.status).toBeLessThan(300);
  return (await answer.json()) as T;
}

const editProfile = (owner: Caller & { username: string }, edit: object) =>
  json<{ avatar: string | null; backgroundUrl: string | null }>(
    t.send("PATCH", `/api/v3/users/${owner.username}`, owner, edit),
  );

const uploadCover = async (writer: Caller, storyId: number) =>
  (
    await json<{ cover: string }>(
      t.send("POST", "/apiv2/updatestorycover", writer, { id: storyId, image: await picture() }),
    )
  ).cover;

const uploadPartImage = async (writer: Caller, partId: number) =>
  (
    await json<{ url: string }>(
      t.send("POST", `/v4/parts/${partId}/images`, writer, { image: await picture() }),
    )
  ).url;

const sweepLater = async () =>
  (await sweepUnusedUploads(t.handle.db, t.mediaDir, afterGrace())).sort();

describe("sweeping unused uploads", () => {
  it("deletes replaced pictures and covers with their resized copies, after the grace only", async () => {
    const owner = await signedInUser(t.handle.db);
    const first = await editProfile(owner, {
      avatar: await picture(),
      background: await picture(),
    });
    const second = await editProfile(owner, { avatar: await picture(), background: null });
    const story = await createStory(t.handle.db, owner.id);
    const oldCover = await uploadCover(owner, story.id);
    const cover = await uploadCover(owner, story.id);

    // A page cached a moment ago may still show the old ones.
    expect(await sweepUnusedUploads(t.handle.db, t.mediaDir)).toEqual([]);
    expect(await sweepLater()).toEqual(
      [first.avatar, first.backgroundUrl, oldCover].map(String).sort(),
    );
    for (const gone of [first.avatar, first.backgroundUrl, oldCover].map(String)) {
      expect(await stored(fileOf(gone))).toBe(false);
    }
    expect(await resizedStored(String(first.avatar), AVATAR_SIZES[0])).toBe(false);
    expect(await resizedStored(oldCover, COVER_WIDTHS[0])).toBe(false);
    expect(await stored(fileOf(String(second.avatar)))).toBe(true);
    expect(await resizedStored(String(second.avatar), AVATAR_SIZES[0])).toBe(true);
    expect(await stored(fileOf(cover))).toBe(true);
    expect(await resizedStored(cover, COVER_WIDTHS[0])).toBe(true);
    expect(await sweepLater()).toEqual([]);
  });

  it("keeps a picture moderators hid until its account closes, then deletes it", async () => {
    const owner = await signedInUser(t.handle.db);
    const moderator = await signedInUser(t.handle.db, { is_ambassador: 1 });
    const { avatar } = await editProfile(owner, { avatar: await picture() });
    const flagged = await t.send("POST", "/v5/image_moderation/flags", moderator, {
      image_url: avatar,
    });
    expect(flagged.status).toBe(201);
    // Hidden, not gone: an appeal may restore it, even once the owner chose another.
    await editProfile(owner, { avatar: null });
    expect(await sweepLater()).toEqual([]);

    const closed = await t.send("POST", "/close-account", owner, { password: "" });
    expect(closed.status).toBe(200);
    expect(await sweepLater()).toEqual([avatar]);
  });

  it("deletes a cover its writer removed, but keeps a flagged one for its appeal", async () => {
    const writer = await signedInUser(t.handle.db);
    const moderator = await signedInUser(t.handle.db, { is_ambassador: 1 });
    const removedStory = await createStory(t.handle.db, writer.id);
    const removed = await uploadCover(writer, removedStory.id);
    const flaggedStory = await createStory(t.handle.db, writer.id);
    const flagged = await uploadCover(writer, flaggedStory.id);
    const flag = await t.send("POST", "/v5/image_moderation/flags", moderator, {
      image_url: flagged,
    });
    expect(flag.status).toBe(201);
    for (const story of [removedStory, flaggedStory]) {
      await json(t.send("PUT", `/v4/works/${story.id}`, writer, { cover: null }));
    }
    expect(await sweepLater()).toEqual([removed]);
    expect(await resizedStored(removed, COVER_WIDTHS[0])).toBe(false);
    expect(await stored(fileOf(flagged))).toBe(true);
  });

  it("deletes a picture taken out of its part, keeping one another part of the story shows", async () => {
    const writer = await signedInUser(t.handle.db);
    const story = await createStory(t.handle.db, writer.id, {
      parts: [{ title: "Where they were uploaded" }, { title: "Where one went" }],
    });
    const [firstPart, secondPart] = story.partIds as [number, number];
    const dropped = await uploadPartImage(writer, firstPart);
    const moved = await uploadPartImage(writer, firstPart);
    const kept = await uploadPartImage(writer, firstPart);
    const withPictures = (...urls: string[]) =>
      urls.map((url) => `<p data-p-id="p-${url.length}"><img src="${url}" alt=""></p>`).join("");
    const setText = (partId: number, text: string) =>
      t.handle.db.updateTable("parts").set({ text }).where("id", "=", partId).execute();
    await setText(firstPart, withPictures(kept));
    await setText(secondPart, withPictures(moved));
    expect(await sweepLater()).toEqual([dropped]);
    expect(await stored(fileOf(moved))).toBe(true);
    expect(await stored(fileOf(kept))).toBe(true);
  });

  it("leaves alone files it did not upload, such as the demo's covers", async () => {
    await mkdir(join(t.mediaDir, "covers"), { recursive: true });
    for (const name of ["1.svg", "bench-3.svg", "12-notanupload.jpg"]) {
      await writeFile(join(t.mediaDir, "covers", name), "<svg/>");
    }
    expect(await sweepLater()).toEqual([]);
    expect(await stored("covers/12-notanupload.jpg")).toBe(true);
  });
});
