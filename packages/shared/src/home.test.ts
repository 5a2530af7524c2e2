import { describe, expect, it } from "vitest";
import { featuresFrom } from "./features.ts";
import {
  curationUsername,
  featuredAutoplayMs,
  featuredListUrl,
  HERO_LIMITS,
  type HeroLimits,
  heroTags,
  isCurationAccount,
  MAX_GENRES,
  STORY_CAROUSEL_ROWS,
  storyCarouselHasArrows,
  storyCarouselSizes,
  storyCarouselStep,
  toggleGenre,
} from "./home.ts";

describe("toggleGenre", () => {
  it("adds up to three genres and refuses a fourth, keeping the choice", () => {
    let chosen: string[] = [];
    for (const tag of ["romance", "horror", "poetry"]) {
      const result = toggleGenre(chosen, tag);
      expect(result.refused).toBe(false);
      chosen = result.chosen;
    }
    expect(chosen).toHaveLength(MAX_GENRES);
    expect(toggleGenre(chosen, "fantasy")).toEqual({ chosen, refused: true });
  });

  it("removes a chosen genre, making room for another", () => {
    const { chosen } = toggleGenre(["romance", "horror", "poetry"], "horror");
    expect(chosen).toEqual(["romance", "poetry"]);
    expect(toggleGenre(chosen, "fantasy")).toEqual({
      chosen: ["romance", "poetry", "fantasy"],
      refused: false,
    });
  });
});

describe("curation accounts", () => {
  it("name one account per language and recognise only those", () => {
    expect(curationUsername(1)).toBe("inkwell_en");
    expect(curationUsername(2)).toBe("inkwell_fr");
    expect(isCurationAccount("Inkwell_EN")).toBe(true);
    expect(isCurationAccount("inkwell_xx")).toBe(false);
    expect(featuredListUrl(12)).toBe("/featured/12");
  });
});

describe("hero limits", () => {
  it("follow reader.md §9 from the widest layout down", () => {
    expect(HERO_LIMITS.map((l) => [l.description, l.title, l.tags, l.tagLength])).toEqual([
      [500, 200, 3, 18],
      [250, 60, 2, 10],
      [100, 30, 1, 8],
      [60, 30, 1, 8],
    ]);
  });

  it("show only tags shorter than the limit, up to its count", () => {
    const tags = ["enemiestolovers", "romance", "slowburn", "love", "billionaire"];
    expect(heroTags(tags, HERO_LIMITS[0] as HeroLimits)).toEqual([
      "enemiestolovers",
      "romance",
      "slowburn",
    ]);
    expect(heroTags(tags, HERO_LIMITS[1] as HeroLimits)).toEqual(["romance", "slowburn"]);
    expect(heroTags(tags, HERO_LIMITS[3] as HeroLimits)).toEqual(["romance"]);
  });
});

describe("featured carousel autoplay", () => {
  it("advances every 5500 ms, or 5000 ms with the HFC_LIMIT_INCREASE flag", () => {
    expect(featuredAutoplayMs(featuresFrom({}))).toBe(5500);
    expect(featuredAutoplayMs(featuresFrom({ HFC_LIMIT_INCREASE: true }))).toBe(5000);
  });
});

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
