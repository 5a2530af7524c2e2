import type { InboxEvent } from "@inkwell/shared";

/**
 * Notifications between areas. A write announces what it changed; caches and live streams
 * listen. Every event also goes to the other processes of a cluster (cluster/primary.ts), and
 * a write's response waits until they have all heard it (`eventsHeard`), so that no
 * process serves a page the write made stale once the writer has its answer.
 */
export type AppEvent =
  /**
   * What readers see of a story changed: its cached pages and search results go, and so do
   * the lists showing its card (a title, a cover, mature, unpublished) unless only its
   * counts moved (`countsOnly`: a vote), which lists may show a moment late.
   */
  | { type: "story"; storyId: number; countsOnly?: true }
  /**
   * Something every page showing a writer must stop showing at once: their name or picture
   * changed, an image of theirs was hidden or restored, or their account is closed. Their
   * stories' pages and every list showing one go, as do cached search answers.
   */
  | { type: "writer"; username: string }
  /**
   * A reader's own signals changed (a vote, follow, reading position, preferred tags or
   * content setting): their home feed, cached per reader, is rebuilt on the next load.
   */
  | { type: "reader"; userId: number }
  /** Something for a user's open inbox streams (inbox/live.ts). */
  | { type: "inbox"; userId: number; event: InboxEvent }
  /**
   * An image was flagged or restored: each process reads again which media files it serves
   * to their owner and moderators only (media/banned-images.ts).
   */
  | { type: "bannedImages" };

type Listener = (event: AppEvent) => void;

const listeners = new Set<Listener>();
let relay: ((event: AppEvent) => Promise<void>) | null = null;
const unheard = new Set<Promise<void>>();

export function onEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells this process's listeners, and the other processes when there are any. */
export function emit(event: AppEvent): void {
  deliver(event);
  if (!relay) return;
  const heard = relay(event).finally(() => unheard.delete(heard));
  unheard.add(heard);
}

/** Tells this process's listeners only: an event another process emitted. */
export function deliver(event: AppEvent): void {
  for (const listener of listeners) listener(event);
}

/** Where events go beyond this process (set once by a cluster worker or primary). */
export function relayEvents(to: (event: AppEvent) => Promise<void>): void {
  relay = to;
}

/** Settles when every event emitted so far has reached every process. */
export async function eventsHeard(): Promise<void> {
  if (unheard.size > 0) await Promise.allSettled([...unheard]);
}

export function storyChanged(storyId: number, what: "story" | "counts" = "story"): void {
  emit(
    what === "counts" ? { type: "story", storyId, countsOnly: true } : { type: "story", storyId },
  );
}

export function onStoryChanged(
  listener: (storyId: number, countsOnly: boolean) => void,
): () => void {
  return onEvent((event) => {
    if (event.type === "story") listener(event.storyId, event.countsOnly === true);
  });
}

export function writerChanged(username: string): void {
  emit({ type: "writer", username });
}

export function onWriterChanged(listener: (username: string) => void): () => void {
  return onEvent((event) => {
    if (event.type === "writer") listener(event.username);
  });
}

export function readerSignalsChanged(userId: number): void {
  emit({ type: "reader", userId });
}

export function onReaderSignalsChanged(listener: (userId: number) => void): () => void {
  return onEvent((event) => {
    if (event.type === "reader") listener(event.userId);
  });
}

export function bannedImagesChanged(): void {
  emit({ type: "bannedImages" });
}

export function onBannedImagesChanged(listener: () => void): () => void {
  return onEvent((event) => {
    if (event.type === "bannedImages") listener();
  });
}
