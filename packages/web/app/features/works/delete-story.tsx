import type { WorkDetails } from "@inkwell/shared";
import { useState } from "react";
import { useNavigate } from "react-router";
import { browserApi } from "../../api/client.ts";
import { ConfirmModal } from "../../components/confirm-modal.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { t } from "../../i18n/index.ts";

/** What My Stories is told after a story was deleted from its editor. */
export interface StoryDeletedState {
  deletedStory: string;
}

/**
 * The foot of Story Details: deleting the story, after a confirmation. An Inkwell Original
 * says who takes it down instead (the service refuses its writer too).
 */
export function DeleteStory({ story }: { story: Pick<WorkDetails, "id" | "title" | "isPaid"> }) {
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function remove() {
    setBusy(true);
    setError(null);
    const result = await browserApi()
      .deleteWork(story.id)
      .catch(() => null);
    const state: StoryDeletedState = { deletedStory: story.title };
    if (result?.ok) return navigate("/myworks", { state });
    // Said in the question, which stays open.
    setBusy(false);
    setError(result?.refusal.message ?? t.works.deleteStoryFailed);
  }

  return (
    <section className="delete-story" aria-labelledby="delete-story-heading">
      <h2 id="delete-story-heading">{t.works.deleteStory}</h2>
      {story.isPaid ? (
        <p>{t.works.originalStays}</p>
      ) : (
        <>
          <p>{t.works.deleteStoryHint}</p>
          <ScriptButton className="button button--danger-quiet" onClick={() => setAsking(true)}>
            {t.works.deleteStory}
          </ScriptButton>
          <ConfirmModal
            open={asking}
            title={t.works.deleteStoryTitle}
            text={t.works.deleteStoryText(story.title)}
            cancelLabel={t.works.cancel}
            confirmLabel={t.works.deleteStory}
            tone="danger"
            busy={busy}
            error={error}
            onCancel={() => {
              setAsking(false);
              setError(null);
            }}
            onConfirm={remove}
          />
        </>
      )}
    </section>
  );
}
