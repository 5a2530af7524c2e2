import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESIZED_DIR, resizedImages } from "./resized-images.ts";

let mediaDir: string;
let site: Hono;

const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="800" viewBox="0 0 512 800">
  <rect width="512" height="800" fill="#5b2bd6"/><circle cx="256" cy="400" r="120" fill="#fff"/></svg>`;

beforeAll(async () => {
  mediaDir = await mkdtemp(join(tmpdir(), "inkwell-media-"));
  await mkdir(join(mediaDir, "covers"));
  await writeFile(join(mediaDir, "covers", "7.svg"), SVG);
  await mkdir(join(mediaDir, "avatars"));
  await writeFile(join(mediaDir, "avatars", "7.svg"), SVG);
  site = new Hono();
  site.use("/media/*", resizedImages(mediaDir));
  site.get("/media/*", (c) => c.text("original", 200));
});

afterAll(async () => {
  await rm(mediaDir, { recursive: true, force: true });
});

describe("GET /media/covers/{file}?w=", () => {
  it("serves a cover at a spec width as WebP, made once and kept", async () => {
    const [first, second] = await Promise.all([
      site.request("/media/covers/7.svg?w=144"),
      site.request("/media/covers/7.svg?w=144"),
    ]);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/webp");
    const image = await sharp(Buffer.from(await first.arrayBuffer())).metadata();
    expect([image.format, image.width, image.height]).toEqual(["webp", 144, 225]);
    expect((await second.arrayBuffer()).byteLength).toBeGreaterThan(0);
    expect(await readdir(join(mediaDir, RESIZED_DIR, "144", "covers"))).toEqual(["7.svg.webp"]);
    const again = await site.request("/media/covers/7.svg?w=144");
    expect(again.status).toBe(200);
  });

  it("refuses widths the spec does not list, and leaves other paths alone", async () => {
    const odd = await site.request("/media/covers/7.svg?w=150");
    expect(odd.status).toBe(400);
    expect(((await odd.json()) as { message: string }).message).toContain("w must be one of 64");
    expect(await (await site.request("/media/covers/7.svg")).text()).toBe("original");
    expect(await (await site.request("/media/covers/missing.svg?w=144")).text()).toBe("original");
    expect(await (await site.request("/media/covers/..%2F..%2Fetc?w=144")).text()).toBe("original");
  });
});

describe("GET /media/avatars/{file}?w=", () => {
  it("serves an avatar at the avatar sizes of §9 only", async () => {
    const small = await site.request("/media/avatars/7.svg?w=42");
    expect(small.status).toBe(200);
    const image = await sharp(Buffer.from(await small.arrayBuffer())).metadata();
    expect([image.format, image.width]).toEqual(["webp", 42]);
    const coverWidth = await site.request("/media/avatars/7.svg?w=144");
    expect(coverWidth.status).toBe(400);
    expect(((await coverWidth.json()) as { message: string }).message).toBe(
      "w must be one of 24, 32, 42, 64, 128, 256",
    );
  });
});
