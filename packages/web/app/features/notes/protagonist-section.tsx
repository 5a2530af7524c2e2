import {
  NOTE_PRONOUNS,
  NOTES_LIMITS,
  PERSONALITY_CHANGES,
  PROTAGONIST_SLIDERS,
  type Protagonist,
} from "@inkwell/shared";
import { t } from "../../i18n/index.ts";
import { AttributePicker } from "./attribute-picker.tsx";
import {
  ChoiceGroup,
  choices,
  fieldOf,
  HelpLink,
  NotesSection,
  NotesTextField,
  type SectionProps,
  SliderSet,
} from "./notes-controls.tsx";

const text = t.notes.protagonist;

/** §3 protagonist: names, pronoun, attributes, six personality sliders and how they change. */
export function ProtagonistSection(props: SectionProps<Protagonist>) {
  const { value, set } = props;
  const field = fieldOf(props);
  return (
    <NotesSection
      id="notes-protagonist"
      title={t.notes.sections.protagonist}
      aside={<HelpLink href="/help/writing/protagonist">{t.notes.help.protagonist}</HelpLink>}
    >
      <NotesTextField
        id="notes-name"
        label={text.name}
        {...field("name")}
        limit={NOTES_LIMITS.name}
      />
      <NotesTextField
        id="notes-other-names"
        label={text.otherNames}
        hint={text.otherNamesHint}
        {...field("other_names")}
        limit={NOTES_LIMITS.other_names}
      />
      <ChoiceGroup
        name="notes-pronoun"
        legend={text.pronoun}
        options={choices(NOTE_PRONOUNS, text.pronouns)}
        {...field("pronoun")}
      />
      <AttributePicker {...field("attributes")} />
      <SliderSet
        legend={text.personality}
        names={PROTAGONIST_SLIDERS}
        labels={text.sliders}
        values={value}
        onChange={set}
      />
      <ChoiceGroup
        name="notes-personality-change"
        legend={text.change}
        options={choices(PERSONALITY_CHANGES, text.changes)}
        {...field("personality_change")}
      />
    </NotesSection>
  );
}
