/**
 * One accessible name for a link whose pieces only style sets apart (a title, 'Part 2 of 15',
 * a date): joined by commas, so a screen reader pauses between them rather than running them
 * together ('Chapter 1 6 months ago'). Pieces a link does not show (false, null) are skipped.
 */
export function spokenLabel(...pieces: Array<string | false | null | undefined>): string {
  return pieces.filter((piece) => typeof piece === "string" && piece !== "").join(", ");
}
