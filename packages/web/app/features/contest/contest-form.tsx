import {
  CONTEST_GENRES,
  CONTEST_LANGUAGES,
  CONTEST_LIMITS,
  type ContestField,
  type ContestForm as ContestFormData,
  type ContestSubmission,
  chooseDiversity,
  chooseMatureTheme,
  chooseOtherGenre,
  choosePrimaryGenre,
  contestEntry,
  contestFieldError,
  contestFieldShown,
  contestFormErrors,
  DIVERSITY_OPTIONS,
  MATURE_THEMES,
  otherGenreOpen,
  SERIES_TYPES,
  STORY_LENGTHS,
  STORY_MATURITIES,
  STORY_STATUSES,
  STORY_TYPES,
} from "@inkwell/shared";
import { type FormEvent, type ReactNode, useState } from "react";
import { browserApi } from "../../api/client.ts";
import { Alert } from "../../components/alert.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { Toast } from "../../components/toast.tsx";
import { t } from "../../i18n/index.ts";
import {
  CheckboxField,
  ConsentField,
  type Option,
  RadioField,
  SelectField,
  TextField,
} from "./contest-fields.tsx";
import type { ContestEntryData } from "./load-contest-entry.ts";

const labelled = <T extends string>(values: readonly T[], labels: Record<T, string>): Option<T>[] =>
  values.map((value) => ({ value, label: labels[value] }));

const YES_NO: Option<boolean>[] = [
  { value: true, label: t.contest.yes },
  { value: false, label: t.contest.no },
];

const values = t.contest.values;

/** Under the contest page's h1 the sections are h2s; under the editor modal's h2, h3s. */
export type SectionLevel = 2 | 3;

function Section({
  id,
  title,
  level,
  children,
}: {
  id: string;
  title: string;
  level: SectionLevel;
  children: ReactNode;
}) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <section className="raised-section" aria-labelledby={id}>
      <Heading className="contest-section__title" id={id}>
        {title}
      </Heading>
      {children}
    </section>
  );
}

/**
 * Takes the writer to the first field in error, once React has marked it. The summary above
 * the form comes into view first (below the sticky header): when the field fits under it,
 * focus goes there without scrolling the summary away again.
 */
function focusFirstInvalid(form: HTMLFormElement) {
  requestAnimationFrame(() => {
    const field = form.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field) return;
    const summary = form.querySelector(".alert");
    summary?.scrollIntoView({ block: "start" });
    const bottom = field.closest("dialog")?.getBoundingClientRect().bottom ?? window.innerHeight;
    field.focus({
      preventScroll: summary !== null && field.getBoundingClientRect().bottom <= bottom,
    });
  });
}

export interface Submitted {
  submission: ContestSubmission;
  hasAddedTag: boolean;
}

/** Refusals meaning the contest closed, or the story was entered, since the form loaded. */
export type Outdated = "contest_closed" | "already_submitted";

interface ContestFormProps {
  entry: ContestEntryData;
  initial: ContestFormData;
  /** Submitted, or the contest closed: the answers show but nothing can change (§4). */
  readOnly: boolean;
  sectionLevel: SectionLevel;
  onSubmitted: (result: Submitted) => void;
  /** Brings the entry up to date; it rejects when that fails too. */
  onOutdated: (refusal: Outdated) => Promise<void>;
}

/**
 * The contest submission form (writer-paid-contest.md §3-§5, §8): fields appear as earlier
 * answers call for them, each field's rules run when focus leaves it (the same rules the
 * server holds a submission to), and a submission sends only what the form showed.
 */
