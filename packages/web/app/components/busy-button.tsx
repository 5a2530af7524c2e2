import type { ComponentProps } from "react";
import { useHydrated } from "../lib/use-hydrated.ts";

/**
 * A button whose action is under way. It stays focusable and is announced as unavailable
 * (aria-disabled) instead of being disabled, which would drop keyboard focus to the page,
 * and it ignores presses until the action ends: a submit button's click, the Enter key's
 * in a field included, is cancelled so the form is not sent twice. Until the page hydrates it
 * is disabled: pressed then, it would do nothing, or send its form the browser's way and
 * reload the page, losing what was typed.
 */
export function BusyButton({
  busy,
  onClick,
  type = "button",
  disabled,
  ...props
}: ComponentProps<"button"> & { busy: boolean }) {
  const hydrated = useHydrated();
  return (
    <button
      type={type}
      {...props}
      disabled={disabled || !hydrated}
      aria-disabled={busy || undefined}
      onClick={(event) => {
        if (busy) event.preventDefault();
        else onClick?.(event);
      }}
    />
  );
}
