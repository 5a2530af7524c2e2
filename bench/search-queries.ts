/**
 * The search benchmarks' query mix (bench/search.ts over HTTP, bench/search-cost.ts
 * in-process): words that readers of the bench catalogue would type, drawn from it.
 */
import { DatabaseSync } from "node:sqlite";
import { mulberry32 } from "../packages/server/src/seed/random.ts";

/** Words nobody searches for on their own; two-word queries keep them ("the lost"). */
const STOP_WORDS = new Set(["the", "and", "for", "with", "from", "into", "that", "this", "was"]);
/** The web app's page sizes: 15 stories (desktop), 10 profiles. */
export const STORY_LIMIT = 15;
export const PEOPLE_LIMIT = 10;

export type Kind = "story" | "people";

export interface Vocabulary {
  titleWords: string[];
  titlePairs: string[];
  nameWords: string[];
}

/** Words from published titles and from people's names: what readers type. */
export function loadVocabulary(databasePath: string): Vocabulary {
  const db = new DatabaseSync(databasePath, { readOnly: true });
  try {
    const titles = db
      .prepare("SELECT title FROM stories WHERE draft = 0 AND deleted = 0 ORDER BY id LIMIT 20000")
      .all() as Array<{ title: string }>;
    const words = new Set<string>();
    const pairs = new Set<string>();
    for (const { title } of titles) {
      const tokens = title.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
      for (const token of tokens) if (token.length >= 3 && !STOP_WORDS.has(token)) words.add(token);
      for (let i = 0; i + 1 < tokens.length; i++) pairs.add(`${tokens[i]} ${tokens[i + 1]}`);
    }
    const names = db.prepare("SELECT name FROM users ORDER BY id LIMIT 5000").all() as Array<{
      name: string;
    }>;
    const nameWords = new Set<string>();
    for (const { name } of names) {
      for (const token of name.toLowerCase().match(/[\p{L}]+/gu) ?? []) {
        if (token.length >= 3) nameWords.add(token);
      }
    }
    return {
      titleWords: [...words].sort(),
      titlePairs: [...pairs].sort(),
      nameWords: [...nameWords].sort(),
    };
  } finally {
    db.close();
  }
}

const FILTERS = [
  "content=complete",
  "length=oneToTen",
  "updated=year",
  "content=free&length=tenToTwenty",
  "content=complete,paid",
  "updated=month,year&content=complete",
];

/**
 * A third each of one-word, two-word and filtered story queries; people queries are a
 * name word, or its first three to five letters (typing in progress).
 */
export function pathMaker(vocabulary: Vocabulary, kind: Kind, seed: number): () => string {
  const rand = mulberry32(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
  if (kind === "people") {
    return () => {
      const word = pick(vocabulary.nameWords);
      const query = rand() < 0.5 ? word : word.slice(0, 3 + Math.floor(rand() * 3));
      return `/v4/search/users/?${new URLSearchParams({ query, limit: String(PEOPLE_LIMIT) })}`;
    };
  }
  return () => {
    const roll = rand();
    const query =
      roll < 1 / 3 || roll >= 2 / 3 ? pick(vocabulary.titleWords) : pick(vocabulary.titlePairs);
    const params = new URLSearchParams({ query, limit: String(STORY_LIMIT) });
    return `/v4/search/stories?${params}${roll >= 2 / 3 ? `&${pick(FILTERS)}` : ""}`;
  };
}