export function ContestForm({
  entry,
  initial,
  readOnly,
  sectionLevel,
  onSubmitted,
  onOutdated,
}: ContestFormProps) {
  const { contest, eligibility, storyId } = entry;
  const words = { wordCount: eligibility.wordCount, minWords: contest.minWords };
  const [form, setForm] = useState(initial);
  const [left, setLeft] = useState<ReadonlySet<ContestField>>(new Set());
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [summary, setSummary] = useState<number | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [toast, setToast] = useState<string | null>(null);

  const leave = (field: ContestField) => {
    if (!left.has(field)) setLeft(new Set([...left, field]));
  };
  const update = (next: ContestFormData, field: ContestField) => {
    setForm(next);
    if (serverErrors[field]) setServerErrors({ ...serverErrors, [field]: "" });
  };
  const set =
    <K extends ContestField>(field: K) =>
    (value: ContestFormData[K]) =>
      update({ ...form, [field]: value }, field);
  const error = (field: ContestField) =>
    (left.has(field) && contestFieldError(form, field, words)) || serverErrors[field] || null;
  const frame = (field: ContestField, hint?: string) => ({
    id: `contest-${field}`,
    label: t.contest.fields[field],
    hint,
    error: readOnly ? null : error(field),
    onLeave: () => leave(field),
  });
  const shown = (field: ContestField) => contestFieldShown(form, field);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (readOnly || submitting) return;
    const target = event.currentTarget;
    const problems = contestFormErrors(form, words);
    const count = Object.keys(problems).length;
    setLeft(new Set(Object.keys(form) as ContestField[]));
    setSummary(count > 0 ? count : null);
    if (count > 0) return focusFirstInvalid(target);
    setSubmitting(true);
    setToast(null);
    const api = browserApi();
    const sent = await api.submitToContest(storyId, contestEntry(form)).catch(() => null);
    if (!sent?.ok) {
      const { code, fields, message } = sent?.refusal ?? {};
      // §4: the closed notice or the submitted entry then replaces the form.
      const caughtUp =
        (code === "contest_closed" || code === "already_submitted") &&
        (await onOutdated(code).then(
          () => true,
          () => false,
        ));
      setSubmitting(false);
      if (caughtUp) return;
      if (fields) {
        setServerErrors(fields);
        focusFirstInvalid(target);
      }
      // §8: the general apology, and on a refusal of the story itself, why.
      setToast(
        code === "forbidden" || code === "not_eligible"
          ? `${t.contest.failed} ${message ?? ""}`.trim()
          : t.contest.failed,
      );
      return;
    }
    // §4: the contest's tag goes on a story that lacks it; a failure here is ignored (§8).
    const tagged = eligibility.hasContestTag
      ? false
      : await api
          .editStoryTag(storyId, contest.tag, "add")
          .then((result) => result.ok)
          .catch(() => false);
    onSubmitted({ submission: sent.value, hasAddedTag: tagged });
  }

  const genreOptions = labelled(CONTEST_GENRES, values.genre);
  return (
    <form className="contest-form" onSubmit={submit} noValidate>
      {summary !== null && !readOnly && <Alert tone="danger">{t.contest.fixErrors(summary)}</Alert>}
      <fieldset className="contest-form__body" disabled={readOnly || submitting}>
        <Section id="contest-story" title={t.contest.sections.story} level={sectionLevel}>
          <SelectField
            {...frame("language")}
            options={CONTEST_LANGUAGES.map((language) => ({ value: language, label: language }))}
            value={form.language}
            onChange={set("language")}
          />
          <RadioField
            {...frame("storyStatus")}
            options={labelled(STORY_STATUSES, values.storyStatus)}
            value={form.storyStatus}
            onChange={set("storyStatus")}
          />
          {shown("anticipatedStoryLength") && (
            <RadioField
              {...frame("anticipatedStoryLength")}
              options={labelled(STORY_LENGTHS, values.anticipatedStoryLength)}
              value={form.anticipatedStoryLength}
              onChange={set("anticipatedStoryLength")}
            />
          )}
          {shown("isSeries") && (
            <RadioField
              {...frame("isSeries")}
              options={YES_NO}
              value={form.isSeries}
              onChange={set("isSeries")}
            />
          )}
          {shown("seriesType") && (
            <>
              <RadioField
                {...frame("seriesType")}
                options={labelled(SERIES_TYPES, values.seriesType)}
                value={form.seriesType}
                onChange={set("seriesType")}
              />
              <RadioField
                {...frame("isSeriesStandalone")}
                options={YES_NO}
                value={form.isSeriesStandalone}
                onChange={set("isSeriesStandalone")}
              />
              <TextField
                {...frame("numberOfStoriesInSeries", t.contest.hints.counts)}
                value={form.numberOfStoriesInSeries}
                onChange={set("numberOfStoriesInSeries")}
              />
              <TextField
                {...frame("totalPlannedStoriesInSeries", t.contest.hints.counts)}
                value={form.totalPlannedStoriesInSeries}
                onChange={set("totalPlannedStoriesInSeries")}
              />
            </>
          )}
        </Section>
        <Section id="contest-genre" title={t.contest.sections.genre} level={sectionLevel}>
          <RadioField
            {...frame("storyType")}
            options={labelled(STORY_TYPES, values.storyType)}
            value={form.storyType}
            onChange={set("storyType")}
          />
          <SelectField
            {...frame("genrePrimary")}
            options={genreOptions}
            value={form.genrePrimary}
            onChange={(genre) => update(choosePrimaryGenre(form, genre), "genrePrimary")}
          />
          <CheckboxField
            {...frame("genreOthers", t.contest.hints.genreOthers)}
            options={genreOptions
              .filter((option) => option.value !== form.genrePrimary)
              .map((option) => ({ ...option, disabled: !otherGenreOpen(form, option.value) }))}
            value={form.genreOthers}
            onChange={(genre, checked) =>
              update(chooseOtherGenre(form, genre, checked), "genreOthers")
            }
          />
        </Section>
        <Section id="contest-content" title={t.contest.sections.content} level={sectionLevel}>
          <CheckboxField
            {...frame("matureThemes")}
            options={labelled(MATURE_THEMES, values.matureThemes)}
            value={form.matureThemes}
            onChange={(theme, checked) =>
              update(chooseMatureTheme(form, theme, checked), "matureThemes")
            }
          />
          {shown("matureThemeOther") && (
            <TextField
              {...frame("matureThemeOther")}
              max={CONTEST_LIMITS.otherText.max}
              value={form.matureThemeOther}
              onChange={set("matureThemeOther")}
            />
          )}
          {shown("storyMaturity") && (
            <RadioField
              {...frame("storyMaturity")}
              options={labelled(STORY_MATURITIES, values.storyMaturity)}
              value={form.storyMaturity}
              onChange={set("storyMaturity")}
            />
          )}
          <CheckboxField
            {...frame("diversity")}
            options={labelled(DIVERSITY_OPTIONS, values.diversity)}
            value={form.diversity}
            onChange={(option, checked) =>
              update(chooseDiversity(form, option, checked), "diversity")
            }
          />
          {shown("diversityOther") && (
            <TextField
              {...frame("diversityOther")}
              max={CONTEST_LIMITS.otherText.max}
              value={form.diversityOther}
              onChange={set("diversityOther")}
            />
          )}
        </Section>
        <Section id="contest-pitch" title={t.contest.sections.pitch} level={sectionLevel}>
          <TextField
            {...frame("logLine", t.contest.hints.logLine)}
            multiline
            max={CONTEST_LIMITS.logLine.max}
            value={form.logLine}
            onChange={set("logLine")}
          />
          <TextField
            {...frame("plotSummary", t.contest.hints.plotSummary)}
            multiline
            max={CONTEST_LIMITS.plotSummary.max}
            value={form.plotSummary}
            onChange={set("plotSummary")}
          />
        </Section>
        <Section id="contest-contact" title={t.contest.sections.contact} level={sectionLevel}>
          <TextField
            {...frame("writerEmail", t.contest.hints.writerEmail)}
            type="email"
            value={form.writerEmail}
            onChange={set("writerEmail")}
          />
          {!readOnly && (
            <TextField
              {...frame("writerEmailConfirmation")}
              type="email"
              value={form.writerEmailConfirmation}
              onChange={set("writerEmailConfirmation")}
            />
          )}
          <ConsentField
            {...frame("legalConsent")}
            checked={form.legalConsent}
            onChange={set("legalConsent")}
          />
          <ConsentField
            {...frame("finalConsent")}
            checked={form.finalConsent}
            onChange={set("finalConsent")}
          />
        </Section>
      </fieldset>
      {!readOnly && (
        <div className="contest-form__actions">
          <ScriptButton className="button button--primary" type="submit" disabled={submitting}>
            {submitting ? t.contest.submitting : t.contest.submit}
          </ScriptButton>
        </div>
      )}
      <Toast message={toast} onDismiss={() => setToast(null)} />
    </form>
  );
}
