export const homeFeed = {
  heading: "Your home",
  continueReading: "Continue reading",
  partOf: (number: number, total: number) => `Part ${number} of ${total}`,
  newParts: (count: number) => (count === 1 ? "1 new part" : `${count} new parts`),
  rank: (rank: number) => `#${rank}`,
  loadMore: "Load more",
  moreFailed: "More sections could not be loaded. Press Load more to try again.",
  errorHeading: "Let's find your way back home",
  errorText: "Something went wrong, try refreshing.",
  refresh: "Refresh",
  /** Under a list the reader's mature setting filtered (showContentSettings). */
  matureHidden: "Mature stories are hidden by your content settings.",
  changeSettings: "Change settings",
} as const;
