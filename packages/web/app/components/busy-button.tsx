import type { ComponentProps } from "react";
import { ScriptButton } from "./script-button.tsx";

/**
 * A button whose action is under way. It stays focusable and is announced as unavailable
 * (aria-disabled) instead of being disabled, which would drop keyboard focus to the page,
 * and it ignores presses until the action ends: a submit button's click, the Enter key's
 * in a field included, is cancelled so the form is not sent twice. Until the page hydrates it
 * is disabled, as every ScriptButton.
 */
export function BusyButton({
  busy,
  onClick,
  ...props
}: ComponentProps<"button"> & { busy: boolean }) {
  return (
    <ScriptButton
      {...props}
      aria-disabled={busy || undefined}
      onClick={(event) => {
        if (busy) event.preventDefault();
        else onClick?.(event);
      }}
    />
  );
}
