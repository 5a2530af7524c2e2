/** Ad slots, on story pages and between comments. */
export const ads = {
  advertisement: "Advertisement",
} as const;
