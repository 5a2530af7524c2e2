import type { InputHTMLAttributes } from "react";
import { FieldNotes, fieldDescribedBy } from "./field-notes.tsx";

interface CheckFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "type" | "onChange"> {
  id: string;
  label: string;
  /** Called with the box's new state; without it the box is the form's to read. */
  onChecked?: (checked: boolean) => void;
  hint?: string;
  /** Why the box was refused; it is marked invalid and described by it. */
  error?: string;
}

/** A box to tick, its label after it, with its hint and error read out with it. */
export function CheckField({ id, label, onChecked, hint, error, ...input }: CheckFieldProps) {
  return (
    <div className="field field--check">
      <input
        {...input}
        id={id}
        type="checkbox"
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescribedBy({ id, hint, error })}
        onChange={onChecked && ((event) => onChecked(event.target.checked))}
      />
      <label htmlFor={id}>{label}</label>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}
