import { type RefObject, useCallback, useRef } from "react";
import { flushSync } from "react-dom";

/** Applies a change that brings more into a list, handing focus on (useMoreFocus). */
export type Bring = (change: () => void) => void;

const shownLinks = (scope: HTMLElement | null | undefined) =>
  [...(scope?.querySelectorAll<HTMLElement>("a[href]") ?? [])].filter(
    (link) => link.getClientRects().length > 0,
  );

/**
 * For a control that brings more into a list (docs/decisions/057): a Load more or Show more
 * adding a fetched set (pressed, or begun by the scroll), a See all or +N more showing what
 * CSS hid. `ref` goes on the control, or on the row holding it; every change that brings
 * more goes through `bring`. When focus is on the control as the change lands, it moves to
 * the first link the change brought into view, where reading goes on: the control may go
 * away with it, or end up after the new items, where a keyboard or screen-reader reader
 * would not learn they came. When nothing new came, focus stays on the control, or goes to
 * the last link shown if the control went too. `scope` holds the items: by default the
 * control's parent.
 */
export function useMoreFocus(scope?: RefObject<HTMLElement | null>) {
  const control = useRef<HTMLElement | null>(null);
  const ref = useCallback((node: HTMLElement | null) => {
    control.current = node;
  }, []);
  const bring: Bring = useCallback(
    (change) => {
      if (!control.current?.contains(document.activeElement)) return change();
      const around = scope ? scope.current : control.current.parentElement;
      const before = new Set(shownLinks(around));
      flushSync(change);
      const shown = shownLinks(around);
      const first = shown.find((link) => !before.has(link));
      (first ?? (control.current ? undefined : shown.at(-1)))?.focus();
    },
    [scope],
  );
  return { ref, bring };
}
