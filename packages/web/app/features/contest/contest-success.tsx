import { PartyPopper } from "lucide";
import { useEffect, useRef } from "react";
import { Icon } from "../../components/icon.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { t } from "../../i18n/index.ts";

/** §2: the success screen and its congratulations, on the contest page and in the modal. */
export function ContestSuccess({
  storyId,
  storyTitle,
  year,
  addedTag,
  onClose,
}: {
  storyId: number;
  storyTitle: string;
  year: number;
  /** The tag the story was just given, or null when it already had it (or adding failed). */
  addedTag: string | null;
  /** In the modal: closes it; on the page the story link is the way on. */
  onClose?: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // It stands where the form and its Submit button were: without this, focus falls to the
  // page and a screen reader says nothing of the entry (docs/decisions/057, 058).
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="contest-success">
      <Icon of={PartyPopper} aria-hidden="true" size={40} className="contest-success__icon" />
      <h2 className="contest-success__title" ref={heading} tabIndex={-1}>
        {t.contest.success.title}
      </h2>
      <p>{t.contest.success.text(storyTitle, year)}</p>
      {addedTag && <p>{t.contest.success.tagAdded(addedTag)}</p>}
      <p>{t.contest.success.next}</p>
      <div className="contest-success__actions">
        {onClose ? (
          <ScriptButton className="button button--primary" onClick={onClose}>
            {t.contest.success.close}
          </ScriptButton>
        ) : (
          <a className="button button--primary" href={`/myworks/${storyId}`}>
            {t.contest.success.backToStory}
          </a>
        )}
      </div>
    </div>
  );
}
