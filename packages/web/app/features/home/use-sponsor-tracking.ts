import type { Sponsorship } from "@inkwell/shared";
import { type RefObject, useEffect } from "react";

// A tracking URL gets one GET per page view, however often its card shows or is clicked.
const sent = new Set<string>();

export function sendOnce(url: string): void {
  if (sent.has(url)) return;
  sent.add(url);
  // keepalive: a click navigates away at once, and the GET must still go out.
  fetch(url, { keepalive: true, credentials: "same-origin" }).catch(() => sent.delete(url));
}

/**
 * A sponsored card's impression URL gets its GET when at least half of the card first shows
 * (reader.md §4, §7); the click URL is the caller's, through sendOnce.
 */
export function useImpression(ref: RefObject<Element | null>, sponsor: Sponsorship | null): void {
  const url = sponsor?.impressionUrl;
  useEffect(() => {
    const target = ref.current;
    if (!url || !target || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.intersectionRatio >= 0.5)) {
          sendOnce(url);
          observer.disconnect();
        }
      },
      { threshold: 0.5 },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [ref, url]);
}
