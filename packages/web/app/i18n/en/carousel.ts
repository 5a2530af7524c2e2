/** A story carousel's arrows, on every page that has one. */
export const carousel = {
  previous: "Previous stories",
  next: "Next stories",
} as const;
