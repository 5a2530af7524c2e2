/**
 * A datetime-local input's value for a moment, in local time: to the minute
 * ("2027-01-01T09:00"), or to the second ("2027-01-01T09:00:59") for an input with step 1.
 */
export function localInput(time: number, precision: "minute" | "second" = "minute"): string {
  const date = new Date(time - new Date(time).getTimezoneOffset() * 60_000);
  return date.toISOString().slice(0, precision === "second" ? 19 : 16);
}

/** A datetime-local value as the ISO time the API takes, or the text as typed if invalid. */
export function isoFromLocal(value: string): string {
  const millis = new Date(value).getTime();
  return Number.isNaN(millis) ? value : new Date(millis).toISOString();
}
