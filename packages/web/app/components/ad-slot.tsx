import { t } from "../i18n/index.ts";

/**
 * Where an ad goes (reader.md §2, §4): a labelled placeholder of the slot's size until an
 * ad partner is chosen, so that an ad arriving later moves nothing. Callers show it only
 * where `adsShown` allows. `story` is the story page's side slot (300 × 250 at most),
 * `comment` the shorter one between comment groups.
 */
export function AdSlot({ kind }: { kind: "story" | "comment" }) {
  return (
    <aside className={`ad-slot ad-slot--${kind}`} aria-label={t.ads.advertisement}>
      <span className="ad-slot__label">{t.ads.advertisement}</span>
    </aside>
  );
}
