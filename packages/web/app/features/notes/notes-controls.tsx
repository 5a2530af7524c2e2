import { SLIDER_MAX, SLIDER_MIN } from "@inkwell/shared";
import type { ReactNode } from "react";
import { t } from "../../i18n/index.ts";

/** A text field held to its limit (§4: text is truncated to it), with a character count. */
export function NotesTextField({
  id,
  label,
  hint,
  value,
  limit,
  multiline = false,
  onChange,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  value: string;
  limit: number;
  multiline?: boolean;
  onChange: (value: string) => void;
}) {
  const describedBy = [hint && `${id}-hint`, `${id}-count`].filter(Boolean).join(" ");
  const common = {
    id,
    value,
    maxLength: limit,
    "aria-describedby": describedBy,
    onChange: (event: { target: { value: string } }) =>
      onChange(event.target.value.slice(0, limit)),
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {multiline ? <textarea rows={3} {...common} /> : <input type="text" {...common} />}
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <p className="field__hint notes-count" id={`${id}-count`}>
        {t.notes.counter(value.length, limit)}
      </p>
    </div>
  );
}

export interface Choice<T> {
  value: T;
  label: string;
}

/** One answer out of a few, as radio buttons drawn as pills. */
export function ChoiceGroup<T extends string | number>({
  name,
  legend,
  options,
  value,
  onChange,
}: {
  name: string;
  legend: string;
  options: readonly Choice<T>[];
  value: T | null;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="notes-choices">
      <legend>{legend}</legend>
      <div className="notes-choices__options">
        {options.map((option) => (
          <label key={option.value} className="notes-choice">
            <input
              className="covering-input"
              type="radio"
              name={name}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** §3: a personality or goal slider from -5 to 5, its two ends named. */
function NotesSlider({
  id,
  label,
  low,
  high,
  value,
  onChange,
}: {
  id: string;
  label: string;
  low: string;
  high: string;
  value: number;
  onChange: (value: number) => void;
}) {
  return (
    <div className="notes-slider">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="range"
        min={SLIDER_MIN}
        max={SLIDER_MAX}
        step={1}
        value={value}
        aria-valuetext={t.notes.sliderValue(value, low, high)}
        onChange={(event) => onChange(Number(event.target.value))}
      />
      <div className="notes-slider__ends" aria-hidden="true">
        <span>{low}</span>
        <span className="notes-slider__value">{value}</span>
        <span>{high}</span>
      </div>
    </div>
  );
}

/** Sets one field of a section of the notes. */
export type FieldSetter<T> = <K extends keyof T>(key: K, value: T[K]) => void;

/** What a section of the notes edits: its fields and how to set one. */
export interface SectionProps<T> {
  value: T;
  set: FieldSetter<T>;
}

/** One field of a section as a control's `value` and `onChange`. */
export const fieldOf =
  <T,>({ value, set }: SectionProps<T>) =>
  <K extends keyof T>(key: K) => ({
    value: value[key],
    onChange: (next: T[K]) => set(key, next),
  });

/** Choices from an enumeration of the spec and the catalogue's names for its values. */
export const choices = <T extends string | number>(
  values: readonly T[],
  labels: Record<`${T}`, string>,
): Choice<T>[] => values.map((value) => ({ value, label: labels[`${value}`] }));

/** A help article, opened beside the notes so that nothing typed is lost. */
export function HelpLink({ href, children }: { href: string; children: string }) {
  return (
    <a className="notes-help tap-target" href={href} target="_blank" rel="noopener">
      {children}
      <span className="visually-hidden"> {t.notes.opensInNewTab}</span>
    </a>
  );
}

/** One of the planner's four sections, with its heading and, beside it, a help link. */
export function NotesSection({
  id,
  title,
  aside,
  children,
}: {
  id: string;
  title: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="notes-section" aria-labelledby={id}>
      <div className="notes-section__head">
        <h2 id={id}>{title}</h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

/** A group of sliders, each named by the catalogue (`labels`) and read from `values`. */
export function SliderSet<K extends string>({
  legend,
  names,
  labels,
  values,
  onChange,
}: {
  legend: string;
  names: readonly K[];
  labels: Record<K, { label: string; low: string; high: string }>;
  values: Record<K, number>;
  onChange: (name: K, value: number) => void;
}) {
  return (
    <fieldset className="notes-sliders">
      <legend>{legend}</legend>
      {names.map((name) => (
        <NotesSlider
          key={name}
          id={`notes-${name}`}
          {...labels[name]}
          value={values[name]}
          onChange={(position) => onChange(name, position)}
        />
      ))}
    </fieldset>
  );
}
