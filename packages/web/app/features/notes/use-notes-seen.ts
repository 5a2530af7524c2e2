import { useSyncExternalStore } from "react";

/** §2: the Story Notes tab's 'new' tag shows until it is first clicked, then never again. */
const KEY = "inkwell:story-notes-seen";
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function seen(): boolean {
  try {
    return window.localStorage.getItem(KEY) === "1";
  } catch {
    // Storage refused (private mode, blocked): treat the tab as seen rather than nag.
    return true;
  }
}

/** Records that the writer has opened Story Notes. */
export function markNotesSeen(): void {
  try {
    window.localStorage.setItem(KEY, "1");
  } catch {
    return;
  }
  for (const listener of listeners) listener();
}

/**
 * Whether the writer has opened Story Notes in this browser. The server renders it as seen,
 * so the tag appears after hydration instead of flashing for writers who have seen it.
 */
export const useNotesSeen = (): boolean => useSyncExternalStore(subscribe, seen, () => true);
