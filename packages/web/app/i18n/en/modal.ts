/** What every modal shows, whatever its area. */
export const modal = {
  close: "Close",
} as const;
