import {
  GOAL_SLIDERS,
  GOAL_TYPES,
  type GoalType,
  NOTES_LIMITS,
  type ProtagonistGoal,
} from "@inkwell/shared";
import { t } from "../../i18n/index.ts";
import {
  ChoiceGroup,
  choices,
  fieldOf,
  NotesSection,
  NotesTextField,
  type SectionProps,
  SliderSet,
} from "./notes-controls.tsx";

const text = t.notes.goal;
const BINARY = [1, 0] as const;
const KINDS = [0, 1] as const;

/** §3 protagonist_goal, first half: what they want, of which kind, and their journey. */
export function GoalSection(props: SectionProps<ProtagonistGoal>) {
  const { value, set } = props;
  const field = fieldOf(props);
  const kind = value.physical_emotional;
  const chooseKind = (next: 0 | 1) => {
    set("physical_emotional", next);
    // The types offered depend on the kind: one of the other kind no longer applies.
    const offered: readonly GoalType[] = GOAL_TYPES[next];
    if (value.type !== null && !offered.includes(value.type)) set("type", null);
  };
  return (
    <NotesSection id="notes-goal" title={t.notes.sections.goal}>
      <NotesTextField
        id="notes-goal-description"
        label={text.description}
        {...field("description")}
        limit={NOTES_LIMITS.description}
      />
      <ChoiceGroup
        name="notes-goal-kind"
        legend={text.kind}
        options={choices(KINDS, text.kinds)}
        value={kind}
        onChange={chooseKind}
      />
      {kind === null ? (
        <p className="field__hint">{text.chooseKindFirst}</p>
      ) : (
        <ChoiceGroup
          name="notes-goal-type"
          legend={text.type}
          options={choices(GOAL_TYPES[kind], text.types)}
          {...field("type")}
        />
      )}
      <SliderSet
        legend={text.journey}
        names={GOAL_SLIDERS}
        labels={text.sliders}
        values={value}
        onChange={set}
      />
    </NotesSection>
  );
}

/** §3 protagonist_goal, second half: how it ends, whether they succeed and how it feels. */
export function OutcomeSection(props: SectionProps<ProtagonistGoal>) {
  const field = fieldOf(props);
  const outcome = t.notes.outcome;
  return (
    <NotesSection id="notes-outcome" title={t.notes.sections.outcome}>
      <NotesTextField
        id="notes-outcome-text"
        label={outcome.outcome}
        {...field("outcome")}
        limit={NOTES_LIMITS.outcome}
        multiline
      />
      <ChoiceGroup
        name="notes-succeed"
        legend={outcome.succeed}
        options={choices(BINARY, outcome.succeeds)}
        {...field("succeed")}
      />
      <ChoiceGroup
        name="notes-outcome-feeling"
        legend={outcome.feeling}
        options={choices(BINARY, outcome.feelings)}
        {...field("outcome_feeling")}
      />
    </NotesSection>
  );
}
