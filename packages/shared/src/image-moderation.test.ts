import { describe, expect, it } from "vitest";
import {
  appealOutcomeMessage,
  imageSources,
  isReservedUsername,
  IMAGE_MODERATION_MESSAGES as M,
  withoutImages,
} from "./image-moderation.ts";

describe("appealOutcomeMessage", () => {
  it("thanks on success, whatever the status", () => {
    expect(appealOutcomeMessage("submitted", true)).toBe(M.appealed);
  });
  it("reads the status of a failed call: submitted, resolved, anything else", () => {
    expect(appealOutcomeMessage("submitted", false)).toBe(M.alreadyAppealed);
    expect(appealOutcomeMessage("resolved", false)).toBe(M.alreadyReviewed);
    expect(appealOutcomeMessage("error", false)).toBe(M.appealFailed);
  });
});

describe("isReservedUsername", () => {
  it("reserves the support account in any case", () => {
    expect(isReservedUsername("inkwellsupport")).toBe(true);
    expect(isReservedUsername("InkwellSupporter")).toBe(false);
  });
  it("reserves every language's curation account name, today's and later ones", () => {
    for (const name of ["inkwell_en", "Inkwell_DE", "inkwell_fil", "inkwell_zz"]) {
      expect(isReservedUsername(name)).toBe(true);
    }
    for (const name of ["inkwell_fans", "inkwell_e", "inkwell", "my_inkwell_en"]) {
      expect(isReservedUsername(name)).toBe(false);
    }
  });
});

describe("imageSources and withoutImages", () => {
  const html =
    '<p data-p-id="a">Look:<img src="/media/images/1-x.webp" alt="A cat"></p><p data-p-id="b"><img src="https://example.com/a.png?x=1&amp;y=2" alt=""></p>';

  it("lists a part's pictures in order, unescaped", () => {
    expect(imageSources(html)).toEqual([
      "/media/images/1-x.webp",
      "https://example.com/a.png?x=1&y=2",
    ]);
    expect(imageSources("<p>No pictures</p>")).toEqual([]);
  });

  it("takes out only the named pictures, keeping the paragraphs", () => {
    expect(withoutImages(html, new Set(["/media/images/1-x.webp"]))).toBe(
      '<p data-p-id="a">Look:</p><p data-p-id="b"><img src="https://example.com/a.png?x=1&amp;y=2" alt=""></p>',
    );
    expect(withoutImages(html, new Set())).toBe(html);
  });
});
