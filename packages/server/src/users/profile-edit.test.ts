import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { AVATAR_SIZES, type ProfileEdit, type UserProfile } from "@inkwell/shared";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { RESIZED_DIR } from "../media/resized-images.ts";
import { useTestApi } from "../testing/api.ts";
import { createStory, type Person, signedInUser } from "../testing/fixtures.ts";

const t = useTestApi();

const person = (): Promise<Person> => signedInUser(t.handle.db);

const patch = (who: Person | null, body: unknown, username = who?.username ?? "nobody") =>
  t.send("PATCH", `/api/v3/users/${username}`, who, body);

async function edit(who: Person, body: ProfileEdit): Promise<UserProfile> {
  const response = await patch(who, body);
  const answer = (await response.json()) as UserProfile;
  expect(response.status, JSON.stringify(answer)).toBe(200);
  return answer;
}

async function profileOf(who: Person): Promise<UserProfile> {
  return (await (await t.get(`/api/v3/users/${who.username}`)).json()) as UserProfile;
}

/** A picture of `width` × `height`, as the base64 a client sends. */
async function picture(format: "jpeg" | "png" | "webp" | "gif", width: number, height: number) {
  const image = sharp({
    create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } },
  });
  return (await image.toFormat(format).toBuffer()).toString("base64");
}

const mediaFiles = (folder: string) =>
  readdir(join(t.mediaDir, folder)).catch(() => [] as string[]);

const stored = (url: string) => sharp(join(t.mediaDir, url.replace("/media/", ""))).metadata();

