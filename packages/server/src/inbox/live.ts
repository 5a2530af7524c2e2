import type { InboxEvent } from "@inkwell/shared";

/**
 * Live delivery inside this process: each open inbox stream subscribes under its user's
 * id, and sends, reads and deletes publish after their transaction commits. With several
 * processes this becomes a shared bus (PostgreSQL LISTEN/NOTIFY): docs/decisions/010-inbox.md.
 */
type Listener = (event: InboxEvent) => void;

const listeners = new Map<number, Set<Listener>>();

export function subscribe(userId: number, listener: Listener): () => void {
  let set = listeners.get(userId);
  if (!set) {
    set = new Set();
    listeners.set(userId, set);
  }
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0) listeners.delete(userId);
  };
}

export function publish(userId: number, event: InboxEvent): void {
  for (const listener of listeners.get(userId) ?? []) listener(event);
}
