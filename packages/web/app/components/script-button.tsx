import type { ComponentProps } from "react";
import { useHydrated } from "../lib/use-hydrated.ts";

/**
 * A button that only works once the page's scripts run: an action of its own, or the submit
 * button of a form the page sends itself. Until the page hydrates it is disabled, so a press
 * on a slow phone is seen not to take rather than being silently lost, or sending its form
 * the browser's way and reloading the page with what was typed. Buttons of forms that work
 * without scripts (a method and an action) stay plain buttons.
 */
export function ScriptButton({ type = "button", disabled, ...props }: ComponentProps<"button">) {
  const hydrated = useHydrated();
  return (
    <button
      type={type}
      {...props}
      disabled={disabled || !hydrated}
      data-hydrating={hydrated ? undefined : ""}
    />
  );
}
