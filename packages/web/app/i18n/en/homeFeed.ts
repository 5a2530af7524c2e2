export const homeFeed = {
  heading: "Your home",
  continueReading: "Continue reading",
  partOf: (number: number, total: number) => `Part ${number} of ${total}`,
  newParts: (count: number) => (count === 1 ? "1 new part" : `${count} new parts`),
  rank: (rank: number) => `#${rank}`,
  loadMore: "Load more",
  errorHeading: "Let's find your way back home",
  errorText: "Something went wrong, try refreshing.",
  refresh: "Refresh",
} as const;
