/** What this tab kept under `key` in its session storage (null if nothing, or storage is off). */
export function kept(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Keeps `value` under `key` in this tab's session storage, if storage is on. */
export function keep(key: string, value: string) {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // Storage may be off: the page still works, it just starts from its first set next time.
  }
}
