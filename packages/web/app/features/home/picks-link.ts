import { curationUsername } from "@inkwell/shared";
import type { ApiClient } from "../../api/client.ts";

/** The header's picks list: the English curation account's newest list (reader.md §2). */
export interface PicksLink {
  id: number;
  name: string;
}

const ENGLISH = 1;
/** Every page's header shows it, so it is looked up at most once a minute per process. */
const PICKS_TTL_MS = 60_000;

let cached: { at: number; link: Promise<PicksLink | null> } | null = null;

export function englishPicks(api: ApiClient, now = Date.now()): Promise<PicksLink | null> {
  if (cached && now - cached.at < PICKS_TTL_MS) return cached.link;
  const link = api.readingLists(curationUsername(ENGLISH), { limit: 1, offset: 0 }).then(
    (page) => {
      const list = page.lists[0];
      return list ? { id: list.id, name: list.name } : null;
    },
    // No curation account (a fresh install): the header simply has no picks link.
    () => null,
  );
  cached = { at: now, link };
  return link;
}
