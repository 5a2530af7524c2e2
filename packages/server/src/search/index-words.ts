/**
 * Words and their weights as the SQLite search index keeps them (docs/decisions/
 * 019-search-speed.md). Documents and queries go through the same `indexWords`, so a query
 * word matches exactly what indexing produced.
 */

/** Longer words are cut, as query words are (searchTerms). */
const MAX_WORD_LENGTH = 40;

/**
 * Lower-case runs of letters and runs of digits, accents removed from Latin letters
 * ("Café" → "cafe"). Letters and digits are apart, so "Hugo_Brooks12" is hugo, brooks, 12
 * and a search for "brooks" finds every Brooks by one word. Other marks part words, as
 * searchTerms parts a query, so both sides cut a word the same way.
 */
export function indexWords(text: string): string[] {
  const folded = text
    .normalize("NFKD")
    .replace(/(\p{Script=Latin})\p{M}+/gu, "$1")
    .normalize("NFC")
    .toLowerCase();
  return (folded.match(/\p{L}+|\p{N}+/gu) ?? []).map((word) => word.slice(0, MAX_WORD_LENGTH));
}

export interface WeightedText {
  text: string;
  weight: number;
}

/** BM25's saturation and length normalisation, as FTS5's bm25() uses them. */
const K1 = 1.2;
const B = 0.75;
/** Impacts are integers: 100 per unit of score, so near-equal matches tie and the tie-break decides. */
export const IMPACT_SCALE = 100;

/**
 * Each word's impact in one document: BM25 without the IDF factor (the same for every
 * document of a word, so a word's postings can be ordered once, at write time).
 * `frequency` = Σ column weight × occurrences; the document length is compared with
 * `typicalLength`, a constant rather than the corpus average so that no write ever
 * changes another document's impacts. `boosted` words get `boost` on top.
 */
export function wordImpacts(
  fields: WeightedText[],
  typicalLength: number,
  boosted: ReadonlySet<string> = new Set(),
  boost = 0,
): Map<string, number> {
  const frequency = new Map<string, number>();
  let length = 0;
  for (const { text, weight } of fields) {
    const words = indexWords(text);
    length += words.length;
    for (const word of words) frequency.set(word, (frequency.get(word) ?? 0) + weight);
  }
  const norm = K1 * (1 - B + (B * length) / typicalLength);
  const impacts = new Map<string, number>();
  for (const [word, weighted] of frequency) {
    const score = (weighted * (K1 + 1)) / (weighted + norm) + (boosted.has(word) ? boost : 0);
    impacts.set(word, Math.round(score * IMPACT_SCALE));
  }
  return impacts;
}

/** BM25's inverse document frequency, for weighing the words of a query against each other. */
export function inverseDocumentFrequency(documents: number, withWord: number): number {
  return Math.log(1 + (documents - withWord + 0.5) / (withWord + 0.5));
}

/** Letters a misspelt word may be missing or have wrong, besides its own. */
const TYPO_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/**
 * Every word one typo away from `word` (a letter dropped, added or changed, or two
 * neighbours swapped): the candidates a query word that matches nothing is read as.
 */
export function oneTypoAway(word: string): string[] {
  const letters = [...word];
  const alphabet = new Set([...TYPO_ALPHABET, ...letters]);
  const words = new Set<string>();
  for (let at = 0; at <= letters.length; at++) {
    const head = letters.slice(0, at).join("");
    const rest = letters.slice(at + 1).join("");
    const tail = letters.slice(at).join("");
    if (at < letters.length) words.add(head + rest);
    if (at < letters.length - 1) {
      words.add(head + letters[at + 1] + letters[at] + letters.slice(at + 2).join(""));
    }
    for (const letter of alphabet) {
      words.add(head + letter + tail);
      if (at < letters.length) words.add(head + letter + rest);
    }
  }
  words.delete(word);
  return [...words];
}
