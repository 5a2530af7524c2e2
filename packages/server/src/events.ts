/**
 * In-process notifications between areas. A write that changes what readers see of a
 * story announces it here; caches listen. (Across processes this becomes a pub/sub
 * channel: docs/operations.md.)
 */
type Listener = (storyId: number) => void;

const storyListeners = new Set<Listener>();

export function onStoryChanged(listener: Listener): () => void {
  storyListeners.add(listener);
  return () => storyListeners.delete(listener);
}

export function storyChanged(storyId: number): void {
  for (const listener of storyListeners) listener(storyId);
}

/**
 * A reader's own signals changed (a vote, follow, reading position, preferred tags or
 * content setting): their home feed, cached per reader, is rebuilt on the next load.
 */
type ReaderListener = (userId: number) => void;

const readerListeners = new Set<ReaderListener>();

export function onReaderSignalsChanged(listener: ReaderListener): () => void {
  readerListeners.add(listener);
  return () => readerListeners.delete(listener);
}

export function readerSignalsChanged(userId: number): void {
  for (const listener of readerListeners) listener(userId);
}
