import type { InputHTMLAttributes } from "react";
import { FieldNotes, fieldDescribedBy } from "./field-notes.tsx";

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "onChange"> {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  hint?: string;
  /** Why the value was refused; the input is marked invalid and described by it. */
  error?: string;
}

/** A labelled input with its hint and error, both read out with it (the staff forms). */
export function TextField({ id, label, value, onValue, hint, error, ...input }: TextFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        type="text"
        {...input}
        id={id}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescribedBy({ id, hint, error })}
        onChange={(event) => onValue(event.target.value)}
      />
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}
