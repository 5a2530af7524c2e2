import { en, Faker } from "@faker-js/faker";
import { countWords, htmlToPlainText } from "@inkwell/shared";
import { describe, expect, it, vi } from "vitest";
import { CATEGORIES } from "./catalogue.ts";
import { cheapPartHtml, partHtml, storyContent, userBio } from "./content.ts";
import { coverSvg } from "./covers.ts";

const GENRES = [...CATEGORIES, "Werewolf"];

const SMALL_WORDS = new Set(["a", "an", "and", "as", "at", "but", "by", "for", "from", "in"]);
for (const word of ["into", "of", "on", "or", "the", "to", "with"]) SMALL_WORDS.add(word);

function seeded(seed: number): Faker {
  const faker = new Faker({ locale: [en] });
  faker.seed(seed);
  return faker;
}

/** A miniature seed run: every generator, in a fixed call order. */
function catalogue(seed: number) {
  const faker = seeded(seed);
  return GENRES.map((genre, i) => ({
    story: storyContent(faker, genre, 1 + i),
    part: partHtml(faker, `s${i}`, 8),
    bio: userBio(faker),
  }));
}

function stories(count: number, seed = 7) {
  const faker = seeded(seed);
  return Array.from({ length: count }, (_, i) => {
    const genre = GENRES[i % GENRES.length] ?? "Romance";
    return { genre, ...storyContent(faker, genre, 1 + (i % 30)) };
  });
}

const PARAGRAPH = /<p data-p-id="([^"]*)">(.*?)<\/p>/g;

function paragraphs(html: string): { id: string; inner: string }[] {
  return [...html.matchAll(PARAGRAPH)].map(([, id = "", inner = ""]) => ({ id, inner }));
}

describe("determinism", () => {
  it("gives identical output for the same seed and call order", () => {
    expect(catalogue(42)).toEqual(catalogue(42));
  });

  it("gives different output for a different seed", () => {
    const a = catalogue(42);
    const b = catalogue(43);
    const sameTitles = a.filter((entry, i) => entry.story.title === b[i]?.story.title);
    expect(sameTitles.length).toBeLessThan(3);
    expect(a.map((entry) => entry.part.html)).not.toEqual(b.map((entry) => entry.part.html));
  });
});

describe("storyContent", () => {
  const sample = stories(1500);

  it("makes Title Case titles of 2–7 words without trailing punctuation", () => {
    for (const { title } of sample) {
      const words = title.split(" ");
      expect(words.length, title).toBeGreaterThanOrEqual(2);
      expect(words.length, title).toBeLessThanOrEqual(7);
      expect(title, title).not.toMatch(/[.,;:!?]$/);
      words.forEach((word, i) => {
        const inner = i > 0 && i < words.length - 1;
        const expected = inner && SMALL_WORDS.has(word.toLowerCase()) ? /^[a-z]/ : /^[^a-z]/;
        expect(word, title).toMatch(expected);
      });
    }
  });

  it("uses the right article before a vowel", () => {
    for (const { title } of sample) expect(title, title).not.toMatch(/\b[Aa] [AEIOU]/);
  });

  it("varies titles a lot across a full catalogue", () => {
    const distinct = new Set(sample.map((story) => story.title));
    expect(distinct.size).toBeGreaterThan(1150);
  });

  it("writes blurbs of 2–4 sentences and 150–600 characters", () => {
    for (const { description } of sample.slice(0, 200)) {
      expect(description.length, description).toBeGreaterThanOrEqual(150);
      expect(description.length, description).toBeLessThanOrEqual(600);
      // Sentence ends: ". Next", "? Next", or the end of the text ("a.m." is not one).
      const ends = description.match(/[.?!](?= [A-Z]|$)/g) ?? [];
      expect(ends.length, description).toBeGreaterThanOrEqual(2);
      expect(ends.length, description).toBeLessThanOrEqual(4);
    }
  });

  it("fills every template slot", () => {
    for (const story of sample) {
      const text = [story.title, story.description, ...story.partTitles].join(" ");
      expect(text).not.toMatch(/[{}_]/);
    }
  });

  it("gives one part title per part, Prologue only first and Epilogue only last", () => {
    for (const { partTitles } of sample) {
      expect(partTitles.every((title) => title.length > 0)).toBe(true);
      expect(partTitles.indexOf("Prologue")).toBeLessThanOrEqual(0);
      const epilogue = partTitles.indexOf("Epilogue");
      expect(epilogue === -1 || epilogue === partTitles.length - 1).toBe(true);
    }
    const faker = seeded(1);
    expect(storyContent(faker, "Mystery", 1).partTitles).toHaveLength(1);
    expect(storyContent(faker, "Fantasy", 45).partTitles).toHaveLength(45);
  });

  it("falls back to general fiction for an unknown genre", () => {
    const story = storyContent(seeded(1), "Cookbooks", 3);
    expect(story.title.length).toBeGreaterThan(0);
    expect(story.partTitles).toHaveLength(3);
  });
});

