import { tagChipOrder } from "@inkwell/shared";
import { useRef } from "react";
import { ScriptButton } from "../../components/script-button.tsx";
import { t } from "../../i18n/index.ts";
import { useMoreFocus } from "../../lib/more-focus.ts";
import { useKeptOpen } from "../../lib/use-kept-open.ts";

/** reader.md §9: 3 tags shown, 2 on a phone, then '+N more'. */
const SHOWN = 3;
const SHOWN_ON_PHONE = 2;
/** The story page's tag row is never narrower than this (a 320 px screen less its margins). */
const NARROWEST_ROW_PX = 288;

/**
 * The story's tags as links to their tag pages. The first ones in the author's order, short
 * ones first (tagChipOrder), are shown rather than a random pick, so the page is the same
 * for every visitor (and cache).
 * '+N more' is kept for Back, so the page below the tags is where the reader left it.
 */
export function TagChips({
  storyId,
  tags: authorOrder,
}: {
  storyId: number;
  tags: { name: string; url: string }[];
}) {
  const [all, setAll] = useKeptOpen(`inkwell.story.${storyId}.tags`);
  const list = useRef<HTMLUListElement>(null);
  const moreFocus = useMoreFocus(list);
  const tags = tagChipOrder(authorOrder, NARROWEST_ROW_PX);
  if (tags.length === 0) return null;
  const itemClass = (index: number) =>
    all || index < SHOWN_ON_PHONE
      ? undefined
      : index < SHOWN
        ? "tag-list__desktop"
        : "tag-list__hidden";
  return (
    <ul className="tag-list" aria-label={t.story.tags} ref={list}>
      {tags.map((tag, index) => (
        <li key={tag.name} className={itemClass(index)}>
          <a className="tag" href={tag.url}>
            {tag.name}
          </a>
        </li>
      ))}
      {!all && tags.length > SHOWN_ON_PHONE && (
        <li className={tags.length > SHOWN ? undefined : "tag-list__phone"}>
          <ScriptButton
            className="tag tag--more"
            ref={moreFocus.ref}
            onClick={() => moreFocus.bring(() => setAll(true))}
          >
            <span className="tag-list__phone">
              {t.story.moreTags(tags.length - SHOWN_ON_PHONE)}
            </span>
            {tags.length > SHOWN && (
              <span className="tag-list__desktop">{t.story.moreTags(tags.length - SHOWN)}</span>
            )}
          </ScriptButton>
        </li>
      )}
    </ul>
  );
}
