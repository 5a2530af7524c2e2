import type { ComponentProps, MouseEvent } from "react";
import { ScriptButton } from "./script-button.tsx";

type BusyButtonProps = ComponentProps<"button"> & { busy: boolean };

/**
 * While its action is under way a button stays focusable and is announced as unavailable
 * (aria-disabled) instead of being disabled, which would drop keyboard focus to the page,
 * and it ignores presses until the action ends: a submit button's click, the Enter key's
 * in a field included, is cancelled so the form is not sent twice.
 */
function whileBusy({ busy, onClick, ...props }: BusyButtonProps): ComponentProps<"button"> {
  return {
    ...props,
    "aria-disabled": busy || undefined,
    onClick: (event: MouseEvent<HTMLButtonElement>) => {
      if (busy) event.preventDefault();
      else onClick?.(event);
    },
  };
}

/** A button whose action is under way. Until the page hydrates it is disabled, as every ScriptButton. */
export function BusyButton(props: BusyButtonProps) {
  return <ScriptButton {...whileBusy(props)} />;
}

/** The submit button of a form that also posts without scripts, busy while the script sends it. */
export function BusySubmitButton(props: Omit<BusyButtonProps, "type">) {
  return <button {...whileBusy(props)} type="submit" />;
}
