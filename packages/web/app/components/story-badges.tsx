import type { StorySale } from "@inkwell/shared";
import { t } from "../i18n/index.ts";

interface StoryBadgesProps {
  completed: boolean;
  mature: boolean;
  numNewParts?: number;
  numNewBonusParts?: number;
  isPaid?: boolean;
  /** An Original's sale on now: its percent off beside the Original badge. */
  sale?: StorySale | null;
}

export function StoryBadges({
  completed,
  mature,
  numNewParts = 0,
  numNewBonusParts = 0,
  isPaid = false,
  sale = null,
}: StoryBadgesProps) {
  return (
    <ul className="badges" aria-label="Status">
      {isPaid && <li className="badge badge--original">{t.story.original}</li>}
      {isPaid && sale && <li className="badge badge--sale">{t.story.saleBadge(sale.percent)}</li>}
      <li className={completed ? "badge badge--complete" : "badge"}>
        {completed ? t.story.complete : t.story.ongoing}
      </li>
      {mature && <li className="badge badge--mature">{t.story.mature}</li>}
      {numNewParts > 0 && <li className="badge badge--new">{t.story.newParts(numNewParts)}</li>}
      {numNewBonusParts > 0 && (
        <li className="badge badge--new">{t.story.newExtras(numNewBonusParts)}</li>
      )}
    </ul>
  );
}
