import { useCallback, useEffect, useRef } from "react";

/**
 * A Load more button's hand-off of focus (docs/decisions/057): whether the button has focus,
 * or had it when it went away with the last set, so that focus can move on to the first item
 * the set added instead of staying behind the new items or dropping to the page. `ref` goes
 * on the button; `hadFocus()` answers once for each set.
 */
export function useMoreFocus() {
  const button = useRef<HTMLButtonElement | null>(null);
  const hadFocusWhenRemoved = useRef(false);
  const ref = useCallback((node: HTMLButtonElement | null) => {
    button.current = node;
    if (!node) return;
    // React calls this while the button is still in the document, before removing it.
    return () => {
      hadFocusWhenRemoved.current = node === document.activeElement;
      button.current = null;
    };
  }, []);
  const hadFocus = useCallback(() => {
    const had =
      hadFocusWhenRemoved.current ||
      (button.current !== null && button.current === document.activeElement);
    hadFocusWhenRemoved.current = false;
    return had;
  }, []);
  return { ref, hadFocus };
}

/**
 * After a set lands, or the button goes with the last one: when the button had focus, focus
 * moves to the first link of the first row the set added, or of the last row when it added
 * none. `rows()` answers the list's rows as they are now; `count` is how many there are.
 */
export function useFocusFirstNewRow(
  hadFocus: () => boolean,
  count: number,
  hasMore: boolean,
  rows: () => ArrayLike<Element | null> | undefined,
) {
  const shownBefore = useRef(count);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a set lands or the button goes
  useEffect(() => {
    const before = shownBefore.current;
    shownBefore.current = count;
    if (!hadFocus()) return;
    rows()?.[Math.min(before, count - 1)]?.querySelector<HTMLElement>("a[href]")?.focus();
  }, [count, hasMore, hadFocus]);
}
