/**
 * Changes the page's address in place (no navigation, no new history entry), so that a
 * reload, or Back to the page later, opens what the reader has open now.
 */
export function replaceAddress(change: (url: URL) => void) {
  const url = new URL(window.location.href);
  change(url);
  window.history.replaceState(window.history.state, "", url);
}
