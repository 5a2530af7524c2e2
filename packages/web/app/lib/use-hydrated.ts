import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False in the server's HTML and while the page hydrates, true once scripts run: for
 * controls that only work with them (a file picker whose pictures are resized in the
 * browser), which stay disabled until then instead of dropping what the visitor chose.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
