import { useEffect, useRef } from "react";

/**
 * A row removed by its own button takes focus with it, down to the page: this sends focus
 * to the row that took its place (the new last one if it was last) or, once none is left,
 * to the words saying the list is empty. `targets` selects, inside `scope`, each row's
 * link and the empty message (which needs tabIndex -1). Call `removing(index)` just before
 * the update that drops the row; the focus moves once `items` has changed.
 */
export function useFocusAfterRemoval(items: unknown, targets: string) {
  const scope = useRef<HTMLDivElement>(null);
  const removedAt = useRef<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the rows change.
  useEffect(() => {
    const at = removedAt.current;
    if (at === null) return;
    removedAt.current = null;
    const found = scope.current?.querySelectorAll<HTMLElement>(targets);
    found?.[Math.min(at, found.length - 1)]?.focus();
  }, [items]);
  return {
    scope,
    removing: (index: number) => {
      removedAt.current = index;
    },
  };
}
