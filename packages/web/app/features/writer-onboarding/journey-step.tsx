import {
  FINISHED_STORY,
  type FinishedStory,
  motivationFromHash,
  nextWriterJourneyUrl,
  USER_TYPES,
  type UserType,
  WRITER_JOURNEY_PATH,
  WRITER_STAGES,
  type WriterJourneyStep,
  type WriterOnboardingChanges,
  type WriterStage,
} from "@inkwell/shared";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { browserApi } from "../../api/client.ts";
import { t } from "../../i18n/index.ts";
import "../../styles/notes.css";
import { BusyButton } from "../../components/busy-button.tsx";

const text = t.writerJourney;

type Answer = UserType | WriterStage | FinishedStory;

interface StepView {
  question: string;
  options: { value: Answer; label: string }[];
  skippable: boolean;
}

const VIEWS: Record<WriterJourneyStep, StepView> = {
  type: {
    question: text.typeQuestion,
    options: USER_TYPES.map((value) => ({ value, label: text.types[value] })),
    skippable: false,
  },
  motivation: {
    question: text.motivationQuestion,
    options: WRITER_STAGES.map((value) => ({ value, label: text.stages[value] })),
    skippable: true,
  },
  novel: {
    question: text.novelQuestion,
    options: FINISHED_STORY.map((value) => ({ value, label: text.finished[value] })),
    skippable: true,
  },
};

/**
 * What a step records: the user type at once (a reader has no writing answers); the
 * motivation only when it ends the questionnaire, else it travels to the novel step in the
 * hash; the novel step records both. Skip (null) records null.
 */
function answersOf(
  step: WriterJourneyStep,
  answer: Answer | null,
  motivation: WriterStage | null,
): WriterOnboardingChanges | null {
  if (step === "type") {
    const user_type = answer as UserType;
    return user_type === "reader"
      ? { user_type, writer_stage: null, finished_story: null }
      : { user_type };
  }
  if (step === "motivation") {
    if (answer !== null && answer !== "none") return null;
    return { writer_stage: answer as WriterStage | null, finished_story: null };
  }
  return { writer_stage: motivation, finished_story: answer as FinishedStory | null };
}

/** One question of the writer onboarding questionnaire, its answers and (but the first) Skip. */
export function JourneyStep({ step }: { step: WriterJourneyStep }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [motivation, setMotivation] = useState<WriterStage | null>(null);
  const view = VIEWS[step];

  // The novel question needs the motivation from the hash, which only the browser sees.
  useEffect(() => {
    if (step !== "novel") return;
    const chosen = motivationFromHash(window.location.hash);
    if (chosen === null) navigate(`${WRITER_JOURNEY_PATH}/motivation`, { replace: true });
    setMotivation(chosen);
  }, [step, navigate]);

  const answer = async (value: Answer | null) => {
    setBusy(true);
    const changes = answersOf(step, value, motivation);
    if (changes) {
      // Like genre onboarding, a failed save does not hold the writer back.
      await browserApi()
        .saveWriterOnboarding(changes)
        .catch((error: unknown) => console.error(error));
    }
    navigate(nextWriterJourneyUrl(step, value));
  };

  return (
    <section className="onboarding" aria-labelledby="journey-question">
      <h1 id="journey-question">{view.question}</h1>
      <ul className="journey-options">
        {view.options.map((option) => (
          <li key={option.value}>
            <BusyButton
              type="button"
              className="genre-tile genre-tile--choice"
              busy={busy}
              onClick={() => answer(option.value)}
            >
              {option.label}
            </BusyButton>
          </li>
        ))}
      </ul>
      {view.skippable && (
        <BusyButton
          type="button"
          className="button journey-skip"
          busy={busy}
          onClick={() => answer(null)}
        >
          {text.skip}
        </BusyButton>
      )}
    </section>
  );
}