describe("partHtml", () => {
  it("renders exactly N paragraphs with ids <partKey>p0…", () => {
    const faker = seeded(5);
    for (const count of [4, 7, 12]) {
      const { html } = partHtml(faker, "x9Z", count);
      const found = paragraphs(html);
      expect(found.map((p) => p.id)).toEqual(Array.from({ length: count }, (_, i) => `x9Zp${i}`));
      // Nothing outside the paragraphs.
      expect(html.replace(PARAGRAPH, "")).toBe("");
    }
  });

  it("counts the words of the plain text", () => {
    const faker = seeded(6);
    for (let i = 0; i < 50; i++) {
      const { html, wordCount } = partHtml(faker, "k", 4 + (i % 9));
      expect(wordCount).toBe(countWords(htmlToPlainText(html)));
      expect(wordCount).toBeGreaterThan(0);
    }
  });

  it("escapes HTML in generated text", () => {
    const faker = seeded(8);
    vi.spyOn(faker.person, "firstName").mockReturnValue('Al<b>&"Co');
    const { html, wordCount } = partHtml(faker, "k", 12);
    expect(html).toContain("Al&lt;b&gt;&amp;&quot;Co");
    expect(html).not.toContain("<b>");
    expect(wordCount).toBe(countWords(htmlToPlainText(html)));
  });

  it("names a character at most once per sentence, using pronouns after", () => {
    const faker = seeded(12);
    let n = 0;
    vi.spyOn(faker.person, "firstName").mockImplementation(() => `Name${n++}x`);
    for (let i = 0; i < 100; i++) {
      const text = htmlToPlainText(partHtml(faker, "k", 10).html);
      for (const sentence of text.split(/(?<=[.?!”])\s+/)) {
        const names = sentence.match(/Name\d+x/g) ?? [];
        expect(new Set(names).size, sentence).toBe(names.length);
      }
    }
  });

  it("keeps paragraph text free of raw markup except <em>", () => {
    const faker = seeded(9);
    for (let i = 0; i < 40; i++) {
      for (const { inner } of paragraphs(partHtml(faker, "k", 10).html)) {
        const text = inner.replace(/<\/?em>/g, "");
        expect(text).not.toMatch(/[<>"]/);
        expect(text).not.toMatch(/&(?!amp;|lt;|gt;|quot;|#39;)/);
      }
    }
  });

  it("writes dialogue with curly quotes and italics in about one paragraph in ten", () => {
    const faker = seeded(10);
    const all = Array.from({ length: 100 }, () => paragraphs(partHtml(faker, "k", 10).html)).flat();
    const dialogue = all.filter((p) => p.inner.includes("“"));
    const italic = all.filter((p) => /<em>[^<]+<\/em>/.test(p.inner));
    expect(dialogue.length / all.length).toBeGreaterThan(0.2);
    expect(italic.length / all.length).toBeGreaterThan(0.03);
    expect(italic.length / all.length).toBeLessThan(0.15);
    for (const { inner } of dialogue) {
      expect(inner.split("“").length, inner).toBe(inner.split("”").length);
    }
  });
});

describe("cheapPartHtml", () => {
  it("is deterministic per index, and the part key only changes ids", () => {
    expect(cheapPartHtml(123, "a1")).toEqual(cheapPartHtml(123, "a1"));
    const a = cheapPartHtml(123, "a1");
    const b = cheapPartHtml(123, "b2");
    expect(b.html).toBe(a.html.replaceAll('data-p-id="a1p', 'data-p-id="b2p'));
    expect(cheapPartHtml(124, "a1").html).not.toBe(a.html);
  });

  it("produces 5–8 paragraphs of ~2–4 KB with a correct word count", () => {
    const counts = new Set<number>();
    for (let index = 0; index < 2000; index += 7) {
      const { html, wordCount } = cheapPartHtml(index, "p7");
      const found = paragraphs(html);
      counts.add(found.length);
      expect(found.length).toBeGreaterThanOrEqual(5);
      expect(found.length).toBeLessThanOrEqual(8);
      expect(found.map((p) => p.id)).toEqual(found.map((_, i) => `p7p${i}`));
      expect(new Set(found.map((p) => p.inner)).size).toBe(found.length);
      expect(html.length).toBeGreaterThanOrEqual(1800);
      expect(html.length).toBeLessThanOrEqual(4500);
      expect(wordCount).toBe(countWords(htmlToPlainText(html)));
    }
    expect([...counts].sort()).toEqual([5, 6, 7, 8]);
  });
});

describe("userBio", () => {
  it("writes a short filled-in bio", () => {
    const faker = seeded(11);
    for (let i = 0; i < 100; i++) {
      const bio = userBio(faker);
      expect(bio.length).toBeGreaterThan(20);
      expect(bio.length).toBeLessThanOrEqual(160);
      expect(bio).not.toMatch(/[{}]/);
    }
  });
});

/** Start and end tags pair up (self-closing tags stand alone). */
function balanced(svg: string): boolean {
  const open: string[] = [];
  for (const [, closing, name, selfClosing] of svg.matchAll(/<(\/?)([\w:]+)[^>]*?(\/?)>/g)) {
    if (selfClosing) continue;
    if (!closing) open.push(name ?? "");
    else if (open.pop() !== name) return false;
  }
  return open.length === 0;
}

describe("coverSvg", () => {
  const options = {
    title: "Midnight at Harrow Lane",
    author: "Mara Ellis",
    seed: 3,
    genre: "Mystery",
  };

  it("returns a complete, balanced SVG with the title for accessibility", () => {
    for (let seed = 0; seed < 200; seed++) {
      const svg = coverSvg({ ...options, seed });
      expect(svg.startsWith("<svg")).toBe(true);
      expect(svg.endsWith("</svg>")).toBe(true);
      expect(svg).toContain('viewBox="0 0 512 800"');
      expect(svg).toContain("<title>Midnight at Harrow Lane</title>");
      expect(balanced(svg)).toBe(true);
      expect(svg.length).toBeLessThan(3072);
    }
  });

  it("escapes XML special characters in the title, author and genre", () => {
    const svg = coverSvg({ title: "Salt & <Smoke>", author: "A & B", seed: 1, genre: "R&D" });
    expect(svg).toContain("<title>Salt &amp; &lt;Smoke&gt;</title>");
    expect(svg).toContain("A &amp; B");
    expect(svg).toContain("R&amp;D");
    expect(svg).not.toMatch(/&(?!amp;|lt;|gt;|quot;|#39;)/);
    expect(balanced(svg)).toBe(true);
  });

  it("wraps a long title over at most four lines", () => {
    const title =
      "The Extraordinarily Long and Winding Chronicle of the Lighthouse Keeper's Youngest Daughter";
    const svg = coverSvg({ ...options, title });
    const lines = [...svg.matchAll(/<tspan[^>]*>([^<]*)<\/tspan>/g)].map(([, line]) => line);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.length).toBeLessThanOrEqual(4);
    expect(lines.join(" ")).toBe(title.replace("'", "&#39;"));
  });

  it("is deterministic per seed and varies between seeds", () => {
    expect(coverSvg(options)).toBe(coverSvg(options));
    const covers = Array.from({ length: 60 }, (_, seed) => coverSvg({ ...options, seed }));
    const palettes = new Set(covers.map((svg) => svg.match(/stop-color="(#\w+)"/)?.[1]));
    const motifs = new Set(covers.map((svg) => svg.match(/<g class="(\w+)">/)?.[1]));
    expect(palettes.size).toBeGreaterThanOrEqual(10);
    expect(motifs.size).toBeGreaterThanOrEqual(5);
  });
});
