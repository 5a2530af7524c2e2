/**
 * accounts-safety-messaging.md §9: opening one registered modal or toggle (a header menu, a
 * popover) closes the others, so two never stack or overlap. Each registers while it is open
 * with how to close it; one nested in another's element (a popover in a modal, a confirmation
 * opened from a dialog) leaves its ancestors open.
 */
interface OpenEntry {
  element: () => Element | null;
  close: () => void;
}

const openNow = new Set<OpenEntry>();

const nested = (a: Element | null, b: Element | null) =>
  a !== null && b !== null && (a.contains(b) || b.contains(a));

/** Registers something that has just opened; the answer unregisters it once it closes. */
export function registerOpen(entry: OpenEntry): () => void {
  openNow.add(entry);
  // After the rest of the commit's effects: a modal closing in the same render (one dialog
  // handing over to the next) has unregistered by then and must not be closed again.
  queueMicrotask(() => {
    if (!openNow.has(entry)) return;
    for (const other of [...openNow]) {
      if (other !== entry && !nested(other.element(), entry.element())) other.close();
    }
  });
  return () => {
    openNow.delete(entry);
  };
}
