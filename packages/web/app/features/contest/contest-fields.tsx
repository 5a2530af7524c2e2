import { contestTextLength } from "@inkwell/shared";
import type { FocusEvent, ReactNode } from "react";
import { FieldNotes, fieldDescribedBy } from "../../components/field-notes.tsx";
import { t } from "../../i18n/index.ts";

/** What every field of the contest form is given: its ids, its error and when it was left. */
interface FieldFrame {
  id: string;
  label: string;
  hint?: string;
  error: string | null;
  /** §5: a field's rules run when focus leaves it. */
  onLeave: () => void;
}

export interface Option<T> {
  value: T;
  label: string;
  disabled?: boolean;
}

/** Runs `onLeave` once focus has left a group of inputs, not when it moves inside it. */
const leavingGroup = (onLeave: () => void) => (event: FocusEvent<HTMLFieldSetElement>) => {
  if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onLeave();
};

/** A group of radio buttons or checkboxes under one legend. */
function OptionGroup({
  frame,
  children,
}: {
  frame: Pick<FieldFrame, "id" | "label" | "hint" | "error" | "onLeave">;
  children: ReactNode;
}) {
  return (
    <fieldset
      className="field contest-field"
      id={frame.id}
      aria-describedby={fieldDescribedBy(frame)}
      onBlur={leavingGroup(frame.onLeave)}
    >
      <legend>{frame.label}</legend>
      <div className="contest-options">{children}</div>
      <FieldNotes {...frame} />
    </fieldset>
  );
}

/** One answer out of a few. */
export function RadioField<T extends string | boolean>({
  options,
  value,
  onChange,
  ...frame
}: FieldFrame & { options: readonly Option<T>[]; value: T | null; onChange: (value: T) => void }) {
  return (
    <OptionGroup frame={frame}>
      {options.map((option) => (
        <label className="choice" key={String(option.value)}>
          <input
            type="radio"
            name={frame.id}
            checked={value === option.value}
            aria-invalid={frame.error ? true : undefined}
            onChange={() => onChange(option.value)}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </OptionGroup>
  );
}

/** Any number of answers from a list; an option may be closed (the fourth other genre). */
export function CheckboxField<T extends string>({
  options,
  value,
  onChange,
  ...frame
}: FieldFrame & {
  options: readonly Option<T>[];
  value: readonly T[];
  onChange: (option: T, checked: boolean) => void;
}) {
  return (
    <OptionGroup frame={frame}>
      {options.map((option) => (
        <label
          className={option.disabled ? "choice choice--disabled" : "choice"}
          key={option.value}
        >
          <input
            type="checkbox"
            checked={value.includes(option.value)}
            disabled={option.disabled}
            aria-invalid={frame.error ? true : undefined}
            onChange={(event) => onChange(option.value, event.target.checked)}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </OptionGroup>
  );
}

export function SelectField<T extends string>({
  options,
  value,
  onChange,
  ...frame
}: FieldFrame & {
  options: readonly Option<T>[];
  value: T | null;
  onChange: (value: T | null) => void;
}) {
  return (
    <div className="field contest-field">
      <label htmlFor={frame.id}>{frame.label}</label>
      <select
        id={frame.id}
        value={value ?? ""}
        aria-invalid={frame.error ? true : undefined}
        aria-describedby={fieldDescribedBy(frame)}
        onBlur={frame.onLeave}
        onChange={(event) =>
          onChange(options.find((option) => option.value === event.target.value)?.value ?? null)
        }
      >
        <option value="">{t.contest.choose}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldNotes {...frame} />
    </div>
  );
}

/** Typed text; with `max`, a count of what is typed against it, as the limit counts it. */
export function TextField({
  value,
  onChange,
  max,
  multiline = false,
  type = "text",
  ...frame
}: FieldFrame & {
  value: string;
  onChange: (value: string) => void;
  max?: number;
  multiline?: boolean;
  type?: "text" | "email";
}) {
  const common = {
    id: frame.id,
    value,
    "aria-invalid": frame.error ? true : undefined,
    "aria-describedby": [fieldDescribedBy(frame), max !== undefined && `${frame.id}-count`]
      .filter(Boolean)
      .join(" "),
    onBlur: frame.onLeave,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
  };
  return (
    <div className="field contest-field">
      <label htmlFor={frame.id}>{frame.label}</label>
      {multiline ? (
        <textarea rows={max !== undefined && max > 1000 ? 8 : 3} {...common} />
      ) : (
        <input type={type} {...common} />
      )}
      <FieldNotes {...frame} />
      {max !== undefined && (
        <p className="field__hint contest-count" id={`${frame.id}-count`}>
          {t.contest.count(contestTextLength(value), max)}
        </p>
      )}
    </div>
  );
}

/** A box to tick to agree (the consents). */
export function ConsentField({
  checked,
  onChange,
  ...frame
}: FieldFrame & { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div className="field field--check contest-field">
      <input
        id={frame.id}
        type="checkbox"
        checked={checked}
        aria-invalid={frame.error ? true : undefined}
        aria-describedby={fieldDescribedBy(frame)}
        onBlur={frame.onLeave}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={frame.id}>{frame.label}</label>
      <FieldNotes {...frame} />
    </div>
  );
}
