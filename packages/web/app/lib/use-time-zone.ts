import { zoneName } from "@inkwell/shared";
import { useSyncExternalStore } from "react";
import { t } from "../i18n/index.ts";

let zone: string | undefined;
// Asked on every render of every time shown: building a formatter each time cost a story
// page ~2 ms of its hydration.
const browserZone = () => {
  zone ??= Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone;
};
// The zone never changes while a page is open: nothing to subscribe to.
const subscribe = () => () => {};

/**
 * The reader's own time zone, for times a writer picked on their own clock. The server
 * cannot know it, so the server's HTML and the hydrating render say UTC (with the zone
 * named, so it is never wrong) and the browser's zone follows straight after hydration,
 * with no mismatch between the two renders.
 */
export const useTimeZone = (): string => useSyncExternalStore(subscribe, browserZone, () => "UTC");

/**
 * The hint under a date and time field, naming the zone its value is read in as times shown
 * elsewhere name it (formatZonedDate): "In your time zone (GMT+5:30)."
 */
export const useZoneHint = (): string => t.times.inYourZone(zoneName(Date.now(), useTimeZone()));
