import { type RefObject, useEffect, useRef } from "react";

/**
 * For a list that loads more as the reader nears its end (reader.md §9): calls `load` when
 * `end` comes within `margin` of the screen, or of `root` when the list scrolls in a box of
 * its own (a carousel). `load` is null when there is nothing more, or a set is on its way.
 * The end is observed anew whenever `count` changes, so an end still in reach after a load
 * asks for the next set too. Without IntersectionObserver nothing happens: the list's own
 * More button does the same.
 */
export function useNearEnd(
  end: RefObject<Element | null>,
  load: (() => void) | null,
  { margin, count, root }: { margin: string; count: number; root?: RefObject<Element | null> },
) {
  // The latest `load`, so that a new function each render does not observe the end anew.
  const latest = useRef(load);
  useEffect(() => {
    latest.current = load;
  });
  const active = load !== null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `count` is there to observe anew after a load
  useEffect(() => {
    const target = end.current;
    if (!active || !target || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current?.();
      },
      { root: root?.current ?? null, rootMargin: margin },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [active, count, margin, end, root]);
}
