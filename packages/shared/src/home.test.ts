import { describe, expect, it } from "vitest";
import { featuresFrom } from "./features.ts";
import {
  curationUsername,
  featuredAutoplayMs,
  featuredListUrl,
  genreTagOf,
  HERO_LIMITS,
  type HeroLimits,
  heroTags,
  isCurationAccount,
  MAX_GENRES,
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
    // Flags that could not be fetched are empty: the usual pace.
    expect(featuredAutoplayMs(null)).toBe(5500);
  });
});

describe("genreTagOf", () => {
  it("finds a genre by its tag or its name, in any case and with spaces around", () => {
    expect(genreTagOf("scifi")).toBe("scifi");
    expect(genreTagOf(" Science Fiction ")).toBe("scifi");
    expect(genreTagOf("HISTORICAL FICTION")).toBe("historical");
  });

  it("finds nothing for other tags", () => {
    expect(genreTagOf("science")).toBeNull();
    expect(genreTagOf("")).toBeNull();
  });
});
