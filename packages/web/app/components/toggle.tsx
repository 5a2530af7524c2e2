import { t } from "../i18n/index.ts";

interface ToggleProps {
  checked: boolean;
  label: string;
  onChange: (checked: boolean) => void;
  describedBy?: string;
}

/** An ON/OFF switch (a button with role="switch"). */
export function Toggle({ checked, label, onChange, describedBy }: ToggleProps) {
  return (
    <button
      type="button"
      role="switch"
      className="toggle"
      aria-checked={checked}
      aria-label={label}
      aria-describedby={describedBy}
      onClick={() => onChange(!checked)}
    >
      <span className="toggle__track" aria-hidden="true">
        <span className="toggle__thumb" />
      </span>
      <span className="toggle__text" aria-hidden="true">
        {checked ? t.safety.on : t.safety.off}
      </span>
    </button>
  );
}
