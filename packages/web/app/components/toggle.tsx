import { t } from "../i18n/index.ts";
import { ScriptButton } from "./script-button.tsx";

interface ToggleProps {
  checked: boolean;
  label: string;
  onChange: (checked: boolean) => void;
  describedBy?: string;
  /** The switch cannot be changed now: it stays focusable and says so. */
  disabled?: boolean;
  /** Its change is being saved: it turns a spinner and cannot be changed until it is done. */
  busy?: boolean;
}

/**
 * An ON/OFF switch (a button with role="switch"), with the disabled and loading variants of
 * accounts-safety-messaging.md §2. Neither takes the switch out of the tab order, so focus is
 * not lost while a change saves.
 */
export function Toggle({ checked, label, onChange, describedBy, disabled, busy }: ToggleProps) {
  const locked = disabled || busy;
  return (
    <ScriptButton
      role="switch"
      className={busy ? "toggle toggle--busy" : "toggle"}
      aria-checked={checked}
      aria-label={label}
      aria-describedby={describedBy}
      aria-disabled={locked || undefined}
      aria-busy={busy || undefined}
      onClick={() => {
        if (!locked) onChange(!checked);
      }}
    >
      <span className="toggle__track" aria-hidden="true">
        <span className="toggle__thumb" />
      </span>
      {/* ON or OFF is the switch's state, which aria-checked already says: drawn by CSS, it is
          no text of the switch's name, which stays what its label says (Label in Name). */}
      <span className="toggle__text" data-state={checked ? t.safety.on : t.safety.off} />
    </ScriptButton>
  );
}
