import type { InboxEvent } from "@inkwell/shared";
import { emit, onEvent } from "../events.ts";

/**
 * Live delivery: each open inbox stream subscribes under its user's id, and sends, reads
 * and deletes publish after their transaction commits. Publishing is an app event, so a
 * stream open on another process of a cluster hears it too (events.ts).
 */
type Listener = (event: InboxEvent) => void;

const listeners = new Map<number, Set<Listener>>();

onEvent((appEvent) => {
  if (appEvent.type !== "inbox") return;
  for (const listener of listeners.get(appEvent.userId) ?? []) listener(appEvent.event);
});

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
  emit({ type: "inbox", userId, event });
}
