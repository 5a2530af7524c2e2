/** A datetime-local input's value ("2027-01-01T09:00": local time, to the minute) for a moment. */
export function localInput(time: number): string {
  const date = new Date(time - new Date(time).getTimezoneOffset() * 60_000);
  return date.toISOString().slice(0, 16);
}

/** A datetime-local value as the ISO time the API takes, or the text as typed if invalid. */
export function isoFromLocal(value: string): string {
  const millis = new Date(value).getTime();
  return Number.isNaN(millis) ? value : new Date(millis).toISOString();
}
