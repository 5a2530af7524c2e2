import { describe, expect, it } from "vitest";
import {
  avatarSources,
  backgroundSource,
  COVER_WIDTHS,
  coverSources,
  coverWidthFor,
} from "./images.ts";

describe("cover widths", () => {
  it("are the spec's fifteen widths", () => {
    expect(COVER_WIDTHS).toEqual([
      64, 80, 100, 128, 144, 160, 176, 200, 208, 256, 288, 352, 368, 416, 512,
    ]);
  });

  it("round a display width up to the next spec width, capped at 512", () => {
    expect(coverWidthFor(144)).toBe(144);
    expect(coverWidthFor(145)).toBe(160);
    expect(coverWidthFor(195)).toBe(200);
    expect(coverWidthFor(1)).toBe(64);
    expect(coverWidthFor(900)).toBe(512);
  });

  it("offer the 1x and 2x files", () => {
    expect(coverSources("/media/covers/7.svg", 144)).toEqual({
      src: "/media/covers/7.svg?w=144",
      srcSet: "/media/covers/7.svg?w=144 144w, /media/covers/7.svg?w=288 288w",
    });
    expect(coverSources("/media/covers/7.svg", 300)).toEqual({
      src: "/media/covers/7.svg?w=352",
      srcSet: "/media/covers/7.svg?w=352 352w, /media/covers/7.svg?w=512 512w",
    });
    expect(coverSources("/media/covers/7.svg", 512).srcSet).toBe("/media/covers/7.svg?w=512 512w");
  });
});

describe("avatarSources and backgroundSource", () => {
  it("ask uploaded pictures at the §9 sizes, twice as large for dense screens", () => {
    expect(avatarSources("/media/avatars/3-ab.jpg", 42)).toEqual({
      src: "/media/avatars/3-ab.jpg?w=42",
      srcSet: "/media/avatars/3-ab.jpg?w=42 1x, /media/avatars/3-ab.jpg?w=128 2x",
    });
    expect(avatarSources("/media/avatars/3-ab.jpg", 128)).toEqual({
      src: "/media/avatars/3-ab.jpg?w=128",
      srcSet: "/media/avatars/3-ab.jpg?w=128 1x, /media/avatars/3-ab.jpg?w=256 2x",
    });
    expect(avatarSources("/media/avatars/3-ab.jpg", 256)).toEqual({
      src: "/media/avatars/3-ab.jpg?w=256",
    });
    expect(backgroundSource("/media/backgrounds/3-ab.jpg")).toBe(
      "/media/backgrounds/3-ab.jpg?w=1920",
    );
  });

  it("leave other pictures as they are", () => {
    expect(avatarSources("/images/seeded.svg", 32)).toEqual({ src: "/images/seeded.svg" });
    expect(backgroundSource("/images/band.svg")).toBe("/images/band.svg");
  });
});
