import { Eye, EyeOff } from "lucide";
import { type FocusEvent, useState } from "react";
import { t } from "../i18n/index.ts";
import { FieldNotes, fieldDescribedBy } from "./field-notes.tsx";
import { Icon } from "./icon.tsx";
import { ScriptButton } from "./script-button.tsx";

interface PasswordFieldProps {
  id: string;
  name: string;
  label: string;
  autoComplete: "current-password" | "new-password";
  hint?: string;
  error?: string;
  /** The error said as it comes, in a live region (FieldNotes' `live`). */
  liveError?: boolean;
  /** A message elsewhere on the form that also speaks of this field (a refused log-in). */
  describedBy?: string;
  onValue?: (value: string) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
}

/** A password input with a show/hide toggle (the toggle needs JavaScript; the field does not). */
export function PasswordField({
  id,
  name,
  label,
  autoComplete,
  hint,
  error,
  liveError,
  describedBy,
  onValue,
  onBlur,
}: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="field__with-button">
        <input
          id={id}
          name={name}
          type={visible ? "text" : "password"}
          autoComplete={autoComplete}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={
            [describedBy, fieldDescribedBy({ id, hint, error })].filter(Boolean).join(" ") ||
            undefined
          }
          onChange={onValue && ((event) => onValue(event.currentTarget.value))}
          onBlur={onBlur}
        />
        <ScriptButton
          className="field__toggle"
          onClick={() => setVisible(!visible)}
          aria-label={visible ? t.account.hidePassword : t.account.showPassword}
          aria-pressed={visible}
        >
          {visible ? (
            <Icon of={EyeOff} aria-hidden="true" size={18} />
          ) : (
            <Icon of={Eye} aria-hidden="true" size={18} />
          )}
        </ScriptButton>
      </div>
      <FieldNotes id={id} hint={hint} error={error} live={liveError} />
    </div>
  );
}
