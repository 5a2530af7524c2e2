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
  type FieldSetter,
  HelpLink,
  NotesSection,
  NotesTextField,
  SliderSet,
} from "./notes-controls.tsx";

const text = t.notes.protagonist;

/** §3 protagonist: names, pronoun, attributes, six personality sliders and how they change. */
export function ProtagonistSection({
  value,
  set,
}: {
  value: Protagonist;
  set: FieldSetter<Protagonist>;
}) {
  return (
    <NotesSection
      id="notes-protagonist"
      title={t.notes.sections.protagonist}
      aside={<HelpLink href="/help/writing/protagonist">{t.notes.help.protagonist}</HelpLink>}
    >
      <NotesTextField
        id="notes-name"
        label={text.name}
        value={value.name}
        limit={NOTES_LIMITS.name}
        onChange={(name) => set("name", name)}
      />
      <NotesTextField
        id="notes-other-names"
        label={text.otherNames}
        hint={text.otherNamesHint}
        value={value.other_names}
        limit={NOTES_LIMITS.other_names}
        onChange={(names) => set("other_names", names)}
      />
      <ChoiceGroup
        name="notes-pronoun"
        legend={text.pronoun}
        options={choices(NOTE_PRONOUNS, text.pronouns)}
        value={value.pronoun}
        onChange={(pronoun) => set("pronoun", pronoun)}
      />
      <AttributePicker value={value.attributes} onChange={(list) => set("attributes", list)} />
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
        value={value.personality_change}
        onChange={(change) => set("personality_change", change)}
      />
    </NotesSection>
  );
}
