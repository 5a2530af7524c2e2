import { READ_AFTER_MS } from "@inkwell/shared";
import { useEffect } from "react";
import { browserApi } from "../../api/client.ts";

/**
 * Counts one read of the part per page view, once it has been on screen for READ_AFTER_MS
 * (time in a background tab does not count). It runs only in the browser, so server
 * rendering, the page cache and crawlers that run no scripts never count a read. A part
 * shown behind its paywall (`null`) is not read.
 */
export function useReadCounter(partId: number | null): void {
  useEffect(() => {
    if (partId === null) return;
    let remaining = READ_AFTER_MS;
    let startedAt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const count = () => {
      timer = undefined;
      remaining = 0;
      // A read that fails to count (offline, rate limited) is not worth bothering the reader.
      browserApi()
        .recordRead(partId)
        .catch(() => undefined);
    };
    const onVisibility = () => {
      if (remaining <= 0) return;
      if (document.visibilityState === "visible") {
        startedAt = performance.now();
        timer ??= setTimeout(count, remaining);
      } else if (timer !== undefined) {
        clearTimeout(timer);
        timer = undefined;
        remaining -= performance.now() - startedAt;
      }
    };

    onVisibility();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [partId]);
}
