import { readDatabase } from "./database.ts";

export interface PaidStory {
  id: number;
  title: string;
  /** Its paywalled published parts, in reading order. */
  locked: number[];
  /** Whether one of them is a bonus part (the demo's longer paid stories end with one). */
  hasBonus: boolean;
}

/** Paid stories of the demo catalogue (not mature, not a demo account's) with 2+ locked parts. */
export function paidStories(dataDir: string): PaidStory[] {
  const rows = readDatabase<{ id: number; title: string; locked: string; bonus: number }>(
    dataDir,
    `SELECT s.id, s.title, group_concat(p.id) AS locked, max(p.is_bonus) AS bonus FROM stories s
     JOIN parts p ON p.story_id = s.id AND p.paywalled = 1 AND p.draft = 0 AND p.deleted = 0
     JOIN users u ON u.id = s.user_id AND u.username NOT LIKE 'demo_%'
     WHERE s.is_paywalled = 1 AND s.draft = 0 AND s.deleted = 0 AND s.rating <> 4
     GROUP BY s.id HAVING count(p.id) >= 2 ORDER BY s.id`,
  );
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    locked: row.locked
      .split(",")
      .map(Number)
      .sort((a, b) => a - b),
    hasBonus: row.bonus === 1,
  }));
}

/** The first of paidStories that `fits` (by default the first of all); the journey needs one. */
export function paidStory(
  dataDir: string,
  fits: (story: PaidStory, index: number) => boolean = () => true,
): PaidStory {
  const story = paidStories(dataDir).find(fits);
  if (!story) throw new Error("the demo catalogue has no such paid story with locked parts");
  return story;
}
