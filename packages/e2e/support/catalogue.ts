import type { Locator } from "playwright-core";

/** What the journeys need to know about the seeded catalogue, read from the public API. */

export interface StoryListEntry {
  id: number;
  title: string;
  url: string;
  firstPartId: number | null;
  numParts: number;
}

export interface PartSummary {
  id: number;
  title: string;
  url: string;
}

export interface StoryFixture {
  id: number;
  title: string;
  url: string;
  description: string;
  numParts: number;
  parts: PartSummary[];
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return (await response.json()) as T;
}

/** The home page's "Popular right now" list is the API's hot list, first 12. */
export const HOME_POPULAR_LIMIT = 12;

export async function hotStories(baseUrl: string, limit = HOME_POPULAR_LIMIT) {
  const list = await getJson<{ stories: StoryListEntry[]; total: number }>(
    `${baseUrl}/api/v3/stories?filter=hot&limit=${limit}`,
  );
  return list.stories;
}

/** The first hot story with at least `minParts` parts, with its description and parts. */
export async function findStoryWithParts(baseUrl: string, minParts = 2): Promise<StoryFixture> {
  const hot = await hotStories(baseUrl);
  const entry = hot.find((story) => story.numParts >= minParts && story.firstPartId !== null);
  if (!entry) {
    throw new Error(`None of the ${hot.length} hot stories has ${minParts} or more parts`);
  }
  const story = await getJson<StoryFixture>(
    `${baseUrl}/api/v3/stories/${entry.id}?fields=id,title,url,description,numParts,parts`,
  );
  if (story.parts.length < minParts) {
    throw new Error(`Story ${story.id} lists ${story.parts.length} parts, expected ${minParts}+`);
  }
  return story;
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
};

/** Decodes the character references React's server renderer emits. */
export function decodeEntities(html: string): string {
  return html.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (match, ref: string) => {
    if (ref[0] === "#") {
      const code =
        ref[1] === "x" || ref[1] === "X"
          ? Number.parseInt(ref.slice(2), 16)
          : Number.parseInt(ref.slice(1), 10);
      return String.fromCodePoint(code);
    }
    return NAMED_ENTITIES[ref.toLowerCase()] ?? match;
  });
}

/** The text of an HTML document as a no-JS reader gets it: no scripts, no tags, entities decoded. */
export function htmlToText(html: string): string {
  const withoutScripts = html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/gi, " ");
  return decodeEntities(withoutScripts.replace(/<[^>]+>/g, " "))
    .replace(/\s+/g, " ")
    .trim();
}

/** Whitespace collapsed, as text is compared once tags are gone (null, from an empty node, is ""). */
export function squash(text: string | null): string {
  return (text ?? "").replace(/\s+/g, " ").trim();
}

/** A part's paragraph as the reader reads it: its words, not its comment marker's count. */
export async function paragraphWords(paragraph: Locator): Promise<string> {
  return squash(
    await paragraph.evaluate((p) => {
      const words = p.cloneNode(true) as HTMLElement;
      words.querySelector(".paragraph-marker-host")?.remove();
      return words.textContent;
    }),
  );
}

/** Escapes text for use in a RegExp. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
