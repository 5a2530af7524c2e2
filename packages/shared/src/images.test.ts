import { describe, expect, it } from "vitest";
import { COVER_WIDTHS, coverSources, coverWidthFor } from "./images.ts";

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
