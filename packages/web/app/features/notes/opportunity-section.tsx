import {
  joinList,
  NOTES_LIMITS,
  OPPORTUNITY_TYPES,
  type Opportunity,
  type OpportunityType,
  STORY_PROGRESS,
  splitList,
  toggleOpportunityType,
} from "@inkwell/shared";
import { t } from "../../i18n/index.ts";
import {
  ChoiceGroup,
  choices,
  fieldOf,
  HelpLink,
  NotesSection,
  NotesTextField,
  type SectionProps,
} from "./notes-controls.tsx";

const text = t.notes.opportunity;
const BINARY = [1, 0] as const;

const isType = (value: string): value is OpportunityType =>
  (OPPORTUNITY_TYPES as readonly string[]).includes(value);

/** §3 opportunity: the sub-form (types, logline, progress) shows only when interested is 1. */
export function OpportunitySection(props: SectionProps<Opportunity>) {
  const { value, set } = props;
  const field = fieldOf(props);
  const chosen = splitList(value.types).filter(isType);
  return (
    <NotesSection id="notes-opportunities" title={t.notes.sections.opportunities}>
      <ChoiceGroup
        name="notes-interested"
        legend={text.interested}
        options={choices(BINARY, text.answers)}
        {...field("interested")}
      />
      {value.interested === 1 && (
        <>
          <fieldset className="notes-choices">
            <legend>{text.types}</legend>
            <div className="notes-choices__options">
              {OPPORTUNITY_TYPES.map((type) => (
                <label key={type} className="notes-choice">
                  <input
                    className="covering-input"
                    type="checkbox"
                    checked={chosen.includes(type)}
                    onChange={(event) =>
                      set(
                        "types",
                        joinList(toggleOpportunityType(chosen, type, event.target.checked)),
                      )
                    }
                  />
                  <span>{text.typeNames[type]}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <NotesTextField
            id="notes-logline"
            label={text.logline}
            hint={
              <>
                {text.loglineHint}{" "}
                <HelpLink href="/help/writing/logline">{t.notes.help.logline}</HelpLink>
              </>
            }
            value={value.logline}
            limit={NOTES_LIMITS.logline}
            multiline
            onChange={(logline) => set("logline", logline)}
          />
          <ChoiceGroup
            name="notes-progress"
            legend={text.progress}
            options={choices(STORY_PROGRESS, text.progressNames)}
            {...field("story_progress")}
          />
        </>
      )}
    </NotesSection>
  );
}
