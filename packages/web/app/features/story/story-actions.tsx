import { BookOpen, Pencil, Plus } from "lucide";
import { Icon } from "../../components/icon.tsx";
import { t } from "../../i18n/index.ts";
import { AddToButton } from "../lists/add-to-button.tsx";

interface StoryActionsProps {
  storyId: number;
  readUrl: string | null;
  readLabel: string;
  /** Visitors and drafts cannot add a story to a list (reader.md §6). */
  canAdd: boolean;
  signedIn: boolean;
}

/**
 * Start (or continue) reading, and Add to. On a phone this bar sticks to the bottom of
 * the screen, so the next step is always one tap away.
 */
export function StoryActions({ storyId, readUrl, readLabel, canAdd, signedIn }: StoryActionsProps) {
  return (
    <div className="story-actions">
      {readUrl && (
        <a className="button button--primary button--large story-actions__read" href={readUrl}>
          <Icon of={BookOpen} aria-hidden="true" size={18} />
          <span className="story-actions__label">{readLabel}</span>
        </a>
      )}
      {canAdd ? (
        <AddToButton storyId={storyId} />
      ) : (
        <button
          type="button"
          className="button button--large"
          disabled
          title={signedIn ? t.story.addDisabledDraft : t.story.addDisabledVisitor}
        >
          <Icon of={Plus} aria-hidden="true" size={18} />
          {t.story.addTo}
        </button>
      )}
    </div>
  );
}

/**
 * The header's writer actions, for the story's author alone (§2): the story editor, where
 * its details, Table of Contents and parts are. Not part of the phone's sticky bar, which
 * keeps to reading.
 */
export function WriterActions({ storyId }: { storyId: number }) {
  return (
    <div className="story-writer-actions">
      <a className="button" href={`/myworks/${storyId}`}>
        <Icon of={Pencil} aria-hidden="true" size={18} />
        {t.story.editStory}
      </a>
    </div>
  );
}
