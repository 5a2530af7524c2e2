import { BookOpen, Pencil, Plus } from "lucide";
import { useId } from "react";
import { Icon } from "../../components/icon.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { t } from "../../i18n/index.ts";
import { useInteractionGate } from "../accounts/interaction-gate.tsx";
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
      ) : signedIn ? (
        <UnavailableAddTo reason={t.story.addDisabledDraft} />
      ) : (
        <VisitorAddTo />
      )}
    </div>
  );
}

/**
 * Add to as a visitor meets it: unavailable (reader.md §6) but reachable, saying why, and
 * pressed it opens sign-up as every other interaction does (§6: add-to-list opens sign-up).
 */
function VisitorAddTo() {
  const { guard, modals } = useInteractionGate();
  return (
    <>
      <UnavailableAddTo reason={t.story.addDisabledVisitor} onPress={() => guard(() => {})} />
      {modals}
    </>
  );
}

/**
 * Add to when it cannot add: dimmed and announced unavailable (aria-disabled), yet
 * focusable, with its reason read out, where a disabled button's tooltip reached no one on
 * a phone, a keyboard or a screen reader.
 */
function UnavailableAddTo({ reason, onPress }: { reason: string; onPress?: () => void }) {
  const id = useId();
  return (
    <>
      <ScriptButton
        className="button button--large"
        aria-disabled="true"
        aria-describedby={id}
        onClick={onPress}
      >
        <Icon of={Plus} aria-hidden="true" size={18} />
        {t.story.addTo}
      </ScriptButton>
      <span id={id} className="visually-hidden">
        {reason}
      </span>
    </>
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
