import { formatTimeAgo, formatZonedDate, type PartSummary } from "@inkwell/shared";
import { Lock } from "lucide";
import { useRef } from "react";
import { Icon } from "../../components/icon.tsx";
import { Pause } from "../../components/pause.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { t } from "../../i18n/index.ts";
import { useMoreFocus } from "../../lib/more-focus.ts";
import { useKeptOpen } from "../../lib/use-kept-open.ts";
import { useTimeZone } from "../../lib/use-time-zone.ts";

/** reader.md §2: a phone shows the last 3 parts with See all. */
const SHOWN_ON_PHONE = 3;

/**
 * The story's parts. Only its author gets drafts here (the API sends readers published parts
 * alone); they are marked Draft or Scheduled for their time, and the heading counts the parts
 * readers see and, apart, the drafts, so that See all's count (every entry) adds up.
 * See all is kept for Back: a part opened from the whole list leads back to the whole list.
 */
export function TableOfContents({
  storyId,
  parts,
  now,
}: {
  storyId: number;
  parts: PartSummary[];
  now: number;
}) {
  const [all, setAll] = useKeptOpen(`inkwell.story.${storyId}.parts`);
  const list = useRef<HTMLOListElement>(null);
  const moreFocus = useMoreFocus(list);
  const timeZone = useTimeZone();
  const collapsible = !all && parts.length > SHOWN_ON_PHONE;
  const firstShownOnPhone = parts.length - SHOWN_ON_PHONE;
  const drafts = parts.filter((part) => part.draft).length;
  return (
    <section className="toc" aria-labelledby="toc-heading">
      <h2 id="toc-heading" className="toc__heading">
        {t.story.tableOfContents}
        <span className="toc__count">
          {t.story.partsCount(parts.length - drafts)}
          {drafts > 0 && `, ${t.story.draftsCount(drafts)}`}
        </span>
      </h2>
      {parts.length === 0 ? (
        <p>{t.story.noParts}</p>
      ) : (
        <ol className="toc__list" ref={list}>
          {parts.map((part, index) => {
            const status = part.draft
              ? part.formattedScheduledPublishDatetime
                ? t.story.scheduled(
                    formatZonedDate(part.formattedScheduledPublishDatetime, timeZone),
                  )
                : t.story.draft
              : part.isBonusPart && part.bonusTypeName
                ? part.bonusTypeName
                : null;
            const date = part.draft ? null : formatTimeAgo(part.createDate, now);
            return (
              <li
                key={part.id}
                className={
                  collapsible && index < firstShownOnPhone
                    ? "toc__item toc__item--older"
                    : "toc__item"
                }
              >
                <a href={part.url}>
                  {part.isBlocked && (
                    <span className="toc__lock">
                      <Icon of={Lock} aria-hidden="true" size={16} />
                      <span className="visually-hidden">{t.story.locked}</span>
                      <Pause />
                    </span>
                  )}
                  <span className="toc__title">
                    {part.title}
                    {status && (
                      <>
                        <Pause />
                        <span className="toc__status">{status}</span>
                      </>
                    )}
                    {(part.new || date) && <Pause />}
                  </span>
                  {part.new && (
                    <span className="badge badge--new">
                      {t.story.new}
                      {date && <Pause />}
                    </span>
                  )}
                  {date && <span className="toc__date">{date}</span>}
                </a>
              </li>
            );
          })}
        </ol>
      )}
      {collapsible && (
        <ScriptButton
          className="button toc__see-all"
          ref={moreFocus.ref}
          onClick={() => moreFocus.bring(() => setAll(true))}
        >
          {t.story.seeAllParts(parts.length)}
        </ScriptButton>
      )}
    </section>
  );
}
