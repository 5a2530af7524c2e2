/**
 * Posts a form with the page's last breath: a beacon outlives the page (and carries the
 * session cookie); where there is none, a keepalive fetch does the same. Failures are
 * dropped: nobody is left to tell.
 */
export function beaconForm(path: string, fields: Record<string, string>): void {
  const body = new URLSearchParams(fields);
  if (navigator.sendBeacon?.(path, body)) return;
  fetch(path, { method: "POST", body, keepalive: true }).catch(() => undefined);
}
