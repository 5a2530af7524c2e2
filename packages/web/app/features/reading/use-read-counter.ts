import { READ_AFTER_MS, READING_TIME_REPORT_MAX_SECONDS } from "@inkwell/shared";
import { useEffect, useRef } from "react";
import { browserApi } from "../../api/client.ts";
import { beaconForm } from "../../lib/beacon.ts";

/**
 * Counts one read of the part per page view, once it has been on screen for READ_AFTER_MS
 * (time in a background tab does not count). It runs only in the browser, so server
 * rendering, the page cache and crawlers that run no scripts never count a read. A part
 * shown behind its paywall (`null`) is not read.
 *
 * For a signed-in reader (`reportsTime`) it also reports the time the part was on screen,
 * each time the tab is hidden or the part left: the writer's analytics count readers who
 * spent 5 minutes or more as engaged.
 */
export function useReadCounter(partId: number | null, reportsTime: boolean): void {
  // Read when reporting: signing in on the page does not count the part a second time.
  const reports = useRef(reportsTime);
  reports.current = reportsTime;
  useEffect(() => {
    if (partId === null) return;
    let remaining = READ_AFTER_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    /** When the part last came on screen; null while the tab is hidden. */
    let visibleSince: number | null = null;
    /** On screen since the last report, in ms. */
    let shown = 0;

    const count = () => {
      timer = undefined;
      remaining = 0;
      // A read that fails to count (offline, rate limited) is not worth bothering the reader.
      browserApi()
        .recordRead(partId)
        .catch(() => undefined);
    };
    /** Ends the time on screen so far, and reports it. */
    const report = () => {
      if (visibleSince !== null) shown += performance.now() - visibleSince;
      visibleSince = null;
      const seconds = Math.min(Math.round(shown / 1000), READING_TIME_REPORT_MAX_SECONDS);
      shown = 0;
      if (!reports.current || seconds < 1) return;
      beaconForm(`/api/v3/story_parts/${partId}/reading-time`, { seconds: String(seconds) });
    };
    const onVisibility = () => {
      if (document.visibilityState === "visible") {
        visibleSince ??= performance.now();
        if (remaining > 0) timer ??= setTimeout(count, remaining);
        return;
      }
      if (timer !== undefined && visibleSince !== null) {
        clearTimeout(timer);
        timer = undefined;
        remaining -= performance.now() - visibleSince;
      }
      report();
    };

    onVisibility();
    document.addEventListener("visibilitychange", onVisibility);
    // Leaving the page for another (a link, a reload) may not hide it first.
    window.addEventListener("pagehide", report);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("pagehide", report);
      if (timer !== undefined) clearTimeout(timer);
      // Leaving the part within the page (the next part): what was read of it so far.
      report();
    };
  }, [partId]);
}
