import {
  blankNotesContent,
  isNotesComplete,
  type StoryNotes,
  type StoryNotesContent,
} from "@inkwell/shared";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { browserApi } from "../../api/client.ts";
import { Alert } from "../../components/alert.tsx";
import { t } from "../../i18n/index.ts";
import "../../styles/notes.css";
import { BusyButton } from "../../components/busy-button.tsx";
import { GoalSection, OutcomeSection } from "./goal-sections.tsx";
import type { FieldSetter } from "./notes-controls.tsx";
import { OpportunitySection } from "./opportunity-section.tsx";
import { ProtagonistSection } from "./protagonist-section.tsx";
import { markNotesSeen } from "./use-notes-seen.ts";

/** §4: idle after any edit; 'Saved' and 'Submitted' stay until the next one. */
type Status = "loading" | "idle" | "saving" | "saved" | "submitting" | "submitted";

const contentOf = ({ protagonist, protagonist_goal, opportunity }: StoryNotes) => ({
  protagonist,
  protagonist_goal,
  opportunity,
});

const STATUS_TEXT: Partial<Record<Status, string>> = {
  loading: t.notes.loading,
  saved: t.notes.saved,
  submitted: t.notes.submitted,
};

/**
 * The Story Notes tab (writer-paid-contest.md §2-§5): the planner's four sections, Save, and
 * Submit, enabled only once every item is filled in. Notes that fail to load start blank.
 */
export function StoryNotesPanel({ storyId }: { storyId: number }) {
  const [notes, setNotes] = useState<StoryNotesContent>(blankNotesContent);
  const [notesId, setNotesId] = useState<number | null>(null);
  const [status, setStatus] = useState<Status>("loading");
  const [failed, setFailed] = useState(false);
  // Counts edits, so that a save answering late does not undo what was typed meanwhile.
  const revision = useRef(0);

  useEffect(() => {
    markNotesSeen();
    let current = true;
    browserApi()
      .storyNotes(storyId)
      .then((saved) => {
        if (!current) return;
        setNotes(contentOf(saved));
        setNotesId(saved.id);
      })
      .catch((error: unknown) => console.error(error))
      .finally(() => current && setStatus("idle"));
    return () => {
      current = false;
    };
  }, [storyId]);

  const setter =
    <S extends keyof StoryNotesContent>(section: S): FieldSetter<StoryNotesContent[S]> =>
    (key, value) => {
      revision.current += 1;
      setStatus("idle");
      setFailed(false);
      setNotes((all) => ({ ...all, [section]: { ...all[section], [key]: value } }));
    };

  async function send(submit: boolean) {
    const sentAt = revision.current;
    setStatus(submit ? "submitting" : "saving");
    setFailed(false);
    const result = await browserApi()
      .saveStoryNotes({ story_id: storyId, id: notesId, submit, ...notes })
      .catch(() => null);
    if (!result?.ok) {
      setStatus("idle");
      setFailed(true);
      return;
    }
    setNotesId(result.value.id);
    if (revision.current !== sentAt) {
      setStatus("idle");
      return;
    }
    // The saved notes come back trimmed (§5).
    setNotes(contentOf(result.value));
    setStatus(submit ? "submitted" : "saved");
  }

  const save = (event: FormEvent) => {
    event.preventDefault();
    void send(false);
  };

  const loading = status === "loading";
  const busy = status === "saving" || status === "submitting";
  const complete = isNotesComplete(notes);
  return (
    <form className="story-notes" onSubmit={save} noValidate aria-busy={loading}>
      <p>{t.notes.intro}</p>
      <Alert tone="info">{t.notes.notice}</Alert>
      <fieldset className="story-notes__fields" disabled={loading}>
        <ProtagonistSection value={notes.protagonist} set={setter("protagonist")} />
        <GoalSection value={notes.protagonist_goal} set={setter("protagonist_goal")} />
        <OutcomeSection value={notes.protagonist_goal} set={setter("protagonist_goal")} />
        <OpportunitySection value={notes.opportunity} set={setter("opportunity")} />
      </fieldset>
      <div className="story-notes__actions">
        <BusyButton className="button" type="submit" disabled={loading} busy={busy}>
          {status === "saving" ? t.notes.saving : t.notes.save}
        </BusyButton>
        <BusyButton
          className="button button--primary"
          disabled={loading || !complete}
          busy={busy}
          aria-describedby={complete ? undefined : "notes-not-complete"}
          onClick={() => void send(true)}
        >
          {status === "submitting" ? t.notes.submitting : t.notes.submit}
        </BusyButton>
        <p className="story-notes__status" role="status">
          {STATUS_TEXT[status] ?? ""}
        </p>
        {!complete && !loading && (
          <p className="story-notes__hint" id="notes-not-complete">
            {t.notes.notComplete}
          </p>
        )}
      </div>
      <p className="story-notes__toast live-region" role="alert">
        {failed ? t.notes.saveFailed : ""}
      </p>
    </form>
  );
}