describe("PATCH /api/v3/users/{username}", () => {
  let owner: Person;
  beforeAll(async () => {
    owner = await person();
  });

  it("changes the name, about text and highlight colour, cleaned, for everyone to see", async () => {
    const answer = await edit(owner, {
      name: "  Ada \u200b Lovelace\n ",
      description: "First line.  \r\n\r\n\r\n\r\nSecond\u0007 paragraph with @someone.\t\n",
      highlight_colour: "#0f766e",
    });
    expect(answer).toMatchObject({
      username: owner.username,
      name: "Ada Lovelace",
      description: "First line.\n\nSecond paragraph with @someone.",
      highlight_colour: "#0f766e",
    });
    expect(await profileOf(owner)).toMatchObject({
      name: "Ada Lovelace",
      description: "First line.\n\nSecond paragraph with @someone.",
      highlight_colour: "#0f766e",
    });
    // Fields left out stay as they were; null takes the colour away.
    const next = await edit(owner, { highlight_colour: null });
    expect(next).toMatchObject({ name: "Ada Lovelace", highlight_colour: null });
    expect(next.description).toBe("First line.\n\nSecond paragraph with @someone.");
  });

  it("makes an uploaded avatar square at every avatar size, shown wherever the user is", async () => {
    const story = await createStory(t.handle.db, owner.id);
    const answer = await edit(owner, { avatar: await picture("png", 600, 400) });
    expect(answer.avatar).toMatch(new RegExp(`^/media/avatars/${owner.id}-[0-9a-f]{12}\\.jpg$`));
    const avatar = answer.avatar as string;
    const original = await stored(avatar);
    expect([original.format, original.width, original.height]).toEqual(["jpeg", 256, 256]);
    const file = avatar.replace("/media/", "");
    for (const size of AVATAR_SIZES) {
      const copy = await sharp(join(t.mediaDir, RESIZED_DIR, String(size), `${file}.webp`))
        .metadata()
        .catch(() => null);
      expect([copy?.format, copy?.width, copy?.height], `size ${size}`).toEqual([
        "webp",
        size,
        size,
      ]);
    }
    expect((await profileOf(owner)).avatar).toBe(avatar);
    const details = await t.get(`/api/v3/stories/${story.id}?fields=user(avatar)`);
    expect(await details.json()).toEqual({ user: { avatar } });

    // A new one gets a new name (cached pages and copies never go stale); null removes it.
    const replaced = await edit(owner, { avatar: await picture("jpeg", 300, 300) });
    expect(replaced.avatar).not.toBe(avatar);
    expect((await edit(owner, { avatar: null })).avatar).toBeNull();
  });

  it("crops an uploaded background to a 1920 × 480 band, and removes it", async () => {
    const answer = await edit(owner, { background: await picture("webp", 1000, 1000) });
    const background = answer.backgroundUrl as string;
    expect(background).toMatch(new RegExp(`^/media/backgrounds/${owner.id}-[0-9a-f]{12}\\.jpg$`));
    const original = await stored(background);
    expect([original.format, original.width, original.height]).toEqual(["jpeg", 1920, 480]);
    const copy = await sharp(
      join(t.mediaDir, RESIZED_DIR, "1920", `${background.replace("/media/", "")}.webp`),
    ).metadata();
    expect([copy.format, copy.width, copy.height]).toEqual(["webp", 1920, 480]);
    expect((await profileOf(owner)).backgroundUrl).toBe(background);
    expect((await edit(owner, { background: null })).backgroundUrl).toBeNull();
  });

  it("counts characters as readers do: 50 for a name, 2,000 for about", async () => {
    const writer = await person();
    const answer = await edit(writer, { name: "🐉".repeat(50), description: "é".repeat(2000) });
    expect([...answer.name]).toHaveLength(50);
    expect([...answer.description]).toHaveLength(2000);
  });

  it("refuses bad input with a message for its field, changing nothing", async () => {
    const writer = await person();
    await edit(writer, {
      name: "Kept Name",
      description: "Kept about",
      highlight_colour: "#4338ca",
    });
    const avatarsBefore = await mediaFiles("avatars");
    const refusal = async (body: unknown) => {
      const response = await patch(writer, body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      return (await response.json()) as { code: string; message: string; fields?: object };
    };
    expect(await refusal({ name: " \u200b\n " })).toEqual({
      code: "bad_request",
      message: "Enter the name to show on your profile.",
      fields: { name: "Enter the name to show on your profile." },
    });
    expect(await refusal({ name: "x".repeat(51), avatar: await picture("png", 64, 64) })).toEqual({
      code: "bad_request",
      message: "A name is at most 50 characters.",
      fields: { name: "A name is at most 50 characters." },
    });
    expect(await refusal({ description: "y".repeat(2001) })).toMatchObject({
      message: "About is at most 2,000 characters.",
      fields: { description: "About is at most 2,000 characters." },
    });
    expect(await refusal({ highlight_colour: "#ff0000" })).toMatchObject({
      fields: { highlight_colour: "Choose one of the highlight colours." },
    });
    expect(await refusal({ name: 42 })).toMatchObject({ fields: { name: "name must be text" } });
    expect((await refusal({ username: "someone_else" })).message).toBe(
      "username is not a field of this call",
    );
    expect((await refusal({})).message).toBe(
      "Nothing to change: send a name, description, highlight_colour, avatar or background",
    );
    // A refused image refuses the whole edit, the name with it.
    expect(await refusal({ name: "Changed", avatar: await picture("gif", 64, 64) })).toEqual({
      code: "unsupported_image",
      message: "Choose a JPEG, PNG or WebP image.",
    });
    expect(
      await refusal({
        name: "Changed",
        background: Buffer.alloc(5 * 1024 * 1024 + 1, 1).toString("base64"),
      }),
    ).toEqual({
      code: "image_too_large",
      message: "The image is larger than 5 MB. Choose a smaller one.",
    });

    expect(await profileOf(writer)).toMatchObject({
      name: "Kept Name",
      description: "Kept about",
      highlight_colour: "#4338ca",
      avatar: null,
    });
    expect(await mediaFiles("avatars")).toEqual(avatarsBefore);
  });

  it("cuts off a request far larger than two images before reading it", async () => {
    const writer = await person();
    const huge = Buffer.alloc(8 * 1024 * 1024, 3).toString("base64");
    const response = await patch(writer, { avatar: huge, background: huge });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: "image_too_large" });
  });

  it("lets only the owner edit: visitors 401, others and time-outs 403", async () => {
    const writer = await person();
    await edit(writer, { name: "The Owner" });
    expect((await patch(null, { name: "Visitor" }, writer.username)).status).toBe(401);
    const stranger = await patch(await person(), { name: "Stranger" }, writer.username);
    expect(stranger.status).toBe(403);
    expect(await stranger.json()).toEqual({
      code: "forbidden",
      message: "You can only edit your own profile.",
    });
    await t.handle.db
      .updateTable("users")
      .set({ timed_out_until: Date.now() + 60_000 })
      .where("id", "=", writer.id)
      .execute();
    const timedOut = await patch(writer, { name: "In a time-out" });
    expect(timedOut.status).toBe(403);
    expect(await timedOut.json()).toMatchObject({ code: "timed_out" });
    expect((await profileOf(writer)).name).toBe("The Owner");
  });

  it("answers for the owner whatever case their name is written in", async () => {
    const writer = await person();
    const response = await patch(writer, { name: "Case Blind" }, writer.username.toUpperCase());
    expect(response.status).toBe(200);
    expect(((await response.json()) as UserProfile).username).toBe(writer.username);
  });
});
