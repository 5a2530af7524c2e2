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
