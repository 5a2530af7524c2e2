import { type RefObject, useEffect } from "react";

/**
 * Keeps what was typed into a server-rendered field before the page hydrated. React leaves
 * the typed text on screen while hydrating, but the field's state still holds the server's
 * value, which the next render puts back: on a slow phone the reader's words would vanish.
 */
export function useEarlyInput(
  field: RefObject<HTMLInputElement | HTMLTextAreaElement | null>,
  keep: (value: string) => void,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, straight after hydration
  useEffect(() => {
    const element = field.current;
    if (element && element.value !== element.defaultValue) keep(element.value);
  }, []);
}
