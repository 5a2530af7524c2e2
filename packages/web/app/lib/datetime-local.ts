/** A datetime-local input's value ("2027-01-01T09:00": local time, to the minute) for a moment. */
export function localInput(time: number): string {
  const date = new Date(time - new Date(time).getTimezoneOffset() * 60_000);
  return date.toISOString().slice(0, 16);
}
