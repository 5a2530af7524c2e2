import { describe, expect, it } from "vitest";
import {
  STORY_CAROUSEL_ROWS,
  storyCarouselHasArrows,
  storyCarouselSizes,
  storyCarouselStep,
} from "./carousel.ts";

describe("story carousels", () => {
  it("show 5 stories on desktop, 2.5 up to 960 px, 3.5 up to 575 and 3 up to 360 (§9)", () => {
    const shownAt = (width: number) =>
      STORY_CAROUSEL_ROWS.find((row) => width >= row.minWidth)?.shown;
    expect([1280, 961, 960, 576, 575, 361, 360, 320].map(shownAt)).toEqual([
      5, 5, 2.5, 2.5, 3.5, 3.5, 3, 3,
    ]);
  });

  it("have arrows only when they hold more than 5 stories", () => {
    expect(storyCarouselHasArrows(5)).toBe(false);
    expect(storyCarouselHasArrows(6)).toBe(true);
  });

  it("ask for covers as wide as a row's share, 200 px at most on desktop", () => {
    expect(storyCarouselSizes()).toBe(
      "(min-width: 961px) 200px, (min-width: 576px) 40vw, (min-width: 361px) 29vw, 34vw",
    );
  });

  it("move by the stories a row shows whole", () => {
    // 5 stories of 184 px with 16 px gaps fill 1000 px: a page is all five.
    expect(storyCarouselStep(1000, 184, 16)).toBe(1000);
    // 2.5 stories: two whole ones a press, never the half one.
    expect(storyCarouselStep(900, 348, 16)).toBe(2 * 364);
    // Narrower than one story: still one story a press.
    expect(storyCarouselStep(100, 184, 16)).toBe(200);
  });
});
